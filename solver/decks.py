"""The hands of a deck, and the classic success-rate table: how many of them make the target."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from solver.solutions import SolverInputError, is_solvable, normalise

SUITS = 4
"""Copies of each rank in a real deck."""


@dataclass(frozen=True)
class DeckStats:
    """Counts over every hand (multiset of ranks) of a deck.

    ``deal_chance`` is the chance that cards drawn from a real deck (four suits of each rank)
    make a solvable hand, which weighs each hand by how many ways it can be drawn.
    """

    deck: tuple[int, int]
    cards: int
    target: int | Fraction
    hands: int
    solvable: int
    integer_only: int
    fraction_only: tuple[tuple[int, ...], ...]
    deal_chance: Fraction

    @property
    def rate(self) -> float:
        """Share of distinct hands that are solvable."""
        return self.solvable / self.hands


def hands(deck: tuple[int, int], cards: int) -> list[tuple[int, ...]]:
    """Every multiset of ``cards`` ranks from ``deck`` (low, high), in order."""
    low, high = deck
    return list(combinations_with_replacement(range(low, high + 1), cards))


def draw_ways(hand: tuple[int, ...]) -> int:
    """In how many ways the hand can be drawn from a deck with :data:`SUITS` of each rank."""
    return prod(comb(SUITS, hand.count(rank)) for rank in set(hand))


def deck_stats(deck: tuple[int, int] = (1, 13), cards: int = 4, target: object = 24) -> DeckStats:
    """Solvability of every hand of ``cards`` ranks from ``deck``, for ``target``."""
    low, high = deck
    if not 0 <= low <= high or high - low > 99:
        raise SolverInputError(f"the deck must be a range like 1-13 (got {low}-{high})")
    if not 1 <= cards <= SUITS * (high - low + 1) or cards > 6:
        raise SolverInputError(f"cards must be from 1 to 6 (got {cards})")
    goal = normalise([low], target)[1]
    solvable = integer = 0
    fraction_only = []
    ways = 0
    for hand in hands(deck, cards):
        if max(hand.count(r) for r in hand) > SUITS:
            continue
        if is_solvable(hand, goal):
            solvable += 1
            ways += draw_ways(hand)
            if is_solvable(hand, goal, integer_only=True):
                integer += 1
            else:
                fraction_only.append(hand)
    total_hands = sum(1 for h in hands(deck, cards) if max(h.count(r) for r in h) <= SUITS)
    all_ways = comb(SUITS * (high - low + 1), cards)
    return DeckStats(
        deck, cards, goal, total_hands, solvable, integer, tuple(fraction_only),
        Fraction(ways, all_ways),
    )  # fmt: skip
