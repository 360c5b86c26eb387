"""Rush's rules, driven with a fixed clock, a seeded random source and no Telegram."""

from __future__ import annotations

import random

import pytest

from bot.rules.hands import HandFacts, LevelTable
from bot.rules.pace import FLOOR
from bot.rules.rated import LEVELS_4_24
from bot.rules.rush.run import (
    CLOCK_MOST,
    DECK,
    LEVEL_STEPS,
    RUN_MOST,
    SKIP_COST,
    SOLVE_BONUS,
    START_SECONDS,
    Refusal,
    RushRun,
    Void,
    best_at_pace,
    level_for,
)
from solver import Code, difficulty

ANN, BOB, CAT = 1, 2, 3
HAND = (1, 2, 3, 4)
RIGHT = "1*2*3*4"


class Dealer:
    """Deals 1 2 3 4 whatever the level, and notes the levels asked for."""

    def __init__(self) -> None:
        self.levels: list[int] = []

    def __call__(self, level: int) -> HandFacts:
        self.levels.append(level)
        return HandFacts(HAND, 24, True, None, 0, None)


def run(now: float = 1000.0, *, shared: bool = False) -> tuple[RushRun, Dealer]:
    deal = Dealer()
    return RushRun.start(ANN, "Ann", now, deal, shared=shared), deal


def test_a_run_starts_with_120_seconds_and_a_level_1_hand() -> None:
    game, deal = run()
    assert game.remaining(1000.0) == START_SECONDS == 120.0
    assert deal.levels == [1]
    assert game.hand.hand == HAND


def test_a_solved_hand_adds_ten_seconds_and_a_point() -> None:
    game, deal = run()
    outcome = game.answer(ANN, "Ann", RIGHT, 1004.0, deal)
    assert outcome.solved
    assert outcome.seconds == 4.0
    assert game.score == 1
    assert game.remaining(1004.0) == 120.0 - 4.0 + SOLVE_BONUS


def test_a_wrong_answer_scores_nothing_and_keeps_the_hand() -> None:
    game, deal = run()
    outcome = game.answer(ANN, "Ann", "1+2+3+4", 1001.0, deal)
    assert outcome.verdict is not None and outcome.verdict.code is Code.WRONG_VALUE
    assert game.score == 0
    assert game.hand.number == 1


def test_a_skip_costs_twenty_seconds_and_deals_the_next_hand() -> None:
    game, deal = run()
    outcome = game.skip(ANN, 1001.0, deal)
    assert outcome.refused is None
    assert game.hand.number == 2
    assert game.remaining(1001.0) == 120.0 - 1.0 - SKIP_COST
    assert game.score == 0


def test_a_skip_never_adds_time_and_can_end_the_run() -> None:
    game, deal = run()
    outcome = game.skip(ANN, 1105.0, deal)  # 15 s left: the skip takes them all
    assert outcome.ended
    assert game.ended
    assert game.remaining(1105.0) == 0.0


def test_an_answer_after_the_end_is_refused() -> None:
    game, deal = run()
    outcome = game.answer(ANN, "Ann", RIGHT, 1120.0, deal)
    assert outcome.refused is Refusal.OVER
    assert game.score == 0


def test_the_run_ends_at_its_deadline_however_late_it_is_noticed() -> None:
    game, _ = run()
    assert game.finish(1500.0)
    assert game.ended_at == 1120.0
    result = game.result(ANN)
    assert result is not None and result.seconds == 120.0


def test_a_skip_after_the_end_is_refused() -> None:
    game, deal = run()
    assert game.skip(ANN, 1121.0, deal).refused is Refusal.OVER


def test_the_same_hand_never_scores_twice() -> None:
    game, deal = run()
    game.answer(ANN, "Ann", RIGHT, 1002.0, deal, hand=1)
    again = game.answer(ANN, "Ann", RIGHT, 1004.0, deal, hand=1)
    assert again.refused is Refusal.STALE
    assert game.score == 1


def test_in_a_shared_run_each_hand_goes_to_the_first_right_answer() -> None:
    game, deal = run(shared=True)
    assert game.answer(BOB, "Bob", RIGHT, 1003.0, deal, hand=1).solved
    late = game.answer(CAT, "Cat", RIGHT, 1003.1, deal, hand=1)
    assert late.refused is Refusal.STALE
    assert game.runners[BOB].score == 1


def test_a_shared_run_ranks_its_players() -> None:
    game, deal = run(shared=True)
    game.answer(BOB, "Bob", RIGHT, 1003.0, deal)
    game.answer(CAT, "Cat", RIGHT, 1005.0, deal)  # 2 s on the second hand
    game.answer(BOB, "Bob", RIGHT, 1010.0, deal)
    game.finish(2000.0)
    assert [name for _, name in ((u, r.name) for u, r in game.ranking())] == ["Bob", "Cat", "Ann"]
    assert [game.result(u).place for u in (BOB, CAT, ANN)] == [1, 2, 3]  # type: ignore[union-attr]


