"""Saved records across versions: unknown and missing fields read leniently, a record or file
this version cannot read refused and kept, version 1's chat records, deep copies and
conversation keys."""

from __future__ import annotations

import copy
import dataclasses
import datetime as dt
import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from bot import records
from bot.games import GAMES
from bot.games.challenges import parts as challenge_parts
from bot.games.daily import parts as daily_parts
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD, DailyChat
from bot.games.rounds.parts import GROUP_STATUS, ROUND_MESSAGES, GroupStatus, RoundMessages
from bot.persistence import (
    FILE_NAME,
    FORMAT,
    DataFileError,
    SQLitePersistence,
    open_database,
)
from bot.rules.chat_stats import PlayerStats
from bot.rules.daily.puzzle import DailyRecord, DailyResult
from bot.rules.requests import Rules
from bot.rules.rounds import MATCH, ROUND_SEAT, Match
from bot.rules.table import GameSettings
from bot.state import (
    CHATS_GAME,
    ChatData,
    ChatLanguage,
    SolvePages,
    UserData,
)

# --- reading records ---------------------------------------------------------------------------


def _file_with(tmp_path: Path, rows: list[tuple[str, int, object]]) -> Path:
    """A data file of this version holding ``rows`` (kind, id, record) as given."""
    open_database(tmp_path / FILE_NAME).close()
    db = sqlite3.connect(tmp_path / FILE_NAME)
    with db:
        db.executemany(
            "INSERT INTO records (kind, key, value) VALUES (?, ?, ?)",
            [(kind, key, json.dumps(record)) for kind, key, record in rows],
        )
    db.close()
    return tmp_path


@pytest.mark.asyncio
async def test_a_record_with_unknown_fields_loads(tmp_path: Path) -> None:
    chat = {
        "v": 1,
        "language": "zh",
        "colour": "blue",  # a field of a later version, say
        "table": {
            "settings": {"cards": 3, "sound": True},
            "stats": {"players": {"7": {"name": "Ann", "wins": 2, "trophies": ["gold"]}}},
            "tournament": None,
        },
    }
    user = {"v": 1, "daily": {"results": {"2026-11-23": {"seconds": 37.0, "misses": 0, "x": 1}}}}
    persistence = SQLitePersistence(_file_with(tmp_path, [("chat", 1, chat), ("user", 7, user)]))
    loaded = (await persistence.get_chat_data())[1]
    daily = DAILY_RECORD.get((await persistence.get_user_data())[7])
    await persistence.flush()
    assert loaded.language.chosen == "zh"
    assert loaded.table.settings.cards == 3
    assert loaded.table.stats.players[7].wins == 2
    assert daily.results == {"2026-11-23": DailyResult(37.0, 0)}


@pytest.mark.asyncio
async def test_a_record_with_missing_fields_loads_with_defaults(tmp_path: Path) -> None:
    chat = {
        "v": 1,
        "table": {"settings": {"target": 10}, "stats": {"players": {"7": {"name": "A"}}}},
    }
    rows = [("chat", 1, chat), ("chat", 2, {"v": 1}), ("user", 7, {"v": 1})]
    persistence = SQLitePersistence(_file_with(tmp_path, rows))
    chats = await persistence.get_chat_data()
    user = (await persistence.get_user_data())[7]
    await persistence.flush()
    assert chats[1].table.settings == GameSettings(target=10)
    assert chats[1].table.stats.players[7] == PlayerStats("A")
    assert chats[1].answers_to == CHATS_GAME
    assert chats[2] == ChatData()
    assert user == UserData()


@pytest.mark.parametrize(
    "record",
    [
        {"v": records.VERSION + 1},
        {"language": "en"},
        {"v": 1, "table": []},
        {"v": 1, "members": {"Ann": "Ann"}},
    ],
    ids=["newer version", "no version", "not an object", "not an id"],
)
@pytest.mark.asyncio
async def test_a_record_this_version_cannot_read_stops_start_up(
    tmp_path: Path, record: dict
) -> None:
    _file_with(tmp_path, [("chat", 1, record)])
    persistence = SQLitePersistence(tmp_path)
    with pytest.raises(DataFileError, match="chat data this version cannot read"):
        await persistence.get_chat_data()
    await persistence.flush()


def test_a_file_of_a_newer_format_is_refused_and_kept(tmp_path: Path) -> None:
    open_database(tmp_path / FILE_NAME).close()
    db = sqlite3.connect(tmp_path / FILE_NAME)
    db.execute(f"PRAGMA user_version = {FORMAT + 1}")
    db.close()
    before = (tmp_path / FILE_NAME).read_bytes()
    with pytest.raises(DataFileError, match="newer version"):
        open_database(tmp_path / FILE_NAME)
    assert (tmp_path / FILE_NAME).read_bytes() == before


