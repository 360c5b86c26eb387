"""What goes wrong with the data file or its folder, said for the operator in one line."""

from __future__ import annotations

from pathlib import Path


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
