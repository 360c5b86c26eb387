"""New data files for the bots tests start: seeded with the default game's solutions (listed
once for the code that lists them, kept across processes and runs: :mod:`tests.rated_levels`),
which each bot then reads as parsed once per test process."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

from telegram.ext import Application

from bot import menus
from bot.local_api import LocalBotApi
from bot.local_api.methods import commands_key
from bot.local_api.world import BOT_ID
from bot.persistence import FILE_NAME, SQLitePersistence, open_database
from bot.rules.hands import Hand, HandFacts, read_solutions
from bot.services import solving
from bot.services.solving import DEFAULT_GAME
from bot.services.solving.level_tables import TABLE_VERSIONS
from tests.rated_levels import listed_solutions, rated_levels


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
            ("solutions:v1:{}:{}".format(*DEFAULT_GAME), listed_solutions(*DEFAULT_GAME)),
        )
    db.close()


def seed_tables(data_dir: Path) -> bool:
    """Give a new data file the default game's solutions, listed once per test process:
    each bot a test starts would otherwise list them again in a worker (about a second).
    A folder with no data file gets a copy of one made so (the same bytes): True then."""
    data_dir.mkdir(parents=True, exist_ok=True)
    if any(data_dir.glob(f"{FILE_NAME}*")):  # a file (or what a killed bot left of one)
        _seed(data_dir / FILE_NAME)
        return False
    (data_dir / FILE_NAME).write_bytes(_seeded_file())
    return True


def published_before(api: LocalBotApi, application: Application) -> None:
    """The world and the data file as this bot's earlier start left them, which published
    its menus there (a restart, the common case): the bot finds them as it published them
    and sends none again (22 calls, a third of a bot's start in a test process)."""
    plan = menus.planned(application)
    for scope, code, commands in plan:
        key = commands_key(scope.to_dict(), code)
        api.commands[key] = [{"command": c.command, "description": c.description} for c in commands]
    persistence = application.persistence
    assert isinstance(persistence, SQLitePersistence)
    persistence.save_table(menus.PUBLISHED, menus.mark(BOT_ID, plan))


def kept_levels(application: Application, cards: int, target: int) -> None:
    """The data file as a bot that rated this card count and target in an earlier run left
    it (:func:`rated_levels`): its first deal or setting for them reads the table there, as
    after a restart, and rates nothing in a worker.  For the tests whose fact is not the
    rating (those of rating keep it: ``test_isolation.py``, the deals under way)."""
    persistence = application.persistence
    assert isinstance(persistence, SQLitePersistence)
    name = f"levels:v{TABLE_VERSIONS['levels']}:{cards}:{target}"
    persistence.save_table(name, rated_levels(cards, target))


@functools.lru_cache(maxsize=8)
def _read_once(cards: int, target: int, text: str) -> dict[Hand, HandFacts]:
    """:func:`~bot.rules.hands.read_solutions`, once per table text in a test process: every
    bot a test starts reads the same seeded table at its start (1,362 hands, 10 ms of CPU
    each time).  The bot only looks facts up in it, and they are frozen; a text that is no
    table still raises each time."""
    return read_solutions(cards, target, text)


solving.read_solutions = _read_once
