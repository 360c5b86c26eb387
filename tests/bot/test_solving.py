"""The solving service: what it keeps so that the workers are asked once."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from bot.services.solving import Solving
from bot.services.workers import WorkerPool

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def solving() -> AsyncIterator[Solving]:
    pool = WorkerPool()
    yield Solving(pool)
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
    assert list(kept) == ["levels:v1:3:10"]
