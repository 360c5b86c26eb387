"""Challenges: one play per friend on their own clock, and a card that spoils nothing."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bot.rules import challenge as challenge_rules
from bot.rules.challenge import (
    CARD_LINES,
    Challenge,
    ChallengeRefusal,
    ChallengeRefused,
    Challenges,
    Entry,
    Origin,
)
from solver import Code

ANN, BOB, CAT, DAN = 1, 2, 3, 4
HAND = (3, 3, 8, 8)
RIGHT = "8/(3-8/3)"


def made(origin: Origin = Origin.DAILY) -> Challenge:
    """Ann's challenge of 3 3 8 8, solved in 42 s (daily #329 when daily)."""
    daily = 329 if origin is Origin.DAILY else None
    return Challenges().create(
        ANN, "Ann", HAND, 24, 42.0, origin, 1000.0, random.Random(1), daily=daily
    )


def refusal(action: object) -> ChallengeRefusal:
    assert callable(action)
    with pytest.raises(ChallengeRefused) as refused:
        action()
    return refused.value.reason


def test_a_friend_plays_on_their_own_clock() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0)
    wrong = challenge.answer(BOB, "3+3+8+8", 2010.0)
    assert wrong.verdict.code is Code.WRONG_VALUE
    assert wrong.play.misses == 1
    right = challenge.answer(BOB, RIGHT, 2030.5)
    assert right.play.seconds == 30.5


def test_no_replay_to_improve_a_time() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0)
    challenge.answer(BOB, RIGHT, 2030.0)
    assert refusal(lambda: challenge.play(BOB, "Bob", 3000.0)) is ChallengeRefusal.PLAYED
    assert refusal(lambda: challenge.answer(BOB, RIGHT, 3001.0)) is ChallengeRefusal.PLAYED
    assert challenge.plays[BOB].seconds == 30.0


def test_giving_up_is_final_too() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0)
    challenge.give_up(BOB)
    assert refusal(lambda: challenge.play(BOB, "Bob", 2100.0)) is ChallengeRefusal.PLAYED


def test_opening_it_again_keeps_the_clock_running() -> None:
    challenge = made()
    first = challenge.play(BOB, "Bob", 2000.0)
    assert challenge.play(BOB, "Bob", 2500.0) is first
    assert challenge.answer(BOB, RIGHT, 2600.0).play.seconds == 600.0


def test_the_setter_does_not_play_their_own_challenge() -> None:
    challenge = made()
    assert refusal(lambda: challenge.play(ANN, "Ann", 2000.0)) is ChallengeRefusal.SETTER


def test_an_answer_needs_an_open_play() -> None:
    challenge = made()
    assert refusal(lambda: challenge.answer(CAT, RIGHT, 2000.0)) is ChallengeRefusal.NOT_PLAYING


def test_the_card_shows_times_but_no_cards_or_solution() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0)
    challenge.play(CAT, "Cat", 2000.0)
    challenge.play(DAN, "Dan", 2000.0)
    challenge.answer(CAT, RIGHT, 2020.0)
    challenge.give_up(BOB)
    card = challenge.card()
    assert card.setter_name == "Ann"
    assert card.setter_seconds == 42.0
    assert (card.origin, card.daily) == (Origin.DAILY, 329)
    assert card.entries == (
        Entry("Cat", 20.0, True),
        Entry("Bob", None, True),
        Entry("Dan", None, False),
    )
    names = {f.name for f in dataclasses.fields(card)}
    assert names == {"setter_name", "setter_seconds", "origin", "daily", "entries", "more"}


def test_the_card_lists_the_fastest_and_counts_the_rest() -> None:
    challenge = made(Origin.PRACTICE)
    for friend in range(10, 10 + CARD_LINES + 3):
        challenge.play(friend, f"P{friend}", 0.0)
        challenge.answer(friend, RIGHT, 100.0 - friend)
    card = challenge.card()
    assert card.daily is None
    assert len(card.entries) == CARD_LINES
    assert card.entries[0] == Entry("P22", 78.0, True)
    assert card.more == 3


def test_a_challenge_takes_a_bounded_number_of_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(challenge_rules, "MOST_PLAYS", 1)
    challenge = made()
    challenge.play(BOB, "Bob", 0.0)
    assert refusal(lambda: challenge.play(CAT, "Cat", 0.0)) is ChallengeRefusal.FULL


