"""The ladder's rules (issue 41): scores, ratings, fair play, choice and review."""

from __future__ import annotations

import datetime as dt
import random

from hypothesis import given
from hypothesis import strategies as st

from bot.rules.ladder.model import FAST, SLOW, play, prior_of_level, score
from bot.rules.ladder.puzzle_rating import (
    ESTABLISHED_DAYS,
    ESTABLISHED_RESULTS,
    RECENT_KEPT,
    Attempt,
    Change,
    Hand,
    Ladder,
    PuzzlePlayer,
    Refused,
)

DAY = dt.date(2026, 12, 2)
HAND = (1, 2, 3, 4)


def _record(
    ladder: Ladder, user: int, seconds: float | None, hand: Hand = HAND, **kw: bool
) -> Change:
    return ladder.record(user, hand, 24, seconds, day=DAY, prior=25.0, floor=1.5, **kw)


@given(st.floats(0.0, 500.0), st.floats(0.0, 500.0))
def test_a_faster_solve_scores_no_less(a: float, b: float) -> None:
    fast, slow = sorted((a, b))
    assert score(fast) >= score(slow)


@given(st.floats(0.01, 1.0))
def test_a_hinted_solve_scores_as_slow(seconds_share: float) -> None:
    seconds = FAST + seconds_share
    assert score(seconds, hinted=True) < score(seconds)


def test_a_miss_scores_as_a_solve_past_the_slowest() -> None:
    assert score(None) == score(SLOW) == 0.0


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_a_better_score_lifts_the_player_more(a: float, b: float) -> None:
    low, high = sorted((a, b))
    start = ((25.0, 8.0), (25.0, 4.0))
    assert play(*start, high)[0][0] >= play(*start, low)[0][0] - 1e-9


def test_a_new_players_results_do_not_move_the_hand() -> None:
    ladder = Ladder()
    change = _record(ladder, 1, 4.0)
    assert change.counted and not change.hand_moved and "1 2 3 4=24" not in ladder.hands


def test_an_established_players_miss_makes_the_hand_harder() -> None:
    ladder = Ladder()
    for _ in range(ESTABLISHED_RESULTS):
        _record(ladder, 1, 10.0, hand=(2, 3, 4, 5))
    ladder.players[1].solve_days = ESTABLISHED_DAYS
    _record(ladder, 1, None)
    assert ladder.hands["1 2 3 4=24"].mu > 25.0


def test_a_solve_under_the_floor_counts_for_nothing() -> None:
    ladder = Ladder()
    change = _record(ladder, 1, 1.0)
    assert change.refused is Refused.TOO_FAST and ladder.player(1).results == 0


def test_a_hand_given_by_solve_counts_for_nothing() -> None:
    assert _record(Ladder(), 1, 9.0, given=True).refused is Refused.GIVEN


def test_a_miss_of_a_hand_given_by_solve_still_counts() -> None:
    assert _record(Ladder(), 1, None, given=True).counted


def test_a_review_counts_for_nothing() -> None:
    assert _record(Ladder(), 1, 9.0, review=True).delta == 0


def test_the_choice_is_near_the_players_rating() -> None:
    ladder = Ladder()
    ladder.players[1] = ladder.player(1)
    ladder.players[1].mu = prior_of_level(5)
    pool = [((1, 1, 1, n), prior_of_level(1 + n % 5)) for n in range(1, 14)]
    hand = ladder.choose(1, pool, 24, random.Random(1))
    assert hand is not None and (hand[-1] % 5) + 1 >= 4


def test_the_choice_never_deals_a_recent_hand_again() -> None:
    ladder = Ladder()
    pool = [((1, 1, 1, n), 25.0) for n in range(1, 14)]
    for _ in range(13):
        hand = ladder.choose(1, pool, 24, random.Random(2))
        assert hand is not None
        ladder.dealt(1, hand, 24)
    assert ladder.choose(1, pool, 24, random.Random(2)) is None and RECENT_KEPT >= 13


def test_review_lists_misses_then_the_slowest() -> None:
    ladder = Ladder()
    _record(ladder, 1, 80.0, hand=(1, 1, 1, 8))
    _record(ladder, 1, None, hand=(1, 2, 3, 4))
    _record(ladder, 1, 4.0, hand=(2, 3, 4, 5))
    assert ladder.review(1, DAY) == ["1 2 3 4=24", "1 1 1 8=24"]


def test_review_forgets_hands_past_thirty_days() -> None:
    ladder = Ladder()
    _record(ladder, 1, None)
    assert ladder.review(1, DAY + dt.timedelta(days=31)) == []


def test_the_board_holds_established_players_only() -> None:
    ladder = Ladder()
    for _ in range(ESTABLISHED_RESULTS):
        _record(ladder, 1, 10.0)
    _record(ladder, 2, 5.0)
    assert ladder.board(10) == [1]


def test_only_the_last_ten_solves_judge_a_players_pace() -> None:
    fast = [Attempt("1 2 3 4=24", "2026-11-23", 1.9)] * 40
    slow = [Attempt("1 2 3 4=24", "2026-11-23", 6.0)] * 10
    assert PuzzlePlayer(history=fast + slow).steady is False
    assert PuzzlePlayer(history=slow + fast[:5]).steady is True
