"""Every part of the format of ``VERSION`` 2 loads from ``records-all-parts-2.json`` and is
written again the same, once upgraded to this version (version 3 keeps a table's games by
kind: ``tests/bot/test_table_records.py``; version 4 the games' points in their parts:
``tests/bot/test_points_records.py``): the guard of issue #39's moves, under which the
games' state changes homes while its saved names stay.

The fixture (see ``tests/fixtures/make_all_parts.py``) holds a row of every kind, with every
saved field away from its default, so that a part read from a wrong place (its default)
shows.  A field added later is written beside the pinned ones and is no change to them.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bot import records
from bot.games.challenges.parts import CHALLENGES
from bot.games.countdown.parts import COUNTDOWN_MESSAGES, COUNTDOWN_POINTS
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD
from bot.games.duel.parts import DUEL_CHAT, DUELS, RATINGS
from bot.games.hunt.parts import HUNT_MESSAGES, HUNT_POINTS
from bot.games.rounds.parts import GROUP_STATUS, ROUND_MESSAGES
from bot.games.rush.parts import RUSH_BOARD, RUSH_MESSAGES, RUSH_RECORDS
from bot.rules.countdown import COUNTDOWN_SEAT, chat_time
from bot.rules.hunt import HUNT_SEAT
from bot.rules.requests import Rules
from bot.rules.rounds import MATCH, ROUND_SEAT
from bot.rules.rush.chat_run import RUSH_SEAT
from bot.state import ChatData, GlobalData, UserData
from tests.bot.record_changes import changed

PINNED = Path(__file__).resolve().parents[1] / "fixtures" / "records-all-parts-2.json"
GROUP, ANN_CHAT = -1002000, 501
ANN, BOB, CAT = 501, 502, 503


def _rows() -> list[tuple[str, records.Key, str]]:
    """The fixture's rows: kind, key, JSON text."""
    return [
        (kind, records.key_from_stored(stored), text)
        for kind, stored, text in json.loads(PINNED.read_text(encoding="utf-8"))
    ]


@pytest.mark.parametrize(("kind", "key", "text"), _rows(), ids=lambda v: str(v)[:24])
def test_every_part_of_this_format_loads_and_is_written_again_the_same(
    kind: str, key: records.Key, text: str
) -> None:
    written = json.loads(records.saved(kind, records.load(kind, text)).text)
    assert changed(written, records.upgrade(kind, json.loads(text))) == []


@pytest.mark.parametrize(("kind", "key", "text"), _rows(), ids=lambda v: str(v)[:24])
def test_every_row_written_again_reads_back_equal(kind: str, key: records.Key, text: str) -> None:
    loaded = records.load(kind, text)
    assert records.load(kind, records.saved(kind, loaded).text) == loaded


def test_the_fixture_holds_a_row_of_every_kind() -> None:
    kinds = {kind for kind, _key, _text in _rows()}
    assert kinds == {
        "chat",
        "user",
        "global",
        "rating",
        "hand",
        "challenge",
        "conversation:example",
    }


def _loaded() -> tuple[dict[int, ChatData], dict[int, UserData], GlobalData, object]:
    """The fixture's chats, users, global data and conversation, loaded."""
    chats: dict[int, ChatData] = {}
    users: dict[int, UserData] = {}
    global_rows: dict[str, dict[records.Key, Any]] = {}
    conversation: object = None
    for kind, key, text in _rows():
        value = records.load(kind, text)
        if kind == "chat":
            assert isinstance(key, int)
            chats[key] = value
        elif kind == "user":
            assert isinstance(key, int)
            users[key] = value
        elif kind.startswith("conversation:"):
            conversation = value
        else:
            global_rows.setdefault(kind, {})[key] = value
    return chats, users, records.global_from_rows(global_rows), conversation


CHATS, USERS, GLOBAL, CONVERSATION = _loaded()
GROUP_CHAT, PRIVATE_CHAT, ANN_USER = CHATS[GROUP], CHATS[ANN_CHAT], USERS[ANN]


def _duel_hand() -> object:
    duel = DUELS.get(GLOBAL).duels["DuelToken1"]
    return None if duel.hand is None else duel.hand.hand


def _rush_runner() -> object:
    rush = RUSH_SEAT.of(GROUP_CHAT.table)
    return None if rush is None else rush.run.runners[ANN].score


