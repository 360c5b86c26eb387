"""Live hands: which groups' rounds a request's numbers would spoil."""

from __future__ import annotations

from fractions import Fraction

from bot.game.rounds import Round
from bot.game.spoilers import LiveHands, holds

GROUP, OTHER = -100, -200


def live(hand: tuple[int, ...]) -> Round:
    return Round(1, hand, 24, 0.0)


def test_numbers_hold_a_hand_in_any_order() -> None:
    assert holds((8, 3, 8, 3), (3, 3, 8, 8))


def test_numbers_must_hold_each_card_as_often_as_dealt() -> None:
    assert not holds((3, 8, 8, 1), (3, 3, 8, 8))


def test_the_live_hand_itself_is_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    assert hands.chats_holding((8, 3, 8, 3)) == [GROUP]


def test_numbers_holding_the_hand_among_others_are_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((4, 6, 7, 12)))
    assert hands.chats_holding((12, 6, 7, 4, 1)) == [GROUP]


def test_a_whole_number_written_as_a_fraction_counts() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((4, 6, 7, 12)))
    assert hands.chats_holding((Fraction(12), 6, 7, 4)) == [GROUP]


def test_other_numbers_find_nothing() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    assert hands.chats_holding((3, 8, 8, 1)) == []


def test_a_round_that_is_over_is_no_longer_live() -> None:
    hands = LiveHands()
    game = live((3, 3, 8, 8))
    hands.add(GROUP, game)
    game.reveal()
    assert hands.chats_holding((3, 3, 8, 8)) == []


def test_a_round_that_is_over_is_forgotten() -> None:
    hands = LiveHands()
    game = live((3, 3, 8, 8))
    hands.add(GROUP, game)
    game.reveal()
    hands.chats_holding((3, 3, 8, 8))
    assert len(hands) == 0


def test_a_new_deal_replaces_the_chats_hand() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    hands.add(GROUP, live((1, 2, 3, 4)))
    assert hands.chats_holding((3, 3, 8, 8)) == []


def test_every_group_playing_the_hand_is_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    hands.add(OTHER, live((8, 8, 3, 3)))
    assert sorted(hands.chats_holding((3, 3, 8, 8))) == [OTHER, GROUP]


def test_many_numbers_against_few_live_hands_are_checked_hand_by_hand() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    assert hands.chats_holding((*range(1, 31), 3, 8)) == [GROUP]


def test_a_group_that_became_a_supergroup_keeps_its_live_hand() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    hands.move(GROUP, OTHER)
    assert hands.chats_holding((3, 3, 8, 8)) == [OTHER]
