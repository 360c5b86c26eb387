"""Who was active when: players and chats by the hour each was last seen, and games dealt by
kind, for the host's ``/admin`` and the ``active_players`` and ``active_chats`` metrics
(docs/operating.md, *The owner's commands*)."""

from __future__ import annotations

import datetime as dt
from collections import Counter

HOUR = 3600


def label(kind: str) -> str:
    """What the counts call a kind of game: its name's first word (``countdown``, ``duel``)."""
    return kind.split()[0].lower() if kind.strip() else "other"


class Seen:
    """Ids by the hour each was last seen."""

    def __init__(self) -> None:
        self._last: dict[int, int] = {}
        self._hours: Counter[int] = Counter()

    def see(self, key: int, now: float) -> bool:
        """``key`` is seen at ``now`` (seconds); whether that starts a new hour for it."""
        hour = int(now // HOUR)
        last = self._last.get(key)
        if last is not None and last >= hour:
            return False
        if last is not None:
            self._hours[last] -= 1
        self._last[key] = hour
        self._hours[hour] += 1
        return True

    def since(self, moment: float) -> int:
        """How many were seen in the hour of ``moment`` or later."""
        first = int(moment // HOUR)
        return sum(count for hour, count in self._hours.items() if hour >= first)


class Activity:
    """Players and chats seen, and games dealt (see the module)."""

    def __init__(self) -> None:
        self.players = Seen()
        self.chats = Seen()
        self.games: Counter[str] = Counter()
        """Games dealt since start, by kind."""
        self._today: tuple[dt.date, Counter[str]] | None = None
        self._last: dict[str, object] = {}

    def played(self, kind: str, day: dt.date, game: object = None) -> None:
        """A game of ``kind`` (as its feature names it: ``Countdown game``) was dealt on
        ``day`` (``game``, if given, is counted once: a private duel's hand is dealt to two
        chats)."""
        kind = label(kind)
        if game is not None and self._last.get(kind) is game:
            return
        self._last[kind] = game
        self.games[kind] += 1
        if self._today is None or self._today[0] != day:
            self._today = (day, Counter())
        self._today[1][kind] += 1

    def played_today(self, day: dt.date) -> dict[str, int]:
        """Games dealt on ``day`` by kind (counted since the bot started, if it started that
        day, or as kept: :meth:`keep_today`)."""
        if self._today is None or self._today[0] != day:
            return {}
        return dict(self._today[1])

    def keep_today(self, day: dt.date, counts: dict[str, int]) -> None:
        """Start the day's counts from ``counts`` (kept from before a restart)."""
        mine = self.played_today(day)
        self._today = (day, Counter(counts) + Counter(mine))
