"""A person's pace (:mod:`bot.rules.pace`) in each game whose result leaves its chat: a right
answer faster than the floor after its hand reached the player counts for nothing, and
what each game does with it; driven with a fixed clock and no Telegram."""

from __future__ import annotations

import random

from bot.rules.challenge import Challenge, Challenges, Origin
from bot.rules.duel.lobby import Duels
from bot.rules.duel.race import HAND_SECONDS, Duel, End, HandResult
from bot.rules.hands import HandFacts, facts_job
from bot.rules.pace import FLOOR, heard, scripted, too_fast
from bot.rules.rush.run import Deal, RushRun, Void

ANN, BOB, CAT = 1, 2, 3
HAND = (3, 3, 8, 8)
RIGHT = "8/(3-8/3)"
RUSH_HAND = (1, 2, 3, 4)
RUSH_RIGHT = "1*2*3*4"


def facts() -> HandFacts:
    found = facts_job([HAND], 24, False)
    assert found is not None
    return found


def started() -> Duel:
    """A duel of Ann (inviter) and Bob."""
    lobby = Duels()
    invitation = lobby.invite(ANN, BOB, 0.0, random.Random(1))
    return lobby.accept(invitation.token, BOB, 0.0)


def rush_run(*, shared: bool = False) -> tuple[RushRun, Deal]:
    def deal(level: int) -> HandFacts:
        return HandFacts(RUSH_HAND, 24, True, None, 0, None)

    return RushRun.start(ANN, "Ann", 1000.0, deal, shared=shared), deal


def challenge_of_ann() -> Challenge:
    return Challenges().create(
        ANN, "Ann", HAND, 24, 42.0, Origin.PRACTICE, 1000.0, random.Random(1)
    )


def test_the_floor_is_a_person_reading_four_cards_and_answering() -> None:
    assert (FLOOR, too_fast(FLOOR - 0.01), too_fast(FLOOR)) == (1.5, True, False)


# --- Rush ------------------------------------------------------------------------------------


def test_a_right_answer_faster_than_a_persons_pace_takes_nothing() -> None:
    game, deal = rush_run()
    game.shown(1000.0)
    outcome = game.answer(ANN, "Ann", RUSH_RIGHT, 1000.0 + FLOOR - 0.1, deal)
    assert (outcome.void, outcome.solved) == (Void.TOO_FAST, False)
    assert (game.score, game.hand.number) == (0, 1)


def test_the_hand_stays_in_play_after_an_answer_too_fast() -> None:
    game, deal = rush_run()
    game.shown(1000.0)
    game.answer(ANN, "Ann", RUSH_RIGHT, 1000.2, deal)
    assert game.answer(ANN, "Ann", RUSH_RIGHT, 1000.0 + FLOOR, deal).solved


def test_a_run_with_an_answer_too_fast_is_marked_in_its_result() -> None:
    game, deal = rush_run()
    game.shown(1000.0)
    game.answer(ANN, "Ann", RUSH_RIGHT, 1000.2, deal)
    game.answer(ANN, "Ann", RUSH_RIGHT, 1003.0, deal)
    game.finish(2000.0)
    result = game.result(ANN)
    assert result is not None and (result.score, result.too_fast) == (1, True)


def test_the_pace_is_timed_from_when_the_hand_was_shown_not_dealt() -> None:
    game, deal = rush_run()
    game.shown(1010.0)  # the picture waited ten seconds to be sent
    assert game.answer(ANN, "Ann", RUSH_RIGHT, 1011.0, deal).void is Void.TOO_FAST


def test_only_the_fast_player_of_a_shared_run_is_marked() -> None:
    game, deal = rush_run(shared=True)
    game.shown(1000.0)
    game.answer(BOB, "Bob", RUSH_RIGHT, 1000.5, deal)
    game.answer(CAT, "Cat", RUSH_RIGHT, 1004.0, deal)
    game.finish(2000.0)
    marks = [game.result(u).too_fast for u in (BOB, CAT)]  # type: ignore[union-attr]
    assert marks == [True, False]


# --- duels -----------------------------------------------------------------------------------


def test_a_right_answer_faster_than_a_persons_pace_wins_nothing() -> None:
    duel = started()
    duel.deal(facts(), 5, 10.0)
    duel.show(10.0)
    fast = duel.answer(ANN, RIGHT, 10.0 + FLOOR - 0.1)
    assert (fast.outcome.too_fast, fast.hand) == (True, None)
    assert duel.answer(BOB, RIGHT, 14.0).hand == HandResult(BOB, 4.0, 4.0)


