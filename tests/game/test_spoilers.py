"""Live hands: which groups' rounds a request's numbers would spoil."""

from __future__ import annotations

from fractions import Fraction

from bot.rules.countdown import Countdown
from bot.rules.rounds import Round
from bot.rules.spoilers import (
    HandIndex,
    LiveHands,
    holds,
    peek,
    peeked,
    shared,
    shares,
    shares_any,
)

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


def countdown(numbers: tuple[int, ...] = (3, 3, 7, 10, 25, 100), target: int = 537) -> Countdown:
    return Countdown(1, numbers, target, 0.0, 30)


def test_part_of_a_countdowns_numbers_with_its_target_is_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((100, 25, 7), 537) == [GROUP]


def test_two_of_a_countdowns_numbers_with_another_big_target_are_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((100, 3, 1, 2), 530) == [GROUP]


def test_a_number_drawn_twice_pairs_with_itself() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((3, 3, 1), 200) == [GROUP]


def test_one_number_shared_with_a_countdown_is_free() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((100, 1, 2, 4), 537) == []


def test_a_24_game_hand_with_two_of_a_countdowns_numbers_is_free() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((3, 7, 1, 2), 24) == []


def test_three_of_a_countdowns_numbers_with_a_small_target_are_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((3, 3, 7, 10), 24) == [GROUP]


def test_all_six_numbers_spoil_a_countdown_whatever_the_target() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    assert hands.chats_spoiled((3, 3, 7, 10, 25, 100), 24) == [GROUP]


def test_parts_of_a_rounds_hand_are_free() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 3, 8, 8)))
    assert hands.chats_spoiled((3, 8), 200) == []


def test_a_countdown_that_is_over_is_forgotten_with_its_parts() -> None:
    hands = LiveHands()
    game = countdown()
    hands.add(GROUP, game, parts_from=101)
    game.stop()
    assert hands.chats_spoiled((100, 25), 537) == []
    assert len(hands) == 0


def test_a_countdown_of_a_group_that_became_a_supergroup_keeps_its_parts() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    hands.move(GROUP, OTHER)
    assert hands.chats_spoiled((100, 25), 537) == [OTHER]


def test_a_player_given_a_live_hands_solutions_is_marked_in_its_game() -> None:
    game = _Peekable((3, 3, 8, 8))
    assert peek(game, 7)
    assert not peek(game, 7)  # marked already: nothing to save again
    assert game.peeked == [7]
    assert peeked(game, 7)
    assert not peeked(game, 8)
    game.live = False
    peek(game, 9)  # after its end, solutions spoil nothing
    assert game.peeked == [7]
    assert not peeked(game, 7)


class _Peekable:
    def __init__(self, hand: tuple[int, ...]) -> None:
        self.hand = hand
        self.live = True
        self.peeked: list[int] = []


class Changing:
    """A game whose hand changes while it is on (a Rush run's)."""

    def __init__(self, hand: tuple[int, ...]) -> None:
        self.hand = hand
        self.live = True
        self.peeked: list[int] = []


def test_a_game_added_again_with_a_new_hand_leaves_its_old_hand_free() -> None:
    hands = LiveHands()
    game = Changing((3, 3, 8, 8))
    hands.add(GROUP, game)
    game.hand = (1, 2, 3, 4)
    hands.add(GROUP, game)
    assert hands.chats_holding((3, 3, 8, 8)) == []
    assert hands.chats_holding((1, 2, 3, 4)) == [GROUP]


def test_a_players_own_game_is_found_as_their_private_chat() -> None:
    hands = LiveHands()
    hands.add(501, live((1, 2, 3, 4)))  # their private round
    challenge = live((3, 3, 8, 8))
    hands.add_player(501, challenge)
    assert hands.chats_holding((8, 3, 8, 3)) == [501]
    assert hands.chats_holding((1, 2, 3, 4)) == [501]
    assert hands.game(501) is not challenge  # the chat's own game stays its game


def test_a_players_own_game_is_dropped_when_over() -> None:
    hands = LiveHands()
    challenge = live((3, 3, 8, 8))
    hands.add_player(501, challenge)
    challenge.reveal()
    assert hands.chats_holding((3, 3, 8, 8)) == []
    hands.add_player(502, live((3, 3, 8, 8)))
    hands.drop_player(502)
    assert hands.chats_holding((3, 3, 8, 8)) == []


def test_a_players_own_games_of_two_kinds_both_stay_live() -> None:
    hands = LiveHands()
    hands.add_player(501, live((3, 3, 8, 8)), kind="challenge")
    hands.add_player(501, live((1, 2, 3, 4)), kind="rush page")
    assert hands.chats_holding((3, 3, 8, 8)) == [501]
    assert hands.chats_holding((1, 2, 3, 4)) == [501]


def test_numbers_sharing_three_cards_with_one_of_several_hands() -> None:
    assert shares_any((6, 6, 12), [(3, 3, 8, 8), (2, 6, 6, 12)])


def test_numbers_sharing_two_cards_with_each_of_several_hands() -> None:
    assert not shares_any((3, 6, 8, 12), [(3, 3, 8, 8), (2, 6, 6, 12)])


# The share rule: three cards of a live hand spoil it, whatever the target.


def test_three_cards_of_a_hand_share_it() -> None:
    assert shares((2, 8, 12), (2, 8, 12, 12))


