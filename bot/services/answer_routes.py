"""The answer router's table: each game's :class:`Route` (its priority, a number it
declares; whether an answer is its; its judge), asked in the order of their priority, never
of registration.  It knows no game and no context; the table and why each game stands
where it does: docs/design.md, *Where an answer goes*."""

from __future__ import annotations

import bisect
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from typing import Generic, TypeVar

from telegram import Update

U = TypeVar("U", bound=Update)
"""The update a route is given (the handlers' view: :class:`bot.context.MessageUpdate`)."""
C = TypeVar("C")
"""The context a route is given (the handlers': :class:`bot.context.HandlerContext`)."""

AnswerClaim = Callable[[U, C], bool]
"""Whether a typed answer (update, context) belongs to a game."""
AnswerJudge = Callable[[U, C, str], Awaitable[None]]
"""What judges it: (update, context, the answer's text)."""
Waiting = Callable[[C], bool]
"""Whether a game of the chat (context) is waiting for answers."""
Messages = Callable[[C], Collection[int | None]]
"""The ids of a game's messages in the chat (context) whose replies are its answers."""


def never(_context: object) -> bool:
    """A route that never waits for an answer of its own (it only takes some of others')."""
    return False


def none_of_its_own(_context: object) -> tuple[int, ...]:
    """A route with no message of its own to reply to."""
    return ()


@dataclass(frozen=True, slots=True)
class Route(Generic[U, C]):
    """What a game tells the router: when an answer is its, and who judges it; of the update
    and context its callables take (:attr:`bot.context.BotData.answers` holds the handlers')."""

    priority: int
    """Who is asked first (the lowest first): each claim is narrow enough that two games
    rarely both claim one answer; when they do, this order says who has it.  Each game
    declares its own numbers; docs/design.md ("Where an answer goes") has the table."""
    claims: AnswerClaim[U, C]
    judge: AnswerJudge[U, C]
    waiting: Waiting[C] = never
    messages: Messages[C] = none_of_its_own
    """The game's messages (its picture, its status message): a reply to one of them is
    meant for it, not for a game that takes plain answers (see :meth:`AnswerRouter.addressed`)."""


class AnswerRouter(Generic[U, C]):
    """The routes of the application's games, kept in the order of their priority."""

    def __init__(self) -> None:
        self._routes: list[Route[U, C]] = []

    def add(self, route: Route[U, C]) -> None:
        """Give the router a game's route; one route per priority (two games claiming the
        same place would leave their order to chance)."""
        if any(other.priority == route.priority for other in self._routes):
            raise ValueError(f"a route of priority {route.priority} is already given")
        bisect.insort(self._routes, route, key=lambda given: given.priority)

    @property
    def routes(self) -> tuple[Route[U, C], ...]:
        """The routes, the first asked first."""
        return tuple(self._routes)

    def claimant(self, update: U, context: C) -> Route[U, C] | None:
        """The route that takes an answer: the first, by priority, that claims it; None
        when no game does."""
        for route in self._routes:
            if route.claims(update, context):
                return route
        return None

    def addressed(self, update: U, context: C) -> bool:
        """Whether a message replies to one of a game's messages (its picture, its status
        message); a reply to any other message (the bot's "Not quite", a friend's) is said
        as plain text is."""
        message = update.effective_message
        replied = message.reply_to_message if message is not None else None
        if replied is None:
            return False
        return any(replied.message_id in route.messages(context) for route in self._routes)

    def waiting(self, context: C) -> bool:
        """Whether a game of the chat waits for an answer (an empty ``/a`` is told how to
        write one, rather than that there is nothing to answer)."""
        return any(route.waiting(context) for route in self._routes)
