"""Each hand's record across the bot: times seen, the best time, its holder."""

from __future__ import annotations

import pytest

from bot.rules import hand_records
from bot.rules.daily.puzzle import HAND_SOURCE as DAILY_SOURCE
from bot.rules.duel.race import HAND_SOURCE as DUEL_SOURCE
from bot.rules.hand_records import HandRecord, HandRecords, hand_key
from bot.rules.pace import FLOOR
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE

ANN, BOB = 1, 2


def test_a_hand_is_its_cards_in_any_order_and_its_target() -> None:
    assert hand_key((8, 3, 8, 3), 24) == "3 3 8 8=24"
    assert hand_key((3, 3, 8, 8), 24) != hand_key((3, 3, 8, 8), 10)


def test_a_solve_counts_and_the_fastest_holds_the_record() -> None:
    records = HandRecords()
    first = records.note((3, 3, 8, 8), 24, ANN, 12.0, ROUND_SOURCE)
    assert first.before == HandRecord()
    assert first.new_record
    second = records.note((8, 3, 8, 3), 24, BOB, 3.2, DUEL_SOURCE)
    assert second.before == HandRecord(1, 12.0, ANN, "round")
    assert second.new_record
    assert records.get((3, 8, 3, 8), 24) == HandRecord(2, 3.2, BOB, "duel")


def test_a_tie_keeps_the_earlier_holder() -> None:
    records = HandRecords()
    records.note((1, 2, 3, 4), 24, ANN, 5.0, ROUND_SOURCE)
    assert not records.note((1, 2, 3, 4), 24, BOB, 5.0, DUEL_SOURCE).new_record
    assert records.get((1, 2, 3, 4), 24).holder == ANN


def test_an_inhumanly_fast_time_is_seen_but_sets_no_record() -> None:
    records = HandRecords()
    records.note((1, 2, 3, 4), 24, ANN, 9.0, ROUND_SOURCE)
    assert not records.note((1, 2, 3, 4), 24, BOB, FLOOR - 0.1, ROUND_SOURCE).new_record
    assert records.get((1, 2, 3, 4), 24) == HandRecord(2, 9.0, ANN, "round")


def test_the_dailys_solve_is_seen_but_never_takes_the_record() -> None:
    records = HandRecords()
    records.note((1, 2, 3, 4), 24, ANN, 9.0, ROUND_SOURCE)
    assert not records.note((1, 2, 3, 4), 24, BOB, 2.0, DAILY_SOURCE).new_record
    assert records.get((1, 2, 3, 4), 24) == HandRecord(2, 9.0, ANN, "round")


def test_only_the_listed_sources_count() -> None:
    records = HandRecords()
    with pytest.raises(ValueError):
        records.note((1, 2, 3, 4), 24, ANN, 9.0, "replay")
    assert records.get((1, 2, 3, 4), 24) == HandRecord()


def test_reading_a_record_cannot_change_it() -> None:
    records = HandRecords()
    records.note((1, 2, 3, 4), 24, ANN, 9.0, ROUND_SOURCE)
    records.get((1, 2, 3, 4), 24).seen = 100
    assert records.get((1, 2, 3, 4), 24).seen == 1


def test_the_least_seen_hand_makes_room(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hand_records, "HANDS_KEPT", 2)
    records = HandRecords()
    records.note((1, 1, 1, 1), 24, ANN, 9.0, ROUND_SOURCE)
    records.note((1, 1, 1, 1), 24, ANN, 9.0, ROUND_SOURCE)
    records.note((2, 2, 2, 2), 24, ANN, 9.0, ROUND_SOURCE)
    records.note((3, 3, 3, 3), 24, ANN, 9.0, ROUND_SOURCE)
    assert list(records.hands) == ["1 1 1 1=24", "3 3 3 3=24"]
    assert records.take_dropped() == ["2 2 2 2=24"]  # for the saver to delete its row
    assert records.take_dropped() == []


def test_a_solve_helped_by_a_hint_is_seen_but_sets_no_record() -> None:
    records = HandRecords()
    records.note((1, 2, 3, 4), 24, ANN, 9.0, ROUND_SOURCE)
    assert not records.note((1, 2, 3, 4), 24, BOB, 2.0, ROUND_SOURCE, helped=True).new_record
    assert records.get((1, 2, 3, 4), 24) == HandRecord(2, 9.0, ANN, "round")


def test_a_solve_at_a_scripts_steady_pace_is_seen_and_sets_no_record() -> None:
    records = HandRecords()
    records.note((3, 3, 8, 8), 24, ANN, 12.0, ROUND_SOURCE)
    noted = records.note((3, 3, 8, 8), 24, BOB, 2.5, ROUND_SOURCE, steady=True)
    assert (noted.new_record, noted.barred) == (False, hand_records.Barred.STEADY)
    assert records.get((3, 3, 8, 8), 24) == HandRecord(2, 12.0, ANN, "round")


def test_a_slower_solve_at_a_steady_pace_is_not_told_why() -> None:
    records = HandRecords()
    records.note((3, 3, 8, 8), 24, ANN, 2.2, ROUND_SOURCE)
    assert records.note((3, 3, 8, 8), 24, BOB, 2.5, ROUND_SOURCE, steady=True).barred is None
