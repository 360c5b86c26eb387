"""The answer router's table: each game's :class:`Route` (its :class:`Priority`, whether an
answer is its, its judge), asked in the order of their priority, never of registration.
It knows no game and no context; the table and why each game stands where it does:
docs/design.md, *Where an answer goes*."""

from __future__ import annotations

import bisect
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

AnswerClaim = Callable[[Any, Any], bool]
"""Whether a typed answer (update, context) belongs to a game."""
AnswerJudge = Callable[[Any, Any, str], Awaitable[None]]
"""What judges it: (update, context, the answer's text)."""
Waiting = Callable[[Any], bool]
"""Whether a game of the chat (context) is waiting for answers."""
Messages = Callable[[Any], Collection[int | None]]
"""The ids of a game's messages in the chat (context) whose replies are its answers."""


class Priority(IntEnum):
    """Who is asked first (the lowest first).  Each claim is narrow enough that two games
    rarely both claim one answer; when they do, this order says who has it."""

    CLOSED_DAILY = 10
    """A private answer to a daily attempt whose day has closed: the player is told why it
    cannot count, whatever else runs (:mod:`bot.games.daily.ended_attempts`)."""
    DAILY = 20
    """In private, a reply to the daily puzzle's picture, or any plain answer while an
    attempt at it is open (/daily after /play or /hunt): the player's own clock runs
    (:mod:`bot.games.daily`).  In a group, an answer replying to the chat's daily post:
    it would spoil the puzzle, so whatever game runs there, the player is sent to private."""
    CHALLENGE = 25
    """In private, plain answers while a friend's challenge is played (opened by its Play
    link): the player's own clock runs.  After the daily puzzle, whose clock a challenge of
    today's puzzle is (:mod:`bot.games.challenges`)."""
    NO_SCORE = 30
    """In a group, the answers of a player given the live hand's solutions: they score
    nothing, in whichever game (:mod:`bot.features.fair_play`)."""
    DUEL = 35
    """A duel's hand, in a group where one is played or in each player's private chat: only
    its two players' answers count, and an onlooker is told so once
    (:mod:`bot.games.duel`)."""
    HUNT = 40
    """The chat's Solution Hunt (:mod:`bot.games.hunt`)."""
    COUNTDOWN = 50
    """The chat's Countdown game, and for a minute after its end a late answer to it
    (:mod:`bot.games.countdown`)."""
    RUSH = 55
    """The chat's Rush run (:mod:`bot.games.rush`): after the games that end on their
    own and before the round, which takes what is said to the bot when nothing runs."""
    DAILY_SET_ASIDE = 58
    """In private, with no game on, any answer while a daily attempt another game set aside
    still runs (:mod:`bot.play.daily_aside`): after every game that claims its own (a late
    answer to a Countdown game is told it came late, never a daily miss), before the round,
    which would say that no round is running."""
    ROUND = 60
    """The chat's round, which also answers what is said to the bot when nothing runs
    (:mod:`bot.games.rounds`)."""


def never(_context: Any) -> bool:
    """A route that never waits for an answer of its own (it only takes some of others')."""
    return False


def none_of_its_own(_context: Any) -> tuple[int, ...]:
    """A route with no message of its own to reply to."""
    return ()


@dataclass(frozen=True, slots=True)
class Route:
    """What a game tells the router: when an answer is its, and who judges it."""

    priority: Priority
    claims: AnswerClaim
    judge: AnswerJudge
    waiting: Waiting = never
    messages: Messages = none_of_its_own
    """The game's messages (its picture, its status message): a reply to one of them is
    meant for it, not for a game that takes plain answers (see :meth:`AnswerRouter.addressed`)."""


class AnswerRouter:
    """The routes of the application's games, kept in the order of their priority."""

    def __init__(self) -> None:
        self._routes: list[Route] = []

    def add(self, route: Route) -> None:
        """Give the router a game's route; one route per priority (two games claiming the
        same place would leave their order to chance)."""
        if any(other.priority == route.priority for other in self._routes):
            raise ValueError(f"a route of priority {route.priority.name} is already given")
        bisect.insort(self._routes, route, key=lambda given: given.priority)

    @property
    def routes(self) -> tuple[Route, ...]:
        """The routes, the first asked first."""
        return tuple(self._routes)

    def claimant(self, update: Any, context: Any) -> Route | None:
        """The route that takes an answer: the first, by priority, that claims it; None
        when no game does."""
        for route in self._routes:
            if route.claims(update, context):
                return route
        return None

    def addressed(self, update: Any, context: Any) -> bool:
        """Whether a message replies to one of a game's messages (its picture, its status
        message); a reply to any other message (the bot's "Not quite", a friend's) is said
        as plain text is."""
        replied = update.effective_message.reply_to_message
        if replied is None:
            return False
        return any(replied.message_id in route.messages(context) for route in self._routes)

    def waiting(self, context: Any) -> bool:
        """Whether a game of the chat waits for an answer (an empty ``/a`` is told how to
        write one, rather than that there is nothing to answer)."""
        return any(route.waiting(context) for route in self._routes)
