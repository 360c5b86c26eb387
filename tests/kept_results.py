"""The pure Python path's answers kept between test runs, for the tests that compare the
solver's compiled parts against it: the same code always gives the same answers, and
working them out again is most of what those tests cost (pure Python is slow)."""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[1]

KEPT = Path(tempfile.gettempdir()) / f"twentyfour-tests-kept-{os.getuid()}"
"""Where the answers are kept, shared by this machine's test processes and runs (as the
rated level tables are, tests/rated_levels.py), each named by the hash of what made it."""

SOURCES = ("*.py", "*.c", "*.h")

log = logging.getLogger(__name__)


@functools.cache
def code_hash(*parts: str) -> str:
    """A hash of the files at ``parts`` (paths from the top of the checkout; a folder
    counts with every Python and C source under it, its C headers too)."""
    digest = hashlib.sha256()
    for part in parts:
        path = ROOT / part
        found = (file for pattern in SOURCES for file in path.rglob(pattern))
        for file in sorted(found) if path.is_dir() else [path]:
            digest.update(file.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


def _private_folder() -> Path | None:
    """:data:`KEPT`, made if need be, or ``None`` if it is not this user's alone: what is
    kept there is unpickled, so no one else may have written it."""
    try:
        KEPT.mkdir(mode=0o700, exist_ok=True)
        info = KEPT.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.getuid() or info.st_mode & 0o077:
        log.warning("%s is not this user's alone: nothing is kept there", KEPT)
        return None
    return KEPT


def kept(
    name: str, test_file: str, make: Callable[[], T], keep_if: Callable[[T], bool] | None = None
) -> T:
    """What ``make()`` returns, worked out once for this code and kept in :data:`KEPT`:
    named by ``name`` and a hash of the solver's sources (C ones too), of ``test_file``
    (the test module whose code ``make`` is) and of this Python's version, so that a change
    to any of them works it out anew.  ``make`` must give the same answer every time for the
    same code (no clock, no unseeded randomness); a file that cannot be read back is worked
    out again, a folder that cannot be written only costs the working out; an answer
    ``keep_if`` refuses (one cut short by a clock) is given, not kept."""
    test = Path(test_file).resolve().relative_to(ROOT).as_posix()
    key = code_hash("solver", "tests/kept_results.py", test)
    version = hashlib.sha256(sys.version.encode()).hexdigest()[:8]
    folder = _private_folder()
    path = None if folder is None else folder / f"{name}-{key}-{version}.pickle"
    if path is not None and path.exists():
        try:
            with path.open("rb") as kept_file:
                return pickle.load(kept_file)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError):
            log.warning("%s could not be read back: worked out again", path)
    made = make()
    if path is not None and (keep_if is None or keep_if(made)):
        partial = path.with_suffix(f".{os.getpid()}")
        try:
            partial.write_bytes(pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
            partial.replace(path)
        except OSError:
            log.warning("%s could not be written", path)
    return made