ANSWERS_TO_WORDS = [
    ("round", CHATS_GAME),
    ("daily", daily_parts.ANSWERS_TO),
    ("challenge", challenge_parts.ANSWERS_TO),
]
"""The words an earlier release's chat record holds as ``answers_to`` (the chat's game, a daily
attempt open, a friend's challenge played), and what this version names each by."""


@pytest.mark.parametrize(("word", "named"), ANSWERS_TO_WORDS)
def test_what_plain_answers_go_to_loads_as_an_earlier_release_wrote_it(
    word: str, named: str
) -> None:
    assert records.load("chat", json.dumps({"v": 2, "answers_to": word})).answers_to == named


@pytest.mark.parametrize(("word", "named"), ANSWERS_TO_WORDS)
def test_what_plain_answers_go_to_is_written_again_the_same(word: str, named: str) -> None:
    chat = records.load("chat", json.dumps({"v": 2, "answers_to": word}))
    assert json.loads(records.saved("chat", chat).text)["answers_to"] == word


def test_each_game_that_takes_plain_answers_has_a_word_of_its_own() -> None:
    words = [game.answers_to for game in GAMES if game.answers_to is not None]
    assert sorted([CHATS_GAME, *words]) == sorted(named for _, named in ANSWERS_TO_WORDS)


# --- records of version 1 -------------------------------------------------------------------

CHAT_RECORD_OF_VERSION_1 = (
    '{"v":1,"language":"zh","solve_requests":{"12":[[1,2,3,"1/2"],24,true]},'
    '"table":{"settings":{"deck":[1,10],"difficulty":"easy","time_limit":60,"target":10,'
    '"cards":3,"unsolvable":true},"round":{"number":4,"hand":[3,7,11],"target":10,'
    '"started":1764000000.5,"time_limit":60,"level":1,"solvable":true,"hints":1,'
    '"phase":"playing","winner":null,"wrong":{"502":1},"solutions":["3*7-11"],'
    '"solution_count":1},"rounds_dealt":4,"match":{"rounds":3,"played":1,"points":{"501":20},'
    '"names":{"501":"Ann"}},"stats":{"players":{"501":{"name":"Ann","wins":2,"points":42,'
    '"best_time":14.2,"times":[14.2,21.5],"streak":1,"best_streak":1,'
    '"weekly_points":{"2026-W48":42}}}}},"deal_message_id":40,"status_message_id":41,'
    '"status_lines":["Bob: that makes 20"],"status_sent":1764000010.0,"late_names":["Bob"],'
    '"recent_language":"en","daily_message_id":39,"mode":"daily",'
    '"members":{"501":"Ann","502":"Bob"},"subscription":"08:30","daily_done":"2026-11-24"}'
)
"""A chat's record as the previous version (records of version 1, at 0de4c61) wrote it,
with every field it had set."""


def test_a_chat_record_of_version_1_loads_into_its_parts() -> None:
    data = records.load("chat", CHAT_RECORD_OF_VERSION_1)
    assert data.language == ChatLanguage(chosen="zh", recent="en")
    assert ROUND_MESSAGES.of(data) == RoundMessages(deal_message_id=40)
    assert GROUP_STATUS.of(data) == GroupStatus(41, ["Bob: that makes 20"], 1764000010.0, ["Bob"])
    assert DAILY_CHAT.of(data) == DailyChat(39, "08:30", dt.date(2026, 11, 24))
    assert data.solve == SolvePages({12: ((1, 2, 3, Fraction(1, 2)), 24, Rules.WHOLE)})
    assert data.answers_to == daily_parts.ANSWERS_TO
    assert data.members == {501: "Ann", 502: "Bob"}
    assert data.table.settings == GameSettings((1, 10), "easy", 60, 10, 3, True)
    assert data.table.stats.players[501].points == 42
    assert MATCH.of(data.table) == Match(3, played=1, points={501: 20}, names={501: "Ann"})
    game = ROUND_SEAT.of(data.table)
    assert game is not None
    assert game.hand == (3, 7, 11)


