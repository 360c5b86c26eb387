"""Level tables, deal odds and hand facts: the work done before a hand is dealt."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest

from bot.rules.hands import (
    LABEL_LEVELS,
    LevelTable,
    deal_weight,
    draw_unrated,
    facts_job,
    read_solutions,
    solutions_job,
)
from bot.rules.rated import LEVELS_4_24
from solver import daily, daily_pools, difficulty, is_solvable, solve
from solver.decks import hands
from tests.rated_levels import rated_levels


@cache
def table_24() -> LevelTable:
    """The table the bot's own job rates (:func:`~bot.rules.hands.rate_job`), rated once for
    this code (kept between runs)."""
    return LevelTable.from_text(4, 24, rated_levels(4, 24))


def test_the_table_gives_every_hand_the_level_the_rating_function_gives() -> None:
    table = table_24()
    for hand in list(hands((1, 13), 4))[::37]:
        expected = difficulty(hand, 24).level if is_solvable(hand, 24) else 0
        assert table.levels[hand] == expected, hand


def test_the_kept_default_table_is_the_rated_one() -> None:
    assert table_24().text() == LEVELS_4_24


def test_the_table_counts_the_solvable_hands() -> None:
    assert len([level for level in table_24().levels.values() if level]) == 1362


def test_a_table_reads_back_from_its_text() -> None:
    table = table_24()
    assert LevelTable.from_text(4, 24, table.text()).levels == table.levels


def test_a_text_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(ValueError):
        LevelTable.from_text(4, 24, "123")


def test_the_daily_schedule_is_its_own_frozen_table_not_the_rating() -> None:
    """A day's puzzle never changes with the rating: the schedule keeps its own levels."""
    assert daily_pools() != daily_pools(table_24().levels)


def test_a_daily_puzzle_is_the_one_it_always_was() -> None:
    import datetime as dt

    assert daily(dt.date(2026, 11, 23)) == (2, 6, 6, 12)  # as every release has dealt it


def test_a_deal_weight_counts_the_suits() -> None:
    assert deal_weight((1, 2, 3, 4)) == 256  # four suits for each of four ranks


def test_a_pair_is_dealt_less_often_than_distinct_ranks() -> None:
    assert deal_weight((1, 1, 2, 3)) == 6 * 4 * 4


def test_drawn_hands_have_the_wanted_level() -> None:
    rng = random.Random(1)
    table = table_24()
    drawn = [table.draw(rng, (1, 13), LABEL_LEVELS["easy"]) for _ in range(200)]
    assert {table.levels[hand] for hand in drawn if hand} <= {1, 2}


def test_drawn_hands_stay_within_the_deck() -> None:
    rng = random.Random(2)
    drawn = [table_24().draw(rng, (1, 10), None) for _ in range(200)]
    assert [hand for hand in drawn if hand and max(hand) > 10] == []


def test_drawn_hands_follow_the_deal_odds() -> None:
    # Among hands of 1 to 2 (five of them), 1 1 2 2 is dealt 36 times for every one of
    # 1 1 1 1: C(4,2)² against C(4,4).
    table = LevelTable(4, 24, {h: 1 for h in hands((1, 2), 4)})
    rng = random.Random(3)
    counts = Counter(table.draw(rng, (1, 2), None) for _ in range(20_000))
    assert counts[(1, 1, 2, 2)] > 20 * counts[(1, 1, 1, 1)]


def test_no_hand_of_a_level_gives_none() -> None:
    table = LevelTable(4, 24, {h: 0 for h in hands((1, 13), 4)})
    assert table.draw(random.Random(4), (1, 13), LABEL_LEVELS["easy"]) is None


def test_unrated_hands_are_sorted_and_from_the_deck() -> None:
    drawn = draw_unrated(random.Random(5), (1, 10), 6, 10)
    assert [hand for hand in drawn if list(hand) != sorted(hand)] == []
    assert [hand for hand in drawn if max(hand) > 10] == []


def test_facts_carry_the_solutions_and_hints() -> None:
    facts = facts_job([(3, 3, 8, 8)], 24, True)
    assert facts is not None
    assert facts.solutions == ("8÷(3−8÷3)",)
    assert facts.count == 1
    assert facts.hints is not None
    assert len(facts.hints) == 3


def test_facts_skip_candidates_with_no_solution() -> None:
    facts = facts_job([(1, 1, 1, 1), (3, 3, 8, 8)], 24, True)
    assert facts is not None
    assert facts.hand == (3, 3, 8, 8)


def test_facts_of_an_unsolvable_hand_when_allowed() -> None:
    facts = facts_job([(1, 1, 1, 1)], 24, False)
    assert facts is not None
    assert not facts.solvable
    assert facts.count == 0
    assert facts.hints == ()


