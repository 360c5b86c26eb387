"""A match's winner: one, a tie, or nobody."""

from __future__ import annotations

from bot.rules.rounds import Match


def test_a_match_has_one_winner() -> None:
    match = Match(3, points={1: 30, 2: 20}, names={1: "Carol", 2: "Dave"})
    assert match.winners() == (["Carol"], 30)


def test_a_match_may_end_in_a_tie() -> None:
    match = Match(3, points={1: 20, 2: 20, 3: 10}, names={1: "Carol", 2: "Dave", 3: "Eve"})
    assert match.winners() == (["Carol", "Dave"], 20)


def test_a_match_nobody_scored_in_has_no_winner() -> None:
    assert Match(3).winners() == ([], 0)
