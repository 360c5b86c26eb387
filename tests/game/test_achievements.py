"""Achievements (:mod:`bot.rules.achievements`) from the games' results
(:mod:`bot.rules.results`): each earned once, in tiers, never by a result that does not
count under the fair-play rules."""

from __future__ import annotations

import pytest

from bot.rules.achievements import (
    HANDS,
    Achievement,
    Achievements,
    declare_family,
    earn,
    earned,
    every,
    families,
    upcoming,
)
from bot.rules.arena.standings import ARENA_GAME
from bot.rules.countdown import CountdownExact
from bot.rules.daily.puzzle import STREAK, DailySolved
from bot.rules.duel.race import DuelWon
from bot.rules.hunt import HuntAlone
from bot.rules.results import Podium, Solved, Trophy, at_pace
from bot.rules.rounds import ROUND_GAME
from bot.rules.rush.result import RushScore

ANN = 1


def won(seconds: float = 20.0, *, counts: bool = True) -> Solved:
    return Solved(player=ANN, name="Ann", game=ROUND_GAME, seconds=seconds, counts=counts)


def keys(found: list[Achievement]) -> list[str]:
    return [a.key for a in found]


def test_there_are_at_least_twenty_achievements_in_tiers() -> None:
    assert len(every()) >= 20


def test_every_key_names_one_achievement() -> None:
    assert len({a.key for a in every()}) == len(every())


IMPORTED = (
    "streak",
    "hands",
    "fast",
    "duels",
    "rush",
    "exact",
    "hunt",
    "podium",
    "arena",
    "season",
)
"""The families of the rules imported above, in their declared places."""


def test_the_games_families_stand_in_their_declared_places() -> None:
    """Each game's rules declare its families (imported above): the order of /achievements
    and of the card's badges is the positions', whatever order the rules were imported in."""
    # Only the families of the rules imported above: a test run that imported every game
    # (``bot.games``) before this one has a new game's families among them too.
    assert tuple(family.name for family in families() if family.name in IMPORTED) == IMPORTED


def test_a_place_taken_among_the_families_is_refused() -> None:
    with pytest.raises(ValueError, match="taken"):
        declare_family("toy", (1,), position=STREAK.position)


def test_a_name_taken_among_the_families_is_refused() -> None:
    with pytest.raises(ValueError, match="named"):
        declare_family("streak", (1,), position=999)


def test_a_family_declared_again_the_same_is_the_same() -> None:
    assert declare_family("streak", STREAK.goals, position=STREAK.position) is STREAK


def test_a_family_has_its_tiers_easiest_first() -> None:
    assert STREAK.goals == (7, 30, 100, 365)


def test_a_tier_is_its_place_in_its_family() -> None:
    assert Achievement(HANDS, 100).tier == 2


def test_ten_hands_solved_earn_the_first_tier() -> None:
    mine = Achievements()
    found = [keys(earn(mine, won(), float(n))) for n in range(10)]
    assert found[-1] == ["hands_10"]


def test_an_achievement_is_earned_once() -> None:
    mine = Achievements()
    for n in range(11):
        earn(mine, won(), float(n))
    assert earn(mine, won(), 99.0) == []


def test_when_it_was_earned_is_kept() -> None:
    mine = Achievements()
    for n in range(10):
        earn(mine, won(), float(n))
    assert mine.earned["hands_10"] == 9.0


def test_a_result_that_does_not_count_counts_for_nothing() -> None:
    mine = Achievements()
    earn(mine, won(1.0, counts=False), 0.0)
    assert mine.counts == {}


def test_a_fast_solve_that_does_not_count_earns_nothing() -> None:
    assert earn(Achievements(), won(1.0, counts=False), 0.0) == []


def test_a_solve_under_five_seconds_earns_two_tiers() -> None:
    assert keys(earn(Achievements(), won(4.2), 0.0)) == ["fast_10", "fast_5"]


def test_the_fastest_solve_is_kept() -> None:
    mine = Achievements()
    earn(mine, won(8.0), 0.0)
    earn(mine, won(12.0), 1.0)
    assert mine.fastest == 8.0


def test_a_daily_streak_of_seven_earns_its_tier() -> None:
    daily = DailySolved(player=ANN, name="Ann", seconds=30.0, streak=7)
    assert "streak_7" in keys(earn(Achievements(), daily, 0.0))


