"""The solver workers, and the hunt hands found at start-up, that the bots of a test process
share.

Every bot a test starts (:func:`tests.bot.harness.running_bot`) has its own worker pool, as
the bot always has, but takes its workers from :data:`IDLE_WORKERS` and leaves its idle
ones there when it stops (:mod:`bot.services.workers.idle`): starting and stopping three
worker processes for each of the hundreds of bots a test process starts cost a fifth of
the run's CPU.  Nothing leaks from one test to the next: a worker handed out has forgotten
every cache earlier jobs left (:func:`forget_caches`), as a new one knows none, and has
nearly a new one's room under its memory cap (:data:`GROWN`); a worker that was busy when
its bot stopped, that died or that was killed is never handed out (it is stopped, or found
dead, and a new one is started); and workers are shared only by pools of one kind (their
memory cap and priority).

Every bot also finds two six-card Solution Hunt hands right after its start
(:mod:`bot.games.hunt.ready`), 20 ms of a worker's CPU each time; the hands the last bot
left undealt (:data:`SPARE_HUNTS`) are given to the next one (``ReadyHunts.keep``), which
then finds none, as a bot that has run a while has its hands ready.  They are random hands
like any other: each deal still drops one sharing cards with its bot's daily puzzle.
"""

from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING

from bot.services.workers import IdleWorkers
from solver.solutions import clear_caches

if TYPE_CHECKING:  # a worker unpickling forget_caches imports this module: not a game's
    from bot.games.hunt.ready import Found

GROWN = 8 * 2**20
"""Bytes by which a worker's address space may exceed a new worker's (its fork server's) to
be handed out: its memory cap counts from its size when it started, so a grown worker would
leave the next test's jobs less room.  Most grow by under 8 MiB; after the largest searches
some keep 30 to 80 MiB, and are stopped."""


class Grown(Exception):
    """The worker has grown too much to be handed out (:data:`GROWN`)."""


def forget_caches() -> None:
    """Worker job: forget what earlier jobs cached (the solver's searches, lists and
    memoised functions), as a worker just started knows nothing of them; raise
    :class:`Grown` if the worker has grown too much to be handed out."""
    clear_caches()
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] not in ("solver", "bot"):
            continue
        for value in list(vars(module).values()):
            if hasattr(value, "cache_info") and hasattr(value, "cache_clear"):
                value.cache_clear()  # a functools.lru_cache
    gc.collect()
    grown = _size(os.getpid()) - _size(os.getppid())
    if grown > GROWN:
        raise Grown(f"{grown >> 20} MiB more than a new worker")


def _size(pid: int) -> int:
    """A process's address space in bytes (0 where the system does not say)."""
    try:
        with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


IDLE_WORKERS = IdleWorkers(reset=forget_caches)
"""The idle workers of this test process, for :func:`tests.bot.harness.running_bot`."""


SPARE_HUNTS: list[Found] = []
"""The start-up hunt hands (``DEFAULT_SIX``) the last bot of this test process left undealt."""
