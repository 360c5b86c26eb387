"""Countdown's rules: the draw, each player's best answer, the points, the solver's best."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.countdown import (
    LARGE,
    SMALL,
    Countdown,
    Outcome,
    countdown_job,
    draw,
    points_for,
)
from solver import Code

ANN, BOB = 1, 2
NUMBERS = (1, 3, 7, 10, 25, 50)


def game(numbers: tuple[int, ...] = NUMBERS, target: int = 765) -> Countdown:
    exact, below, above = countdown_job(numbers, target)
    return Countdown(1, numbers, target, 100.0, 30, exact, below, above, starter=ANN)


@given(st.integers(0, 2**32), st.none() | st.integers(0, 4))
def test_a_draw_has_six_numbers_of_the_shows_and_a_target_in_range(
    seed: int, large: int | None
) -> None:
    numbers, target = draw(random.Random(seed), large)
    assert len(numbers) == 6 and list(numbers) == sorted(numbers)
    big = [n for n in numbers if n in LARGE]
    assert len(big) == len(set(big))
    assert (large is None and len(big) in (1, 2)) or len(big) == large
    assert not Counter(n for n in numbers if n not in LARGE) - Counter(SMALL)
    assert 101 <= target <= 999


def test_a_draw_refuses_five_large_numbers() -> None:
    try:
        draw(random.Random(1), 5)
    except ValueError:
        return
    raise AssertionError("five large numbers drawn")


def test_points_by_distance() -> None:
    assert [points_for(d) for d in (0, 1, 5, 6, 10, 11, 500)] == [10, 7, 7, 5, 5, 0, 0]


def test_an_answer_is_a_players_best() -> None:
    answer = game().answer(ANN, "Ann", "(25+50)*10", 105.0)
    assert answer.outcome is Outcome.BEST
    assert (answer.value, answer.distance) == (750, 15)


def test_a_closer_answer_improves_the_best() -> None:
    g = game()
    g.answer(ANN, "Ann", "(25+50)*10", 105.0)
    answer = g.answer(ANN, "Ann", "(25+50)*10+7+3", 106.0)
    assert answer.outcome is Outcome.BEST
    assert g.best[ANN].value == 760


def test_a_worse_answer_keeps_the_best() -> None:
    g = game()
    g.answer(ANN, "Ann", "(25+50)*10+7+3", 105.0)
    answer = g.answer(ANN, "Ann", "50*10", 106.0)
    assert answer.outcome is Outcome.NOT_BETTER
    assert answer.best is not None and answer.best.value == 760
    assert g.best[ANN].written == "(25+50)*10+7+3"


def test_an_equally_close_answer_keeps_the_earlier() -> None:
    g = game()
    g.answer(ANN, "Ann", "(25+50)*10+7+3", 105.0)
    assert g.answer(ANN, "Ann", "(25+50)*10+7+3", 106.0).outcome is Outcome.NOT_BETTER
    assert g.best[ANN].seconds == 5.0


def test_equal_distances_go_to_the_earlier_player() -> None:
    g = game()
    g.answer(ANN, "Ann", "(25+50)*10+7+3", 105.0)  # 760, 5 away
    g.answer(BOB, "Bob", "(25+50)*10+7*3-1", 107.0)  # 770, 5 away, later
    assert [b.name for b in g.standings()] == ["Ann", "Bob"]


def test_the_closer_player_leads() -> None:
    g = game()
    g.answer(ANN, "Ann", "50*10", 105.0)
    g.answer(BOB, "Bob", "(25+50)*10", 106.0)
    assert [b.name for b in g.standings()] == ["Bob", "Ann"]


def test_wrong_answers_get_countdowns_reasons() -> None:
    g = game()
    codes = [
        g.answer(ANN, "Ann", text, 105.0).verdict.code
        for text in ("25*4", "25+25", "10/3*7", "3-7+10", "(10-7-3)+25")
    ]
    assert codes == [
        Code.NOT_OFFERED,
        Code.NUMBER_TWICE,
        Code.FRACTION_STEP,
        Code.NEGATIVE_STEP,
        Code.ZERO_STEP,
    ]
    assert not g.best


def test_a_no_solution_claim_is_not_an_answer() -> None:
    assert game().answer(ANN, "Ann", "no solution", 105.0).outcome is Outcome.WRONG


@pytest.mark.parametrize(
    ("numbers", "target", "code"),
    [(NUMBERS, 765, Code.NO_SOLUTION_WRONG), ((1, 1, 2, 2, 3, 3), 999, Code.NO_SOLUTION_RIGHT)],
)
def test_a_claim_is_judged_by_the_solvers_best_not_by_the_solver(
    monkeypatch: pytest.MonkeyPatch, numbers: tuple[int, ...], target: int, code: Code
) -> None:
    g = game(numbers, target)

    def no_solver(*args: object, **kwargs: object) -> bool:
        raise AssertionError("the solver was asked on the event loop")

    monkeypatch.setattr("solver.checking.is_solvable", no_solver)
    assert g.answer(ANN, "Ann", "无解", 105.0).verdict.code is code


def test_answers_after_the_end_change_nothing() -> None:
    g = game()
    g.stop()
    assert g.answer(ANN, "Ann", "50*10", 105.0).outcome is Outcome.OVER
    assert not g.best


def test_an_answer_after_the_deadline_is_over_before_the_timer_fires() -> None:
    g = game()
    assert g.answer(BOB, "Bob", "50*10", 130.0).outcome is Outcome.OVER
    assert not g.best


def test_the_players_are_the_starter_and_whoever_answered() -> None:
    g = game()
    g.answer(BOB, "Bob", "25*10", 105.0)  # wrong, but an attempt
    assert g.players == {ANN, BOB}


def test_an_answer_with_numbers_not_offered_makes_no_player() -> None:
    g = game()
    g.answer(BOB, "Bob", "99", 105.0)
    assert g.players == {ANN}


def test_an_empty_or_overlong_answer_makes_no_player() -> None:
    g = game()
    g.answer(BOB, "Bob", "", 105.0)
    g.answer(BOB, "Bob", "1+" * 600, 105.0)
    assert g.players == {ANN}


def test_the_winner_is_the_closest_and_of_equals_the_earlier() -> None:
    g = game()
    g.answer(BOB, "Bob", "(25+50)*10+7+3", 105.0)  # 760, 5 away
    g.answer(ANN, "Ann", "(25+50)*10+7*3-1", 106.0)  # 770, 5 away, later
    g.answer(3, "Cy", "50*10", 104.0)  # 500, first but far
    winner = g.winner()
    assert winner is not None and winner.name == "Bob"


def test_no_answer_no_winner() -> None:
    assert game().winner() is None


def test_no_winner_when_nobody_comes_within_ten() -> None:
    g = game()
    g.answer(3, "Cy", "50*10", 104.0)  # 500, the closest but far off
    assert g.winner() is None


def test_every_player_within_ten_scores_by_their_own_distance() -> None:
    g = game()
    g.answer(ANN, "Ann", "(50+1)*(25-10)", 105.0)  # 765, exact
    g.answer(BOB, "Bob", "(25+50)*10+7+3", 106.0)  # 760, 5 away
    g.answer(3, "Cy", "(25+50)*10+7", 107.0)  # 757, 8 away
    g.answer(4, "Di", "(25+50)*10", 108.0)  # 750, 15 away: no points
    assert g.scores() == [(ANN, "Ann", 10), (BOB, "Bob", 7), (3, "Cy", 5)]


def test_a_stale_timer_changes_nothing() -> None:
    g = game()
    assert not g.expire(2, 200.0)
    assert not g.expire(1, 120.0)
    assert g.expire(1, 130.0) and g.ended


def test_the_solvers_best_is_exact_when_reachable() -> None:
    g = game()
    assert g.exact is not None and g.best_distance == 0
    g.answer(ANN, "Ann", "(25+50)*10", 105.0)
    assert not g.matched()
    g.answer(BOB, "Bob", "(50+1)*(25-10)", 106.0)
    assert g.matched()


def test_the_solvers_best_is_the_closest_on_each_side_otherwise() -> None:
    g = game((1, 1, 2, 2, 3, 3), 999)
    assert g.exact is None and g.below is not None and g.above is None
    assert g.below[0] == 81 and g.best_distance == 918
    g.answer(ANN, "Ann", "3*3*(2+1)*(2+1)", 105.0)
    assert g.matched()


def test_a_live_game_holds_its_numbers() -> None:
    g = game()
    assert g.hand == NUMBERS and g.live
    g.stop()
    assert not g.live
