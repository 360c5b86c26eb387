"""The console plays the ladder: /train deals a hand with its Skip button, the button skips
it (a miss, with a solution) and deals the next, /train stop ends with the rating."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.console_data import served

pytestmark = pytest.mark.asyncio


async def test_the_console_trains_skips_and_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    out = await served(tmp_path, "/train\n:press 2 Skip\n/train stop\n")
    assert "🪜 Training · your puzzle rating: 1500\nMake 24 from " in out
    assert "    [⏭ Skip (a miss)]" in out
    assert "Twenty-Four: ⏭ skipped · −" in out
    # (How many hands it counts depends on the wall clock: the second, if the stop came more
    # than 3 s after it; the rating before does not.)
    assert "\nYour puzzle rating: 1500 → " in out
