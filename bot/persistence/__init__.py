"""PTB persistence in one SQLite file: each chat's and user's record a row, every write a
transaction, a damaged file reported and left alone, release 1's files migrated once, the
data folder locked for one process, a save the disk refuses kept and tried again
(docs/design-platform.md, *Data* and *One bot per data folder*).  One concern a module;
import the public names from here; nothing above its floor (``tests/test_layers.py``)."""

from __future__ import annotations

from bot.persistence.adapter import SQLitePersistence
from bot.persistence.data_file import CHECKPOINT_EVERY, RETRY_SAVES, DataFile
from bot.persistence.data_file_errors import DataFileError, DataFolderInUse, unwritable
from bot.persistence.database import DISK_ERRORS, FORMAT, RELEASE_1_TABLES, TABLES, open_database
from bot.persistence.folder import FILE_NAME, LOCK_NAME, FolderLock, prepare_folder

__all__ = [
    "CHECKPOINT_EVERY",
    "DISK_ERRORS",
    "FILE_NAME",
    "FORMAT",
    "LOCK_NAME",
    "RELEASE_1_TABLES",
    "RETRY_SAVES",
    "TABLES",
    "DataFile",
    "DataFileError",
    "DataFolderInUse",
    "FolderLock",
    "SQLitePersistence",
    "open_database",
    "prepare_folder",
    "unwritable",
]
