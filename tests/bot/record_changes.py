"""Where a record written again differs from the one pinned in a fixture, and every chat the
fixtures hold (the tests of every earlier format)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from bot import records
from bot.records.migrations import STATS_FIELDS_OF_VERSION_3, STATS_PARTS_OF_VERSION_3

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def changed(written: Any, pinned: Any, path: str = "") -> list[str]:
    """Where ``written`` differs from the ``pinned`` record: a key gone, a value changed
    (keys only ``written`` has are fields added since, and no change; a part written as
    null, none made yet, is written no more: a chat's part is written once its game made
    it)."""
    if isinstance(pinned, dict) and isinstance(written, dict):
        return [
            found
            for key, value in pinned.items()
            for found in (
                changed(written[key], value, f"{path}.{key}")
                if key in written
                else ([] if value is None else [f"{path}.{key}: gone"])
            )
        ]
    if isinstance(pinned, list) and isinstance(written, list) and len(pinned) == len(written):
        return [
            found
            for number, (old, new) in enumerate(zip(pinned, written, strict=True))
            for found in changed(new, old, f"{path}[{number}]")
        ]
    return [] if written == pinned else [f"{path}: {pinned!r} → {written!r}"]


def fixture_chats() -> list[tuple[str, str]]:
    """Every chat a fixture holds (the JSON rows and records, the data files: release 1's
    pickled rows as records of version 1), as (where, JSON text of its record)."""
    found: list[tuple[str, str]] = []
    for path in sorted(FIXTURES.glob("*.json")):
        held = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(held, list):
            found += [(f"{path.name}:{key}", text) for kind, key, text in held if kind == "chat"]
        else:
            found += [
                (f"{path.name}:{name}", text)
                for name, text in held.items()
                if isinstance(text, str) and '"table"' in text and not name.startswith("user")
            ]
    for path in sorted(FIXTURES.glob("*.sqlite3")):
        db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)  # no -wal, -shm beside it
        try:
            kinds = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
            if "records" in kinds:
                rows = db.execute("SELECT key, value FROM records WHERE kind = 'chat'").fetchall()
                found += [(f"{path.name}:{key}", value) for key, value in rows]
            else:  # release 1's pickled rows
                rows = db.execute("SELECT key, value FROM data WHERE kind = 'chat'").fetchall()
                found += [
                    (f"{path.name}:{n}", json.dumps(records.record_from_pickle("chat", value)))
                    for n, (_key, value) in enumerate(rows)
                ]
        finally:
            db.close()
    return found


def without_points(stats: Any) -> Any:
    """A table's stats as saved before version 4, without the games' points version 4 keeps
    in their parts (the players' and the stats' own: ``bot/records/migrations.py``)."""
    if not isinstance(stats, dict):
        return stats
    kept = {name: value for name, value in stats.items() if name not in STATS_FIELDS_OF_VERSION_3}
    players = kept.get("players")
    if isinstance(players, dict):
        kept["players"] = {
            user: {k: v for k, v in player.items() if k not in STATS_PARTS_OF_VERSION_3}
            if isinstance(player, dict)
            else player
            for user, player in players.items()
        }
    return kept
