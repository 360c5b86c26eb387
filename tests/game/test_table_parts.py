"""What a game keeps at a chat's table beside its games (``bot.rules.table_parts``): the
rounds' match, which holds the table, and what the other games ask of it (``Table.held``,
naming no game); its saved form, beside the table's own fields, as before it was a part."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from dataclasses import dataclass

import pytest

from bot import records
from bot.rules.rounds import MATCH, Match, record_no_winner, record_win, start_match
from bot.rules.table import Table
from bot.rules.table_parts import TABLE_FIELDS, TABLE_PARTS, TablePart
from bot.rules.unread import Unread

ANN, BOB = 1, 2
DAY = dt.date(2026, 12, 3)


@dataclass(slots=True)
class Note:
    """A test-only game's note at the table: it holds nothing."""

    text: str = ""


NOTE = TablePart("test-note", Note)


@dataclass(slots=True)
class Series:
    """A test-only game's series of hands: it holds the table until it is over."""

    left: int = 1

    @property
    def over(self) -> bool:
        return self.left <= 0


SERIES = TablePart("test-series", Series, holds=True)


def test_the_names_no_part_may_take_are_the_tables_fields() -> None:
    assert {field.name for field in dataclasses.fields(Table)} == TABLE_FIELDS


def test_the_match_is_declared_as_the_table_saved_it() -> None:
    assert TABLE_PARTS["match"] is MATCH


def test_a_part_named_as_a_field_of_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="a field of the table"):
        TablePart("games", Note)


def test_a_name_declared_again_the_same_is_the_same() -> None:
    assert TablePart("test-note", Note) == NOTE


def test_a_name_declared_again_as_another_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="two parts of a table"):
        TablePart("test-note", Series)


def test_a_name_declared_again_not_holding_where_it_did_is_refused() -> None:
    with pytest.raises(ValueError, match="two parts of a table"):
        TablePart("test-series", Series)


def test_a_part_that_holds_the_table_says_when_it_is_over() -> None:
    with pytest.raises(ValueError, match="says when it is over"):
        TablePart("test-no-end", Note, holds=True)


def test_a_table_with_nothing_beside_its_games_is_not_held() -> None:
    assert not Table().held


def test_a_match_holds_the_table() -> None:
    table = Table()
    start_match(table, 3, ANN)
    assert table.held


def test_the_match_is_what_holds_the_table() -> None:
    table = Table()
    match = start_match(table, 3, ANN)
    assert table.held_by is match


def test_a_match_dropped_holds_the_table_no_more() -> None:
    table = Table()
    start_match(table, 3, ANN)
    MATCH.drop(table)
    assert not table.held


def test_a_match_over_still_holds_the_table_until_it_is_dropped() -> None:
    table = Table()
    start_match(table, 1, ANN)
    record_no_winner(table)
    match = MATCH.of(table)
    assert (table.held, match is not None and match.over) == (True, True)


def test_a_part_that_does_not_hold_leaves_the_table_free() -> None:
    table = Table()
    NOTE.put(table, Note("kept"))
    assert not table.held


def test_another_games_series_holds_the_table_as_a_match_does() -> None:
    table = Table()
    series = SERIES.put(table, Series(2))
    assert table.held_by is series


def test_a_match_counts_each_round_and_its_winners_points() -> None:
    table = Table()
    start_match(table, 3, ANN)
    record_win(table, 10, 12.5, BOB, "Bob", DAY)
    record_no_winner(table)
    assert MATCH.of(table) == Match(3, played=2, starter=ANN, points={BOB: 10}, names={BOB: "Bob"})


def test_a_round_won_outside_a_match_counts_for_the_chats_scores() -> None:
    table = Table()
    record_win(table, 10, 12.5, BOB, "Bob", DAY)
    assert table.stats.players[BOB].points == 10


def test_a_match_is_saved_on_the_table_by_its_name() -> None:
    table = Table()
    start_match(table, 5, ANN)
    assert records.table_record(table)["match"] == {
        "hands": 5,
        "played": 0,
        "starter": ANN,
        "points": {},
        "names": {},
    }


def test_a_table_without_a_match_saves_none() -> None:
    assert "match" not in records.table_record(Table())


def test_a_match_saved_on_the_table_is_read_as_the_match() -> None:
    record = records.table_record(Table())
    record["match"] = {"hands": 4, "played": 1, "starter": None, "points": {"2": 7}, "names": {}}
    assert MATCH.of(records.table_from_record(record)) == Match(4, played=1, points={BOB: 7})


def test_a_part_no_declaration_names_is_kept_unread() -> None:
    record = records.table_record(Table())
    record["a-part-of-a-later-version"] = {"anything": [1, 2]}
    table = records.table_from_record(record)
    assert isinstance(table.parts["a-part-of-a-later-version"], Unread)


def test_a_part_no_declaration_names_is_written_back_as_it_was_read() -> None:
    record = records.table_record(Table())
    record["a-part-of-a-later-version"] = {"anything": [1, 2]}
    written = records.table_record(records.table_from_record(json.loads(json.dumps(record))))
    assert written["a-part-of-a-later-version"] == {"anything": [1, 2]}


def test_a_part_no_declaration_names_holds_nothing() -> None:
    record = records.table_record(Table())
    record["a-part-of-a-later-version"] = {"left": 3}
    assert not records.table_from_record(record).held
