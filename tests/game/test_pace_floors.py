"""The floors of a person's pace by level, and the plausible median, against 4nums.com
players' solve times (``bench/pace_floors.py`` measures them; skipped without the data)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from bot.rules.pace import (
    FLOOR,
    LEVEL_FLOORS,
    PLAUSIBLE_HANDS,
    PLAUSIBLE_MEDIAN,
    RECENT_KEPT,
    floor_of,
    implausible,
    scripted,
    steady,
    too_fast,
)

BENCH = Path(__file__).resolve().parents[2] / "bench" / "pace_floors.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pace_floors", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_floors_rise_with_the_level_from_the_records_floor() -> None:
    floors = [LEVEL_FLOORS[level] for level in range(1, 6)]
    assert floors[0] == FLOOR
    assert floors == sorted(floors)


def test_a_hand_has_its_levels_floor_and_others_the_records() -> None:
    assert floor_of((3, 3, 8, 8)) == pytest.approx(LEVEL_FLOORS[5])
    assert floor_of((1, 1, 4, 6)) == pytest.approx(LEVEL_FLOORS[1])
    assert floor_of((3, 3, 8, 8), 10) == FLOOR
    assert too_fast(LEVEL_FLOORS[5] - 0.01, floor_of((3, 3, 8, 8)))


def test_a_steady_pace_under_the_median_over_ten_hands_is_a_scripts() -> None:
    assert implausible([PLAUSIBLE_MEDIAN - 0.1] * PLAUSIBLE_HANDS)
    assert not implausible([PLAUSIBLE_MEDIAN - 0.1] * (PLAUSIBLE_HANDS - 1))
    assert not implausible([1.5, PLAUSIBLE_MEDIAN] * PLAUSIBLE_HANDS + [PLAUSIBLE_MEDIAN])


def test_the_floors_are_measured_from_the_players_times(shared_data: Path) -> None:
    _tenth, floors, fastest = bench().measured(shared_data / "4nums_difficulty.csv")
    assert floors == LEVEL_FLOORS
    assert fastest + 0.2 >= PLAUSIBLE_MEDIAN  # under no hand's fast players, give or take


def test_a_duel_at_a_fast_persons_pace_is_seldom_judged_a_scripts(shared_data: Path) -> None:
    unrated = bench().steady_duels(shared_data / "4nums_difficulty.csv", 1.0)
    assert unrated < 0.005  # one win in 500 for a person a deviation faster on every hand


def test_a_duels_steady_pace_is_every_winning_answer_under_the_median() -> None:
    assert steady([PLAUSIBLE_MEDIAN - 0.1] * 3, 3)
    assert not steady([PLAUSIBLE_MEDIAN - 0.1] * 2, 3)
    assert not steady([1.9, 1.9, PLAUSIBLE_MEDIAN], 3)


def test_a_fast_persons_records_are_seldom_kept_for_a_scripts_pace(shared_data: Path) -> None:
    barred, _first = bench().steady_records(
        shared_data / "4nums_difficulty.csv", 1.0, frozenset({1}), answers=20_000
    )
    assert barred < 0.03  # of a person a deviation faster, on the easiest hands (2.2%)


def test_a_players_last_answers_at_a_scripts_pace_are_judged_so() -> None:
    assert scripted([PLAUSIBLE_MEDIAN - 0.1] * RECENT_KEPT)
    assert scripted([1.6] * (RECENT_KEPT // 2) + [60.0] * (RECENT_KEPT // 2))
    assert not scripted(
        [1.6] * (RECENT_KEPT // 2 - 1) + [PLAUSIBLE_MEDIAN] * (RECENT_KEPT // 2 + 1)
    )
