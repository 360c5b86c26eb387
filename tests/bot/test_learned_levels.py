"""The levels deals follow once play has rated a hand (``KeptTables.learn``): rebuilt in a
worker, one rebuild at a time, the model's table untouched, nothing done for a level known;
the shipped table read once for the process."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.services.solving import Solving
from bot.services.workers import WorkerPool
from tests.bot.harness import until

pytestmark = pytest.mark.asyncio

HARD = (3, 3, 8, 8)
"""A hand the model rates hard (level 5)."""


@pytest_asyncio.fixture
async def solving() -> AsyncIterator[Solving]:
    pool = WorkerPool()
    yield Solving(pool)
    await pool.close()


async def rebuilt(solving: Solving) -> None:
    await until(lambda: not solving.relevelling(4, 24), timeout=20)


async def test_a_learned_level_is_dealt_once_rebuilt(solving: Solving) -> None:
    solving.learn(4, 24, {HARD: 1})
    await rebuilt(solving)
    assert (await solving.dealt_levels(4, 24)).levels[HARD] == 1


async def test_the_models_table_is_untouched(solving: Solving) -> None:
    model = (await solving.levels(4, 24)).levels[HARD]
    solving.learn(4, 24, {HARD: 1})
    await rebuilt(solving)
    assert (await solving.levels(4, 24)).levels[HARD] == model == 5


async def test_a_level_learned_during_a_rebuild_is_taken_by_the_next(solving: Solving) -> None:
    solving.learn(4, 24, {HARD: 1})
    solving.learn(4, 24, {(1, 2, 3, 4): 5})
    await rebuilt(solving)
    table = await solving.dealt_levels(4, 24)
    assert (table.levels[HARD], table.levels[(1, 2, 3, 4)]) == (1, 5)


async def test_a_level_already_known_rebuilds_nothing(solving: Solving) -> None:
    solving.learn(4, 24, {HARD: 1})
    await rebuilt(solving)
    solving.learn(4, 24, {HARD: 1})
    assert not solving.relevelling(4, 24)


async def test_a_closed_pool_leaves_the_levels_before(
    solving: Solving, caplog: pytest.LogCaptureFixture
) -> None:
    await solving.pool.close()
    solving.learn(4, 24, {HARD: 1})
    await rebuilt(solving)
    assert (await solving.dealt_levels(4, 24)).levels[HARD] == 5
    assert "The levels learned from play wait for the next change" in caplog.text


async def test_the_shipped_table_is_read_once_for_the_process() -> None:
    first, second = WorkerPool(), WorkerPool()
    try:
        one = await Solving(first).levels(4, 24)
        other = await Solving(second).levels(4, 24)
    finally:
        await first.close()
        await second.close()
    assert one is other
