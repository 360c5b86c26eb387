"""Hands of other card counts and targets on the ladder's ratings: rated from the model's
level of their own table, learned levels by card count and target, and the player's puzzle
rating moved by four cards for 24 only (docs/design-ladder.md, *Other card counts and
targets*)."""

from __future__ import annotations

import datetime as dt

from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import prior_of_level
from bot.rules.ladder.puzzle_rating import (
    ESTABLISHED_DAYS,
    ESTABLISHED_RESULTS,
    HandRating,
    Ladder,
    PuzzlePlayer,
)
from bot.rules.ladder.training import (
    LEARNED_RESULTS,
    key_of,
    learned_level,
    learned_levels,
    prior_of,
    rates_player,
)

DAY = dt.date(2026, 12, 2)
FIVE = (1, 2, 3, 4, 5)
ANN = 1


def established() -> Ladder:
    return Ladder(
        players={ANN: PuzzlePlayer(results=ESTABLISHED_RESULTS, solve_days=ESTABLISHED_DAYS)}
    )


def test_a_key_of_five_cards_reads_back() -> None:
    assert key_of(hand_key((5, 4, 3, 2, 1), 10)) == (FIVE, 10)


def test_a_key_that_does_not_read_is_none() -> None:
    assert key_of("1 2 x=10") is None


def test_a_prior_follows_the_level_given() -> None:
    assert prior_of(FIVE, 5) == prior_of_level(5)


def test_a_hand_of_no_level_has_level_3s_prior() -> None:
    assert prior_of(FIVE) == prior_of_level(3)


def test_only_four_cards_for_24_rate_the_player() -> None:
    assert [
        rates_player((1, 2, 3, 4), 24),
        rates_player(FIVE, 24),
        rates_player((1, 2, 3, 4), 10),
    ] == [
        True,
        False,
        False,
    ]


def test_a_five_card_attempt_moves_the_hand() -> None:
    ladder = established()
    change = ladder.record(
        ANN, FIVE, 24, 60.0, day=DAY, prior=prior_of_level(1), floor=1.0, rates_player=False
    )
    assert change.hand_moved


def test_a_five_card_attempt_leaves_the_puzzle_rating() -> None:
    ladder = established()
    ladder.record(
        ANN, FIVE, 24, 60.0, day=DAY, prior=prior_of_level(1), floor=1.0, rates_player=False
    )
    assert ladder.players[ANN].mu == PuzzlePlayer().mu


def test_a_five_card_attempt_adds_no_result_of_the_players() -> None:
    ladder = established()
    ladder.record(
        ANN, FIVE, 24, 60.0, day=DAY, prior=prior_of_level(1), floor=1.0, rates_player=False
    )
    assert ladder.players[ANN].results == ESTABLISHED_RESULTS


def test_a_five_card_attempt_under_the_floor_counts_for_nothing() -> None:
    ladder = established()
    change = ladder.record(
        ANN, FIVE, 24, 0.5, day=DAY, prior=prior_of_level(1), floor=1.0, rates_player=False
    )
    assert not change.hand_moved


def test_a_new_players_five_card_attempt_moves_no_hand() -> None:
    ladder = Ladder()
    change = ladder.record(
        ANN, FIVE, 24, 60.0, day=DAY, prior=prior_of_level(1), floor=1.0, rates_player=False
    )
    assert not change.hand_moved


def test_a_race_at_five_cards_leaves_the_puzzle_rating() -> None:
    ladder = established()
    ladder.outpaced([ANN], FIVE, 24, 30.0, prior=prior_of_level(5), rates_player=False)
    assert ladder.players[ANN].mu == PuzzlePlayer().mu


def test_learned_levels_come_by_card_count_and_target() -> None:
    ladder = Ladder(
        {
            hand_key(FIVE, 10): HandRating(prior_of_level(5), results=LEARNED_RESULTS),
            hand_key((3, 3, 8, 8), 24): HandRating(prior_of_level(1), results=LEARNED_RESULTS),
        }
    )
    assert learned_levels(ladder) == {(5, 10): {FIVE: 5}, (4, 24): {(3, 3, 8, 8): 1}}


def test_a_five_card_hand_with_enough_results_has_its_learned_level() -> None:
    ladder = Ladder({hand_key(FIVE, 10): HandRating(prior_of_level(5), results=LEARNED_RESULTS)})
    assert learned_level(ladder, FIVE, 10, 1) == 5
