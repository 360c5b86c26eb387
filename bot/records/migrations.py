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


UPGRADES: dict[int, Callable[[str, Record], Record]] = {1: _chat_parts}
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
