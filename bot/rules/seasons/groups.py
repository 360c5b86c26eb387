"""The groups listed on ``/groups top``: this week's groups by what the games count of
them (each game's share of a group's week: its members' daily puzzles, its arenas played),
for groups whose admins listed them (``/settings``), by title only (no link, no ``@``).
What a group's week counts that is kept here is a game's :class:`GroupTally` (declared in
its rules: the arenas played); the rest its game counts from its own data.  Each rule and
what it prevents: docs/fair-play.md, *Seasons and groups*."""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from bot.rules.results import GameResult

TITLE_KEPT = 64
"""Characters of a group's title kept."""
WEEKS_KEPT = 2
"""Weeks of a tally kept (this one and the last)."""
SHOWN = 10
"""Groups shown on ``/groups top``."""


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


TALLIES: dict[str, GroupTally] = {}
"""What the listed groups keep of a group's weeks, by name: each tally is listed here as a
game's rules declare it (the arenas played, in ``bot/rules/arena/``).  A game's package
imports its rules, and ``bot.games`` every game's; a pure-rules test imports the game's
rules it needs."""


@dataclass(frozen=True, slots=True)
class GroupTally:
    """A game's count of what a group played in a week, kept with the listed groups (its
    games end in the group, and nothing else keeps them by group): an arena played."""

    name: str
    """Its key in the listed groups' record (never changed once saved)."""
    heard: Callable[[Sequence[GameResult]], bool]
    """Whether results told in a group at once (a game's end) are one played there."""

    def __post_init__(self) -> None:
        if self.name == "listed":
            raise ValueError("a group tally named as the listed groups' own field")
        TALLIES[self.name] = self


@dataclass(frozen=True, slots=True)
class GroupWeek:
    """A listed group's week: its title and the games' counts of it (in their shares'
    order)."""

    chat_id: int
    title: str
    counts: tuple[int, ...]

    def rank_key(self) -> tuple[tuple[int, ...], str, int]:
        """Sorts the busiest group first, by the counts in their order (then by title, then
        by id)."""
        return (tuple(-count for count in self.counts), self.title.casefold(), self.chat_id)


@dataclass(slots=True)
class ListedGroups:
    """The groups listed by their admins (by id, with their title), and the games' tallies
    of each group's weeks."""

    listed: dict[int, str] = field(default_factory=dict)
    tallies: dict[str, dict[str, dict[int, int]]] = field(default_factory=dict)
    """Each tally (:class:`GroupTally`, by name): its counts by week (:func:`week_of`),
    then group."""

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

    def tally(self, name: str, chat_id: int, day: dt.date) -> None:
        """One more of tally ``name`` in a group on ``day`` (counted listed or not: listing
        later shows the week as it was)."""
        weeks = self.tallies.setdefault(name, {})
        counts = weeks.setdefault(week_of(day), {})
        counts[chat_id] = counts.get(chat_id, 0) + 1
        for old in sorted(weeks)[:-WEEKS_KEPT]:
            del weeks[old]

    def counts(self, name: str, day: dt.date) -> dict[int, int]:
        """Tally ``name``'s counts in the week of ``day``, by group."""
        return self.tallies.get(name, {}).get(week_of(day), {})

    def hear(self, chat_id: int, results: Sequence[GameResult], day: dt.date) -> bool:
        """Results a game told in a chat at once: told in a group, one more of each tally
        they are one of (an arena's end publishes its results at once); whether any."""
        if chat_id >= 0:
            return False
        heard = [tally.name for tally in TALLIES.values() if tally.heard(results)]
        for name in heard:
            self.tally(name, chat_id, day)
        return bool(heard)

    def week(self, counts: Sequence[Mapping[int, int]]) -> list[GroupWeek]:
        """The listed groups' week, busiest first, with ``counts`` (each game's share of
        the week, by group, in the shares' order); groups that did nothing are left out,
        and so are those whose title is not fit to show (:func:`title_fit`)."""
        rows = [
            GroupWeek(chat_id, title, tuple(share.get(chat_id, 0) for share in counts))
            for chat_id, title in self.listed.items()
            if title_fit(title)
        ]
        return sorted((r for r in rows if any(r.counts)), key=GroupWeek.rank_key)
