"""The solving service: what it keeps so that the workers are asked once."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.games.hunt.ready import READY
from bot.games.hunt.work import HuntDeals
from bot.rules.hands import CANDIDATES, draw_unrated
from bot.rules.hunt import WORK
from bot.rules.table import GameSettings
from bot.services.solving import Solving
from bot.services.workers import WorkerPool
from solver.deal import listing_work
from tests.bot.harness import TEST_DAY_NOON

pytestmark = pytest.mark.asyncio


def on_the_test_day() -> dt.datetime:
    """The clock of the service: a fixed day, as a test's bot lives on (no deal may share
    three cards with a daily puzzle, so the hands dealt depend on the day)."""
    return dt.datetime.fromtimestamp(TEST_DAY_NOON, dt.UTC)


@pytest_asyncio.fixture
async def solving() -> AsyncIterator[Solving]:
    pool = WorkerPool()
    yield Solving(pool, local_now=on_the_test_day)
    await pool.close()


async def test_a_hand_dealt_again_is_not_analysed_again(solving: Solving) -> None:
    first = await solving.facts((3, 3, 8, 8), 24)
    assert await solving.facts((8, 3, 8, 3), 24) is first


async def test_a_level_table_is_rated_once(solving: Solving) -> None:
    first = await solving.levels(3, 24)
    assert await solving.levels(3, 24) is first


async def test_a_rated_table_is_stored(solving: Solving) -> None:
    kept: dict[str, str] = {}
    solving.store = (kept.get, kept.__setitem__)
    await solving.levels(3, 10)
    assert list(kept) == ["levels:v3:3:10"]


async def test_a_four_card_deal_waits_for_no_worker(solving: Solving) -> None:
    """A new hand of a rated table is dealt at once; its solutions are worked out later."""
    await solving.levels(4, 24)
    await solving.pool.close()  # any worker job now fails
    facts, _level = await solving.deal(GameSettings(), random.Random(7))
    assert facts.solutions is None


async def test_a_dealt_hand_is_known_to_have_a_solution(solving: Solving) -> None:
    await solving.levels(4, 24)
    facts, _level = await solving.deal(GameSettings(), random.Random(7))
    assert facts.solvable


async def test_two_rounds_asking_for_one_hand_share_one_job(solving: Solving) -> None:
    first, second = await asyncio.gather(
        solving.facts((1, 5, 5, 5), 24), solving.facts((5, 1, 5, 5), 24)
    )
    assert first is second


async def test_the_kept_solutions_deal_a_hand_with_its_solutions(solving: Solving) -> None:
    await solving.prepare(4, 24)
    await solving.pool.close()  # any worker job now fails
    facts, _level = await solving.deal(GameSettings(), random.Random(7))
    assert facts.solutions


async def test_kept_solutions_are_stored(solving: Solving) -> None:
    kept: dict[str, str] = {}
    solving.store = (kept.get, kept.__setitem__)
    await solving.prepare(3, 10)
    assert list(kept) == ["solutions:v1:3:10"]


async def test_stored_solutions_need_no_worker(solving: Solving) -> None:
    kept: dict[str, str] = {}
    solving.store = (kept.get, kept.__setitem__)
    await solving.levels(3, 10)
    await solving.prepare(3, 10)
    await solving.pool.close()  # any worker job now fails
    again = Solving(solving.pool, solving.store, local_now=on_the_test_day)
    await again.prepare(3, 10)
    facts, _level = await again.deal(GameSettings(cards=3, target=10), random.Random(7))
    assert facts.solutions


async def test_a_table_ranks_its_hands_among_themselves(solving: Solving) -> None:
    """(8+2)×10 is an easy hand of three cards for 100, not a hard one of four for 24."""
    table = await solving.levels(3, 100)
    assert table.levels[2, 8, 10] == 1


async def test_a_table_rated_by_the_old_rule_is_rated_again(solving: Solving) -> None:
    kept = {"levels:v1:3:100": "4" * 455, "levels:v2:3:100": "4" * 455}
    solving.store = (kept.get, kept.__setitem__)
    table = await solving.levels(3, 100)
    assert table.levels[2, 8, 10] == 1


async def test_a_hunt_with_none_ready_deals_a_long_listing_soon(solving: Solving) -> None:
    """The first candidate of seed 4 takes long to list: the deal players wait for passes
    it over, and it is one of the next hands dealt (kept ready by the refills)."""
    six, seed = GameSettings(cards=6), 4
    first = draw_unrated(random.Random(seed), six.deck, six.cards, CANDIDATES)[0]
    assert listing_work(first, six.target) > WORK
    rng = random.Random(seed)
    deals = HuntDeals(solving)
    dealt = [(await deals.hand(six, rng))[0]]
    for _ in range(READY + 1):
        await deals.ready.refilled(six)
        dealt.append((await deals.hand(six, rng))[0])
    assert (dealt[0] != first, first in dealt[1:]) == (True, True)
