"""A race's censored results on the ladder (issue 41): who saw a hand in a duel, a group's
round or a shared Rush run and had not solved it when another did is "slower than t"."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.rules.duel.race import DUEL_GAME
from bot.rules.hand_records import hand_key
from bot.rules.hands import facts_job
from bot.rules.ladder.model import SLOW, censored, play, score
from bot.rules.ladder.puzzle_rating import (
    ESTABLISHED_DAYS,
    ESTABLISHED_RESULTS,
    Attempt,
    Ladder,
    PuzzlePlayer,
    Refused,
)
from bot.rules.results import Outpaced, outpaced
from bot.rules.rounds import Round

HAND = (1, 2, 3, 4)
KEY = hand_key(HAND, 24)


def dealt(number: int, hand: tuple[int, ...], now: float) -> Round:
    facts = facts_job([hand], 24, False)
    assert facts is not None
    return Round.deal(number, facts, 3, now)


def _strong(ladder: Ladder, user: int, mu: float = 35.0) -> PuzzlePlayer:
    ladder.players[user] = PuzzlePlayer(
        mu=mu, sigma=3.0, results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS
    )
    return ladder.players[user]


def test_a_strong_player_outpaced_by_a_slow_win_loses_points() -> None:
    ladder = Ladder()
    me = _strong(ladder, 1)
    ladder.outpaced([1], HAND, 24, 90.0, prior=25.0)
    assert me.mu < 35.0


def test_a_strong_player_outpaced_by_a_slow_win_makes_the_hand_harder() -> None:
    ladder = Ladder()
    _strong(ladder, 1)
    ladder.outpaced([1], HAND, 24, 90.0, prior=25.0)
    assert ladder.hands[KEY].mu > 25.0


def test_outpaced_by_a_fast_win_the_model_expected_nothing_moves() -> None:
    ladder = Ladder()
    me = _strong(ladder, 1, mu=20.0)
    ladder.outpaced([1], HAND, 24, 3.5, prior=25.0)
    assert (me.mu, me.sigma, KEY in ladder.hands) == (20.0, 3.0, False)


@given(st.floats(20.0, 40.0), st.floats(15.0, 35.0), st.floats(2.0, 200.0))
def test_a_censored_result_never_lifts_the_player(mu: float, hand: float, seconds: float) -> None:
    after = censored((mu, 4.0), (hand, 4.0), seconds)
    assert after is None or after[0][0] <= mu + 1e-9


@given(st.floats(20.0, 40.0), st.floats(15.0, 35.0), st.floats(2.0, 200.0))
def test_a_censored_result_is_taken_at_its_bound(mu: float, hand: float, seconds: float) -> None:
    after = censored((mu, 4.0), (hand, 4.0), seconds)
    assert after is None or after == play(
        (mu, 4.0), (hand, 4.0), score(None if seconds >= SLOW else seconds)
    )


@given(st.floats(20.0, 40.0), st.floats(15.0, 35.0), st.floats(2.0, 200.0))
def test_a_censored_result_the_model_expected_better_of_is_taken(
    mu: float, hand: float, seconds: float
) -> None:
    bound = score(None if seconds >= SLOW else seconds)
    lowered = play((mu, 4.0), (hand, 4.0), bound)[0][0] < mu
    assert (censored((mu, 4.0), (hand, 4.0), seconds) is not None) == lowered


def test_a_censored_result_is_no_result_of_the_players() -> None:
    ladder = Ladder()
    me = _strong(ladder, 1)
    ladder.outpaced([1], HAND, 24, 90.0, prior=25.0)
    assert (me.results, me.history) == (ESTABLISHED_RESULTS, [])


def test_a_new_accounts_censored_result_moves_no_hand() -> None:
    ladder = Ladder()
    ladder.players[1] = PuzzlePlayer(mu=35.0, sigma=3.0)
    changes = ladder.outpaced([1], HAND, 24, 90.0, prior=25.0)
    assert (changes[1].hand_moved, KEY in ladder.hands) == (False, False)


def test_many_accounts_in_one_race_move_the_hand_as_one() -> None:
    one, many = Ladder(), Ladder()
    _strong(one, 1)
    for user in range(1, 9):
        _strong(many, user)
    one.outpaced([1], HAND, 24, 90.0, prior=25.0)
    many.outpaced(list(range(1, 9)), HAND, 24, 90.0, prior=25.0)
    assert (many.hands[KEY].mu, many.hands[KEY].results) == (
        one.hands[KEY].mu,
        one.hands[KEY].results,
    )


def test_the_hand_moves_by_the_player_the_model_expected_most_of() -> None:
    ladder = Ladder()
    _strong(ladder, 1, mu=30.0)
    _strong(ladder, 2, mu=38.0)
    changes = ladder.outpaced([1, 2], HAND, 24, 90.0, prior=25.0)
    assert [u for u, c in changes.items() if c.hand_moved] == [2]


def test_a_player_at_a_scripts_steady_pace_moves_nothing() -> None:
    ladder = Ladder()
    me = _strong(ladder, 1)
    me.history = [Attempt(f"k{n}", "2026-12-02", 1.9) for n in range(20)]
    changes = ladder.outpaced([1], HAND, 24, 90.0, prior=25.0)
    assert (changes[1].refused, me.mu, KEY in ladder.hands) == (Refused.STEADY, 35.0, False)


def test_a_rounds_outpaced_are_who_answered_and_did_not_win() -> None:
    game = dealt(1, (1, 5, 5, 5), 0.0)
    game.answer(7, "1+5+5+5", 1.0)
    game.answer(8, "5*5-5+1", 2.0)
    game.answer(9, "(5-1/5)*5", 30.0)
    assert game.outpaced() == (7, 8)


def test_who_was_given_the_solutions_is_not_outpaced() -> None:
    game = dealt(1, (1, 5, 5, 5), 0.0)
    game.answer(7, "1+5+5+5", 1.0)
    game.peeked.append(7)
    game.answer(9, "(5-1/5)*5", 30.0)
    assert game.outpaced() == ()


def test_outpaced_results_name_their_hand_sorted() -> None:
    [result] = outpaced([7], DUEL_GAME, (5, 1, 5, 5), 24, 30.0)
    assert result == Outpaced(
        player=7, name="", game=DUEL_GAME, hand=(1, 5, 5, 5), seconds=30.0, achievable=False
    )
