"""What the game knows about hands before it deals one: levels, deal odds, solutions, hints.

Rating and solving cost from a millisecond (four cards) to a second (six), too much for the
bot's event loop, so the functions named ``*_job`` are run in worker processes: they are
pure, module-level and take and return only picklable values.  Drawing a hand from a
:class:`LevelTable` is cheap (a bisection) and happens where the random source lives.
"""

from __future__ import annotations

import bisect
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from solver import difficulty, hint, is_solvable, solve
from solver.decks import SUITS, hands
from solver.hints import LEVELS, Hint

RATED_CARDS = (3, 4)
"""Hands of these sizes have difficulty levels: every hand is rated once per target, ranked
among the hands of its size for that target.  The solver rates no larger hands (see
:data:`solver.difficulty.MAX_RATED`), so they are dealt unrated."""

TOP_RANK = 13
"""Tables cover every hand from 1 to this rank; a smaller deck uses the part within it."""

LABEL_LEVELS = {"easy": frozenset({1, 2}), "medium": frozenset({3}), "hard": frozenset({4, 5})}
"""The levels each difficulty word deals (see :data:`solver.difficulty.LABELS`)."""

SHOWN = 11
"""Solutions kept with a dealt hand: the ten a round's end shows, and one in case the
winner's own is among them."""

REDRAWS = 16
"""Draws in a row that fall on hands to avoid before :meth:`LevelTable.draw` sifts its pool
(the daily puzzles make about one draw in fifteen fall on one)."""
CANDIDATES = 24
"""Unrated hands drawn at once for a worker to find a solvable one among."""

Hand = tuple[int, ...]


def deal_weight(hand: Hand) -> int:
    """How many ways a shuffled deck with four suits of each rank deals ``hand``."""
    return math.prod(math.comb(SUITS, count) for count in Counter(hand).values())


@dataclass(frozen=True, eq=False)
class LevelTable:
    """Every hand of ``cards`` cards from 1 to 13 for one ``target``: its level 1 to 5, or 0
    when it has no solution."""

    cards: int
    target: int
    levels: dict[Hand, int]

    @classmethod
    def from_text(cls, cards: int, target: int, text: str) -> LevelTable:
        """A table from :meth:`text`; raises ``ValueError`` if it does not fit."""
        order = list(hands((1, TOP_RANK), cards))
        if len(text) != len(order) or not set(text) <= set("012345"):
            raise ValueError(f"not a level table of {cards} cards")
        return cls(
            cards, target, {hand: int(level) for hand, level in zip(order, text, strict=True)}
        )

    def text(self) -> str:
        """The levels as one digit per hand, in :func:`solver.decks.hands` order."""
        return "".join(str(self.levels[hand]) for hand in hands((1, TOP_RANK), self.cards))

    def count(self, deck: tuple[int, int], wanted: frozenset[int] | None) -> int:
        """How many hands of the deck have one of the ``wanted`` levels (None: solvable)."""
        return len(self._pool(deck, wanted, solvable=True)[0])

    def draw(
        self,
        rng: random.Random,
        deck: tuple[int, int],
        wanted: frozenset[int] | None,
        *,
        solvable: bool = True,
        avoid: Callable[[Hand], bool] | None = None,
    ) -> Hand | None:
        """A hand as a shuffled deck would deal it, among those of a ``wanted`` level (any
        solvable one when None; any at all when also ``solvable`` is false), never one that
        ``avoid`` is true of; None if none.

        A hand to avoid is drawn again, so the others keep their odds to each other; after
        :data:`REDRAWS` such draws in a row the pool is sifted (a pool of only such hands is
        as good as empty)."""
        pool, cumulative = self._pool(deck, wanted, solvable)
        if not pool:
            return None

        def one() -> Hand:
            return pool[bisect.bisect_right(cumulative, rng.random() * cumulative[-1])]

        if avoid is None:
            return one()
        for _ in range(REDRAWS):
            hand = one()
            if not avoid(hand):
                return hand
        kept = [hand for hand in pool if not avoid(hand)]
        return rng.choices(kept, weights=list(map(deal_weight, kept)))[0] if kept else None

    def dealer(
        self,
        rng: random.Random,
        deck: tuple[int, int],
        avoid: Callable[[Hand], bool] | None = None,
    ) -> Callable[[int], HandFacts]:
        """A dealer of solvable hands by level (Rush's :data:`~bot.rules.rush.run.Deal`) drawing
        with ``rng`` as a shuffled deck would deal, never a hand ``avoid`` is true of when it
        is dealt (sharing cards with a daily puzzle: a run may cross midnight); a level the
        deck has no hand of gives the nearest easier one (any solvable hand at last).  It
        raises ``ValueError`` if the deck has no solvable hand at all."""

        def deal(level: int) -> HandFacts:
            for wanted in [*(frozenset({n}) for n in range(level, 0, -1)), None]:
                hand = self.draw(rng, deck, wanted, avoid=avoid)
                if hand is not None:
                    return HandFacts(hand, self.target, True, None, 0, None)
            raise ValueError(f"no solvable hand of {self.cards} cards in {deck}")

        return deal

    def _pool(
        self, deck: tuple[int, int], wanted: frozenset[int] | None, solvable: bool
    ) -> tuple[list[Hand], list[int]]:
        key = (deck, wanted, solvable)
        found = self._pools.get(key)
        if found is None:
            low, high = deck
            pool = [
                hand
                for hand, level in self.levels.items()
                if low <= hand[0]
                and hand[-1] <= high
                and (level in wanted if wanted is not None else level > 0 or not solvable)
            ]
            found = self._pools[key] = (pool, list(itertools.accumulate(map(deal_weight, pool))))
        return found

    @cached_property
    def _pools(self) -> dict[object, tuple[list[Hand], list[int]]]:
        return {}