def test_the_pace_is_timed_from_the_players_own_delivery() -> None:
    duel = started()
    duel.deal(facts(), 5, 10.0)
    duel.delivered_to(ANN, 10.0)
    duel.delivered_to(BOB, 11.0)
    duel.show(11.0)
    # 3 3 8 8 is a hand of level 5: its floor is 2.1 s.
    assert duel.answer(BOB, RIGHT, 12.5).outcome.too_fast
    assert duel.answer(ANN, RIGHT, 12.5).hand == HandResult(ANN, 1.5, 2.5)


def test_a_duel_won_by_a_player_who_answered_too_fast_is_not_rated() -> None:
    duel = started()
    for i in range(3):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(ANN, RIGHT, 100.0 * i + 0.5)  # too fast: nothing
        duel.answer(ANN, RIGHT, 100.0 * i + 5)
    assert (duel.winner, duel.too_fast) == (ANN, [ANN])
    assert not duel.rated


def test_a_duel_lost_by_a_player_who_answered_too_fast_is_rated() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.show(0.0)  # both saw the hand: a forfeit from now on is rated
    duel.answer(ANN, RIGHT, 0.5)
    duel.stop(ANN)
    assert (duel.winner, duel.rated) == (BOB, True)


def test_a_duel_stopped_before_both_saw_a_hand_is_no_contest_even_after_a_fast_answer() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.answer(ANN, RIGHT, 0.5)
    duel.stop(ANN)
    assert (duel.winner, duel.rated) == (BOB, False)


def test_a_draw_with_an_answer_too_fast_is_not_rated() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.answer(BOB, RIGHT, 0.5)
    for i, winner in enumerate((None, ANN, BOB, None, None)):
        if i:
            duel.deal(facts(), 5, 100.0 * i)
        if winner is None:
            duel.expire(duel.hand.number, 100.0 * i + HAND_SECONDS)  # type: ignore[union-attr]
        else:
            duel.answer(winner, RIGHT, 100.0 * i + 5)
    assert (duel.end, duel.winner) == (End.HANDS, None)
    assert not duel.rated


# --- challenges ------------------------------------------------------------------------------


def test_a_friends_clock_starts_when_the_hand_reaches_them() -> None:
    challenge = Challenges().create(
        ANN, "Ann", HAND, 24, 42.0, Origin.PRACTICE, 1000.0, random.Random(1)
    )
    challenge.play(BOB, "Bob", 2000.0)
    challenge.shown(BOB, 2004.0)  # the message waited four seconds to be sent
    assert challenge.answer(BOB, RIGHT, 2010.0).play.seconds == 6.0


def test_a_right_answer_faster_than_a_persons_pace_counts_for_nothing() -> None:
    challenge = Challenges().create(
        ANN, "Ann", HAND, 24, 42.0, Origin.PRACTICE, 1000.0, random.Random(1)
    )
    challenge.play(BOB, "Bob", 2000.0)
    fast = challenge.answer(BOB, RIGHT, 2000.0 + FLOOR - 0.1)
    assert (fast.too_fast, fast.play.seconds) == (True, None)
    assert challenge.answer(BOB, RIGHT, 2009.0).play.seconds == 9.0


def test_a_players_last_answers_are_kept_ten_at_most() -> None:
    recent: list[float] = []
    for seconds in range(1, 13):
        heard(recent, seconds + 0.123)
    assert recent == [round(s + 0.123, 2) for s in range(3, 13)]


def test_a_new_players_first_answer_is_judged_alone() -> None:
    assert scripted([2.9])


def test_no_answers_are_no_scripts_pace() -> None:
    assert not scripted([])


def test_more_than_half_the_last_answers_at_three_seconds_or_more_is_a_persons_pace() -> None:
    assert not scripted([1.6] * 4 + [3.0] * 6)


def test_half_the_last_answers_under_three_seconds_is_a_scripts_pace() -> None:
    assert scripted([1.6] * 5 + [4.4] * 5)


def test_most_of_the_last_answers_under_three_seconds_is_a_scripts_pace() -> None:
    assert scripted([1.6] * 6 + [30.0] * 4)
