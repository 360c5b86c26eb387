"""The README's ``/solve 3 3 8 8`` is kept back on a day whose daily puzzle shares three of
its cards (2 December 2026: 3 3 6 8), from a player who may still solve that puzzle; the
README says so where it shows the example, and the refusal says why and when it is free."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from bot.local_api import plain_text
from solver.deal import daily
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

README = Path(__file__).resolve().parents[2] / "README.md"
DAY = dt.date(2026, 12, 2)
NOON = dt.datetime.combine(DAY, dt.time(12), dt.UTC).timestamp()


async def test_the_readmes_solve_example_on_a_day_it_would_spoil(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        refused = plain_text(await reply_to(api, ANN, ANN, "/solve 3 3 8 8"))
    readme = README.read_text()
    shown = readme.index("> /solve 3 3 8 8")
    after = readme[shown : readme.index("\n## ", shown)]
    assert sorted(daily(DAY)) == [3, 3, 6, 8]  # three of its cards
    assert "daily" in refused
    assert re.search(r"daily puzzle shares .* /solve keeps it back", after.replace("\n", " "))
