"""The console game: the real bot and its handlers, with a chat in the terminal; typed lines
are the current user's messages, ``:`` lines steer the simulation, and standard input may be
a pipe.  Parts: :mod:`~bot.console.terminal`, ``session``, ``users``, ``words``.  An entry point
on the top floor (docs/design-platform.md, *The console game*; docs/console.md)."""

from __future__ import annotations

from bot.console.session import Console
from bot.console.terminal import run_console

__all__ = ["Console", "run_console"]
