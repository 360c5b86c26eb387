"""Rounds on Telegram: a hand dealt as a picture, the race to answer it, hints, timers, and
matches; its parts are :mod:`~bot.games.rounds.play`, ``answers``, ``group_status``,
``matches`` and ``solutions``.  The rules are :mod:`bot.rules`' (docs/design-games.md,
*Rounds*; docs/design-groups.md)."""

from __future__ import annotations

from telegram.ext import Application, CommandHandler

from bot.context import services
from bot.games.rounds import answers, matches, play
from bot.typed_handlers import for_messages


def register(application: Application) -> None:
    """Rounds and matches (/play, /hint, /reveal, /skip, /stop), and the round's place in
    the answer router."""
    application.add_handler(CommandHandler(["play", "deal"], for_messages(play.play)))
    services(application).answers.add(answers.ROUTE)
    application.add_handler(CommandHandler("hint", for_messages(play.hint_command)))
    application.add_handler(CommandHandler(["reveal", "giveup"], for_messages(play.reveal)))
    application.add_handler(CommandHandler("skip", for_messages(play.skip)))
    application.add_handler(CommandHandler("stop", for_messages(play.stop)))


def restore_timers(application: Application) -> int:
    """After a restart, set the timers of every round still running, and the next deal of
    every match between two rounds (PTB keeps no job); returns how many chats."""
    return play.restore_timers(application) + matches.restore(application, play.next_deal)
