"""PTB persistence in one SQLite file: every write is a transaction, so a crash never leaves a
half-written file, and a damaged file is reported and left alone, never replaced.

Each chat's and user's data is one row holding its record as JSON (:mod:`bot.records`).
Files of release 1 held pickled objects instead; they are migrated once, when opened.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from telegram.ext import BasePersistence, PersistenceInput

from bot import records

FILE_NAME = "twentyfour.sqlite3"
CHECKPOINT_EVERY = 1.0
"""Seconds between checkpoints while the bot writes (none while it is idle)."""
FORMAT = 1
"""The data file's format, kept in SQLite's ``user_version``: 1, a row of table ``records``
per chat, user or conversation, holding its record as JSON text.  Format 0 is release 1's:
a row of table ``data`` per chat or user, key and value pickled."""

logger = logging.getLogger(__name__)

# The shapes BasePersistence's methods take and give for conversations and callback data,
# as PTB documents them (its own aliases are in a private module).
ConversationKey = tuple[int | str, ...]
ConversationDict = MutableMapping[ConversationKey, object]
CDCData = tuple[list[tuple[str, float, dict[str, Any]]], dict[str, str]]


class DataFileError(RuntimeError):
    """The data file exists but cannot be read; the message says which file and why."""


class SQLitePersistence(BasePersistence[dict, dict, dict]):
    """Stores user and chat data (and conversations) as rows of records of a SQLite table.

    PTB calls :meth:`update_chat_data` and friends every ``update_interval`` seconds and on
    shutdown, all at once for every chat and user that had an update since.  Those writes
    are gathered into one transaction, and each call returns only once its transaction has
    committed.  A won round is saved at once, before it is announced (:meth:`write_now`).

    Saving four times a second rather than every minute (PTB's default) keeps each save
    small: a save holds up the event loop while it turns what changed into records, so its
    length is the longest wait a player can feel (at 100 updates a second a save every
    second took 30-60 ms, one every quarter second 5-15 ms).  Bot data is not stored: the
    bot keeps none, and PTB would otherwise write it at every save, idle or not.
    """

    def __init__(self, directory: Path, *, update_interval: float = 0.25) -> None:
        super().__init__(
            store_data=PersistenceInput(bot_data=False, callback_data=False),
            update_interval=update_interval,
        )
        directory.mkdir(parents=True, exist_ok=True)
        self.path = directory / FILE_NAME
        self._db = open_database(self.path)
        # A commit only appends to SQLite's log (WAL, synchronous NORMAL): no disk sync, well
        # under a millisecond, so it runs on the event loop.  The syncs come when the log is
        # copied into the file (a checkpoint: tens of milliseconds), which SQLite would do
        # inside whichever commit fills the log; here a thread of its own does it instead,
        # with its own connection, while the loop goes on writing.
        self._db.execute("PRAGMA wal_autocheckpoint = 0")
        self._checkpointer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="checkpoint")
        self._checkpoint_db: sqlite3.Connection | None = None
        self._checkpoint: asyncio.Future[None] | None = None
        self._last_checkpoint = time.monotonic()
        self._pending: dict[tuple[str, int | str], str | None] = {}
        self._batch: asyncio.Task[None] | None = None

    # --- storage --------------------------------------------------------------------------

    def _rows(self, kind: str) -> dict[Any, Any]:
        rows = self._db.execute("SELECT key, value FROM records WHERE kind = ?", (kind,))
        try:
            return {records.key_from_stored(key): records.load(kind, value) for key, value in rows}
        except (records.RecordError, ValueError) as error:  # ValueError: a key that is not JSON
            raise DataFileError(
                f"the data file {self.path} holds {kind} data this version cannot read "
                f"({error}). It was left untouched."
            ) from error

    async def _put(self, kind: str, key: Any, value: object) -> None:
        """Write (or with ``value`` None, delete) a row in the next batch; wait for its commit."""
        row = None if value is None else records.saved(kind, value).text
        self._pending[kind, records.stored_key(key)] = row
        if self._batch is None:
            self._batch = asyncio.ensure_future(self._write_batch())
        # Shielded: a caller that is cancelled must not cancel the others' commit.
        await asyncio.shield(self._batch)

    def write_now(self, rows: dict[tuple[str, Any], object]) -> None:
        """Write ``rows`` ((kind, key) → value, e.g. ``("chat", chat_id)``) at once, in a
        transaction of their own, without waiting for the event loop.

        A won round is saved this way before it is announced: waiting for the next batch
        costs a turn or more of a busy event loop.  An older copy of the same row that is
        still waiting for its batch is dropped, so it cannot overwrite the newer one.
        """
        pending: dict[tuple[str, int | str], str | None] = {
            (kind, records.stored_key(key)): records.saved(kind, value).text
            for (kind, key), value in rows.items()
        }
        self._write(pending)
        # Only once written: should the write fail, the older copies are still saved.
        for row in pending:
            self._pending.pop(row, None)

    async def _write_batch(self) -> None:
        # PTB starts all its writes together; one turn of the event loop lets them all join.
        await asyncio.sleep(0)
        rows, self._pending, self._batch = self._pending, {}, None
        self._write(rows)

    def _write(self, rows: dict[tuple[str, int | str], str | None]) -> None:
        with self._db:  # one transaction: committed, or rolled back on any error
            self._db.executemany(
                "DELETE FROM records WHERE kind = ? AND key = ?",
                [key for key, value in rows.items() if value is None],
            )
            self._db.executemany(
                "INSERT OR REPLACE INTO records (kind, key, value) VALUES (?, ?, ?)",
                [(*key, value) for key, value in rows.items() if value is not None],
            )
        if (
            self._checkpoint is None
            and time.monotonic() - self._last_checkpoint >= CHECKPOINT_EVERY
        ):
            self._last_checkpoint = time.monotonic()
            self._checkpoint = asyncio.get_running_loop().run_in_executor(
                self._checkpointer, self._copy_log_into_file
            )
            self._checkpoint.add_done_callback(self._checkpoint_done)

    def _copy_log_into_file(self) -> None:
        """Checkpoint (in the checkpoint thread): copy the committed log into the file."""
        if self._checkpoint_db is None:
            self._checkpoint_db = sqlite3.connect(self.path)
        # PASSIVE never waits for the writer: what it cannot copy now waits for the next one.
        self._checkpoint_db.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def _checkpoint_done(self, checkpoint: asyncio.Future[None]) -> None:
        self._checkpoint = None
        if not checkpoint.cancelled() and checkpoint.exception() is not None:
            # Nothing is lost: the commits are in the log, which the next checkpoint retries.
            logger.warning("Checkpoint of %s failed", self.path, exc_info=checkpoint.exception())

    def _close_checkpoint_db(self) -> None:
        if self._checkpoint_db is not None:
            self._checkpoint_db.close()

    # --- computed tables --------------------------------------------------------------------

    def load_table(self, name: str) -> str | None:
        """A table the bot computed in an earlier run (e.g. every hand's level), if kept."""
        row = self._db.execute("SELECT value FROM tables WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def save_table(self, name: str, value: str) -> None:
        """Keep a computed table for later runs (its own small transaction)."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO tables (name, value) VALUES (?, ?)", (name, value)
            )

    # --- BasePersistence ------------------------------------------------------------------

    async def get_user_data(self) -> dict[int, dict]:
        return self._rows("user")

    async def get_chat_data(self) -> dict[int, dict]:
        return self._rows("chat")

    async def get_bot_data(self) -> dict:
        """Bot data is not stored (the bot keeps none)."""
        return {}

    async def get_callback_data(self) -> CDCData | None:
        return None

    async def get_conversations(self, name: str) -> ConversationDict:
        return self._rows(f"conversation:{name}")

    async def update_conversation(
        self, name: str, key: ConversationKey, new_state: object | None
    ) -> None:
        await self._put(f"conversation:{name}", key, new_state)

    async def update_user_data(self, user_id: int, data: dict) -> None:
        await self._put("user", user_id, data)

    async def update_chat_data(self, chat_id: int, data: dict) -> None:
        await self._put("chat", chat_id, data)

    async def update_bot_data(self, data: dict) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def update_callback_data(self, data: CDCData) -> None:
        """Callback data is not stored (``arbitrary_callback_data`` is off)."""

    async def drop_chat_data(self, chat_id: int) -> None:
        await self._put("chat", chat_id, None)

    async def drop_user_data(self, user_id: int) -> None:
        await self._put("user", user_id, None)

    async def refresh_user_data(self, user_id: int, user_data: dict) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_chat_data(self, chat_id: int, chat_data: dict) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_bot_data(self, bot_data: dict) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def flush(self) -> None:
        if self._batch is not None:
            await asyncio.shield(self._batch)
        await asyncio.get_running_loop().run_in_executor(
            self._checkpointer, self._close_checkpoint_db
        )
        self._checkpointer.shutdown()
        self._db.close()  # the last connection to close copies the log into the file


def open_database(path: Path) -> sqlite3.Connection:
    """Open (or create) the data file, check that it is whole, and migrate it if it is older.

    Raises :class:`DataFileError` for a file that is not a readable database, or whose data
    this version cannot read; the file is left exactly as it was, for recovery.
    """
    existed = path.exists() and path.stat().st_size > 0
    db = None
    try:
        db = sqlite3.connect(path, isolation_level="DEFERRED")
        if existed:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise sqlite3.DatabaseError(verdict)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > FORMAT:
            raise DataFileError(
                f"the data file {path} was written by a newer version of the bot (format "
                f"{version}; this version reads up to {FORMAT}). It was left untouched."
            )
        db.execute("PRAGMA journal_mode = WAL")
        # In WAL mode NORMAL survives a killed process; only a power cut may drop the last
        # commits (FULL would sync every commit, which costs each won round a disk flush).
        db.execute("PRAGMA synchronous = NORMAL")
        if version < FORMAT:
            _migrate(db, path)
        db.execute("SELECT count(*) FROM records").fetchone()
    except (sqlite3.DatabaseError, DataFileError) as error:
        if db is not None:
            db.close()
        if isinstance(error, DataFileError):
            raise
        raise DataFileError(
            f"the data file {path} cannot be read ({error}). It was left untouched: move it "
            "away to start afresh, or restore it from a backup."
        ) from error
    return db


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring a file of format 0 (release 1's pickled rows, or a new file) to :data:`FORMAT`,
    in one transaction: should anything fail or the process die, the file stays as it was.

    Every row is converted and read back before anything is committed; table ``data`` goes.
    """
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute(
            "CREATE TABLE records (kind TEXT NOT NULL, key NOT NULL, value TEXT NOT NULL,"
            " PRIMARY KEY (kind, key))"
        )
        db.execute("CREATE TABLE IF NOT EXISTS tables (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
        if db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'data'"
        ).fetchone():
            rows = db.execute("SELECT kind, key, value FROM data").fetchall()
            try:
                migrated = [records.migrate_row(kind, key, value) for kind, key, value in rows]
            except Exception as error:  # unreadable in any way: the same for the operator
                raise DataFileError(
                    f"the data file {path} holds release 1 data this version cannot read "
                    f"({error}). It was left untouched."
                ) from error
            db.executemany("INSERT INTO records (kind, key, value) VALUES (?, ?, ?)", migrated)
            db.execute("DROP TABLE data")
            logger.info("Migrated %d rows of %s to records (format %d)", len(rows), path, FORMAT)
        db.execute(f"PRAGMA user_version = {FORMAT}")
        db.commit()
    except BaseException:
        db.rollback()
        raise
