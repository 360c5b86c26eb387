"""A ten-round match between three quick players in a group (privacy mode on), through the
local Bot API with Telegram's flood limits on (20 messages a minute per group, edits
included), on virtual time: the match never waits on the group's limit.

Virtual time: one clock, moved by the test, is the bot's, its outbox's and the Bot API's
flood limits'; it moves only while the bot has nothing left to do now (to the next moment
something falls due, or the players' next move).  As players do, they answer over seconds:
two seconds after each deal one answers wrongly, 1.5 s later another, and 1.5 s later again
the third rightly; between rounds, the winner asks /score.
(``bench/match_pace_bench.py`` plays the same match on the wall clock, and measures it.)
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from bot.local_api import plain_text
from bot.services.outbox import Outbox
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    GROUP,
    NOON,
    BotApplication,
    FakeClock,
    FaultyBotApi,
    dealt,
    handled,
    running_bot,
)

pytestmark = pytest.mark.asyncio

PLAYERS = (ANN, BOB, CAROL)
THINK = 2.0
"""Seconds from each deal to the first answer."""
SPACING = 1.5
"""Seconds from one answer to the next."""
ROUNDS = 10


class Match:
    """The group's match on virtual time: what the bot sent, each with the clock's time."""

    def __init__(self) -> None:
        self.clock = FakeClock(NOON)
        self.api = FaultyBotApi(clock=self.clock)
        for user, name in zip(PLAYERS, ("Ann", "Bob", "Carol"), strict=True):
            self.api.add_user(user, name, language_code="en")
        self.api.add_group(GROUP, "Friends", admins={ANN})
        self.sent: list[tuple[float, dict[str, Any]]] = []
        self.asked: list[float] = []
        """When the winner asked /score (after each win)."""
        self.api.on_sent(self._seen)
        self.refused = 0
        call = self.api.call

        async def counting(method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
            code, body = await call(method, params)
            self.refused += code == 429
            return code, body

        self.api.call = counting  # type: ignore[method-assign]

    def _seen(self, message: dict[str, Any]) -> None:
        if message["chat"]["id"] == GROUP:
            self.sent.append((self.clock.now, message))

    async def idle(self, application: BotApplication) -> None:
        """Until the bot has handled every update and sent every letter due now."""
        outbox: Outbox = application.bot_data.outbox
        async with asyncio.timeout(10):
            while True:
                await handled(self.api, application)
                for _ in range(20):  # what was woken meanwhile runs: the outbox, its calls
                    await asyncio.sleep(0)
                if self.api.drained and not outbox.busy():
                    return
                await asyncio.sleep(0.001)

    async def wait(self, application: BotApplication, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass, the bot sending what falls due meanwhile."""
        outbox: Outbox = application.bot_data.outbox
        end = self.clock.now + seconds
        while True:
            await self.idle(application)
            due = outbox.next_due()
            if due is None or due > end:
                break
            self.clock.now = max(self.clock.now, due)
            outbox.clock_moved()
        self.clock.now = end
        outbox.clock_moved()
        await self.idle(application)

    def last_deal(self) -> tuple[float, dict[str, Any]]:
        return next((at, m) for at, m in reversed(self.sent) if "photo" in m)


def wrong(hand: tuple[int, ...], which: int) -> str:
    """Two different answers with the hand's cards that do not make 24."""
    a, b, c, d = hand
    tries = [(f"{a}+{b}+{c}+{d}", a + b + c + d), (f"{a}*{b}*{c}*{d}", a * b * c * d)]
    tries += [(f"{a}*{b}+{c}+{d}", a * b + c + d), (f"{a}+{b}+{c}-{d}", a + b + c - d)]
    return [text for text, value in tries if value != 24][which]


