"""Requests waiting for live hands to end: one per user, bounded, freed by the last hand."""

from __future__ import annotations

import pytest

from bot.rules.deferrals import MOST, WAIT_MOST, Deferral, Deferrals, overdue
from bot.rules.rounds import Round

ANN, BOB, CAT = 1, 2, 3


def live(hand: tuple[int, ...] = (3, 3, 8, 8)) -> Round:
    return Round(1, hand, 24, 0.0)


def ended(game: Round) -> Round:
    game.reveal()
    return game


def test_a_request_waits_until_its_hand_ends() -> None:
    waiting: Deferrals[str] = Deferrals()
    hand = live()
    assert waiting.defer(ANN, "3 3 8 8", [hand]) is Deferral.WAITING
    assert waiting.release(ended(hand)) == ["3 3 8 8"]


def test_a_freed_request_waits_no_more() -> None:
    waiting: Deferrals[str] = Deferrals()
    hand = live()
    waiting.defer(ANN, "3 3 8 8", [hand])
    waiting.release(ended(hand))
    assert (len(waiting), waiting.waits(ANN)) == (0, None)


def test_a_request_two_hands_hold_waits_for_both() -> None:
    waiting: Deferrals[str] = Deferrals()
    first, second = live(), live((3, 8, 8, 9))
    waiting.defer(ANN, "3 8 8", [first, second])
    assert waiting.release(ended(first)) == []
    assert waiting.release(ended(second)) == ["3 8 8"]


def test_another_hands_end_frees_nothing() -> None:
    waiting: Deferrals[str] = Deferrals()
    waiting.defer(ANN, "3 3 8 8", [live()])
    assert waiting.release(ended(live((1, 2, 3, 4)))) == []


def test_requests_are_freed_oldest_first() -> None:
    waiting: Deferrals[int] = Deferrals()
    hand = live()
    for user in (CAT, ANN, BOB):
        waiting.defer(user, user, [hand])
    assert waiting.release(ended(hand)) == [CAT, ANN, BOB]


def test_a_new_request_of_a_user_replaces_the_old() -> None:
    waiting: Deferrals[str] = Deferrals()
    hand = live()
    waiting.defer(ANN, "first", [hand])
    assert waiting.defer(ANN, "second", [hand]) is Deferral.REPLACED
    assert waiting.release(ended(hand)) == ["second"]


def test_the_replaced_request_no_longer_waits_on_its_hands() -> None:
    waiting: Deferrals[str] = Deferrals()
    old, new = live(), live((1, 5, 5, 5))
    waiting.defer(ANN, "first", [old])
    waiting.defer(ANN, "second", [new])
    assert waiting.release(ended(old)) == []


def test_past_the_most_a_request_is_not_kept() -> None:
    waiting: Deferrals[int] = Deferrals(most=2)
    hand = live()
    waiting.defer(ANN, ANN, [hand])
    waiting.defer(BOB, BOB, [hand])
    assert waiting.defer(CAT, CAT, [hand]) is Deferral.FULL
    assert waiting.waits(CAT) is None


def test_a_full_list_still_takes_a_waiting_users_new_request() -> None:
    waiting: Deferrals[str] = Deferrals(most=1)
    hand = live()
    waiting.defer(ANN, "first", [hand])
    assert waiting.defer(ANN, "second", [hand]) is Deferral.REPLACED


def test_the_list_holds_a_thousand_requests() -> None:
    assert (MOST, Deferrals().most) == (1_000, 1_000)


def test_a_request_no_live_hand_holds_is_refused() -> None:
    with pytest.raises(ValueError, match="no live hand"):
        Deferrals[str]().defer(ANN, "3 3 8 8", [ended(live())])


def test_a_sweep_frees_requests_whose_hands_ended_untold() -> None:
    waiting: Deferrals[str] = Deferrals()
    over, on = live(), live((1, 2, 3, 4))
    waiting.defer(ANN, "ann", [over])
    waiting.defer(BOB, "bob", [on])
    over.reveal()  # its end not told
    assert (waiting.sweep(), waiting.waits(BOB)) == (["ann"], "bob")


def test_a_request_held_again_is_refused_after_three_minutes() -> None:
    assert (WAIT_MOST, overdue(0.0, WAIT_MOST - 0.1), overdue(0.0, WAIT_MOST)) == (
        180.0,
        False,
        True,
    )
