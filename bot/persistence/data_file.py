"""The rows of the data file, as the bot reads and writes them (:class:`DataFile`): every
write is a transaction, so a crash never leaves a half-written file; writes are gathered in
batches or made at once; a save the disk refuses (full, read-only) is kept in memory and
tried again until the disk takes it; a thread of its own copies SQLite's log into the file.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot import records
from bot.persistence.data_file_errors import DataFileError
from bot.persistence.database import FORMAT, open_database
from bot.persistence.folder import FILE_NAME, FolderLock, prepare_folder
from bot.records.schema import item_kinds
from bot.state import GlobalData


def global_kinds() -> tuple[str, ...]:
    """The kinds of row that hold the bot's data across all chats (only ever written at
    once): the global row, and the kinds of its items (a global part's rows are read once
    its game declared it; until then they stay in the file as they are)."""
    return ("global", *item_kinds())


PTB_KINDS = ("chat", "user")
"""The kinds of row PTB copies and hands over at its regular saves."""

CHECKPOINT_EVERY = 1.0
"""Seconds between checkpoints while the bot writes (none while it is idle)."""
RETRY_SAVES = (1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds between tries of a save the disk refused; the last is repeated until it works."""

logger = logging.getLogger(__name__)


class DataFile:
    """The data file of a folder, held (locked) from opening until :meth:`close`."""

    def __init__(self, directory: Path) -> None:
        prepare_folder(directory)
        self.path = directory / FILE_NAME
        # Before the file is even opened: a second process must not read (and later write
        # back) rows that the first one is changing.
        self._lock = FolderLock(directory)
        try:
            self._db = open_database(self.path)
        except BaseException:
            self._lock.release()
            raise
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
        self._unsaved: dict[tuple[str, int | str], str | None] = {}
        """Rows the disk refused, newest copy of each, until a write takes them."""
        self._retry: asyncio.Task[None] | None = None
        self._written_now: dict[tuple[str, int | str], int] = {}
        """Rows written at once (:meth:`write_now`), with when (:func:`bot.records.stamp`),
        until a copy made after it comes through :meth:`_put`."""
        self.on_saved_again: Callable[[], object] = lambda: None  # took rows it had refused
        self.on_write: Callable[[float, bool], object] | None = None
        """Called after each write with its seconds and whether the disk took it."""

    # --- storage --------------------------------------------------------------------------

    def _rows(self, kind: str) -> dict[Any, Any]:
        rows = self._db.execute("SELECT key, value FROM records WHERE kind = ?", (kind,))
        loaded = {}
        for key, value in rows:
            try:
                loaded[_key_from_row(kind, key)] = records.load(kind, value)
            except (records.RecordError, ValueError, TypeError) as error:
                raise DataFileError(
                    f"the data file {self.path} holds {kind} data this version cannot read "
                    f"(the row of {key!r}: {error}). It was left untouched."
                ) from error
        return loaded

    async def _put(self, kind: str, key: Any, value: object) -> None:
        """Write (or with ``value`` None, delete) a row in the next batch; wait for its commit.

        ``value`` is the data itself or, as PTB's copies of chat and user data are, already
        :class:`~bot.records.Saved`.
        """
        where = (kind, records.stored_key(key))
        made = value.made if isinstance(value, records.Saved) else records.stamp()
        if made < self._written_now.get(where, -1):
            # PTB copied the data, then a newer copy was written at once (write_now) before
            # this one came: it is out of date, and would overwrite the newer row.
            return
        self._written_now.pop(where, None)
        row = None if value is None else records.saved(kind, value).text
        self._pending[where] = row
        if self._batch is None:
            self._batch = asyncio.ensure_future(self._write_batch())
        # Shielded: a caller that is cancelled must not cancel the others' commit.
        await asyncio.shield(self._batch)

    def load_global(self) -> GlobalData:
        """The bot's data across all chats (duels, ratings, hand records, challenges), from
        its rows (new data when the file has none)."""
        return records.global_from_rows({kind: self._rows(kind) for kind in global_kinds()})

    def write_now(self, rows: dict[tuple[str, Any], object]) -> bool:
        """Write ``rows`` ((kind, key) → value, e.g. ``("chat", chat_id)``; a value of None
        deletes its row) at once, in a
        transaction of their own, without waiting for the event loop; whether the disk took
        them.  A won round is saved this way before it is announced.  An older copy of the
        same row still waiting for its batch is dropped, so it cannot overwrite the newer
        one.  Should the disk refuse the write, the rows are kept and tried again (see
        :meth:`_write`): this never raises for a full or read-only disk.
        """
        written = records.stamp()
        pending: dict[tuple[str, int | str], str | None] = {
            (kind, records.stored_key(key)): None
            if value is None
            else records.saved(kind, value).text
            for (kind, key), value in rows.items()
        }
        # Dropped either way: these copies are newer, and are written or kept for a retry;
        # so is a copy PTB made before now and has not handed over yet (see _put).
        for row in pending:
            self._pending.pop(row, None)
            if row[0] in PTB_KINDS:
                self._written_now[row] = written
        return self._write(pending)

    async def _write_batch(self) -> None:
        # PTB starts all its writes together; one turn of the event loop lets them all join.
        await asyncio.sleep(0)
        rows, self._pending, self._batch = self._pending, {}, None
        self._write(rows)

    def _write(self, rows: dict[tuple[str, int | str], str | None]) -> bool:
        """Write ``rows`` in one transaction, together with any rows the disk refused
        earlier (``rows`` being newer); whether the disk took them.

        A refused write (a full or read-only disk, an I/O error) is logged for the operator
        and its rows are kept in memory, the newest copy of each, and written with the next
        write or by :meth:`_retry_unsaved`, whichever comes first.
        """
        if self._unsaved:
            rows = {**self._unsaved, **rows}
        started = time.perf_counter()
        try:
            with self._db:  # one transaction: committed, or rolled back on any error
                self._db.executemany(
                    "DELETE FROM records WHERE kind = ? AND key = ?",
                    [key for key, value in rows.items() if value is None],
                )
                self._db.executemany(
                    "INSERT OR REPLACE INTO records (kind, key, value) VALUES (?, ?, ?)",
                    [(*key, value) for key, value in rows.items() if value is not None],
                )
        except sqlite3.DatabaseError as error:
            if not self._unsaved:
                logger.error(
                    "Cannot save to %s (%s): is the disk full or read-only? The data is kept "
                    "in memory and saved as soon as the disk takes it",
                    self.path,
                    error,
                )
            self._unsaved = rows
            if self._retry is None:
                self._retry = asyncio.ensure_future(self._retry_unsaved())
            self._wrote(started, ok=False)
            return False
        self._wrote(started, ok=True)
        if self._unsaved:
            logger.warning("Saved to %s again: nothing kept in memory was lost", self.path)
            self._unsaved = {}
            self.on_saved_again()
        if (
            self._checkpoint is None
            and time.monotonic() - self._last_checkpoint >= CHECKPOINT_EVERY
        ):
            self._last_checkpoint = time.monotonic()
            self._checkpoint = asyncio.get_running_loop().run_in_executor(
                self._checkpointer, self._copy_log_into_file
            )
            self._checkpoint.add_done_callback(self._checkpoint_done)
        return True

    def _wrote(self, started: float, *, ok: bool) -> None:
        if self.on_write is not None:
            self.on_write(time.perf_counter() - started, ok)

    def writable(self) -> bool:
        """Whether the disk takes writes now: nothing waits that it refused, and a write of
        what the file holds already (its format number) commits (for ``/readyz``)."""
        if self._unsaved:
            return False
        try:
            with self._db:
                self._db.execute(f"PRAGMA user_version = {FORMAT}")
        except sqlite3.DatabaseError:
            return False
        return True

    async def _retry_unsaved(self) -> None:
        """Try the refused rows again, less and less often, until the disk takes them."""
        try:
            for attempt in itertools.count():
                await asyncio.sleep(RETRY_SAVES[min(attempt, len(RETRY_SAVES) - 1)])
                if not self._unsaved or self._write({}):
                    return
                logger.warning(
                    "Still cannot save to %s: %d chats and users wait in memory",
                    self.path,
                    len(self._unsaved),
                )
        finally:
            self._retry = None

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
        """A table the bot computed in an earlier run (e.g. every hand's level), if kept.

        A row that is not text is not one this bot wrote: it is ignored (and the table
        worked out again) rather than handed on.
        """
        row = self._db.execute("SELECT value FROM tables WHERE name = ?", (name,)).fetchone()
        if row is not None and not isinstance(row[0], str):
            logger.warning("Stored table %s is not text; working it out again", name)
            return None
        return row[0] if row else None

    def save_table(self, name: str, value: str) -> None:
        """Keep a computed table for later runs (its own small transaction).  A disk that
        refuses it costs nothing now: the table is worked out again at a later start."""
        try:
            with self._db:
                self._db.execute(
                    "INSERT OR REPLACE INTO tables (name, value) VALUES (?, ?)", (name, value)
                )
        except sqlite3.DatabaseError as error:
            logger.warning("Cannot keep table %s in %s (%s)", name, self.path, error)

    async def close(self) -> None:
        """Write what waits (what the disk still refuses is lost, and the operator told),
        close the file and let another process have the folder."""
        if self._batch is not None:
            await asyncio.shield(self._batch)
        if self._retry is not None:
            self._retry.cancel()
        if self._unsaved and not self._write({}):
            logger.error(
                "Stopping without saving %d chats and users to %s: the disk still refuses "
                "them; their changes since the disk filled up are lost",
                len(self._unsaved),
                self.path,
            )
        await asyncio.get_running_loop().run_in_executor(
            self._checkpointer, self._close_checkpoint_db
        )
        self._checkpointer.shutdown()
        self._db.close()  # the last connection to close copies the log into the file
        self._lock.release()


def _key_from_row(kind: str, stored: object) -> Any:
    """A row's key: a chat's or user's id (the global row's 0, a player's of the items kept
    so: :func:`bot.records.plain_keyed`) is an integer, any other key JSON text."""
    if records.plain_keyed(kind):
        if type(stored) is not int:
            raise TypeError(f"its key is {type(stored).__name__}, not an id")
        return stored
    if not isinstance(stored, str):
        raise TypeError(f"its key is {type(stored).__name__}, not text")
    return records.key_from_stored(stored)
