"""The SQLite data file: opened, checked to be whole and this bot's, migrated from release
1's format once, and refused (left exactly as it was) when it is damaged, another's or
newer.  Each chat's and user's data is one row holding its record as JSON
(:mod:`bot.records`); files of release 1 held pickled objects instead."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from bot import records
from bot.persistence.data_file_errors import DataFileError, unwritable

FORMAT = 1
"""The data file's format, kept in SQLite's ``user_version``: 1, a row of table ``records``
per chat, user or conversation, holding its record as JSON text.  Format 0 is release 1's:
a row of table ``data`` per chat or user, key and value pickled."""
TABLES = {"records": ("kind", "key", "value"), "tables": ("name", "value")}
"""The tables of a file of :data:`FORMAT` and their columns."""
RELEASE_1_TABLES = {"data": ("kind", "key", "value"), "tables": ("name", "value")}
"""The tables a file of format 0 may hold (release 1's)."""
DISK_ERRORS = {
    sqlite3.SQLITE_FULL,
    sqlite3.SQLITE_READONLY,
    sqlite3.SQLITE_IOERR,
    sqlite3.SQLITE_CANTOPEN,
    sqlite3.SQLITE_PERM,
}
"""SQLite's primary result codes that are about the disk, not about the file's content."""

logger = logging.getLogger(__name__)


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
        check_tables(db, path, TABLES if version == FORMAT else RELEASE_1_TABLES)
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


def check_tables(db: sqlite3.Connection, path: Path, expected: dict[str, tuple[str, ...]]) -> None:
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
