"""The groups listed on ``/groups top``: this week's groups by daily puzzles solved and
arenas played, for groups whose admins listed them (``/settings``), by title only (no link,
no ``@``), counting established members only.  Each rule and what it prevents:
docs/fair-play.md, *Seasons and groups*."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.rules.arena.standings import ARENA_GAME
from bot.rules.daily.puzzle import DailyRecord
from bot.rules.results import GameResult
from bot.rules.standing import DAILY_DAYS, daily_days

TITLE_KEPT = 64
"""Characters of a group's title kept."""
WEEKS_KEPT = 2
"""Weeks of arena counts kept (this one and the last)."""
SHOWN = 10
"""Groups shown on ``/groups top``."""
ESTABLISHED_DAYS = DAILY_DAYS
"""Days a member solved the daily puzzle before a week that make them count in it (an
established player's: :mod:`bot.rules.standing`)."""


_LINK = re.compile(r"://|www\.|\w[.。｡]\w{2,}|[@＠]", re.IGNORECASE)
"""A scheme, ``www.``, a dot between a word and two letters (``t.me``), or an ``@``."""
_INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Control, format (bidi overrides, zero-width spaces), private and unassigned characters,
line breaks: left out of a title shown."""


def clean_title(title: str) -> str:
    """A group's title as the board shows it: composed, without invisible characters (the
    emoji joiner aside), its spaces collapsed, cut to :data:`TITLE_KEPT`."""
    kept = "".join(
        c
        for c in unicodedata.normalize("NFC", title)
        if c == "\u200d" or unicodedata.category(c) not in _INVISIBLE
    )
    return " ".join(kept.split())[:TITLE_KEPT]


def title_fit(title: str) -> bool:
    """Whether a title may be shown on the board: something left once cleaned, and no link
    nor ``@`` (see the module)."""
    cleaned = clean_title(title)
    return bool(cleaned) and _LINK.search(unicodedata.normalize("NFKC", cleaned)) is None


def week_of(day: dt.date) -> str:
    """The week of a local day, named by its Monday (``2026-11-30``)."""
    return (day - dt.timedelta(days=day.weekday())).isoformat()


def member_week(record: DailyRecord, today: dt.date) -> int:
    """Daily puzzles a member solved in the week of ``today`` (live, at a person's pace)
    that count for their groups: none until they solved :data:`ESTABLISHED_DAYS` days
    before that week."""
    monday = dt.date.fromisoformat(week_of(today))
    return record.week(today)[0] if daily_days(record, monday) >= ESTABLISHED_DAYS else 0


@dataclass(frozen=True, slots=True)
class GroupWeek:
    """A listed group's week: its title, daily puzzles solved and tournaments (arenas)
    played."""

    chat_id: int
    title: str
    solved: int
    tournaments: int

    def rank_key(self) -> tuple[int, int, str, int]:
        """Sorts the busiest group first (then by title, then by id)."""
        return (-self.solved, -self.tournaments, self.title.casefold(), self.chat_id)


@dataclass(slots=True)
class ListedGroups:
    """The groups listed by their admins (by id, with their title), and their arenas."""

    listed: dict[int, str] = field(default_factory=dict)
    arenas: dict[str, dict[int, int]] = field(default_factory=dict)
    """Arenas played, by week (:func:`week_of`) then group."""

    def listing(self, chat_id: int, title: str, on: bool) -> bool:
        """List a group (``on``) or take it off; whether that changed anything."""
        if not on:
            return self.listed.pop(chat_id, None) is not None
        title = clean_title(title)
        changed = self.listed.get(chat_id) != title
        self.listed[chat_id] = title
        return changed

    def retitle(self, chat_id: int, title: str) -> bool:
        """A listed group's new title; whether it changed (one unfit to show keeps the
        group listed, off the board until it is fit again)."""
        title = clean_title(title)
        if chat_id not in self.listed or self.listed[chat_id] == title:
            return False
        self.listed[chat_id] = title
        return True

    def moved(self, old: int, new: int) -> None:
        """A group upgraded to a supergroup under a new id keeps its listing."""
        if old in self.listed:
            self.listed[new] = self.listed.pop(old)

    def arena_played(self, chat_id: int, day: dt.date) -> None:
        """An arena ended in a group on ``day`` (counted listed or not: listing later
        shows the week as it was)."""
        week = week_of(day)
        counts = self.arenas.setdefault(week, {})
        counts[chat_id] = counts.get(chat_id, 0) + 1
        for old in sorted(self.arenas)[:-WEEKS_KEPT]:
            del self.arenas[old]

    def hear(self, chat_id: int, results: Sequence[GameResult], day: dt.date) -> bool:
        """Results a game told in a chat: an arena's, told in a group, is an arena played
        there (one a call: an arena's end publishes its results at once); whether it was."""
        if chat_id >= 0 or not any(result.game == ARENA_GAME for result in results):
            return False
        self.arena_played(chat_id, day)
        return True

    def week(self, day: dt.date, solved: dict[int, int]) -> list[GroupWeek]:
        """The listed groups' week of ``day``, busiest first, with ``solved`` (the daily
        puzzles their members solved, by group); groups that did nothing are left out, and
        so are those whose title is not fit to show (:func:`title_fit`)."""
        arenas = self.arenas.get(week_of(day), {})
        rows = [
            GroupWeek(chat_id, title, solved.get(chat_id, 0), arenas.get(chat_id, 0))
            for chat_id, title in self.listed.items()
            if title_fit(title)
        ]
        return sorted((r for r in rows if r.solved or r.tournaments), key=GroupWeek.rank_key)
