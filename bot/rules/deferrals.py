"""Requests whose answer waits for live hands to end: one per user, at most :data:`MOST`, none
held again past :data:`WAIT_MOST` (why and what it costs: docs/fair-play.md, *Hands only
their players see*)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from bot.rules.spoilers import Game

MOST = 1_000
"""Requests waiting at most, all users together."""
WAIT_MOST = 180.0
"""Seconds a request waits at most: one that another hand still holds when the last of its
hands ends past them is refused (:func:`overdue`).  Each hand lasts a minute at most, but a
hand dealt meanwhile may hold the request again, and with many duels on, again and again."""

T = TypeVar("T")


def overdue(asked_at: float, now: float) -> bool:
    """Whether a request asked at ``asked_at`` and still held at ``now`` waited long enough
    (:data:`WAIT_MOST`): it is refused rather than kept waiting on."""
    return now - asked_at >= WAIT_MOST


class Deferral(StrEnum):
    """What became of a request to defer."""

    WAITING = "waiting"
    """Kept: it is freed when the hands that hold it end."""
    REPLACED = "replaced"
    """Kept, in place of the user's earlier request, which is dropped."""
    FULL = "full"
    """Not kept: :data:`MOST` requests wait already."""


@dataclass(slots=True)
class _Waiting(Generic[T]):
    order: int
    item: T
    games: dict[int, Game]
    """The live hands that hold it, by identity."""


class Deferrals(Generic[T]):
    """The requests that wait for hands to end (see the module)."""

    def __init__(self, most: int = MOST) -> None:
        self.most = most
        self._waiting: dict[int, _Waiting[T]] = {}
        self._by_game: dict[int, set[int]] = {}
        """Who waits on each hand, by the hand's identity."""
        self._order = itertools.count()

    def __len__(self) -> int:
        return len(self._waiting)

    def waits(self, user_id: int) -> T | None:
        """``user_id``'s request that waits, if any."""
        waiting = self._waiting.get(user_id)
        return None if waiting is None else waiting.item

    @property
    def full(self) -> bool:
        """Whether no request of a user with none waiting can be kept."""
        return len(self._waiting) >= self.most

    def defer(self, user_id: int, item: T, games: Iterable[Game]) -> Deferral:
        """Keep ``user_id``'s request ``item`` until every one of ``games`` that is live has
        ended (a :class:`ValueError` if none is: there is nothing to wait for)."""
        live = {id(game): game for game in games if game.live}
        if not live:
            raise ValueError("no live hand holds the request")
        replaced = self._unfile(user_id) is not None
        if not replaced and self.full:
            return Deferral.FULL
        self._waiting[user_id] = _Waiting(next(self._order), item, live)
        for key in live:
            self._by_game.setdefault(key, set()).add(user_id)
        return Deferral.REPLACED if replaced else Deferral.WAITING

    def release(self, game: Game) -> list[T]:
        """``game`` has ended: the requests no live hand holds any more, the oldest first
        (they wait no more); those another live hand holds wait on."""
        freed: list[_Waiting[T]] = []
        for user_id in self._by_game.pop(id(game), set()):
            waiting = self._waiting[user_id]
            waiting.games.pop(id(game), None)
            if not any(other.live for other in waiting.games.values()):
                freed.append(waiting)
                self._unfile(user_id)
        return [waiting.item for waiting in sorted(freed, key=lambda w: w.order)]

    def sweep(self) -> list[T]:
        """Every request no live hand holds (a hand whose end was not told), the oldest
        first: they wait no more.  It looks at every request: for when the list is full."""
        freed = [
            (user_id, waiting)
            for user_id, waiting in self._waiting.items()
            if not any(game.live for game in waiting.games.values())
        ]
        for user_id, _waiting in freed:
            self._unfile(user_id)
        return [waiting.item for _user, waiting in sorted(freed, key=lambda f: f[1].order)]

    def _unfile(self, user_id: int) -> _Waiting[T] | None:
        waiting = self._waiting.pop(user_id, None)
        if waiting is None:
            return None
        for key in waiting.games:
            users = self._by_game.get(key)
            if users is not None:
                users.discard(user_id)
                if not users:
                    del self._by_game[key]
        return waiting
