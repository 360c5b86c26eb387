"""PTB persistence in one SQLite file: every write is a transaction, so a crash never leaves a
half-written file, and a damaged file is reported and left alone, never replaced.

Each chat's and user's data is one row holding its record as JSON (:mod:`bot.records`).
Files of release 1 held pickled objects instead; they are migrated once, when opened.

One process at a time: the data folder is locked (``flock`` on a file beside the data file)
for as long as the persistence is open, so a second bot on the same folder stops before it
reads or writes anything.  A save the disk refuses (full, read-only) is kept in memory and
tried again until the disk takes it.

One concern a module: what goes wrong, for the operator (``errors``), the data folder and
its lock (``folder``), the SQLite file's format, checks and migration (``database``), its
rows read and written, retries on a full disk and checkpoints (``data_file``), and PTB's
persistence on them (``adapter``).  Import the public names from here.

Stands under the context (``BotData`` reaches it only through ``write_now``): it imports
the records (:mod:`bot.records`), the state (:mod:`bot.state`) and PTB's
``BasePersistence``, and may import nothing above its floor: not the context, the chat
helpers, the features or the application (``tests/test_layers.py``).
"""

from __future__ import annotations

from bot.persistence.adapter import SQLitePersistence
from bot.persistence.data_file import CHECKPOINT_EVERY, RETRY_SAVES, DataFile
from bot.persistence.database import DISK_ERRORS, FORMAT, RELEASE_1_TABLES, TABLES, open_database
from bot.persistence.errors import DataFileError, DataFolderInUse, unwritable
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
