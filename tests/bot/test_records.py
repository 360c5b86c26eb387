"""Saved data as versioned records: the migration of release 1's pickled rows and refused
classes (lenient reading and older versions: ``test_records_versions.py``; records that
survive the round trip unchanged: ``test_records_round_trip.py``)."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot import records
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD, DailyChat
from bot.persistence import (
    FILE_NAME,
    FORMAT,
    LOCK_NAME,
    DataFileError,
    SQLitePersistence,
    open_database,
)
from bot.rules.daily.puzzle import DailyResult
from bot.rules.rounds import ROUND_SEAT, Phase
from bot.state import (
    ChatData,
)
from tests.bot.harness import ANN, BOB, FIXTURE, GROUP, ROOT, _env


@pytest.fixture
def release_1_file(tmp_path: Path) -> Path:
    """A copy of release 1's data file (pickled rows)."""
    path = tmp_path / FILE_NAME
    shutil.copyfile(FIXTURE, path)
    return path


def _read(path: Path, sql: str) -> list[tuple]:
    """Rows of a query, as the next connection to open the file sees them."""
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def _add_row(path: Path, kind: str, key: object, value: bytes) -> None:
    """A row added to a release 1 file, as release 1 wrote them (pickled key and value)."""
    db = sqlite3.connect(path)
    with db:
        db.execute(
            "INSERT INTO data (kind, key, value) VALUES (?, ?, ?)",
            (kind, pickle.dumps(key, protocol=4), value),
        )
    db.close()


# --- the migration ----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_migrated_file_holds_records_only_and_its_format(release_1_file: Path) -> None:
    persistence = SQLitePersistence(release_1_file.parent)
    chats = await persistence.get_chat_data()
    users = await persistence.get_user_data()
    await persistence.flush()
    assert _read(release_1_file, "PRAGMA user_version") == [(FORMAT,)]
    tables = {name for (name,) in _read(release_1_file, "SELECT name FROM sqlite_master")}
    assert "data" not in tables  # the table of pickled rows is gone
    rows = _read(release_1_file, "SELECT kind, key, typeof(key), typeof(value), value FROM records")
    assert sorted((kind, key) for kind, key, *_ in rows) == [
        ("chat", GROUP),
        ("chat", ANN),
        ("chat", BOB),
        ("user", ANN),
        ("user", BOB),
    ]
    assert {(key_type, value_type) for _, _, key_type, value_type, _ in rows} == {
        ("integer", "text")
    }
    assert all(json.loads(value)["v"] == records.VERSION for *_, value in rows)
    # The level tables are kept as they were.
    assert [name for (name,) in _read(release_1_file, "SELECT name FROM tables ORDER BY name")] == [
        "levels:v1:3:10",
        "levels:v1:4:24",
    ]
    assert chats[GROUP].table.stats.players[ANN].points == 42
    assert DAILY_CHAT.get(chats[GROUP]).done == dt.date(2026, 11, 24)
    assert DAILY_RECORD.get(users[BOB]).results["2026-11-24"] == DailyResult(63.0, 1)


@pytest.mark.asyncio
async def test_a_migrated_running_round_keeps_all_but_its_hints(release_1_file: Path) -> None:
    persistence = SQLitePersistence(release_1_file.parent)
    game = ROUND_SEAT.of((await persistence.get_chat_data())[ANN].table)
    await persistence.flush()
    assert game is not None
    assert (game.hand, game.target, game.hints, game.wrong) == ((3, 7, 11), 10, 1, {ANN: 1})
    assert game.phase is Phase.PLAYING
    assert game.solutions == ("7×3−11",)
    assert game.hint_list is None  # worked out again from the hand when first needed
    assert game.needs_facts