VALUES: list[tuple[str, Callable[[], object], object]] = [
    ("settings", lambda: GROUP_CHAT.table.settings.deck, (1, 10)),
    ("countdown time", lambda: chat_time(GROUP_CHAT.table.settings), 45),
    (
        "round",
        lambda: (game := ROUND_SEAT.of(GROUP_CHAT.table)) and game.wrong,
        {BOB: 2},
    ),
    ("rounds dealt", lambda: GROUP_CHAT.table.dealt, 9),
    ("match", lambda: (match := MATCH.of(GROUP_CHAT.table)) and match.points, {ANN: 12, BOB: 7}),
    ("player stats", lambda: GROUP_CHAT.table.stats.players[ANN].weekly_points, {"2026-W48": 52}),
    ("hunt points", lambda: (part := HUNT_POINTS.of(GROUP_CHAT)) and part.of(ANN), 6),
    ("countdown points", lambda: (part := COUNTDOWN_POINTS.of(GROUP_CHAT)) and part.of(ANN), 10),
    ("hunt best", lambda: (part := HUNT_POINTS.of(GROUP_CHAT)) and part.best, {"1 5 5 5=24": 3}),
    (
        "hunt",
        lambda: (hunt := HUNT_SEAT.of(GROUP_CHAT.table)) and hunt.found[0].written,
        "5*(5-1/5)",
    ),
    (
        "countdown",
        lambda: (game := COUNTDOWN_SEAT.of(GROUP_CHAT.table)) and game.target,
        321,
    ),
    ("rush run", _rush_runner, 3),
    ("language", lambda: GROUP_CHAT.language.recent, "zh"),
    ("round messages", lambda: ROUND_MESSAGES.get(GROUP_CHAT).deal_message_id, 90),
    ("group status", lambda: GROUP_STATUS.get(GROUP_CHAT).late_ids, [CAT]),
    ("daily post", lambda: DAILY_CHAT.get(GROUP_CHAT).previous_day, dt.date(2026, 11, 24)),
    (
        "solve pages",
        lambda: GROUP_CHAT.solve.requests[92],
        ((1, 2, 3, Fraction(1, 2)), 24, Rules.WHOLE),
    ),
    ("hunt messages", lambda: HUNT_MESSAGES.get(GROUP_CHAT).status.message_id, 61),
    ("countdown messages", lambda: COUNTDOWN_MESSAGES.get(GROUP_CHAT).deal_message_id, 62),
    ("rush messages", lambda: RUSH_MESSAGES.get(GROUP_CHAT).hands, {64: 3, 58: 2}),
    ("members", lambda: GROUP_CHAT.members[CAT], "Cat"),
    ("usernames", lambda: GROUP_CHAT.usernames, {"ann_a": ANN, "bob_b": BOB}),
    (
        "duel chat",
        lambda: DUEL_CHAT.get(GROUP_CHAT).invitations["InviteTok1"].inviter,
        "Cat",
    ),
    ("answers to", lambda: PRIVATE_CHAT.answers_to, "challenge"),
    ("private settings", lambda: PRIVATE_CHAT.table.settings.target, 10),
    ("user language", lambda: ANN_USER.language, "zh"),
    ("daily results", lambda: DAILY_RECORD.get(ANN_USER).results["2026-11-24"].seconds, 63.5),
    ("daily replays", lambda: DAILY_RECORD.get(ANN_USER).replays["2026-11-19"].misses, 3),
    ("daily reminder", lambda: DAILY_RECORD.get(ANN_USER).remind_zone, "Asia/Shanghai"),
    ("rush records", lambda: (runs := RUSH_RECORDS.get(ANN_USER).best) and runs.score, 9),
    ("invitations", lambda: DUELS.get(GLOBAL).invitations["InviteTok1"].inviter, CAT),
    ("duel", _duel_hand, (4, 4, 10, 10)),
    ("duel history", lambda: DUELS.get(GLOBAL).history[0].score, (3, 1)),
    ("rating", lambda: RATINGS.get(GLOBAL).players[ANN].friendly, 2),
    ("pairs", lambda: RATINGS.get(GLOBAL).pairs, {f"2026-11-25 {ANN} {BOB}": 1}),
    ("hand record", lambda: GLOBAL.hand_records.hands["3 3 8 8=24"].seen, 5),
    ("challenge", lambda: CHALLENGES.get(GLOBAL).challenges["ChallTok01"].plays[CAT].gave_up, True),
    ("rush board", lambda: RUSH_BOARD.get(GLOBAL).week[0].name, "Bob"),
    ("conversation", lambda: CONVERSATION, "waiting"),
]
"""One value of each part, as the fixture holds it."""


@pytest.mark.parametrize(("part", "value_of", "expected"), VALUES, ids=[v[0] for v in VALUES])
def test_each_part_loads_with_its_values(
    part: str, value_of: Callable[[], object], expected: object
) -> None:
    assert value_of() == expected
