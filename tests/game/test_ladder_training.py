"""The ladder's training rules: the hands it deals, their keys read back, a hand's level
learned from play, and a training's next hand."""

from __future__ import annotations

from bot.rules.hand_records import hand_key
from bot.rules.hands import LevelTable, facts_job, relevel_job
from bot.rules.ladder.model import SLOW, prior_of_level
from bot.rules.ladder.puzzle_rating import HandRating, Ladder
from bot.rules.ladder.training import (
    LEARNED_RESULTS,
    Training,
    hand_of_key,
    learned_level,
    learned_levels,
    level_of,
    pool,
    prior_of,
)
from bot.rules.rated import LEVELS_4_24


def test_the_pool_holds_every_solvable_hand_of_four_for_24() -> None:
    assert len(pool()) == 1362


def test_a_hands_prior_is_its_models_level() -> None:
    assert prior_of((3, 8, 3, 8)) == prior_of_level(level_of((3, 3, 8, 8)) or 3)


def test_a_key_reads_back_as_its_hand() -> None:
    assert hand_of_key(hand_key((8, 3, 8, 3), 24)) == (3, 3, 8, 8)


def test_a_key_of_another_target_reads_as_none() -> None:
    assert hand_of_key("3 3 8 8=10") is None


def test_a_key_that_does_not_read_is_none() -> None:
    assert hand_of_key("3 x 8 8=24") is None


def test_a_hand_with_few_results_keeps_the_models_level() -> None:
    ladder = Ladder({"3 3 8 8=24": HandRating(prior_of_level(1), results=LEARNED_RESULTS - 1)})
    assert learned_level(ladder, (3, 3, 8, 8), 24, 5) == 5


def test_a_hand_with_enough_results_takes_its_learned_level() -> None:
    ladder = Ladder({"3 3 8 8=24": HandRating(prior_of_level(1), results=LEARNED_RESULTS)})
    assert learned_level(ladder, (3, 3, 8, 8), 24, 5) == 1


def test_a_learned_level_stays_within_the_scale() -> None:
    ladder = Ladder({"3 3 8 8=24": HandRating(99.0, results=LEARNED_RESULTS)})
    assert learned_level(ladder, (3, 3, 8, 8), 24, 3) == 5


def test_a_hand_of_no_level_keeps_none() -> None:
    ladder = Ladder({"3 3 8 8=24": HandRating(25.0, results=LEARNED_RESULTS)})
    assert learned_level(ladder, (3, 3, 8, 8), 24, None) is None


def test_the_next_hand_is_timed_and_numbered() -> None:
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    training = Training()
    training.next_round(facts, 10.0, 7, review=True)
    game = training.next_round(facts, 20.0, 7, review=False)
    assert (game.number, game.time_limit, game.starter, training.reviewing) == (2, SLOW, 7, False)


def test_learned_levels_are_those_of_hands_with_enough_results() -> None:
    ladder = Ladder()
    ladder.hands[hand_key((3, 3, 8, 8), 24)] = HandRating(
        prior_of_level(1), results=LEARNED_RESULTS
    )
    ladder.hands[hand_key((1, 2, 3, 4), 24)] = HandRating(prior_of_level(5), results=3)
    assert learned_levels(ladder) == {(4, 24): {(3, 3, 8, 8): 1}}


def test_a_rebuilt_table_takes_a_learned_level() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    rebuilt = LevelTable.from_text(4, 24, relevel_job(4, table.text(), (((3, 3, 8, 8), 1),)))
    assert rebuilt.levels[(3, 3, 8, 8)] == 1


def test_a_rebuilt_table_keeps_every_other_level() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    rebuilt = LevelTable.from_text(4, 24, relevel_job(4, table.text(), (((3, 3, 8, 8), 1),)))
    assert {h: v for h, v in rebuilt.levels.items() if h != (3, 3, 8, 8)} == {
        h: v for h, v in table.levels.items() if h != (3, 3, 8, 8)
    }


def test_a_hand_with_no_solution_stays_unsolvable_whatever_it_is_given() -> None:
    table = LevelTable.from_text(4, 24, LEVELS_4_24)
    assert relevel_job(4, table.text(), (((1, 1, 1, 1), 1),)) == table.text()
