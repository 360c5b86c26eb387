"""A chat's table keeps its games by kind (``VERSION`` 3: ``games`` and ``previous`` by each
kind's seat, ``dealt``; :mod:`bot.rules.seats`; the settings' ``times`` by game), and every
table saved before loads into that shape with nothing lost.

``tests/fixtures/records-table-4.json`` pins the format (written by
``tests/fixtures/make_all_parts.py --table``: the all-parts story's two chats, every saved
field of their tables away from its default, the round before the current one too; version
4's games' points beside the table: ``tests/bot/test_points_records.py``, which reads
``records-table-3.json``, version 3's).  Every earlier fixture holding a chat (release 1's
pickled file, version 2's rows and records) is read here into the new shape, game by game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot import records
from bot.records.migrations import COUNTDOWN_TIME_OF_VERSION_2, TABLE_GAMES_OF_VERSION_2
from bot.rules.countdown import COUNTDOWN_SEAT, chat_time
from bot.rules.hunt import HUNT_SEAT, Hunt
from bot.rules.rounds import MATCH, ROUND_SEAT, Round
from bot.rules.rush.chat_run import RUSH_SEAT
from bot.rules.seats import SEATS
from bot.state import ChatData
from tests.bot.record_changes import FIXTURES, changed, fixture_chats, without_points

PINNED = FIXTURES / "records-table-4.json"
GROUP, ANN_CHAT = -1002000, 501
ANN, BOB, CAT = 501, 502, 503


# --- the new format ----------------------------------------------------------------------------


def _pinned() -> dict[int, str]:
    rows = json.loads(PINNED.read_text(encoding="utf-8"))
    assert {kind for kind, _key, _text in rows} == {"chat"}
    return {key: text for _kind, key, text in rows}


PINNED_ROWS = _pinned()
CHATS: dict[int, ChatData] = {key: records.load("chat", text) for key, text in PINNED_ROWS.items()}
GROUP_TABLE, PRIVATE_TABLE = CHATS[GROUP].table, CHATS[ANN_CHAT].table


@pytest.mark.parametrize("key", sorted(PINNED_ROWS))
def test_a_table_of_this_format_loads_and_is_written_again_the_same(key: int) -> None:
    text = PINNED_ROWS[key]
    written = json.loads(records.saved("chat", records.load("chat", text)).text)
    assert changed(written, json.loads(text)) == []


def test_the_pinned_format_is_this_versions() -> None:
    assert {json.loads(text)["v"] for text in PINNED_ROWS.values()} == {records.VERSION}


def _run_score() -> object:
    rush = RUSH_SEAT.of(GROUP_TABLE)
    return None if rush is None else rush.run.runners[BOB].floor


VALUES: list[tuple[str, Callable[[], object], object]] = [
    ("kinds", lambda: sorted(GROUP_TABLE.games), ["countdown", "hunt", "round", "rush"]),
    ("round", lambda: (game := ROUND_SEAT.of(GROUP_TABLE)) and game.hand, (3, 3, 8, 8)),
    ("round's new fields", lambda: (g := ROUND_SEAT.of(GROUP_TABLE)) and g.too_fast, [CAT]),
    ("previous", lambda: (game := ROUND_SEAT.previous(GROUP_TABLE)) and game.winner, BOB),
    ("hunt", lambda: (hunt := HUNT_SEAT.of(GROUP_TABLE)) and hunt.found[0].written, "5*(5-1/5)"),
    ("countdown", lambda: (game := COUNTDOWN_SEAT.of(GROUP_TABLE)) and game.target, 321),
    ("rush", _run_score, 0.8),
    ("dealt", lambda: GROUP_TABLE.dealt, 9),
    ("match", lambda: (match := MATCH.of(GROUP_TABLE)) and match.hands, 5),
    ("countdown time", lambda: chat_time(GROUP_TABLE.settings), 45),
    ("private kinds", lambda: sorted(PRIVATE_TABLE.games), ["round"]),
    ("private round", lambda: (game := ROUND_SEAT.of(PRIVATE_TABLE)) and game.unsolvable, True),
]
"""One value of each part of the pinned tables."""


@pytest.mark.parametrize(("part", "value_of", "expected"), VALUES, ids=[v[0] for v in VALUES])
def test_each_part_of_the_pinned_tables_loads_with_its_value(
    part: str, value_of: Callable[[], object], expected: object
) -> None:
    assert value_of() == expected


def test_a_game_seats_the_next_number_and_keeps_the_one_before_where_its_kind_does() -> None:
    table = records.load("chat", PINNED_ROWS[GROUP]).table
    current = ROUND_SEAT.of(table)
    hunt = HUNT_SEAT.of(table)
    assert current is not None and hunt is not None
    made = HUNT_SEAT.deal(table, lambda number: Hunt(number, (1, 2), 3, 0.0, 60, ("1+2",)))
    assert (made.number, table.dealt, HUNT_SEAT.previous(table)) == (10, 10, None)
    again = ROUND_SEAT.deal(table, lambda number: Round(number, (1, 2), 3, 0.0))
    assert ROUND_SEAT.previous(table) is current
    assert ROUND_SEAT.of(table) is again


def test_every_kind_an_earlier_table_held_has_its_seat() -> None:
    assert set(TABLE_GAMES_OF_VERSION_2) <= set(SEATS)  # (tests may declare more)


# --- every earlier format, read into the new shape ---------------------------------------------


RELEASE_1_ROUNDS_ONLY = ("winning_answer", "ended")
"""Fields of release 1's rounds that no later version keeps (left out since its migration)."""