async def play(match: Match, application: BotApplication, spacing: float = SPACING) -> list[float]:
    """Play the match; the seconds from each round's right answer to the next deal (at the
    end, to the standings): the next deal comes with the win, in one picture.  Each answer
    comes ``spacing`` seconds after the one before."""
    application.bot_data.outbox.clock = match.clock  # virtual time from the first letter on
    match.api.send(ANN, GROUP, f"/play {ROUNDS}")
    await match.idle(application)
    gaps = []
    for number in range(ROUNDS):
        _, deal = match.last_deal()
        hand = dealt(deal)
        await match.wait(application, THINK)
        winner = PLAYERS[number % 3]
        for which, loser in enumerate(p for p in PLAYERS if p != winner):
            match.api.send(loser, GROUP, f"/a {wrong(hand, which)}")
            await match.wait(application, spacing)
        answered = match.clock.now
        before = len(match.sent)
        match.api.send(winner, GROUP, f"/a {solve(hand, 24)[0].text}")
        await match.idle(application)
        last = number + 1 == ROUNDS  # then the standings come instead of a deal
        after = [
            at
            for at, m in match.sent[before:]
            if ("🏆 " in plain_text(_said(m)) if last else "photo" in m)
        ]
        gaps.append(after[0] - answered if after else float("inf"))
        if number + 1 < ROUNDS:  # between rounds, the winner looks at their record
            match.asked.append(match.clock.now)
            match.api.send(winner, GROUP, "/score")
            await match.idle(application)
    await match.wait(application, 60)  # whatever waited (Bob's /score replies) goes
    return gaps


def _said(message: dict[str, Any]) -> str:
    return str(message.get("caption") or message.get("text") or "")


async def test_a_quick_match_never_waits_for_the_groups_limit(tmp_path: Path) -> None:
    match = Match()
    async with running_bot(match.api, tmp_path, clock=match.clock) as application:
        gaps = await play(match, application)
        stats = application.bot_data.outbox.stats
    assert gaps == [0.0] * ROUNDS  # each next deal came with the win, as the answer came
    assert stats.longest_game_wait == 0.0  # no deal or win ever waited for the limit
    assert match.refused == 0  # and the Bot API refused nothing (no 429)


async def test_wrong_answers_just_before_the_win_cost_no_message(tmp_path: Path) -> None:
    match = Match()
    async with running_bot(match.api, tmp_path, clock=match.clock) as application:
        await play(match, application)  # the status message waits, in vain
    said = [plain_text(_said(m)) for _, m in match.sent]
    assert [text for text in said if text.startswith("Not yet:")] == []


async def test_a_quick_match_costs_a_message_a_round(tmp_path: Path) -> None:
    # Ten pictures (each but the first with the win before it) and the standings: no status
    # message, no edit, no /score reply of its own.
    match = Match()
    async with running_bot(match.api, tmp_path, clock=match.clock) as application:
        await play(match, application)
    assert len(match.sent) == ROUNDS + 1


async def test_a_slower_round_shows_its_wrong_answers_in_one_message(tmp_path: Path) -> None:
    # Answers 2.5 s apart: the first round's status goes once with both wrong answers; no
    # round's status is edited; the match never waits on the limit (a status that would
    # take the game's room waits, and is old news by the win).
    match = Match()
    async with running_bot(match.api, tmp_path, clock=match.clock) as application:
        await play(match, application, spacing=2.5)
        stats = application.bot_data.outbox.stats
    statuses = [m for _, m in match.sent if plain_text(_said(m)).startswith("Not yet:")]
    assert plain_text(_said(statuses[0])).count("\n") == 2  # both wrong answers
    assert [m for _, m in match.sent if m.get("edited")] == []
    assert stats.longest_game_wait == 0.0


async def test_a_score_asked_between_rounds_is_answered_by_the_next_deal(tmp_path: Path) -> None:
    # The match needs 11 of the minute's 20 messages, and the nine /score replies 9, all in
    # fifty seconds: during a match a reply waits for the next deal, and goes in it.
    match = Match()
    async with running_bot(match.api, tmp_path, clock=match.clock) as application:
        await play(match, application)
    said = [(at, plain_text(_said(m))) for at, m in match.sent]
    answered = [
        next(
            at
            for at, text in said
            if at >= asked and re.search(r"(^|\n)(Ann|Bob|Carol): \d+ wins?, ", text)
        )
        - asked
        for asked in match.asked
    ]
    assert max(answered) <= THINK + 2 * SPACING  # by the next round's picture
