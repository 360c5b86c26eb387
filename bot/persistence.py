"""PTB persistence in one SQLite file: every write is a transaction, so a crash never leaves a
half-written file, and a damaged file is reported and left alone, never replaced.

Each chat's and user's data is one row holding its record as JSON (:mod:`bot.records`).
Files of release 1 held pickled objects instead; they are migrated once, when opened.

One process at a time: the data folder is locked (``flock`` on a file beside the data file)
for as long as the persistence is open, so a second bot on the same folder stops before it
reads or writes anything.  A save the disk refuses (full, read-only) is kept in memory and
tried again until the disk takes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import itertools
import logging
import os
import sqlite3
import time
from collections.abc import Callable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO, Any

from telegram.ext import BasePersistence, PersistenceInput

from bot import records
from bot.records import Saved
from bot.state import ChatData, UserData

FILE_NAME = "twentyfour.sqlite3"
LOCK_NAME = FILE_NAME + ".lock"
"""The file beside the data file that a running bot holds locked (it names the process)."""
CHECKPOINT_EVERY = 1.0
"""Seconds between checkpoints while the bot writes (none while it is idle)."""
FORMAT = 1
"""The data file's format, kept in SQLite's ``user_version``: 1, a row of table ``records``
per chat, user or conversation, holding its record as JSON text.  Format 0 is release 1's:
a row of table ``data`` per chat or user, key and value pickled."""
TABLES = {"records": ("kind", "key", "value"), "tables": ("name", "value")}
"""The tables of a file of :data:`FORMAT` and their columns."""
RELEASE_1_TABLES = {"data": ("kind", "key", "value"), "tables": ("name", "value")}
"""The tables a file of format 0 may hold (release 1's)."""
RETRY_SAVES = (1.0, 2.0, 5.0, 10.0, 30.0)
"""Seconds between tries of a save the disk refused; the last is repeated until it works."""
DISK_ERRORS = {
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PERM,
}
"""SQLite's primary result codes that are about the disk, not about the file's content."""

logger = logging.getLogger(__name__)

# The shapes BasePersistence's methods take and give for conversations and callback data,
# as PTB documents them (its own aliases are in a private module).
ConversationKey = tuple[int | str, ...]
ConversationDict = MutableMapping[ConversationKey, object]
CDCData = tuple[list[tuple[str, float, dict[str, Any]]], dict[str, str]]


class DataFileError(RuntimeError):
    """The data file or its folder cannot be used; the message says which and why, in one
    line, for the operator."""


class DataFolderInUse(DataFileError):
    """Another process holds the data folder: two bots would overwrite each other's rows."""


def unwritable(where: Path, error: BaseException) -> str:
    """What to tell the operator when the disk refuses to write (full, read-only, no
    permission): never "move the file away", which would throw a healthy file out."""
    return (
        f"{where} cannot be written ({error}): is the disk full or read-only, or not writable "
        "by this user? Nothing was changed; free some space or make it writable, then start "
        "again."
    )


def prepare_folder(directory: Path) -> None:
    """Create the data folder if need be; :class:`DataFileError` if it cannot be one."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise DataFileError(
            f"the data folder {directory} is a file, not a folder: set TWENTYFOUR_DATA_DIR "
            "to a folder"
        ) from None
    except NotADirectoryError:
        blocking = next(
            (p for p in directory.parents if p.exists() and not p.is_dir()), directory.parent
        )
        raise DataFileError(
            f"the data folder {directory} lies under {blocking}, which is a file, not a "
            "folder: set TWENTYFOUR_DATA_DIR to a folder"
        ) from None
    except OSError as error:
        raise DataFileError("the data folder " + unwritable(directory, error)) from error


class FolderLock:
    """An exclusive lock on a data folder, held until :meth:`release` or the process ends
    (the system releases it however the process ends, ``kill -9`` included).

    ``flock`` on a file of its own beside the data file: SQLite's own locks on the data
    file are of another kind (``fcntl``), which closing any other descriptor of that file
    would silently drop.
    """

    def __init__(self, directory: Path) -> None:
        path = directory / LOCK_NAME
        try:
            handle: IO[bytes] = open(path, "a+b", buffering=0)  # noqa: SIM115 (held open)
        except OSError as error:
            raise DataFileError("the data folder " + unwritable(directory, error)) from error
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            holder = ""
            with contextlib.suppress(OSError, ValueError):
                holder = f" (process {int(path.read_text().strip())})"
            raise DataFolderInUse(
                f"the data folder {directory} is in use by another running bot{holder}: "
                "two would overwrite each other's data. Stop it first, then start this one"
            ) from None
        except OSError as error:  # a file system without locks
            handle.close()
            raise DataFileError(
                f"the data folder {directory} cannot be locked ({error})"
            ) from error
        # Who holds it, for a second process's message (best effort: a full disk refuses).
        with contextlib.suppress(OSError):
            handle.truncate(0)
            handle.write(f"{os.getpid()}\n".encode())
        self._handle: IO[bytes] | None = handle

    def release(self) -> None:
        """Let another process have the folder (closing the file releases the lock)."""
        if self._handle is not None:
            self._handle.close()
            self._handle = None


class SQLitePersistence(BasePersistence[UserData, ChatData, dict[str, Any]]):
    """Stores user and chat data (and conversations) as rows of records of a SQLite table.

    PTB calls :meth:`update_chat_data` and friends every ``update_interval`` seconds and on
    shutdown, all at once for every chat and user that had an update since.  Those writes
    are gathered into one transaction, and each call returns only once its transaction has
    committed, or has been refused by the disk: then its rows are kept in memory and written
    as soon as the disk takes them (:meth:`_write`).  A won round is saved at once, before it
    is announced (:meth:`write_now`): see :mod:`bot.services.saving` when the disk refuses.

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
        self.on_saved_again: Callable[[], object] = lambda: None  # took rows it had refused

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
        row = None if value is None else records.saved(kind, value).text
        self._pending[kind, records.stored_key(key)] = row
        if self._batch is None:
            self._batch = asyncio.ensure_future(self._write_batch())
        # Shielded: a caller that is cancelled must not cancel the others' commit.
        await asyncio.shield(self._batch)

    def write_now(self, rows: dict[tuple[str, Any], object]) -> bool:
        """Write ``rows`` ((kind, key) → value, e.g. ``("chat", chat_id)``) at once, in a
        transaction of their own, without waiting for the event loop; whether the disk took
        them.  A won round is saved this way before it is announced.  An older copy of the
        same row still waiting for its batch is dropped, so it cannot overwrite the newer
        one.  Should the disk refuse the write, the rows are kept and tried again (see
        :meth:`_write`): this never raises for a full or read-only disk.
        """
        pending: dict[tuple[str, int | str], str | None] = {
            (kind, records.stored_key(key)): records.saved(kind, value).text
            for (kind, key), value in rows.items()
        }
        # Dropped either way: these copies are newer, and are written or kept for a retry.
        for row in pending:
            self._pending.pop(row, None)
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
            return False
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

    # --- BasePersistence ------------------------------------------------------------------

    async def get_user_data(self) -> dict[int, UserData]:
        return self._rows("user")

    async def get_chat_data(self) -> dict[int, ChatData]:
        return self._rows("chat")

    async def get_bot_data(self) -> dict[str, Any]:
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

    async def update_user_data(self, user_id: int, data: UserData | Saved) -> None:
        await self._put("user", user_id, data)

    async def update_chat_data(self, chat_id: int, data: ChatData | Saved) -> None:
        await self._put("chat", chat_id, data)

    async def update_bot_data(self, data: dict[str, Any]) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def update_callback_data(self, data: CDCData) -> None:
        """Callback data is not stored (``arbitrary_callback_data`` is off)."""

    async def drop_chat_data(self, chat_id: int) -> None:
        await self._put("chat", chat_id, None)

    async def drop_user_data(self, user_id: int) -> None:
        await self._put("user", user_id, None)

    async def refresh_user_data(self, user_id: int, user_data: UserData) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_chat_data(self, chat_id: int, chat_data: ChatData) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_bot_data(self, bot_data: dict[str, Any]) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def flush(self) -> None:
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


def open_database(path: Path) -> sqlite3.Connection:
    """Open (or create) the data file, check that it is whole and this bot's, migrate it if
    it is older, and check that the disk takes a write.

    Raises :class:`DataFileError` for a file that is not a readable database, that holds
    tables of another shape, or whose data this version cannot read; the file is left
    exactly as it was, for recovery.  A disk that is full or read-only is reported as such.
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
        _check_tables(db, path, TABLES if version == FORMAT else RELEASE_1_TABLES)
        db.execute("PRAGMA journal_mode = WAL")
        # In WAL mode NORMAL survives a killed process; only a power cut may drop the last
        # commits (FULL would sync every commit, which costs each won round a disk flush).
        db.execute("PRAGMA synchronous = NORMAL")
        if version < FORMAT:
            _migrate(db, path)
        # A write (of what is there already) now, so that a full or read-only disk stops
        # the start with a message saying so, rather than the first won round's save.
        db.execute(f"PRAGMA user_version = {FORMAT}")
    except (sqlite3.DatabaseError, DataFileError) as error:
        if db is not None:
            db.close()
        if isinstance(error, DataFileError):
            raise
        if getattr(error, "sqlite_errorcode", 0) & 0xFF in DISK_ERRORS:
            raise DataFileError("the data file " + unwritable(path, error)) from error
        raise DataFileError(
            f"the data file {path} cannot be read ({error}). It was left untouched: move it "
            "away to start afresh, or restore it from a backup."
        ) from error
    return db


def _check_tables(db: sqlite3.Connection, path: Path, expected: dict[str, tuple[str, ...]]) -> None:
    """:class:`DataFileError` unless every table of the file is one of ``expected``, with
    its columns (a table expected may be missing: a new file has none)."""
    names = [
        name
        for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    for name in names:
        columns = tuple(row[1] for row in db.execute(f'PRAGMA table_info("{name}")'))
        if expected.get(name) != columns:
            raise DataFileError(
                f"the data file {path} is not one this bot writes: its table {name} "
                f"({', '.join(columns)}) is not one of {', '.join(expected)}. It was left "
                "untouched: check TWENTYFOUR_DATA_DIR, or move the file away to start afresh."
            )
    if expected is TABLES and set(names) != set(TABLES):
        raise DataFileError(
            f"the data file {path} is not one this bot writes: it lacks the table(s) "
            f"{', '.join(sorted(set(TABLES) - set(names)))}. It was left untouched: check "
            "TWENTYFOUR_DATA_DIR, or move the file away to start afresh."
        )


def _key_from_row(kind: str, stored: object) -> Any:
    """A row's key: a chat's or user's id (the global row's 0, a rating's player) is an
    integer, any other key JSON text."""
    if kind in ("chat", "user", "global", "rating"):
        if type(stored) is not int:
            raise TypeError(f"its key is {type(stored).__name__}, not an id")
        return stored
    if not isinstance(stored, str):
        raise TypeError(f"its key is {type(stored).__name__}, not text")
    return records.key_from_stored(stored)


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