def draw_unrated(rng: random.Random, deck: tuple[int, int], cards: int, count: int) -> list[Hand]:
    """``count`` hands dealt from freshly shuffled decks, each sorted."""
    low, high = deck
    pack = [rank for rank in range(low, high + 1) for _ in range(SUITS)]
    return [tuple(sorted(rng.sample(pack, cards))) for _ in range(count)]


@dataclass(frozen=True)
class HandFacts:
    """What a round needs of its hand, worked out before it is dealt."""

    hand: Hand
    target: int
    solvable: bool
    solutions: tuple[str, ...] | None
    """The first :data:`SHOWN` distinct solutions, simplest first, with × ÷ − (None: not
    listed yet)."""
    count: int
    """How many distinct solutions there are in all."""
    hints: tuple[Hint, ...] | None
    """The hints of levels 1 to 3 (none for a hand with no solution; None: not worked out
    yet)."""


def rate_job(cards: int, target: int) -> str:
    """Worker job: the :class:`LevelTable` text of ``cards`` cards for ``target``."""
    digits = []
    for hand in hands((1, TOP_RANK), cards):
        digits.append(str(difficulty(hand, target).level) if is_solvable(hand, target) else "0")
    return "".join(digits)


def relevel_job(cards: int, text: str, learned: Sequence[tuple[Hand, int]]) -> str:
    """Worker job: the :class:`LevelTable` text ``text`` of ``cards`` cards with the
    ``learned`` levels (1 to 5) of some hands in place of its own; a hand with no solution
    keeps its 0 whatever it is given."""
    digits = list(text)
    index = {hand: n for n, hand in enumerate(hands((1, TOP_RANK), cards))}
    for hand, level in learned:
        n = index.get(hand)
        if n is not None and digits[n] != "0" and 1 <= level <= 5:
            digits[n] = str(level)
    return "".join(digits)


def facts_job(
    candidates: Sequence[Hand], target: int, solvable: bool, details: bool = True
) -> HandFacts | None:
    """Worker job: the facts of the first candidate that has a solution (the first one at
    all, when ``solvable`` is false); None when no candidate has one.

    With ``details`` false only the check is made: listing the solutions of six cards, and
    the hints that come from them, can take several hundred milliseconds, too long for a
    deal to wait; they are worked out when the round needs them (``solutions`` and ``hints``
    None).
    """
    for hand in candidates:
        found = is_solvable(hand, target)
        if solvable and not found:
            continue
        if not details:
            return HandFacts(hand, target, found, None, 0, None)
        listed = solve(hand, target)
        hints = tuple(hint(hand, target, level) for level in range(1, LEVELS + 1)) if found else ()
        return HandFacts(
            hand,
            target,
            found,
            tuple(s.pretty for s in listed[:SHOWN]),
            len(listed),
            tuple(h for h in hints if h is not None),
        )
    return None


def solutions_job(cards: int, target: int) -> str:
    """Worker job: every solvable hand's first :data:`SHOWN` solutions and their count, for
    ``cards`` cards from 1 to 13 and ``target``, as the text :func:`read_solutions` reads."""
    table = {}
    for hand in hands((1, TOP_RANK), cards):
        listed = solve(hand, target)
        if listed:
            table[" ".join(map(str, hand))] = [len(listed), *(s.pretty for s in listed[:SHOWN])]
    return json.dumps({"v": 1, "cards": cards, "target": target, "hands": table})


def read_solutions(cards: int, target: int, text: str) -> dict[Hand, HandFacts]:
    """The facts (without hints) of every hand in a :func:`solutions_job` text; raises
    ``ValueError`` if the text is not such a table."""
    try:
        table = json.loads(text)
        if (table["v"], table["cards"], table["target"]) != (1, cards, target):
            raise ValueError("another table")
        facts = {}
        for numbers, (count, *shown) in table["hands"].items():
            hand = tuple(int(n) for n in numbers.split())
            facts[hand] = HandFacts(hand, target, True, tuple(shown), count, None)
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"not a solutions table: {error}") from None
    return facts
