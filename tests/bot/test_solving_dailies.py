"""The solving service, set up by the games as the bot sets it up, deals no hand sharing three
cards with the daily puzzle of yesterday, today or tomorrow, by the clock it is given:
whichever game asks (rated and unrated deals, kept hunts, Countdown)."""

from __future__ import annotations

import datetime as dt
import itertools
import random
from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio

from bot.games import GAMES
from bot.games.countdown.work import deal as countdown_deal
from bot.games.hunt.ready import Found
from bot.games.hunt.work import HuntDeals
from bot.play.registry import set_up_work
from bot.rules.countdown import draw
from bot.rules.hands import CANDIDATES, LevelTable, draw_unrated
from bot.rules.rated import LEVELS_4_24
from bot.rules.spoilers import holds, shared
from bot.rules.table import GameSettings
from bot.services.solving import Solving
from bot.services.workers import WorkerPool
from solver import daily, is_solvable, solve

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
"""Its puzzle is 2 6 6 12."""
SMALL_DAY = dt.date(2026, 11, 17)
"""Its puzzle, 2 3 3 9, can be among Countdown's numbers."""


def noon(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(12), dt.UTC)


@pytest_asyncio.fixture
async def solving() -> AsyncIterator[Solving]:
    """The service as the bot sets it up: each game's work with it (the daily puzzle's
    puzzles kept from deals, the hunt's hands kept ready)."""
    pool = WorkerPool()
    solving = Solving(pool, local_now=lambda: noon(DAY))
    set_up_work(solving, GAMES)
    yield solving
    await pool.close()


def first_seed(found: Callable[[random.Random], bool]) -> int:
    """The first seed for which ``found(random.Random(seed))`` is true."""
    return next(seed for seed in itertools.count() if found(random.Random(seed)))


async def test_the_puzzles_kept_from_deals_are_yesterday_s_today_s_and_tomorrow_s(
    solving: Solving,
) -> None:
    days = [DAY - dt.timedelta(days=1), DAY, DAY + dt.timedelta(days=1)]
    assert await solving.kept_hands() == tuple(daily(day) for day in days)


async def test_the_puzzles_kept_follow_the_clock(solving: Solving) -> None:
    solving.local_now = lambda: noon(DAY + dt.timedelta(days=2))
    assert daily(DAY) not in await solving.kept_hands()


async def test_a_rated_deal_falling_on_the_daily_puzzle_deals_another(solving: Solving) -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    seed = first_seed(lambda rng: table.draw(rng, (1, 13), None) == daily(DAY))
    facts, _level = await solving.deal(GameSettings(), random.Random(seed))
    assert facts.hand != daily(DAY)


async def test_unrated_candidates_holding_the_daily_puzzle_are_passed_over(
    solving: Solving,
) -> None:
    def first_holds_it(rng: random.Random) -> bool:
        first = draw_unrated(rng, (1, 13), 5, CANDIDATES)[0]
        return holds(first, daily(DAY)) and is_solvable(first, 24)

    seed = first_seed(first_holds_it)
    facts, _level = await solving.deal(GameSettings(cards=5), random.Random(seed))
    assert not holds(facts.hand, daily(DAY))


async def test_a_hunt_kept_ready_that_holds_the_daily_puzzle_is_not_dealt(
    solving: Solving, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept ready yesterday, it may hold today's puzzle."""
    spoiling = (1, 2, 6, 6, 12, 13)
    ready: list[Found | None] = [(spoiling, tuple(s.pretty for s in solve(spoiling))), None]
    monkeypatch.setattr(HuntDeals.of(solving).ready, "take", lambda settings, rng: ready.pop(0))
    hand, _solutions = await HuntDeals.of(solving).hand(GameSettings(cards=6), random.Random(1))
    assert not holds(hand, daily(DAY))


async def test_countdown_numbers_holding_the_daily_puzzle_are_drawn_again(
    solving: Solving,
) -> None:
    solving.local_now = lambda: noon(SMALL_DAY)
    seed = first_seed(lambda rng: holds(draw(rng, 2)[0], daily(SMALL_DAY)))
    numbers, _target, _best = await countdown_deal(solving, random.Random(seed), 2)
    assert not holds(numbers, daily(SMALL_DAY))


async def test_a_rated_deal_sharing_three_cards_with_the_daily_puzzle_deals_another(
    solving: Solving,
) -> None:
    """2 6 6 13 for 24 shows a way to make 24 from 2 6 6 and one more card: a step to
    2 6 6 12, as /solve of three of its cards would be."""
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    near = (2, 6, 6, 13)
    seed = first_seed(lambda rng: table.draw(rng, (1, 13), None) == near)
    facts, _level = await solving.deal(GameSettings(), random.Random(seed))
    assert shared(facts.hand, daily(DAY)) < 3


async def test_a_three_card_deal_of_three_cards_of_the_daily_puzzle_deals_another(
    solving: Solving,
) -> None:
    """6 6 12 for 12 shows 12+6−6, and (12+6−6)×2 solves 2 6 6 12."""
    settings = GameSettings(cards=3, target=12)
    table = await solving.levels(3, 12)
    seed = first_seed(lambda rng: table.draw(rng, (1, 13), None) == (6, 6, 12))
    facts, _level = await solving.deal(settings, random.Random(seed))
    assert facts.hand != (6, 6, 12)


async def test_countdown_numbers_sharing_three_cards_with_the_daily_are_drawn_again(
    solving: Solving,
) -> None:
    solving.local_now = lambda: noon(SMALL_DAY)
    seed = first_seed(lambda rng: shared(draw(rng, 2)[0], daily(SMALL_DAY)) == 3)
    numbers, _target, _best = await countdown_deal(solving, random.Random(seed), 2)
    assert shared(numbers, daily(SMALL_DAY)) < 3
