"""The console plays the ladder: /train deals a hand with its Skip button, the button skips
it (a miss, with a solution) and deals the next, /train stop ends with the rating."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.console import run_console
from bot.settings import Settings
from tests.bot.harness import seed_tables

pytestmark = pytest.mark.asyncio


async def session(data: Path, script: str) -> str:
    """A console session that types ``script`` and ends; what it printed."""
    seed_tables(data / "console")
    out = io.StringIO()
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data), "TWENTYFOUR_WEB_PORT": "0"})
    assert await run_console(settings, io.StringIO(script), out) == 0
    return out.getvalue()


async def test_the_console_trains_skips_and_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    out = await session(tmp_path, "/train\n:press 2 Skip\n/train stop\n")
    assert "🪜 Training · your puzzle rating: 1500\nMake 24 from " in out
    assert "    [⏭ Skip (a miss)]" in out
    assert "Twenty-Four: ⏭ skipped · −" in out
    # (How many hands it counts depends on the wall clock: the second, if the stop came more
    # than 3 s after it; the rating before does not.)
    assert "\nYour puzzle rating: 1500 → " in out