def test_a_daily_solve_counts_as_the_daily_puzzle_declares_not_as_a_hand_solved() -> None:
    """Its own kind's counting, not the hand solved's it extends: hinted, its time counts."""
    mine = Achievements()
    daily = DailySolved(player=ANN, name="Ann", seconds=4.0, hinted=True, streak=2)
    assert keys(earn(mine, daily, 0.0)) == ["fast_10", "fast_5"]


def test_a_daily_solve_counts_a_hand_and_its_streak() -> None:
    mine = Achievements()
    earn(mine, DailySolved(player=ANN, name="Ann", seconds=40.0, streak=2), 0.0)
    assert mine.counts == {"hands": 1, "streak": 2}


def test_a_duel_won_earns_the_first_duel() -> None:
    assert keys(earn(Achievements(), DuelWon(player=ANN, name="Ann"), 0.0)) == ["duels_1"]


def test_a_countdown_exact_earns_its_achievement() -> None:
    exact = CountdownExact(player=ANN, name="Ann")
    assert keys(earn(Achievements(), exact, 0.0)) == ["exact_1"]


def test_a_hunt_found_alone_earns_its_achievement() -> None:
    alone = HuntAlone(player=ANN, name="Ann", solutions=4)
    assert keys(earn(Achievements(), alone, 0.0)) == ["hunt_1"]


def test_a_rush_score_of_thirty_earns_two_tiers_and_its_hands() -> None:
    run = RushScore(player=ANN, name="Ann", score=30, best_time=6.0)
    assert keys(earn(Achievements(), run, 0.0)) == ["hands_10", "fast_10", "rush_20", "rush_30"]


def test_a_rush_run_off_pace_earns_nothing() -> None:
    run = RushScore(player=ANN, name="Ann", score=40, best_time=1.6, counts=False)
    assert earn(Achievements(), run, 0.0) == []


def test_an_arena_won_is_a_podium_and_a_win() -> None:
    first = Podium(player=ANN, name="Ann", game=ARENA_GAME, place=1)
    assert keys(earn(Achievements(), first, 0.0)) == ["podium_1", "arena_1"]


def test_a_podium_of_a_game_that_counts_none_earns_nothing() -> None:
    """The arena declared how its podiums count; another game's podium counts by nothing."""
    other = Podium(player=ANN, name="Ann", game="toy", place=1)
    assert earn(Achievements(), other, 0.0) == []


def test_an_arena_podium_is_kept_as_a_prize() -> None:
    mine = Achievements()
    earn(mine, Podium(player=ANN, name="Ann", game=ARENA_GAME, place=3), 5.0)
    assert [(p.kind, p.place) for p in mine.prizes] == [("arena", 3)]


def test_an_arenas_second_place_is_no_trophy_but_a_seasons_is() -> None:
    mine = Achievements()
    earn(mine, Podium(player=ANN, name="Ann", game=ARENA_GAME, place=2), 5.0)
    earn(mine, Podium(player=ANN, name="Ann", game=ARENA_GAME, place=1), 6.0)
    earn(mine, Trophy(player=ANN, name="Ann", place=3, season="2026-11"), 7.0)
    assert [(p.kind, p.place) for p in mine.trophies()] == [("arena", 1), ("season", 3)]


def test_a_season_trophy_earns_its_achievement() -> None:
    trophy = Trophy(player=ANN, name="Ann", place=2, season="2026-11")
    assert keys(earn(Achievements(), trophy, 0.0)) == ["season_1"]


def test_earned_lists_by_family_and_tier() -> None:
    mine = Achievements()
    earn(mine, won(4.0), 0.0)
    assert keys(earned(mine)) == ["fast_10", "fast_5"]


def test_upcoming_names_each_familys_next_tier_with_its_value() -> None:
    mine = Achievements()
    for n in range(12):
        earn(mine, won(), float(n))
    hands = next(row for row in upcoming(mine) if row[0].family is HANDS)
    assert hands == (Achievement(HANDS, 100), 12)


def test_upcoming_takes_the_streak_as_it_stands() -> None:
    streak = next(r for r in upcoming(None, {STREAK: 3}) if r[0].family is STREAK)
    assert streak == (Achievement(STREAK, 7), 3)


def test_finds_each_a_floor_apart_are_at_a_persons_pace() -> None:
    assert at_pace([2.0, 4.0, 6.5], 1.5)


def test_two_finds_closer_than_the_floor_are_not() -> None:
    assert not at_pace([2.0, 2.5], 1.5)