@pytest.mark.asyncio
async def test_the_migration_runs_once(release_1_file: Path) -> None:
    first = SQLitePersistence(release_1_file.parent)
    chat = ChatData()
    DAILY_CHAT.put(chat, DailyChat(subscription="09:15"))
    await first.update_chat_data(GROUP, chat)
    await first.flush()
    second = SQLitePersistence(release_1_file.parent)
    assert DAILY_CHAT.get((await second.get_chat_data())[GROUP]).subscription == "09:15"
    await second.flush()


def test_a_migration_killed_half_way_leaves_the_old_file(release_1_file: Path) -> None:
    # The process dies (no clean-up at all) once three rows are converted.
    script = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from bot import persistence, records\n"
        "convert, done = records.migrate_row, []\n"
        "def dying(*row):\n"
        "    done.append(convert(*row))\n"
        "    if len(done) == 3:\n"
        "        os._exit(9)\n"
        "    return done[-1]\n"
        "records.migrate_row = dying\n"
        "persistence.open_database(Path(sys.argv[1]))\n"
    )
    died = subprocess.run([sys.executable, "-c", script, str(release_1_file)], cwd=ROOT, timeout=60)
    assert died.returncode == 9
    assert _read(release_1_file, "PRAGMA user_version") == [(0,)]
    assert _read(release_1_file, "SELECT count(*) FROM data") == [(5,)]
    assert "records" not in {n for (n,) in _read(release_1_file, "SELECT name FROM sqlite_master")}
    open_database(release_1_file).close()  # and the next start migrates it
    assert _read(release_1_file, "SELECT count(*) FROM records") == [(5,)]


class _Evil:
    """Unpickled by a plain ``pickle.loads``, it would run a command."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple:
        return os.system, (f"touch {self.marker}",)


@pytest.mark.parametrize("forbidden", ["command", "class of the bot"])
def test_a_row_naming_a_class_not_allowed_is_refused(
    release_1_file: Path, tmp_path: Path, forbidden: str
) -> None:
    marker = tmp_path / "ran"
    if forbidden == "command":
        value = pickle.dumps(_Evil(marker))
    else:
        value = pickle.dumps(records.Saved("x"))  # bot.records.Saved: not a class of release 1
    _add_row(release_1_file, "chat", 7, value)
    before = release_1_file.read_bytes()
    with pytest.raises(DataFileError, match=r"cannot read .*not allowed.*left untouched"):
        SQLitePersistence(tmp_path)
    assert not marker.exists()
    assert release_1_file.read_bytes() == before
    # Nothing beside it but the lock a bot holds while the folder is its (no -wal, no -shm).
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME, LOCK_NAME]


def test_a_tampered_file_stops_start_up_and_is_kept(release_1_file: Path, tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    _add_row(release_1_file, "user", 7, pickle.dumps(_Evil(marker)))
    data = tmp_path / "data"
    data.mkdir()
    shutil.move(release_1_file, data / FILE_NAME)
    before = (data / FILE_NAME).read_bytes()
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL="http://127.0.0.1:9")
    done = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert "posix.system, which is not allowed" in done.stderr
    assert "left untouched" in done.stderr
    assert not marker.exists()
    assert (data / FILE_NAME).read_bytes() == before


def test_every_class_release_1_pickled_is_allowed() -> None:
    names: set[str] = set()

    class Recorder(pickle.Unpickler):
        def find_class(self, module: str, name: str) -> object:
            names.add(f"{module}.{name}")
            return records.Release1Unpickler.find_class(self, module, name)  # type: ignore[arg-type]

    # immutable: nothing is written beside the fixture (not even SQLite's -shm and -wal).
    fixture = sqlite3.connect(f"file:{FIXTURE}?immutable=1", uri=True)
    rows = fixture.execute("SELECT key, value FROM data").fetchall()
    fixture.close()
    for key, value in rows:
        for blob in (key, value):
            Recorder(io.BytesIO(blob)).load()
    assert names <= records.RELEASE_1_CLASSES
    assert "solver.hints.Hint" in names  # the running round's hints are read, then dropped
