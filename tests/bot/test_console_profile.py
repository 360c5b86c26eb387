"""The console shows /me (the card saved as a picture, its caption under it: the games' and
the season's parts too), /achievements and /season."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.console import run_console
from bot.services.pictures.profile_card import HEIGHT, WIDTH
from bot.settings import Settings
from tests.bot.harness import seed_tables

pytestmark = pytest.mark.asyncio


async def test_the_console_shows_the_profile_card_and_the_achievements(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    out = io.StringIO()
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path), "TWENTYFOUR_WEB_PORT": "0"})
    assert await run_console(settings, io.StringIO("/me\n/achievements\n/season\n"), out) == 0
    printed = out.getvalue()
    picture = re.search(r"\(photo: (\S+\.png)\)", printed)
    assert picture is not None
    assert Image.open(picture[1]).size == (WIDTH, HEIGHT)
    assert "⚔️ Duel rating: no rated duels yet" in printed
    assert re.search(
        r"🗓 Season \d{4}-\d\d: 0 of 3 rated duels against established players to be ranked", printed
    )
    assert "🪜 Puzzle rating: not yet (/train in private)" in printed
    assert "🎖️ Achievements of " in printed
    assert "🧮 10 hands solved: 0/10" in printed
    assert re.search(r"🗓 Season \d{4}-\d\d\b.*, until ", printed)
    assert (
        "⚔️ Duels (3 rated duels this season or more, against 3 established players or more)"
        in printed
    )