def test_facts_count_every_solution_but_keep_a_few() -> None:
    facts = facts_job([(1, 2, 3, 4, 5, 6)], 24, True)
    assert facts is not None
    assert facts.count == len(solve((1, 2, 3, 4, 5, 6)))
    assert facts.solutions is not None
    assert len(facts.solutions) == 11


def test_facts_can_leave_the_solutions_for_later() -> None:
    facts = facts_job([(1, 2, 3, 4, 5, 6)], 24, True, False)
    assert facts is not None
    assert facts.solutions is None


def test_facts_can_leave_the_hints_for_later() -> None:
    facts = facts_job([(1, 2, 3, 4, 5, 6)], 24, True, False)
    assert facts is not None
    assert facts.hints is None


def test_the_kept_solutions_are_the_solvers() -> None:
    facts = read_solutions(3, 10, solutions_job(3, 10))
    assert facts[(1, 2, 7)].solutions == tuple(s.pretty for s in solve((1, 2, 7), 10)[:11])


def test_the_kept_solutions_count_every_solution() -> None:
    facts = read_solutions(3, 10, solutions_job(3, 10))
    assert facts[(1, 2, 7)].count == len(solve((1, 2, 7), 10))


def test_a_text_that_is_not_a_solutions_table_is_refused() -> None:
    with pytest.raises(ValueError):
        read_solutions(3, 10, solutions_job(3, 24))


DAILY = (2, 6, 6, 12)
"""A level-1 hand (23 November 2026's daily puzzle) that draws are asked to avoid."""
FULL_DECK = (1, 13)


def seed_drawing(hand: tuple[int, ...], wanted: frozenset[int] | None = None) -> int:
    """The first seed whose random source draws ``hand`` from the default table."""
    return next(
        seed
        for seed in itertools.count()
        if table_24().draw(random.Random(seed), FULL_DECK, wanted) == hand
    )


def avoiding(*hands: tuple[int, ...]) -> Callable[[tuple[int, ...]], bool]:
    """What tells draws to avoid ``hands``."""
    return lambda hand: hand in hands


def test_a_draw_that_falls_on_an_avoided_hand_gives_another() -> None:
    seed = seed_drawing(DAILY)
    assert table_24().draw(random.Random(seed), FULL_DECK, None, avoid=avoiding(DAILY)) != DAILY


def test_the_hand_drawn_instead_is_the_next_draw_that_is_not_avoided() -> None:
    """A deck dealt again: the others keep their odds to each other."""
    seed = seed_drawing(DAILY)
    rng = random.Random(seed)
    draws = iter(lambda: table_24().draw(rng, FULL_DECK, None), None)
    expected = next(hand for hand in draws if hand != DAILY)
    assert table_24().draw(random.Random(seed), FULL_DECK, None, avoid=avoiding(DAILY)) == expected


def test_a_draw_that_misses_the_avoided_hands_is_the_draw_without_them() -> None:
    """The common path: one number of the random source, as before."""
    draws = [table_24().draw(random.Random(seed), FULL_DECK, None) for seed in range(50)]
    avoid = avoiding(DAILY)
    avoided = [
        table_24().draw(random.Random(seed), FULL_DECK, None, avoid=avoid) for seed in range(50)
    ]
    assert avoided == draws


def test_several_avoided_hands_are_all_passed_over() -> None:
    seed = seed_drawing(DAILY)
    second = table_24().draw(random.Random(seed), FULL_DECK, None, avoid=avoiding(DAILY))
    assert second is not None
    avoid = avoiding(DAILY, second, (3, 3, 8, 8))
    third = table_24().draw(random.Random(seed), FULL_DECK, None, avoid=avoid)
    assert third not in (DAILY, second, (3, 3, 8, 8))


def test_the_one_hand_of_a_pool_not_avoided_is_dealt() -> None:
    """However many draws fall on hands to avoid (past :data:`REDRAWS`, the pool is sifted)."""
    deck = (1, 3)
    pool = {hand for hand, level in table_24().levels.items() if level and hand[-1] <= 3}
    keep = max(pool)
    drawn = table_24().draw(random.Random(1), deck, None, avoid=lambda hand: hand != keep)
    assert drawn == keep


def test_a_pool_of_only_avoided_hands_gives_none() -> None:
    deck = (1, 3)
    pool = {hand for hand, level in table_24().levels.items() if level and hand[-1] <= 3}
    assert pool  # 3 3 3 3 and a few more
    assert table_24().draw(random.Random(1), deck, None, avoid=lambda hand: hand in pool) is None
