"""Solution Hunt's rules: each distinct solution scores once, for its first finder."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.hunt import Found, Hunt
from solver import Code, solve

ANN, BOB = 1, 2
HAND = (2, 4, 8, 10)


def hunt(hand: tuple[int, ...] = HAND, seconds: float = 90) -> Hunt:
    return Hunt(1, hand, 24, 100.0, seconds, tuple(s.pretty for s in solve(hand, 24)))


def test_a_new_solution_scores_for_its_finder() -> None:
    game = hunt()
    assert game.answer(ANN, "Ann", "10+8+4+2", 105.0).found is Found.NEW


def test_a_new_solution_is_numbered_in_finding_order() -> None:
    game = hunt()
    game.answer(ANN, "Ann", "10+8+4+2", 105.0)
    assert game.answer(BOB, "Bob", "10*4-8*2", 106.0).order == 2


def test_the_count_left_goes_down() -> None:
    game = hunt()
    assert game.answer(ANN, "Ann", "10+8+4+2", 105.0).left == 10


def test_the_same_solution_written_otherwise_is_found_again() -> None:
    game = hunt()
    game.answer(ANN, "Ann", "10+8+4+2", 105.0)
    assert game.answer(BOB, "Bob", "2+4+8+10", 106.0).found is Found.AGAIN


def test_a_solution_found_again_names_its_first_finder() -> None:
    game = hunt()
    game.answer(ANN, "Ann", "10+8+4+2", 105.0)
    again = game.answer(BOB, "Bob", "2+4+8+10 = 24", 106.0)
    assert again.find is not None
    assert (again.find.name, again.find.written) == ("Ann", "10+8+4+2")


def test_a_wrong_answer_carries_its_reason() -> None:
    answer = hunt().answer(ANN, "Ann", "10+8+4+3", 105.0)
    assert answer.found is Found.WRONG
    assert answer.verdict.code is Code.NOT_DEALT


def test_a_no_solution_claim_is_wrong_in_a_hunt() -> None:
    assert hunt().answer(ANN, "Ann", "no solution", 105.0).found is Found.WRONG


def test_the_hunt_ends_when_all_are_found() -> None:
    game = hunt((1, 2, 3, 4))
    for text in ("4*3*2*1", "(3+2+1)*4", "(4+2)*(3+1)"):
        game.answer(ANN, "Ann", text, 105.0)
    assert game.ended


def test_an_answer_after_the_end_is_over() -> None:
    game = hunt()
    game.stop()
    assert game.answer(ANN, "Ann", "10+8+4+2", 105.0).found is Found.OVER


def test_the_time_runs_out() -> None:
    game = hunt(seconds=90)
    assert game.expire(1, 190.0)


def test_an_early_or_stale_timer_changes_nothing() -> None:
    game = hunt(seconds=90)
    assert not game.expire(1, 189.0)
    assert not game.expire(2, 500.0)


def test_standings_rank_by_count_then_who_got_there_first() -> None:
    game = hunt()
    game.answer(BOB, "Bob", "10+8+4+2", 101.0)
    game.answer(ANN, "Ann", "10*4-8*2", 102.0)
    game.answer(ANN, "Ann", "8*4+2-10", 103.0)
    game.answer(BOB, "Bob", "(10*4+8)/2", 104.0)
    assert game.standings() == [(ANN, "Ann", 2), (BOB, "Bob", 2)]


def test_missed_solutions_are_listed_in_the_solvers_order() -> None:
    game = hunt((1, 2, 3, 4))
    game.answer(ANN, "Ann", "(4+2)*(3+1)", 105.0)
    assert game.missed() == ["4×3×2×1", "(3+2+1)×4"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=4, max_size=4))
def test_every_listed_solution_is_found_once(hand: list[int]) -> None:
    solutions = solve(hand, 24)
    game = hunt(tuple(hand))
    found = [game.answer(ANN, "Ann", s.text, 105.0).found for s in solutions]
    assert found == [Found.NEW] * len(solutions)


def test_an_answer_after_the_deadline_is_over_before_the_timer_fires() -> None:
    game = hunt(seconds=90)
    assert game.answer(ANN, "Ann", "10+8+4+2", 190.0).found is Found.OVER
    assert not game.found


def test_the_players_are_the_starter_and_whoever_answered() -> None:
    game = Hunt(1, HAND, 24, 100.0, 90, tuple(s.pretty for s in solve(HAND, 24)), starter=ANN)
    game.answer(BOB, "Bob", "10-8-4-2", 105.0)  # wrong, but an attempt with the cards
    assert game.players == {ANN, BOB}


def test_an_answer_that_does_not_use_the_cards_makes_no_player() -> None:
    game = Hunt(1, HAND, 24, 100.0, 90, tuple(s.pretty for s in solve(HAND, 24)), starter=ANN)
    game.answer(BOB, "Bob", "1+1", 105.0)
    assert game.players == {ANN}


def test_an_empty_or_overlong_answer_makes_no_player() -> None:
    game = hunt()
    game.answer(ANN, "Ann", " ", 105.0)
    game.answer(BOB, "Bob", "1+" * 600, 105.0)
    assert game.players == set()
