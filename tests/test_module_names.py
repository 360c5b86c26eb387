"""No two modules of the bot share a name (issue #39), but for the plug-in convention: the
files every game (``bot/games/<game>/``) or feature package (``bot/features/<feature>/``)
may have, one role each, listed in docs/design.md's *Adding a game*.  A module is not named
as its own package either (``arena/arena.py``)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "bot"

PLUG_IN = r"bot/(games|features)/[a-z_]+"
"""Where a plug-in's conventional files stand: directly in a game's or a feature's package."""

CONVENTION: dict[str, tuple[str, str]] = {
    "__init__.py": (r"bot(/[a-z_]+)*", "a package"),
    "words.py": (rf"{PLUG_IN}|bot/console", "its wording"),
    "refusals.py": (PLUG_IN, "what it refuses while on, and how it says so"),
    "profile.py": (PLUG_IN, "its part of a player's profile (/me)"),
    "play.py": (PLUG_IN, "its play: the commands that deal, judge and end it"),
    "answers.py": (PLUG_IN, "its answer route: what it claims and how it judges"),
    "top.py": (PLUG_IN, "its board (/rush top, /train top)"),
    "group.py": (PLUG_IN, "its side in a group"),
    "miniapp_api.py": (PLUG_IN, "its calls of the Mini App's API"),
    "work.py": (PLUG_IN, "its work with the solver's workers (its Game.work, its deal jobs)"),
}
"""A name several modules may have, where they may stand, and the one role it has there."""


def _modules() -> dict[str, list[str]]:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sorted(BOT.rglob("*.py")):
        by_name[path.name].append(path.parent.relative_to(ROOT).as_posix())
    return by_name


def test_no_two_modules_share_a_name_outside_the_convention() -> None:
    shared = {
        f"{name}: {', '.join(places)}"
        for name, places in _modules().items()
        if len(places) > 1 and name not in CONVENTION
    }
    assert not shared, "give each a name of its own, or add its role to CONVENTION"


def test_a_conventional_name_stands_only_where_the_convention_says() -> None:
    misplaced = {
        f"{place}/{name}"
        for name, places in _modules().items()
        if name in CONVENTION
        for place in places
        if not re.fullmatch(CONVENTION[name][0], place)
    }
    assert not misplaced


def test_no_module_is_named_as_its_package() -> None:
    stutters = {
        path.relative_to(ROOT).as_posix()
        for path in BOT.rglob("*.py")
        if path.stem == path.parent.name
    }
    assert not stutters


def test_the_convention_is_documented_in_adding_a_game() -> None:
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    section = design.split("## Adding a game", 1)[1].split("\n## ", 1)[0]
    undocumented = {
        name for name in CONVENTION if name != "__init__.py" and f"`{name}`" not in section
    }
    assert not undocumented
