"""A chat's games' points (Solution Hunt's and Countdown's, and the hunt's best of each hand)
are each game's part of the chat's data (``VERSION`` 4: ``HUNT_POINTS``, ``COUNTDOWN_POINTS``),
apart from the rounds' stats; every chat saved before, whose players' stats held them
(versions 1 to 3), loads with them in those parts, nothing lost, and its boards as they were.

``tests/fixtures/records-table-3.json`` is version 3's (written by
``tests/fixtures/make_all_parts.py --table`` at that version); ``records-table-4.json``
pins version 4 (the same story, by the commit that made the version; its chats written again
the same: ``tests/bot/test_table_records.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot import records
from bot.games.countdown.parts import COUNTDOWN_POINTS
from bot.games.hunt.parts import HUNT_POINTS
from bot.rules.chat_stats import GamePoints
from bot.rules.hunt import HuntPoints
from bot.state import ChatData, ChatPart
from tests.bot.record_changes import FIXTURES, changed, fixture_chats, without_points

GROUP, ANN_CHAT = -1002000, 501
ANN, BOB = 501, 502

EARLIER = [(where, text) for where, text in fixture_chats() if json.loads(text)["v"] < 4]
"""Every chat a fixture holds of a version before 4 (as (where, JSON text))."""
IDS = [where for where, _text in EARLIER]

GAMES_POINTS: list[tuple[str, ChatPart[Any]]] = [
    ("hunt_points", HUNT_POINTS),
    ("countdown_points", COUNTDOWN_POINTS),
]
"""Each game's points as a player's stats held them until version 4, and the game's part
that holds them since."""


def _rows(name: str) -> dict[int, str]:
    return {key: text for _kind, key, text in json.loads((FIXTURES / name).read_text("utf-8"))}


def _players(text: str) -> dict[str, Any]:
    """A chat's players' stats as an earlier version saved them."""
    stats = json.loads(text).get("table", {}).get("stats", {})
    return stats.get("players", {})


def _points(data: ChatData, part: ChatPart[Any]) -> dict[int, int]:
    held = part.of(data)
    return {} if held is None else held.points


def test_the_earlier_fixtures_hold_each_games_points_in_each_version() -> None:
    held = {
        (json.loads(text)["v"], name)
        for _where, text in EARLIER
        for player in _players(text).values()
        for name, _part in GAMES_POINTS
        if player.get(name)
    }
    assert held == {(v, name) for v in (2, 3) for name, _part in GAMES_POINTS}


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
@pytest.mark.parametrize(("name", "part"), GAMES_POINTS, ids=[name for name, _ in GAMES_POINTS])
def test_an_earlier_players_points_load_into_their_games_part(
    where: str, text: str, name: str, part: ChatPart[Any]
) -> None:
    held = {int(user): player[name] for user, player in _players(text).items() if player.get(name)}
    assert _points(records.load("chat", text), part) == held


def test_the_earlier_fixtures_hold_a_hunts_best_in_each_version() -> None:
    held = {
        json.loads(text)["v"]
        for _where, text in EARLIER
        if json.loads(text).get("table", {}).get("stats", {}).get("hunt_best")
    }
    assert held == {2, 3}


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
def test_an_earlier_hunts_best_loads_into_its_part(where: str, text: str) -> None:
    held = json.loads(text).get("table", {}).get("stats", {}).get("hunt_best", {})
    part = HUNT_POINTS.of(records.load("chat", text))
    assert ({} if part is None else part.best) == held


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
def test_the_rest_of_an_earlier_chats_stats_is_as_it_was(where: str, text: str) -> None:
    new = json.loads(records.saved("chat", records.load("chat", text)).text)
    before = json.loads(text).get("table", {}).get("stats", {})
    assert changed(new["table"]["stats"], without_points(before)) == []


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
def test_an_earlier_chats_points_upgraded_are_as_this_version_writes_them(
    where: str, text: str
) -> None:
    upgraded = records.upgrade("chat", json.loads(text))
    new = json.loads(records.saved("chat", records.load("chat", text)).text)
    parts = [part.name for _name, part in GAMES_POINTS]
    assert {name: upgraded.get(name) for name in parts} == {name: new.get(name) for name in parts}


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
def test_an_earlier_chats_stats_upgraded_are_as_this_version_writes_them(
    where: str, text: str
) -> None:
    upgraded = records.upgrade("chat", json.loads(text))
    new = json.loads(records.saved("chat", records.load("chat", text)).text)
    assert upgraded["table"]["stats"] == new["table"]["stats"]


def _board(players: dict[str, Any], name: str) -> list[tuple[int, str, int]]:
    """A game's board of /top as versions 1 to 3 made it from the players' stats: by the
    game's points, then by name, those with none left out, in the order of the players."""
    rows = [(int(u), p["name"], p[name]) for u, p in players.items() if p.get(name, 0) > 0]
    return sorted(rows, key=lambda row: (-row[2], row[1]))[:10]


@pytest.mark.parametrize(("where", "text"), EARLIER, ids=IDS)
@pytest.mark.parametrize(("name", "part"), GAMES_POINTS, ids=[name for name, _ in GAMES_POINTS])
def test_an_earlier_chats_board_of_each_game_is_as_it_was(
    where: str, text: str, name: str, part: ChatPart[Any]
) -> None:
    data = records.load("chat", text)
    held: GamePoints = part.of(data) or part.made_new()
    rows = [(user, player.name, points) for user, player, points in held.top(data.table.stats)]
    assert rows == _board(_players(text), name)


VERSION_3, VERSION_4 = _rows("records-table-3.json"), _rows("records-table-4.json")


def test_the_pinned_chats_are_of_version_3_and_4() -> None:
    versions = {json.loads(text)["v"] for text in VERSION_3.values()}
    assert (versions, {json.loads(text)["v"] for text in VERSION_4.values()}) == ({3}, {4})


@pytest.mark.parametrize("key", sorted(VERSION_3))
def test_version_3s_points_upgraded_are_version_4s(key: int) -> None:
    upgraded = records.upgrade("chat", json.loads(VERSION_3[key]))
    pinned = json.loads(VERSION_4[key])
    parts = [part.name for _name, part in GAMES_POINTS]
    assert {name: upgraded.get(name) for name in parts} == {
        name: pinned.get(name) for name in parts
    }


@pytest.mark.parametrize("key", sorted(VERSION_3))
def test_version_3s_stats_upgraded_are_version_4s(key: int) -> None:
    upgraded = records.upgrade("chat", json.loads(VERSION_3[key]))
    assert upgraded["table"]["stats"] == json.loads(VERSION_4[key])["table"]["stats"]


def test_version_4s_chat_holds_the_hunts_points_in_its_part() -> None:
    data = records.load("chat", VERSION_4[GROUP])
    assert HUNT_POINTS.of(data) == HuntPoints({ANN: 6, BOB: 2}, {"1 5 5 5=24": 3})


def test_version_4s_chat_holds_countdowns_points_in_its_part() -> None:
    assert _points(records.load("chat", VERSION_4[GROUP]), COUNTDOWN_POINTS) == {ANN: 10}


def test_a_chat_that_scored_no_game_has_no_games_points() -> None:
    data = records.load("chat", VERSION_4[ANN_CHAT])
    assert [part.of(data) for _name, part in GAMES_POINTS] == [None, None]
