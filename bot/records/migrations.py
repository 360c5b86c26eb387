"""Records of older versions, brought up to this one as they are read.

A change to the records that lenient reading does not absorb (a field renamed or moved, a
meaning changed) raises :data:`~bot.records.schema.VERSION` and adds a step to
:data:`UPGRADES`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.records.codec import Record, RecordError
from bot.records.schema import VERSION

CHAT_PARTS_OF_VERSION_1 = {
    "language": ("language", "chosen"),
    "recent_language": ("language", "recent"),
    "deal_message_id": ("rounds", "deal_message_id"),
    "status_message_id": ("status", "message_id"),
    "status_lines": ("status", "lines"),
    "status_sent": ("status", "sent"),
    "late_names": ("status", "late_names"),
    "daily_message_id": ("daily", "message_id"),
    "subscription": ("daily", "subscription"),
    "daily_done": ("daily", "done"),
    "solve_requests": ("solve", "requests"),
}
"""Where version 2 keeps each field a chat's record of version 1 held at its top: in a part
of the chat's data, by feature (:mod:`bot.state`)."""


def _chat_parts(kind: str, record: Record) -> Record:
    """Version 1 → 2: a chat's fields go into parts by feature, and ``mode`` is called
    ``answers_to``; the table, the members and other kinds of record are unchanged."""
    if kind != "chat":
        return record
    upgraded: Record = {}
    for name, value in record.items():
        if name in CHAT_PARTS_OF_VERSION_1:
            part, field = CHAT_PARTS_OF_VERSION_1[name]
            upgraded.setdefault(part, {})[field] = value
        elif name == "mode":
            upgraded["answers_to"] = value
        else:
            upgraded[name] = value
    return upgraded


TABLE_GAMES_OF_VERSION_2 = ("round", "hunt", "countdown", "rush")
"""The games a table's record of version 2 (and 1) held as fields of its own, by the names
their seats keep (:data:`bot.state.TABLE_GAMES`)."""


COUNTDOWN_TIME_OF_VERSION_2 = 30
"""Countdown's time a chat's settings of version 2 held when never set (every record wrote
one): read as none set, the game's own default."""


def _games_by_kind(kind: str, record: Record) -> Record:
    """Version 2 → 3: a chat's table keeps its games by kind (``games``: the round, the hunt,
    the Countdown game and the Rush run by name), the round before the current one among the
    ``previous`` of each kind, and the count of games dealt as ``dealt``; a match counts its
    ``hands``; the settings keep Countdown's time among the games' ``times`` (unless it is
    the one every chat had until set).  The rest of the table, and other kinds of record, are
    unchanged."""
    table = record.get("table") if kind == "chat" else None
    if not isinstance(table, dict):
        return record
    upgraded: Record = {}
    games: Record = {}
    for name, value in table.items():
        if name in TABLE_GAMES_OF_VERSION_2:
            if value is not None:
                games[name] = value
        elif name == "previous":
            upgraded["previous"] = {} if value is None else {"round": value}
        elif name == "rounds_dealt":
            upgraded["dealt"] = value
        elif name == "settings" and isinstance(value, dict):
            upgraded["settings"] = {
                field: held for field, held in value.items() if field != "countdown_time"
            }
            held = value.get("countdown_time", COUNTDOWN_TIME_OF_VERSION_2)
            if held != COUNTDOWN_TIME_OF_VERSION_2:
                upgraded["settings"]["times"] = {"countdown": held}
        elif name == "match" and isinstance(value, dict):
            upgraded["match"] = {
                ("hands" if field == "rounds" else field): held for field, held in value.items()
            }
        else:
            upgraded[name] = value
    upgraded["games"] = games
    return {**record, "table": upgraded}


STATS_PARTS_OF_VERSION_3 = {
    "hunt_points": ("hunt_points", "points"),
    "countdown_points": ("countdown_points", "points"),
}
"""Where version 4 keeps each game's points a player's stats in a chat's table of version 3
(and earlier) held beside the rounds': by player, in the game's part of the chat's data."""

STATS_FIELDS_OF_VERSION_3 = {"hunt_best": ("hunt_points", "best")}
"""Where version 4 keeps what a table's stats of version 3 held of a game beside the
players: in the game's part of the chat's data."""


def _points_by_game(kind: str, record: Record) -> Record:
    """Version 3 → 4: each game's points in a chat (Solution Hunt's and Countdown's, and the
    hunt's best of each hand) go from the table's stats into the game's part of the chat's
    data (:data:`STATS_PARTS_OF_VERSION_3`, :data:`STATS_FIELDS_OF_VERSION_3`); a game's
    part is made only where it holds points.  The rest of the stats, the table and other
    kinds of record are unchanged."""
    table = record.get("table") if kind == "chat" else None
    stats = table.get("stats") if isinstance(table, dict) else None
    if not isinstance(table, dict) or not isinstance(stats, dict):
        return record
    parts: Record = {}
    upgraded: Record = {}
    for name, value in stats.items():
        if name in STATS_FIELDS_OF_VERSION_3:
            part, field = STATS_FIELDS_OF_VERSION_3[name]
            if value:
                parts.setdefault(part, {})[field] = value
        elif name == "players" and isinstance(value, dict):
            upgraded["players"] = {
                user: _player_of_version_4(user, player, parts) for user, player in value.items()
            }
        else:
            upgraded[name] = value
    return {**record, "table": {**table, "stats": upgraded}, **parts}


def _player_of_version_4(user: str, player: object, parts: Record) -> object:
    """A player's stats of version 3 without the games' points, which go into ``parts``."""
    if not isinstance(player, dict):
        return player
    kept: Record = {}
    for name, value in player.items():
        if name in STATS_PARTS_OF_VERSION_3:
            part, field = STATS_PARTS_OF_VERSION_3[name]
            if value not in (0, None):
                parts.setdefault(part, {}).setdefault(field, {})[user] = value
        else:
            kept[name] = value
    return kept


UPGRADES: dict[int, Callable[[str, Record], Record]] = {
    1: _chat_parts,
    2: _games_by_kind,
    3: _points_by_game,
}
"""For each older version ``v``, the step that turns a record of version ``v`` (of a kind:
``chat``, ``user``, ``conversation:…``) into one of ``v + 1``."""


def upgrade(kind: str, record: Any) -> Record:
    """A record of any version this version reads, brought to :data:`VERSION`."""
    if not isinstance(record, dict) or not isinstance(record.get("v"), int):
        raise RecordError(f"not a record: {str(record)[:80]!r}")
    version = record["v"]
    if version > VERSION:
        raise RecordError(f"a record of version {version}, written by a newer version")
    while version < VERSION:
        if version not in UPGRADES:
            raise RecordError(f"a record of unknown version {version}")
        record = UPGRADES[version](kind, record)
        version += 1
        record["v"] = version
    return record
