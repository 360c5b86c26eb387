"""Records that survive the round trip unchanged (every field saved or left out on purpose), and
chat records from before Countdown."""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Any

from hypothesis import given

from bot import records
from bot.games.countdown.parts import COUNTDOWN_MESSAGES, COUNTDOWN_POINTS, CountdownMessages
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD, DailyChat
from bot.games.hunt.parts import HUNT_MESSAGES, HuntMessages
from bot.games.rounds.parts import GROUP_STATUS, ROUND_MESSAGES, GroupStatus, RoundMessages
from bot.rules.chat_stats import PlayerStats
from bot.rules.countdown import COUNTDOWN_SEAT, SOLVE_RULES, Best, Countdown, chat_time
from bot.rules.daily.puzzle import DailyRecord
from bot.rules.hunt import HUNT_SEAT, Find, Hunt
from bot.rules.requests import Rules
from bot.rules.rounds import MATCH, Match, Round
from bot.rules.table import Table
from bot.state import (
    ChatData,
    SolvePages,
    UserData,
)
from tests.bot.records_data import (
    chats,
    users,
)


@given(chats)
def test_a_chat_survives_the_round_trip(data: ChatData) -> None:
    text = records.saved("chat", data).text
    again = records.load("chat", text)
    assert again == data
    assert records.saved("chat", again).text == text


@given(users)
def test_a_user_survives_the_round_trip(data: UserData) -> None:
    text = records.saved("user", data).text
    again = records.load("user", text)
    assert again == data
    assert records.saved("user", again).text == text


@given(chats)
def test_a_record_read_and_written_again_is_the_same_record(data: ChatData) -> None:
    record = json.loads(records.saved("chat", data).text)
    assert records.chat_record(records.chat_from_record(record)) == record


def test_every_field_is_saved_or_left_out_on_purpose() -> None:
    game = Round(1, (1, 2), 3, 0.0)
    hunt = Hunt(2, (1, 2), 3, 0.0, 60, ("1+2",), {0: Find(1, "A", "1+2", 1.0)})
    countdown = Countdown(3, (1, 2), 101, 0.0, 30, best={1: Best(1, "A", "1+2", 3, 98, 1.0)})
    table = Table(
        games={"round": game, "hunt": hunt, "countdown": countdown},
        previous={"round": game},
        parts={MATCH.name: Match(3)},
    )
    table.stats.players[1] = PlayerStats("A")
    data = ChatData(table=table)
    HUNT_MESSAGES.put(data, HuntMessages())
    ROUND_MESSAGES.put(data, RoundMessages())
    GROUP_STATUS.put(data, GroupStatus())
    COUNTDOWN_MESSAGES.put(data, CountdownMessages())
    DAILY_CHAT.put(data, DailyChat())
    user = UserData()
    DAILY_RECORD.put(user, DailyRecord())
    record = records.chat_record(data)
    obj: Any  # a saved dataclass of one of many types
    for obj, fields in [
        (data, record),
        (data.language, record["language"]),
        (ROUND_MESSAGES.of(data), record["rounds"]),
        (GROUP_STATUS.of(data), record["status"]),
        (DAILY_CHAT.of(data), record["daily"]),
        (data.solve, record["solve"]),
        (HUNT_MESSAGES.of(data), record["hunt"]),
        (COUNTDOWN_MESSAGES.of(data), record["countdown"]),
        (table, record["table"]),
        (table.settings, record["table"]["settings"]),
        (game, record["table"]["games"]["round"]),
        (game, record["table"]["previous"]["round"]),
        (hunt, record["table"]["games"]["hunt"]),
        (hunt.found[0], record["table"]["games"]["hunt"]["found"]["0"]),
        (countdown, record["table"]["games"]["countdown"]),
        (countdown.best[1], record["table"]["games"]["countdown"]["best"]["1"]),
        (MATCH.of(table), record["table"]["match"]),
        (table.stats.players[1], record["table"]["stats"]["players"]["1"]),
        (user, records.user_record(user)),
        (DAILY_RECORD.of(user), records.user_record(user)["daily"]),
    ]:
        names = {field.name for field in dataclasses.fields(obj)} - {"parts"}
        names |= set(getattr(obj, "parts", {}))  # each part beside the fields, by its name
        left_out = records.unsaved_fields(type(obj), records.NOT_SAVED)
        assert set(fields) - {"v"} == names - left_out, type(obj).__name__
    assert records.unsaved_fields(Round, records.NOT_SAVED) == {"hint_list"}


def test_a_fraction_of_a_request_is_saved_as_text() -> None:
    data = ChatData(solve=SolvePages({4: ((Fraction(1, 2), 3, 4), Fraction(7, 3), Rules.WHOLE)}))
    assert records.chat_record(data)["solve"]["requests"] == {"4": [["1/2", 3, 4], "7/3", "whole"]}


def test_a_requests_rules_were_a_flag_before_countdown() -> None:
    saved = '{"v":2,"solve":{"requests":{"1":[[3,3,8,8],24,true],"2":[[3,3,8,8],24,false]}}}'
    assert records.load("chat", saved).solve == SolvePages(
        {1: ((3, 3, 8, 8), 24, Rules.WHOLE), 2: ((3, 3, 8, 8), 24, Rules.EXACT)}
    )
    countdown = ChatData(solve=SolvePages({3: ((25, 50, 75, 100, 3, 6), 952, SOLVE_RULES)}))
    assert records.load("chat", records.saved("chat", countdown).text) == countdown


def test_a_chat_record_from_before_countdown_loads_with_its_defaults() -> None:
    # As the version before Countdown wrote it: a hunt on, with no starter, players or
    # votes; settings, a player and the chat's parts with no Countdown fields.
    saved = json.dumps(
        {
            "v": 2,
            "table": {
                "settings": {"deck": [1, 13], "time_limit": 60, "target": 24, "cards": 4},
                "rounds_dealt": 4,
                "stats": {"players": {"7": {"name": "Ann", "wins": 1, "hunt_points": 2}}},
                "hunt": {
                    "number": 4,
                    "hand": [2, 4, 8, 10],
                    "target": 24,
                    "started": 100.0,
                    "time_limit": 90,
                    "solutions": ["(10−2)×(8÷4+1)", "2×10+8−4"],
                    "found": {
                        "1": {"user_id": 7, "name": "Ann", "written": "2*10+8-4", "seconds": 3.5}
                    },
                    "ended": False,
                },
            },
            "hunt": {"deal_message_id": 12, "status": {"message_id": 13, "lines": ["x"]}},
        }
    )
    data = records.load("chat", saved)
    hunt = HUNT_SEAT.of(data.table)
    assert hunt is not None
    assert (hunt.starter, hunt.answered, hunt.votes) == (None, [], {})
    assert hunt.players == set()
    assert COUNTDOWN_SEAT.of(data.table) is None
    assert chat_time(data.table.settings) == 30
    assert COUNTDOWN_POINTS.of(data) is None  # (a player's Countdown points: none)
    assert COUNTDOWN_MESSAGES.of(data) is None
