"""The bounds of the hunt hands kept ready (bot/games/hunt/ready.py), with a finder that
needs no worker."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.games.hunt.ready import Found, Hand, ReadyHunts
from bot.rules.table import GameSettings
from bot.services.solving import DealRefused

pytestmark = pytest.mark.asyncio

RNG = random.Random(1)
SIX = GameSettings(cards=6)
PASSED = ((1, 2, 3, 4, 5, 6), (2, 3, 4, 5, 8, 12), (2, 4, 5, 7, 8, 12))


async def hand_of(settings: GameSettings, rng: random.Random, first: tuple[Hand, ...]) -> Found:
    return (first[0] if first else tuple(range(1, settings.cards + 1)), ("a", "b", "c"))


async def refused(settings: GameSettings, rng: random.Random, first: tuple[Hand, ...]) -> Found:
    raise DealRefused("busy")


async def test_no_more_hands_are_kept_than_the_bound() -> None:
    hunts = ReadyHunts(hand_of, ready=3)
    hunts.fill(GameSettings(cards=6), RNG)
    await hunts.refilled(GameSettings(cards=6))
    assert hunts.kept(GameSettings(cards=6)) == 3


async def test_the_key_dealt_least_recently_is_dropped() -> None:
    hunts = ReadyHunts(hand_of, keys=2)
    for target in (24, 25, 26):
        hunts.fill(GameSettings(cards=6, target=target), RNG)
        await hunts.refilled(GameSettings(cards=6, target=target))
    assert [hunts.kept(GameSettings(cards=6, target=t)) for t in (24, 25, 26)] == [0, 2, 2]


async def test_a_refill_that_finds_nothing_keeps_nothing() -> None:
    hunts = ReadyHunts(refused)
    assert hunts.take(GameSettings(cards=6), RNG) is None
    await hunts.refilled(GameSettings(cards=6))
    assert hunts.kept(GameSettings(cards=6)) == 0


async def test_small_hands_are_not_kept() -> None:
    hunts = ReadyHunts(hand_of)
    hunts.take(GameSettings(cards=5), RNG)
    await hunts.refilled(GameSettings(cards=5))
    assert hunts.kept(GameSettings(cards=5)) == 0


async def test_refills_of_several_keys_run_one_job_at_a_time() -> None:
    running, most = 0, 0

    async def counted(settings: GameSettings, rng: random.Random, first: tuple[Hand, ...]) -> Found:
        nonlocal running, most
        running += 1
        most = max(most, running)
        await asyncio.sleep(0)
        running -= 1
        return await hand_of(settings, rng, first)

    hunts = ReadyHunts(counted)
    for target in (24, 25):
        hunts.fill(GameSettings(cards=6, target=target), RNG)
    for target in (24, 25):
        await hunts.refilled(GameSettings(cards=6, target=target))
    assert most == 1


async def test_hands_passed_over_are_kept_ready_first_in_their_order() -> None:
    hunts = ReadyHunts(hand_of)
    hunts.defer(SIX, PASSED[:2], RNG)
    await hunts.refilled(SIX)
    assert [hunts.take(SIX, RNG) for _ in range(2)] == [
        (hand, ("a", "b", "c")) for hand in PASSED[:2]
    ]


async def test_no_more_hands_wait_than_are_kept_ready() -> None:
    hunts = ReadyHunts(hand_of)
    hunts.defer(SIX, PASSED, RNG)
    waiting = hunts.passed(SIX)  # before the refill (a task) has run
    await hunts.refilled(SIX)
    assert waiting == PASSED[:2]


async def test_hands_passed_over_are_dropped_with_their_key() -> None:
    hunts = ReadyHunts(hand_of, keys=1)
    hunts.defer(SIX, PASSED[:1], RNG)
    hunts.fill(GameSettings(cards=6, target=30), RNG)  # drops SIX, its refill cancelled
    waiting = hunts.passed(SIX)
    await hunts.refilled(GameSettings(cards=6, target=30))
    assert waiting == ()


async def test_small_hands_passed_over_are_not_kept() -> None:
    hunts = ReadyHunts(hand_of)
    hunts.defer(GameSettings(cards=5), PASSED[:1], RNG)
    assert hunts.passed(GameSettings(cards=5)) == ()
