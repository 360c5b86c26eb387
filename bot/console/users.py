"""Who plays in the console: its users by name, each with the same Telegram id in every
session, kept in a small table in the console's data folder, and adopted from the folders
of releases that numbered them by use (:meth:`UserTable.adopt`; docs/design-platform.md,
*The console game*)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

from bot.persistence import DataFileError

FILE_NAME = "console-users.json"
"""The table's file, beside the console's data file."""
FIRST_ID = 10_000
"""The console's own player: the first user of every release's console."""
OTHERS_FROM = 20_000
"""Ids of later names start above this: earlier releases gave ``FIRST_ID`` + 1, + 2, … by
order of use within one session, never nearly this many."""


def login_name() -> str:
    """The console user's name: the login name (``alice`` gives Alice), else Player."""
    login = os.environ.get("USER", "") or os.environ.get("USERNAME", "")
    return login.capitalize() if login.isalpha() and login != "root" else "Player"


def language() -> str:
    """The console user's language, from the terminal's locale (zh_CN.UTF-8 gives zh)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value in ("C", "POSIX") or value.startswith("C."):
            break  # no language: the locale of a bare system or a container
        if value:
            return value.split(".")[0].replace("_", "-").lower()
    return "en"


def username(name: str) -> str | None:
    """A console user's Telegram username, for ``/duel @name``: the name in lower case, where
    that is one Telegram allows (5 to 32 letters, digits and _, from a letter: Carol is
    @carol; Bob, too short, has none, as many Telegram users have none)."""
    lower = name.lower()
    return lower if re.fullmatch(r"[a-z][a-z0-9_]{4,31}", lower) else None


def _key(name: str) -> str:
    """Names are the same person whatever their case and spacing (``bob`` is ``Bob``)."""
    return " ".join(name.split()).casefold()


class UserTable:
    """The console's users, name → id, saved in ``folder`` whenever a name is added.

    The first name ever added is the console's own player (:data:`FIRST_ID`).  A table that
    cannot be read stops the console with :class:`DataFileError`, as a data file that
    cannot be read stops the bot, and is left as it is.
    """

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        self.new = not self.path.exists()
        """Whether the table is new: the folder is new, or was an earlier release's."""
        self._ids: dict[str, int] = {}
        self._names: dict[int, str] = {}
        self._last = OTHERS_FROM
        """The highest id given or in use: new names get the ones above it."""
        for name, user_id in self._read().items():
            self._ids[_key(name)] = user_id
            self._names[user_id] = name

    def _read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            users = data["users"]
            if not all(isinstance(n, str) and type(i) is int for n, i in users.items()):
                raise ValueError("a name or an id of the wrong kind")
            return dict(users)
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise DataFileError(
                f"the console's users in {self.path} cannot be read ({error}); move the file "
                "away to start the table afresh"
            ) from error

    def id_of(self, name: str) -> int:
        """The id of the user called ``name``, added (and saved) on first use."""
        key = _key(name)
        if key not in self._ids:
            user_id = FIRST_ID if not self._ids else max(self._last, *self._ids.values()) + 1
            self._ids[key] = user_id
            self._names[user_id] = " ".join(name.split())
            self._save()
        return self._ids[key]

    def in_use(self, ids: Iterable[int]) -> None:
        """Never give a new name one of these ids (users the data file knows: had the table
        been lost, a new name must not get someone's scores)."""
        self._last = max([self._last, *ids])

    def adopt(self, seen: dict[int, str]) -> None:
        """Take on users an earlier release gave ids by order of use (``seen``: id → the
        name last seen with it), unless their name or id is taken already."""
        for user_id, name in sorted(seen.items()):
            key = _key(name)
            free = key not in self._ids and user_id not in self._names
            if free and FIRST_ID < user_id < OTHERS_FROM:
                self._ids[key] = user_id
                self._names[user_id] = " ".join(name.split())
        self._save()

    def ids(self) -> list[int]:
        """Every user's id, first given first."""
        return sorted(self._names)

    def name_of(self, user_id: int) -> str:
        """The name a user was first given."""
        return self._names[user_id]

    def _save(self) -> None:
        # Written whole and then renamed: a crash leaves the old table or the new one.
        data = {"version": 1, "users": {name: i for i, name in self._names.items()}}
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        os.replace(partial, self.path)
