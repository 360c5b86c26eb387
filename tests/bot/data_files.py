"""New data files for the bots tests start: seeded with the default game's solutions, which
each bot then reads as parsed once per test process."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

from bot.persistence import FILE_NAME, open_database
from bot.rules.hands import Hand, HandFacts, read_solutions, solutions_job
from bot.services import solving
from bot.services.solving import DEFAULT_GAME


@functools.cache
def _default_solutions() -> str:
    return solutions_job(*DEFAULT_GAME)


@functools.cache
def _seeded_file() -> bytes:
    """A new data file holding the default game's solutions, made once per test process:
    creating and seeding one for each bot took 10 ms of CPU (SQLite's schema and syncs)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / FILE_NAME
        _seed(path)
        return path.read_bytes()


def _seed(path: Path) -> None:
    db = open_database(path)
    with db:
        db.execute(
            "INSERT OR IGNORE INTO tables (name, value) VALUES (?, ?)",
            ("solutions:v1:{}:{}".format(*DEFAULT_GAME), _default_solutions()),
        )
    db.close()


def seed_tables(data_dir: Path) -> None:
    """Give a new data file the default game's solutions, listed once per test process:
    each bot a test starts would otherwise list them again in a worker (about a second).
    A folder with no data file gets a copy of one made so (the same bytes)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    if any(data_dir.glob(f"{FILE_NAME}*")):  # a file (or what a killed bot left of one)
        _seed(data_dir / FILE_NAME)
    else:
        (data_dir / FILE_NAME).write_bytes(_seeded_file())


@functools.lru_cache(maxsize=8)
def _read_once(cards: int, target: int, text: str) -> dict[Hand, HandFacts]:
    """:func:`~bot.rules.hands.read_solutions`, once per table text in a test process: every
    bot a test starts reads the same seeded table at its start (1,362 hands, 10 ms of CPU
    each time).  The bot only looks facts up in it, and they are frozen; a text that is no
    table still raises each time."""
    return read_solutions(cards, target, text)


solving.read_solutions = _read_once
