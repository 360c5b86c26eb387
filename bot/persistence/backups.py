"""Backups of the data file, made while the bot runs (SQLite's online backup, checked whole,
then named), and a backup restored under the folder's lock (docs/operating.md, *Backups*)."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
from pathlib import Path

from bot.persistence.data_file_errors import DataFileError
from bot.persistence.database import FORMAT, RELEASE_1_TABLES, TABLES, check_tables
from bot.persistence.folder import FILE_NAME, FolderLock, prepare_folder

PREFIX, SUFFIX = "twentyfour-", ".sqlite3"
"""A scheduled backup's name: ``twentyfour-20261201-093000.sqlite3`` (its time, UTC)."""
REPLACED = FILE_NAME + ".replaced-"
"""What a restore names the file it replaced (then its time, UTC)."""


def _stamp() -> str:
    return dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")


def _free(path: Path) -> Path:
    """``path``, or beside it a name not taken yet (``…-2.sqlite3``)."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
    return candidate


def check(path: Path) -> None:
    """:class:`DataFileError` unless ``path`` is a whole data file of a format this bot reads."""
    if not path.is_file():
        raise DataFileError(f"{path} is not a file")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.DatabaseError as error:
        raise DataFileError(f"{path} cannot be read ({error})") from error
    try:
        verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise DataFileError(f"{path} is damaged (integrity_check: {verdict})")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > FORMAT:
            raise DataFileError(f"{path} was written by a newer version of the bot ({version})")
        check_tables(db, path, TABLES if version == FORMAT else RELEASE_1_TABLES)
    except sqlite3.DatabaseError as error:
        raise DataFileError(f"{path} cannot be read ({error})") from error
    finally:
        db.close()


def _copy(source: Path, target: Path) -> None:
    """Copy the database at ``source`` into ``target`` (created or overwritten) in one step."""
    db = sqlite3.connect(source)
    try:
        into = sqlite3.connect(target)
        try:
            db.backup(into)
        finally:
            into.close()
    finally:
        db.close()


def backup(data_file: Path, target: Path) -> Path:
    """Back the data file up into ``target`` (a file, or a folder: a new file named by its
    time), while the bot may be writing to it; returns the file written, checked whole."""
    if not data_file.is_file():
        raise DataFileError(f"there is no data file at {data_file}")
    if target.is_dir():
        target = _free(target / f"{PREFIX}{_stamp()}{SUFFIX}")
    partial = target.with_name(target.name + ".partial")
    try:
        _copy(data_file, partial)
        db = sqlite3.connect(partial)
        try:
            db.execute("PRAGMA journal_mode = DELETE")  # one file, no WAL beside it
        finally:
            db.close()
        check(partial)
        os.replace(partial, target)
    except (OSError, sqlite3.DatabaseError) as error:
        partial.unlink(missing_ok=True)
        raise DataFileError(f"cannot back {data_file} up into {target} ({error})") from error
    except DataFileError:
        partial.unlink(missing_ok=True)
        raise
    return target


def prune(folder: Path, keep: int) -> list[Path]:
    """Remove the scheduled backups in ``folder`` beyond the ``keep`` newest; those removed."""
    made = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    gone = made[: max(0, len(made) - keep)]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def newest(folder: Path) -> Path | None:
    """The newest scheduled backup in ``folder``, if any."""
    made = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    return made[-1] if made else None


def restore(source: Path, directory: Path) -> Path | None:
    """Make the backup ``source`` the data file of ``directory``, which no bot may be
    serving from (:class:`~bot.persistence.data_file_errors.DataFolderInUse` otherwise); returns
    where the file it replaced is kept (None: there was none)."""
    check(source)
    prepare_folder(directory)
    lock = FolderLock(directory)
    try:
        data_file = directory / FILE_NAME
        kept = None
        if data_file.exists():
            kept = _free(directory / f"{REPLACED}{_stamp()}")
            backup(data_file, kept)
        try:
            _copy(source, data_file)
        except (OSError, sqlite3.DatabaseError) as error:
            raise DataFileError(f"cannot restore {source} into {data_file} ({error})") from error
        check(data_file)
        return kept
    finally:
        lock.release()
