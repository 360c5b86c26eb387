"""The bot keeps its compiled catalogues in ``TWENTYFOUR_CACHE_DIR`` as it starts (its first
start there compiles them for the command menus); docs/deploying.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot import i18n
from tests.bot.harness import make_api, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_first_start_keeps_every_catalogue_it_compiled(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    i18n._compiled.cache_clear()  # as in a new process
    i18n.forget()
    async with running_bot(
        make_api(),
        tmp_path / "data",
        env={"TWENTYFOUR_CACHE_DIR": str(folder)},
        menus_published=False,
    ):
        pass
    kept = sorted(path.name.split("-")[0] for path in folder.glob("*.mo"))
    assert kept == sorted(language for language in i18n.languages() if language != i18n.DEFAULT)
