"""The order of the application's handlers, pinned: PTB gives an update to the first handler
of each group that takes it, so moving a feature's registration (issue #39's registry of
games) must keep which handler comes first.

``tests/fixtures/handler-order.txt`` holds one line per handler, by group then order:
group, kind, its commands (or pattern, or chat member types), its filters where they are
not PTB's default, and its callback's qualified name (no module: modules move).

A change that adds, drops or reorders a handler on purpose writes the file again and
commits it with the change, after reading its diff::

    .venv/bin/python -m tests.bot.test_handler_order --write
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from telegram.ext import Application, BaseHandler, filters

from bot.app import build_application
from bot.settings import Settings

SNAPSHOT = Path(__file__).resolve().parents[1] / "fixtures" / "handler-order.txt"
DEFAULT_FILTERS = {str(filters.UpdateType.MESSAGES), str(filters.ALL)}


def _name(thing: object) -> str:
    """A callable's qualified name (a partial's function's)."""
    thing = getattr(thing, "func", thing)
    return str(getattr(thing, "__qualname__", type(thing).__qualname__))


def _what(handler: BaseHandler[Any, Any, Any]) -> str:
    """What a handler matches on: its commands, its pattern, its chat member types or the
    type of update it takes."""
    commands = getattr(handler, "commands", None)
    if commands is not None:
        return ",".join(sorted(commands))
    pattern = getattr(handler, "pattern", None)
    if pattern is not None:
        return str(getattr(pattern, "pattern", None) or _name(pattern))
    members = getattr(handler, "chat_member_types", None)
    if members is not None:
        return f"chat member types {members}"
    kind = getattr(handler, "type", None)
    return "" if kind is None else _name(kind)


def lines(application: Application) -> list[str]:
    """The application's handlers, one line each (see the module's docstring)."""
    found = []
    for group in sorted(application.handlers):
        for handler in application.handlers[group]:
            seen = getattr(handler, "filters", None)
            where = "" if seen is None or str(seen) in DEFAULT_FILTERS else str(seen)
            callback: Callable[..., object] = handler.callback
            found.append(
                "\t".join(
                    [str(group), type(handler).__name__, _what(handler), where, _name(callback)]
                )
            )
    return found


def _built() -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        # With an owner, so that the owner's handlers are registered too.
        env = {"TWENTYFOUR_DATA_DIR": folder, "TWENTYFOUR_OWNER_ID": "42"}
        settings = Settings.from_env(env)
        return lines(build_application(settings, token="42:TEST"))


def test_the_handlers_are_registered_in_the_pinned_order() -> None:
    assert _built() == SNAPSHOT.read_text(encoding="utf-8").splitlines()


def test_no_two_handlers_have_the_same_line() -> None:
    # Two alike (rounds' /skip and Rush's, told apart by Rush's filter) could swap unseen.
    built = _built()
    assert len(set(built)) == len(built)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        print(__doc__)
        sys.exit(2)
    SNAPSHOT.write_text("\n".join(_built()) + "\n", encoding="utf-8")
    print(f"{SNAPSHOT}: {len(_built())} handlers")
