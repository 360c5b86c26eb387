"""The console game: the real bot and its handlers, with a chat in the terminal.

Lines you type are messages from the current user in the current chat.  Lines that start
with ``:`` steer the simulation (``:help`` lists them).  Standard input may be a pipe, so a
session can be scripted; the console exits at end of input.  Its parts:

* :mod:`~bot.console.run`: the bot polling a local Bot API in this process, fed line by line;
* :mod:`~bot.console.session`: what a line does, and how the bot's messages are shown;
* :mod:`~bot.console.users`: the console's users, the same id for a name in every session;
* :mod:`~bot.console.words`: what the console itself says (its help, and its notes).

An entry point, on the top floor: it may import the application and anything below it.
"""

from __future__ import annotations

from bot.console.run import run_console
from bot.console.session import Console

__all__ = ["Console", "run_console"]
