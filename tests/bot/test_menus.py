"""The command menus are built once per catalogue: every start sends the same objects,
and catalogues read again (a language added) build them again."""

from __future__ import annotations

from pathlib import Path

from bot.menus import PRIVATE_COMMANDS, menu
from tests.bot.languages import with_languages


def test_a_menu_is_built_once_for_its_catalogue() -> None:
    first, again = menu("ru", PRIVATE_COMMANDS), menu("ru", PRIVATE_COMMANDS)
    assert all(a is b for a, b in zip(first, again, strict=True))


def test_a_kept_menu_cannot_be_changed_through_a_list_handed_out() -> None:
    menu("es", PRIVATE_COMMANDS).clear()
    assert len(menu("es", PRIVATE_COMMANDS)) == len(PRIVATE_COMMANDS)


def test_catalogues_read_again_build_the_menus_again(tmp_path: Path) -> None:
    before = menu("en", PRIVATE_COMMANDS)
    with with_languages(tmp_path, "de"):
        during = menu("en", PRIVATE_COMMANDS)
    assert [c.description for c in before] != [c.description for c in during]  # names "de"