def _at_version_2(record: dict[str, Any]) -> dict[str, Any]:
    """A chat's record of version 1 or 2, brought to version 2 (the last with a field per game),
    without what no version since release 1 keeps."""
    if record["v"] == 1:
        table = record["table"]
        for name in ("round", "previous"):
            if isinstance(table.get(name), dict):
                table[name] = {
                    k: v for k, v in table[name].items() if k not in RELEASE_1_ROUNDS_ONLY
                }
    while record["v"] < 2:
        record = {**records.UPGRADES[record["v"]]("chat", record), "v": record["v"] + 1}
    return record


def _earlier_chats() -> list[tuple[str, str]]:
    """Every chat an earlier fixture holds, as (where, JSON text of its record), of a version
    before 3 (a fixture pinned since, as ladder-rows-3.json, holds chats of version 3 or later,
    whose games were saved by kind already)."""
    return [(where, text) for where, text in fixture_chats() if json.loads(text)["v"] < 3]


EARLIER = _earlier_chats()


def test_the_earlier_fixtures_hold_chats_of_each_format_with_each_kind_of_game() -> None:
    versions = {json.loads(text)["v"] for _where, text in EARLIER}
    held = {
        name
        for _where, text in EARLIER
        for name in TABLE_GAMES_OF_VERSION_2
        if json.loads(text)["table"].get(name) is not None
    }
    assert (versions, held) == ({1, 2}, set(TABLE_GAMES_OF_VERSION_2))


def _old_and_new(text: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A chat's table as it was saved (at version 2) and as this version writes it."""
    old = _at_version_2(json.loads(text))["table"]
    new = json.loads(records.saved("chat", records.load("chat", text)).text)["table"]
    return old, new


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=[where for where, _text in EARLIER])
def test_an_earlier_tables_games_are_kept_by_kind(where: str, text: str) -> None:
    old, new = _old_and_new(text)
    games = {name: old[name] for name in TABLE_GAMES_OF_VERSION_2 if old.get(name) is not None}
    assert sorted(new["games"]) == sorted(games)
    assert changed(new["games"], games) == []


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=[where for where, _text in EARLIER])
def test_an_earlier_tables_previous_round_count_and_match_are_kept(where: str, text: str) -> None:
    old, new = _old_and_new(text)
    previous = {} if old.get("previous") is None else {"round": old["previous"]}
    assert changed(new["previous"], previous) == []
    assert sorted(new["previous"]) == sorted(previous)
    assert new["dealt"] == old.get("rounds_dealt", 0)
    match = old.get("match")
    expected = None if match is None else match["rounds"]
    assert (new.get("match") and new["match"]["hands"]) == expected  # none: no longer null
    if match is not None:
        assert changed(new["match"], {k: v for k, v in match.items() if k != "rounds"}) == []


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=[where for where, _text in EARLIER])
def test_an_earlier_tables_countdown_time_is_kept_among_the_games_times(
    where: str, text: str
) -> None:
    old, new = _old_and_new(text)
    held = old["settings"].get("countdown_time", COUNTDOWN_TIME_OF_VERSION_2)
    kept = {} if held == COUNTDOWN_TIME_OF_VERSION_2 else {"countdown": held}
    assert new["settings"]["times"] == kept
    assert (
        changed(
            new["settings"], {k: v for k, v in old["settings"].items() if k != "countdown_time"}
        )
        == []
    )


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=[where for where, _text in EARLIER])
def test_the_rest_of_an_earlier_table_is_as_it_was(where: str, text: str) -> None:
    old, new = _old_and_new(text)
    moved = {*TABLE_GAMES_OF_VERSION_2, "previous", "rounds_dealt", "match", "settings", "stats"}
    assert changed(new, {k: v for k, v in old.items() if k not in moved}) == []
    # The stats but the games' points (version 4's parts: tests/bot/test_points_records.py).
    assert changed(new["stats"], without_points(old.get("stats", {}))) == []


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=[where for where, _text in EARLIER])
def test_an_earlier_tables_games_load_as_their_kinds(where: str, text: str) -> None:
    table = records.load("chat", text).table
    assert all(isinstance(game, seat.kind) for seat in SEATS.values() if (game := seat.of(table)))
    assert all(seat.of(table) is table.games.get(seat.name) for seat in SEATS.values())
