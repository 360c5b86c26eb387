"""The console plays the Telegram game: /game shows the game message, ``:press N Play``
prints the signed address of the page in Rush mode, which the console's server serves."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.bot.console_data import served

pytestmark = pytest.mark.asyncio


async def test_play_on_a_game_message_prints_the_pages_signed_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    out = await served(tmp_path, ":group\n/game\n:press 2 Play\n:inline rush\n:send 1\n")
    address = re.search(r"\(the game opens; play it in a browser: (\S+)\)", out)
    assert "[#2 group] Twenty-Four: (game) Rush: Make 24 against the clock" in out
    assert "    [▶️ Play Rush]" in out
    assert address is not None
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/app/\?mode=rush&lang=en#game=\S+", address[1])
    assert "u=" in unquote(address[1].split("#game=")[1])
    assert "    1. (game) rush" in out
    assert "[i1 group] Alice via Twenty-Four: (game) Rush: Make 24 against the clock" in out
