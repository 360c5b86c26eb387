"""Seasons' saved format: ``tests/fixtures/records-seasons-2.json`` holds a user's, the
global and a rating's rows as the release of seasons writes them (a trophy, the season on
with its Rush and arena boards, an ended season's tables, a listed group and its arenas, a
rating's season); later releases must still read them.  Rows of the releases before
seasons load with none (``records-public-names-2.json``)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from bot import records
from bot.rules.arena.podium_season import ARENAS_PLAYED, PODIUM_BOARD, ArenaTally
from bot.rules.duel.rating import PlayerRating
from bot.rules.rush.run_season import RUN_BOARD
from bot.rules.seasons.groups import ListedGroups
from bot.rules.seasons.tables import Row, Seasons, SeasonTrophy
from bot.state import GlobalData, UserData

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SEASONS = FIXTURES / "records-seasons-2.json"
BEFORE_SEASONS = FIXTURES / "records-public-names-2.json"


def rows(path: Path) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(path.read_text())
    return loaded


def test_a_trophy_saved_on_a_player_loads() -> None:
    user = records.load("user", rows(SEASONS)["user"])
    assert isinstance(user, UserData)
    assert user.trophies == [SeasonTrophy("2026-10", RUN_BOARD.name, 1)]


def test_the_season_on_loads_with_its_boards() -> None:
    data = records.load("global", rows(SEASONS)["global"])
    assert isinstance(data, GlobalData)
    assert data.seasons.current == "2026-11"
    assert [(e.user_id, e.record.score, e.record.day) for e in data.seasons.state(RUN_BOARD)] == [
        (501, 12, dt.date(2026, 11, 21))
    ]
    assert data.seasons.state(PODIUM_BOARD) == {502: ArenaTally(won=1, podiums=1)}


def test_an_ended_seasons_tables_load() -> None:
    data = records.load("global", rows(SEASONS)["global"])
    assert data.seasons.kept["2026-10"].board(RUN_BOARD.name) == [Row(503, 9, 3.0)]


def test_the_listed_groups_load() -> None:
    data = records.load("global", rows(SEASONS)["global"])
    assert data.groups == ListedGroups(
        {-1_002_000: "Friends"}, {ARENAS_PLAYED.name: {"2026-11-23": {-1_002_000: 1}}}
    )


def test_a_ratings_season_loads() -> None:
    rating = records.load("rating", rows(SEASONS)["rating"])
    assert isinstance(rating, PlayerRating)
    assert (rating.season, rating.season_rated) == ("2026-11", 3)
    assert rating.season_against == []  # saved before opponents were kept: off the board till then


def test_a_ratings_season_saved_before_established_opponents_counts_none() -> None:
    record = json.loads(rows(SEASONS)["rating"])
    record["season_with"] = [501, 502, 503]  # kept then for any opponent, established or not
    rating = records.load("rating", json.dumps(record))
    assert isinstance(rating, PlayerRating)
    assert (rating.season_counted, rating.season_against) == (0, [])


def test_the_rows_of_this_format_saved_again_load_the_same() -> None:
    # (compared as data: a later release may add fields to the text)
    for kind, text in rows(SEASONS).items():
        loaded = records.load(kind, text)
        assert records.load(kind, records.saved(kind, loaded).text) == loaded, kind


def test_rows_from_before_seasons_load_with_none() -> None:
    before = rows(BEFORE_SEASONS)
    data = records.load("global", before["global"])
    user = records.load("user", before["user"])
    assert (data.seasons, data.groups, user.trophies) == (Seasons(), ListedGroups(), [])


def test_the_seasons_and_groups_are_saved_as_they_were_read() -> None:
    # The boards and tallies are the games' now: the saved form is the same as before.
    record = json.loads(rows(SEASONS)["global"])
    data = records.load("global", rows(SEASONS)["global"])
    saved = json.loads(records.saved("global", data).text)
    assert (saved["seasons"], saved["groups"]) == (record["seasons"], record["groups"])


def later_release() -> dict[str, Any]:
    """The fixture's global row with a board's state and a group tally no game declares
    here (a later release's, or a game whose rules this process has not imported)."""
    record: dict[str, Any] = json.loads(rows(SEASONS)["global"])
    record["seasons"]["later"] = [{"player": 7, "laps": 3}]
    record["groups"]["hunts"] = {"2026-11-23": {"-1002000": 2}}
    return record


def test_a_boards_state_no_game_declares_is_written_back_as_read() -> None:
    data = records.load("global", json.dumps(later_release()))
    saved = json.loads(records.saved("global", data).text)
    assert saved["seasons"]["later"] == [{"player": 7, "laps": 3}]


def test_a_group_tally_no_game_declares_is_written_back_as_read() -> None:
    data = records.load("global", json.dumps(later_release()))
    saved = json.loads(records.saved("global", data).text)
    assert saved["groups"]["hunts"] == {"2026-11-23": {"-1002000": 2}}