def test_a_members_skip_in_a_shared_run_is_a_vote() -> None:
    game, deal = run(shared=True)
    game.answer(BOB, "Bob", "1+2+3+4", 1000.5, deal)
    outcome = game.skip(BOB, 1001.0, deal)
    assert outcome.refused is Refusal.VOTED
    assert outcome.ballot is not None and outcome.ballot.votes == 1
    assert game.hand.number == 1


def test_two_players_votes_skip_a_shared_runs_hand() -> None:
    game, deal = run(shared=True)
    game.answer(BOB, "Bob", "1+2+3+4", 1000.5, deal)
    game.answer(CAT, "Cat", "4+3+2+1", 1000.6, deal)
    game.skip(BOB, 1001.0, deal)
    assert game.skip(CAT, 1002.0, deal).refused is None
    assert game.hand.number == 2


def test_a_bystanders_stop_counts_for_nothing() -> None:
    game, _ = run(shared=True)
    outcome = game.stop(CAT, 1001.0)
    assert outcome.ballot is not None and not outcome.ballot.counted
    assert not game.ended


def test_the_starter_or_an_admin_stops_a_shared_run_at_once() -> None:
    game, _ = run(shared=True)
    assert game.stop(BOB, 1002.0, admin=True).ended
    assert game.ended_at == 1002.0


def test_nobody_else_skips_or_stops_a_solo_run() -> None:
    game, deal = run()
    assert game.skip(BOB, 1001.0, deal).refused is Refusal.NOT_STARTER
    assert game.stop(BOB, 1001.0).refused is Refusal.NOT_STARTER
    assert game.stop(ANN, 1002.0).ended


def test_a_wrong_no_solution_puts_the_player_out_of_the_hand() -> None:
    game, deal = run()
    assert game.answer(ANN, "Ann", "no solution", 1001.0, deal).out
    assert not game.answer(ANN, "Ann", RIGHT, 1002.0, deal).solved
    assert game.skip(ANN, 1003.0, deal).refused is None
    assert game.answer(ANN, "Ann", RIGHT, 1005.0, deal).solved


def test_a_hands_time_starts_once_when_shown() -> None:
    game, deal = run()
    game.shown(1002.0)
    game.shown(1008.0)  # asked again: the hand's time does not start over
    outcome = game.answer(ANN, "Ann", RIGHT, 1010.0, deal)
    assert outcome.seconds == 8.0


def test_the_result_gives_score_hands_and_the_best_time() -> None:
    game, deal = run()
    game.answer(ANN, "Ann", RIGHT, 1005.0, deal)
    game.answer(ANN, "Ann", RIGHT, 1007.0, deal)
    game.skip(ANN, 1008.0, deal)
    game.finish(2000.0)
    result = game.result(ANN)
    assert result is not None
    assert (result.score, result.best_time, result.hands, result.skips) == (2, 2.0, 4, 1)


def test_no_result_while_the_run_is_on() -> None:
    game, _ = run()
    assert game.result(ANN) is None


@pytest.mark.parametrize(
    ("score", "level"), [(0, 1), (2, 1), (3, 2), (5, 2), (6, 3), (9, 3), (10, 4), (15, 5), (99, 5)]
)
def test_hands_get_harder_as_the_score_grows(score: int, level: int) -> None:
    assert level_for(score) == level


def test_levels_follow_the_run_score() -> None:
    game, deal = run()
    levels = [game.hand.level]
    for n in range(LEVEL_STEPS[1]):
        game.answer(ANN, "Ann", RIGHT, 1002.0 + 2 * n, deal)
        levels.append(game.hand.level)
    assert levels == [1, 1, 1, 2]


def test_the_table_dealer_deals_rated_hands_of_the_level_asked() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    deal = table.dealer(random.Random(7), DECK)
    for level in range(1, 6):
        facts = deal(level)
        assert difficulty(facts.hand, 24).level == level


def test_the_table_dealer_is_repeatable_with_a_seed() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    first = table.dealer(random.Random(3), DECK)(5).hand
    again = table.dealer(random.Random(3), DECK)(5).hand
    assert first == again


DAILY = (2, 6, 6, 12)
"""A level-1 hand (23 November 2026's daily puzzle)."""
SEED_OF_DAILY = 10
"""The first seed whose level-1 draw from the default table is :data:`DAILY` (checked below)."""


def test_the_seed_draws_the_daily_at_level_one() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    assert table.dealer(random.Random(SEED_OF_DAILY), DECK)(1).hand == DAILY


