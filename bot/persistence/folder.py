"""The data folder, and one process at a time on it: the folder is locked (``flock`` on a
file beside the data file) for as long as the persistence is open, so a second bot on the
same folder stops before it reads or writes anything."""

from __future__ import annotations

import contextlib
import fcntl
import os
from pathlib import Path
from typing import IO

from bot.persistence.data_file_errors import DataFileError, DataFolderInUse, unwritable

FILE_NAME = "twentyfour.sqlite3"
LOCK_NAME = FILE_NAME + ".lock"
"""The file beside the data file that a running bot holds locked (it names the process)."""


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