def holds_as_it_was(new: object, old: object) -> bool:
    """Whether ``new`` has every field of ``old`` as it was (fields added since aside)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return all(key in new and holds_as_it_was(new[key], value) for key, value in old.items())
    return new == old


def test_a_chat_record_of_version_1_is_written_again_as_this_version() -> None:
    record = json.loads(records.saved("chat", records.load("chat", CHAT_RECORD_OF_VERSION_1)).text)
    assert record["v"] == records.VERSION == 4
    assert record["language"] == {"chosen": "zh", "recent": "en"}
    assert record["daily"] == {
        "message_id": 39,
        "subscription": "08:30",
        "done": "2026-11-24",
        "previous_message_id": None,
        "day": None,
        "previous_day": None,
        "subscription_zone": None,  # (the bot's zone, as version 1's posts were)
    }
    assert record["answers_to"] == "daily"
    flat = json.loads(CHAT_RECORD_OF_VERSION_1)
    for part in ("settings", "stats"):  # the table is as it was, its games by kind
        assert holds_as_it_was(record["table"][part], flat["table"][part])
    assert record["table"]["dealt"] == flat["table"]["rounds_dealt"]
    assert holds_as_it_was(record["table"]["games"]["round"], flat["table"]["round"])
    # Its fields, and the parts version 1's chats had (the rounds' and the daily's: fields then).
    fields = {f.name for f in dataclasses.fields(ChatData)} - {"parts"}
    assert set(record) == fields | {"v", "rounds", "status", "daily"}


def _user(language: str | None, daily: DailyRecord) -> UserData:
    """A user's data: their language and daily puzzles."""
    user = UserData(language)
    DAILY_RECORD.put(user, daily)
    return user


def test_other_records_of_version_1_load_as_they_were() -> None:
    user = '{"v":1,"language":"en","daily":{"started":{},"misses":{"2026-11-24":1},"results":{}}}'
    assert records.load("user", user) == _user("en", DailyRecord(misses={"2026-11-24": 1}))
    assert records.load("conversation:x", '{"v":1,"state":3}') == 3


def test_a_deep_copy_of_chat_or_user_data_is_its_saved_record_made_then() -> None:
    # What PTB hands the persistence: the record's text, which gives the data back...
    data = records.load("chat", CHAT_RECORD_OF_VERSION_1)
    copied = copy.deepcopy(data)
    assert type(copied) is records.Saved
    assert copied == records.saved("chat", data)
    assert records.load("chat", copied.text) == data
    # ...and which no later change to the data reaches, however deep.
    text = copied.text
    data.table.stats.players[501].times.append(1.0)
    data.table.stats.players[501].weekly_points["2026-W49"] = 1
    GROUP_STATUS.get(data).lines.append("x")
    data.members[503] = "Cy"
    data.language.chosen = None
    assert copied.text == text
    assert records.load("chat", copied.text) == records.load("chat", CHAT_RECORD_OF_VERSION_1)
    user = _user("zh", DailyRecord(misses={"2026-11-24": 1}))
    copied_user: object = copy.deepcopy(user)
    assert type(copied_user) is records.Saved
    DAILY_RECORD.get(user).misses["2026-11-24"] = 2
    assert records.load("user", copied_user.text) == _user(
        "zh", DailyRecord(misses={"2026-11-24": 1})
    )


def test_a_record_shares_nothing_with_the_data() -> None:
    data = records.load("chat", CHAT_RECORD_OF_VERSION_1)
    record = records.chat_record(data)
    text = json.dumps(record)
    record["status"]["lines"].append("x")
    record["table"]["stats"]["players"]["501"]["times"].append(1.0)
    record["table"]["games"]["round"]["solutions"].append("x")
    assert data == records.load("chat", CHAT_RECORD_OF_VERSION_1)
    record = records.chat_record(data)
    GROUP_STATUS.get(data).lines.append("y")
    data.table.stats.players[501].weekly_points["2026-W49"] = 1
    data.members[503] = "Cy"
    assert json.dumps(record) == text


def test_a_new_users_record_is_the_same_however_it_is_made() -> None:
    # A new user's record is not written afresh each time (see records.saved).
    text = records.saved("user", UserData()).text
    assert json.loads(text) == records.user_record(UserData())
    assert records.load("user", text) == UserData()
    for changed in (
        UserData("en"),
        _user(None, DailyRecord(attempt="2026-11-24")),
        _user(None, DailyRecord(results={"2026-11-24": DailyResult(12.5, 0)})),
    ):
        assert records.load("user", records.saved("user", changed).text) == changed


def test_a_conversation_key_is_stored_as_json_text() -> None:
    assert records.stored_key((-1002000, 7)) == "[-1002000, 7]"
    assert records.key_from_stored(records.stored_key((-1002000, 7))) == (-1002000, 7)
    assert records.key_from_stored(records.stored_key(-1002000)) == -1002000


def test_a_group_daily_post_of_an_earlier_release_loads_without_its_day() -> None:
    # Releases before 2026-11-26 kept the group's posts but not their days: none is read as
    # "the latest post is today's, the one before yesterday's", as they were answered then.
    record = '{"v":2,"daily":{"message_id":39,"previous_message_id":31,"done":"2026-11-24"}}'
    daily = DAILY_CHAT.get(records.load("chat", record))
    assert (daily.message_id, daily.previous_message_id) == (39, 31)
    assert (daily.day, daily.previous_day) == (None, None)
