"""A Rush run as a chat's game (:mod:`bot.rules.rush.chat_run`), and who plays a shared run,
with a fixed clock and no Telegram."""

from __future__ import annotations

from bot.rules.hands import HandFacts
from bot.rules.rush.chat_run import ChatRush
from bot.rules.rush.run import START_SECONDS, Deal, RushRun

ANN, BOB = 1, 2
HANDS = [(1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)]


def deal_in_turn() -> Deal:
    hands = iter(HANDS * 10)

    def deal(level: int) -> HandFacts:
        return HandFacts(next(hands), 24, True, None, 0, None)

    return deal


def game(now: float = 1000.0, *, shared: bool = False) -> ChatRush:
    return ChatRush.start(7, ANN, "Ann", now, deal_in_turn(), shared=shared)


def test_the_clock_starts_when_the_first_picture_is_shown() -> None:
    rush = game()
    rush.show(1003.0)
    assert rush.started == 1003.0
    assert rush.deadline == 1003.0 + START_SECONDS


def test_a_later_pictures_wait_is_given_back_to_the_clock() -> None:
    rush = game()
    rush.show(1000.0)
    rush.run.answer(ANN, "Ann", "1*2*3*4", 1005.0, deal_in_turn())
    deadline = rush.deadline
    rush.show(1007.0)  # the next picture waited 2 s for the chat's message limit
    assert rush.deadline == deadline + 2.0
    assert rush.run.hand.started == 1007.0


def test_showing_a_hand_again_changes_nothing() -> None:
    rush = game()
    rush.show(1000.0)
    rush.show(1009.0)
    assert rush.deadline == 1000.0 + START_SECONDS


def test_the_alarm_ends_the_run_only_at_its_deadline() -> None:
    rush = game()
    rush.show(1000.0)
    assert not rush.expire(7, 1119.0)
    assert not rush.expire(6, 1121.0)  # another run's alarm
    assert rush.expire(7, 1121.0)
    assert rush.run.ended_at == 1120.0


def test_a_hand_nobody_saw_ends_the_run_where_it_was_dealt() -> None:
    rush = game()
    assert rush.stop()
    assert rush.run.ended_at == 1000.0
    assert not rush.live
    assert not rush.stop()


def test_the_live_hand_and_its_peekers_are_the_current_hands() -> None:
    rush = game()
    rush.show(1000.0)
    rush.peeked.append(BOB)
    rush.run.answer(ANN, "Ann", "1*2*3*4", 1002.0, deal_in_turn())
    assert rush.hand == HANDS[1]
    assert rush.peeked == []


def test_text_that_is_no_attempt_makes_nobody_a_player() -> None:
    run = RushRun.start(ANN, "Ann", 1000.0, deal_in_turn(), shared=True)
    run.answer(BOB, "Bob", "/a x", 1001.0, deal_in_turn())
    assert run.players == {ANN}