def test_the_table_dealer_deals_no_hand_it_is_told_to_avoid() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    deal = table.dealer(random.Random(SEED_OF_DAILY), DECK, avoid=lambda hand: hand == DAILY)
    assert deal(1).hand != DAILY


def test_the_table_dealer_asks_what_to_avoid_at_each_deal() -> None:
    """A run may cross midnight: the hands to avoid are those of the deal's moment."""
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    after_midnight = False
    rng = random.Random(SEED_OF_DAILY)
    deal = table.dealer(rng, DECK, avoid=lambda hand: after_midnight and hand == DAILY)
    deal(1)
    after_midnight = True
    rng.seed(SEED_OF_DAILY)
    assert deal(1).hand != DAILY


class Cycle:
    """Deals the hands given in order, then the last one for ever."""

    def __init__(self, *hands: tuple[int, ...]) -> None:
        self.hands = list(hands)

    def __call__(self, level: int) -> HandFacts:
        hand = self.hands.pop(0) if len(self.hands) > 1 else self.hands[0]
        return HandFacts(hand, 24, True, None, 0, None)


def test_no_hand_comes_twice_in_a_run() -> None:
    deal = Cycle(HAND, HAND, (2, 3, 4, 6))
    game = RushRun.start(ANN, "Ann", 1000.0, deal)
    game.answer(ANN, "Ann", RIGHT, 1002.0, deal)
    assert game.hand.hand == (2, 3, 4, 6)
    assert game.answer(ANN, "Ann", RIGHT, 1004.0, deal).verdict.code is not Code.CORRECT  # type: ignore[union-attr]


def test_a_hand_comes_again_when_the_dealer_has_no_other() -> None:
    deal = Cycle(HAND)
    game = RushRun.start(ANN, "Ann", 1000.0, deal)
    game.skip(ANN, 1001.0, deal)
    assert game.dealt == [HAND, HAND]


def test_the_clock_never_holds_more_than_three_minutes() -> None:
    game, deal = run()
    now = 1000.0
    for _ in range(12):
        game.shown(now)
        now += 2.0
        game.answer(ANN, "Ann", RIGHT, now, deal)
    assert game.remaining(now) == CLOCK_MOST == 180.0


def test_a_solve_near_the_ceiling_adds_only_what_fits() -> None:
    game, deal = run()
    for n in range(1, 8):  # each hand in 2 s: +8 s a hand, 176 s left after the seventh
        game.answer(ANN, "Ann", RIGHT, 1000.0 + 2 * n, deal)
    outcome = game.answer(ANN, "Ann", RIGHT, 1016.0, deal)
    assert outcome.bonus == 6.0


def test_a_run_ends_after_ten_minutes_of_play_whatever_its_clock() -> None:
    game, deal = run()
    now = 1000.0
    while not game.ended and now < 1000.0 + 2 * RUN_MOST:
        now += 2.0
        game.answer(ANN, "Ann", RIGHT, now, deal)
    result = game.result(ANN)
    assert result is not None
    assert (result.seconds, result.lasted_most) == (RUN_MOST, True)


def test_time_given_back_for_a_waiting_picture_is_no_play() -> None:
    game, _ = run()
    game.give_back(30.0)
    assert game.last_call == 1000.0 + RUN_MOST + 30.0


def test_the_best_at_the_floors_pace_is_what_the_rules_give() -> None:
    game, deal = run()
    now = 1000.0
    while not game.ended:
        game.shown(now)
        now += FLOOR
        if game.answer(ANN, "Ann", RIGHT, now, deal).refused is not None:
            break
    assert game.score == best_at_pace(FLOOR) == 399


def test_a_private_runs_hand_solved_for_someone_else_scores_nothing_with_its_reason() -> None:
    game, deal = run()
    game.hand.peeked.append(BOB)  # the bot gave Bob its solutions while it was played
    outcome = game.answer(ANN, "Ann", RIGHT, 1004.0, deal)
    assert (outcome.void, outcome.solved, game.score) == (Void.GIVEN, False, 0)
    assert game.hand.number == 2  # the next hand


def test_a_given_hand_costs_what_a_skip_costs() -> None:
    game, deal = run()
    before = game.deadline
    game.hand.peeked.append(BOB)
    game.answer(ANN, "Ann", RIGHT, 1004.0, deal)
    assert game.deadline == before - SKIP_COST


def test_a_given_hand_can_end_the_run_as_a_skip_can() -> None:
    game, deal = run()
    game.hand.peeked.append(BOB)
    assert game.answer(ANN, "Ann", RIGHT, game.deadline - 1, deal).ended


def test_a_shared_runs_hand_solved_for_a_lurker_scores_nothing() -> None:
    game, deal = run(shared=True)
    game.hand.peeked.append(BOB)  # a lurker or an outsider was given its solutions
    assert game.answer(ANN, "Ann", RIGHT, 1004.0, deal).void is Void.GIVEN
