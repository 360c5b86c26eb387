"""Rated level tables kept between test runs: rating every hand of a card count for a
target takes a second of CPU, and the same code always rates them the same.  The default
game's solutions table, listed by the same code, is kept so too (:func:`listed_solutions`)."""

from __future__ import annotations

import fcntl
import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.rules.hands import rate_job, solutions_job
from tests.kept_results import code_hash

LEVELS_CACHE = Path(tempfile.gettempdir()) / f"twentyfour-tests-levels-{os.getuid()}"
"""Rated level tables shared by this machine's test processes and runs (as the bytecode is,
tests/bytecode.py), named by the hash of the code that rates them: the few tests that read
one kept ran in different processes, each rating it again (a second of CPU each)."""
RATING_CODE = ("solver", "bot/rules/hands.py", "bot/rules/rated.py")
"""What a table's rating depends on (:func:`~bot.rules.hands.rate_job`; the listing of
solutions, :func:`~bot.rules.hands.solutions_job`, on part of it): any change there makes
it anew, in the solver's C sources too."""


@functools.cache
def rated_levels(cards: int, target: int) -> str:
    """Every hand's level of ``cards`` cards for ``target``, as the bot's own job rates them
    (:func:`~bot.rules.hands.rate_job`): rated once for this code (:data:`LEVELS_CACHE`,
    under a lock: a second of CPU for four cards).  Called before a test's bot starts (the
    first call may hold this process)."""
    return _kept(f"{cards}-{target}", lambda: rate_job(cards, target))


@functools.cache
def listed_solutions(cards: int, target: int) -> str:
    """Every solvable hand's first solutions and their count, as the bot's own job lists
    them (:func:`~bot.rules.hands.solutions_job`): listed once for this code, kept beside
    the level tables (a third of a second of CPU in each test process that starts a bot)."""
    return _kept(f"solutions-{cards}-{target}", lambda: solutions_job(cards, target))


def _kept(name: str, make: Callable[[], str]) -> str:
    """The text kept as ``name`` for this code (:data:`LEVELS_CACHE`), made by ``make()``
    and kept first if there is none (under a lock: one process makes it, the others wait
    and read it)."""
    LEVELS_CACHE.mkdir(mode=0o700, exist_ok=True)
    path = LEVELS_CACHE / f"{code_hash(*RATING_CODE)}-{name}.txt"
    with open(LEVELS_CACHE / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return path.read_text(encoding="ascii")
        text = make()
        partial = path.with_suffix(f".{os.getpid()}")
        partial.write_text(text, encoding="ascii")
        partial.replace(path)
        return text