def test_two_cards_of_a_hand_do_not_share_it() -> None:
    assert not shares((2, 12, 5), (2, 8, 12, 12))


def test_a_card_dealt_twice_counts_twice_when_asked_twice() -> None:
    assert shared((6, 6, 12), (2, 6, 6, 12)) == 3


def test_a_card_asked_twice_counts_once_when_dealt_once() -> None:
    assert shared((12, 12, 6), (2, 6, 6, 12)) == 2


def test_a_card_dealt_twice_counts_once_when_asked_once() -> None:
    assert shared((6, 5, 5), (2, 6, 6, 12)) == 1


def test_a_pair_dealt_and_asked_with_another_number_shares_two() -> None:
    assert not shares((6, 6, 5), (2, 6, 6, 12))


def test_a_hand_of_fewer_than_three_cards_is_shared_by_holding_it() -> None:
    assert shares((7, 1), (7,))


def test_three_cards_of_a_live_hand_with_another_target_are_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 8, 12, 12)))
    assert hands.chats_spoiled((2, 8, 12), 2) == [GROUP]


def test_three_cards_of_a_live_hand_among_other_numbers_are_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 8, 12, 12)))
    assert hands.chats_spoiled((2, 8, 12, 5), 7) == [GROUP]


def test_a_card_dealt_twice_asked_twice_is_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 6, 6, 12)))
    assert hands.chats_spoiled((6, 6, 12), 12) == [GROUP]


def test_a_card_dealt_twice_asked_with_another_number_is_free() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 6, 6, 12)))
    assert hands.chats_spoiled((6, 6, 5), 24) == []


def test_two_cards_of_a_live_hand_among_many_numbers_are_free() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 6, 6, 12)))
    assert hands.chats_spoiled((2, 6, 1, 3, 4, 5, 7, 8), 24) == []


def test_the_live_hand_itself_with_another_target_is_found() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 4, 6, 9)))
    assert hands.chats_spoiled((2, 4, 6, 9), Fraction(1, 24)) == [GROUP]


def test_three_cards_with_many_more_numbers_are_checked_hand_by_hand() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((3, 5, 8, 8)))
    assert hands.chats_spoiled((*range(9, 40), 3, 8, 8), 24) == [GROUP]


def test_what_a_request_spoils_says_whether_it_holds_the_hand() -> None:
    hands = LiveHands()
    hands.add(GROUP, live((2, 8, 12, 12)))
    hands.add(OTHER, live((1, 2, 8, 12)))
    held = {spoiled.chat_id: spoiled.held for spoiled in hands.spoiled((1, 2, 8, 12), 24)}
    assert held == {GROUP: False, OTHER: True}


def test_three_cards_of_a_players_own_game_are_found_as_their_private_chat() -> None:
    hands = LiveHands()
    hands.add_player(501, live((2, 8, 12, 12)), kind="challenge")
    assert hands.chats_spoiled((12, 2, 8), 2) == [501]


def test_three_cards_of_a_players_own_game_are_told_as_their_own() -> None:
    hands = LiveHands()
    hands.add_player(501, live((2, 8, 12, 12)), kind="rush page")
    assert [spoiled.own for spoiled in hands.spoiled((12, 2, 8), 2)] == [True]


def test_two_cards_of_a_players_own_game_are_free() -> None:
    hands = LiveHands()
    hands.add_player(501, live((2, 8, 12, 12)), kind="challenge")
    assert hands.chats_spoiled((12, 2, 5), 2) == []


def test_a_players_own_game_whose_hand_changed_leaves_its_old_cards_free() -> None:
    hands = LiveHands()
    run = Changing((2, 8, 12, 12))
    hands.add_player(501, run, kind="rush page")
    run.hand = (1, 3, 4, 5)
    hands.add_player(501, run, kind="rush page")
    assert hands.chats_spoiled((2, 8, 12), 2) == []


def test_three_of_a_countdowns_numbers_with_a_small_target_mark_no_other_game() -> None:
    hands = LiveHands()
    hands.add(GROUP, countdown(), parts_from=101)
    hands.add(OTHER, live((1, 2, 3, 4)))
    assert hands.chats_spoiled((25, 100, 7), 24) == [GROUP]


def test_a_hand_index_finds_hands_by_three_cards_and_forgets_them() -> None:
    index = HandIndex()
    index.add("a", (2, 8, 12, 12))
    index.add("b", (1, 5, 5, 13))
    assert index.sharing((12, 8, 2, 7)) == ["a"]
    assert index.sharing((2, 8, 5, 5)) == []  # two cards of each
    index.drop("a")
    assert index.sharing((2, 8, 12, 12)) == []
    assert len(index) == 1


def test_a_hand_refused_to_everyone_stays_so_when_its_group_moves() -> None:
    hands = LiveHands()
    hands.kept_from_everyone.add("duel hand")
    hands.add(GROUP, Round(1, (2, 8, 12, 12), 24, 0.0), kind="duel hand")
    hands.add(OTHER, Round(1, (2, 8, 12, 12), 24, 0.0), kind="round")
    hands.move(GROUP, -300)  # a group upgraded to a supergroup
    found = {spoiled.chat_id: spoiled.everyone for spoiled in hands.spoiled((2, 8, 12), 2)}
    assert found == {-300: True, OTHER: False}