def test_challenges_are_found_by_token_and_the_oldest_go(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(challenge_rules, "CHALLENGES_KEPT", 2)
    challenges = Challenges()
    rng = random.Random(1)
    tokens = [
        challenges.create(ANN, "Ann", HAND, 24, 9.0, Origin.PRACTICE, float(t), rng).token
        for t in range(3)
    ]
    assert challenges.get(tokens[2]).created == 2.0
    assert refusal(lambda: challenges.get(tokens[0])) is ChallengeRefusal.NOT_FOUND
    assert challenges.take_dropped() == [tokens[0]]  # for the saver to delete its row
    assert challenges.take_dropped() == []


def test_a_daily_challenge_names_its_puzzle() -> None:
    with pytest.raises(ValueError, match="number"):
        Challenges().create(ANN, "Ann", HAND, 24, 9.0, Origin.DAILY, 0.0, random.Random(1))


def test_one_solve_makes_one_challenge() -> None:
    challenges = Challenges()
    rng = random.Random(1)
    first = challenges.create(ANN, "Ann", HAND, 24, 9.0, Origin.PRACTICE, 0.0, rng, token="abc")
    again = challenges.create(ANN, "Ann", HAND, 24, 9.0, Origin.PRACTICE, 5.0, rng, token="abc")
    assert again is first
    assert list(challenges.challenges) == ["abc"]


def test_a_setter_keeps_a_bounded_number(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(challenge_rules, "SETTER_KEPT", 2)
    challenges = Challenges()
    rng = random.Random(1)
    bob = challenges.create(BOB, "Bob", HAND, 24, 9.0, Origin.PRACTICE, 0.0, rng).token
    anns = [
        challenges.create(ANN, "Ann", HAND, 24, 9.0, Origin.PRACTICE, float(t), rng).token
        for t in range(3)
    ]
    assert list(challenges.challenges) == [bob, *anns[1:]]
    assert challenges.take_dropped() == [anns[0]]


def test_a_friend_plays_one_challenge_at_a_time() -> None:
    challenges = Challenges()
    rng = random.Random(1)
    one = challenges.create(ANN, "Ann", HAND, 24, 9.0, Origin.PRACTICE, 0.0, rng)
    two = challenges.create(CAT, "Cat", HAND, 24, 9.0, Origin.PRACTICE, 0.0, rng)
    challenges.play(one.token, BOB, "Bob", 1.0)
    assert challenges.open_play(BOB) is one
    assert refusal(lambda: challenges.play(two.token, BOB, "Bob", 2.0)) is ChallengeRefusal.BUSY
    one.give_up(BOB)
    assert challenges.open_play(BOB) is None
    assert challenges.play(two.token, BOB, "Bob", 3.0)[0] is two


def test_a_daily_play_takes_the_attempts_time() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0, daily=True)
    assert refusal(lambda: challenge.answer(BOB, RIGHT, 2010.0)) is ChallengeRefusal.DAILY
    assert challenge.finish(BOB, 33.5).seconds == 33.5
    assert refusal(lambda: challenge.finish(BOB, 20.0)) is ChallengeRefusal.PLAYED


def test_a_round_play_is_not_finished_as_a_daily_one() -> None:
    challenge = made()
    challenge.play(BOB, "Bob", 2000.0)
    assert refusal(lambda: challenge.finish(BOB, 1.0)) is ChallengeRefusal.NOT_PLAYING


def test_the_latest_shared_messages_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(challenge_rules, "MOST_SHARED", 2)
    challenge = made()
    assert [challenge.share(i) for i in ("a", "b", "a", "c")] == [True, True, False, True]
    assert challenge.inline_message_ids == ["b", "c"]


def test_a_friend_given_its_solutions_after_it_was_opened_plays_off_the_card() -> None:
    challenge = made()
    assert not challenge.note_given(CAT, 1.0)  # nobody opened it: its cards are the setter's
    challenge.play(BOB, "Bob", 2.0)
    assert challenge.note_given(CAT, 3.0)  # Bob's cards are out: Cat asked the bot for them
    assert not challenge.note_given(BOB, 4.0)  # Bob plays it already: refused it meanwhile
    play = challenge.play(CAT, "Cat", 5.0)
    challenge.answer(CAT, RIGHT, 6.0)
    assert play.unranked
    # Bob's play was open when Cat was given them (issue #38, round 2): off the card too.
    assert challenge.plays[BOB].given_while_open
    assert [entry.name for entry in challenge.card().entries] == []
