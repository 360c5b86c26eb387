"""Rounds on Telegram: a hand dealt as a picture, the race to answer it, hints, timers, and
matches of several rounds.  The rules live in :mod:`bot.game`; this feature reads updates,
calls them, and speaks.  Its parts, each with one reason to change:

* :mod:`~bot.features.rounds.play`: a round's life: /play, judging, /hint, /reveal, /skip,
  /stop, and a timed round's half-time hint and time-up;
* :mod:`~bot.features.rounds.answers`: what reaches a round as an answer (/a, a reply to the
  picture, plain text);
* :mod:`~bot.features.rounds.group_status`: in groups, one status message for the wrong
  answers and one message for the late right ones;
* :mod:`~bot.features.rounds.matches`: /play 5: the pause between rounds, the final standings;
* :mod:`~bot.features.rounds.solutions`: a hand's solutions as a round's end lists them.

It imports what any feature may (:mod:`bot.features`), and no other feature.
"""

from __future__ import annotations

from telegram.ext import Application, CommandHandler, MessageHandler, filters

from bot.features.rounds import answers, matches, play
from bot.typed_handlers import for_messages


def register(application: Application) -> None:
    """Rounds and matches (/play, /a, /hint, /reveal, /skip, /stop), and typed answers."""
    application.add_handler(CommandHandler(["play", "deal"], for_messages(play.play)))
    application.add_handler(CommandHandler(["a", "answer"], for_messages(answers.answer_command)))
    application.add_handler(CommandHandler("hint", for_messages(play.hint_command)))
    application.add_handler(CommandHandler(["reveal", "giveup"], for_messages(play.reveal)))
    application.add_handler(CommandHandler("skip", for_messages(play.skip)))
    application.add_handler(CommandHandler("stop", for_messages(play.stop)))
    application.add_handler(
        MessageHandler(filters.TEXT & ~filters.COMMAND, for_messages(answers.text_answer))
    )
    application.add_handler(
        MessageHandler(
            filters.ChatType.PRIVATE & ~filters.TEXT & ~filters.StatusUpdate.ALL,
            for_messages(answers.not_text),
        )
    )


def restore_timers(application: Application) -> int:
    """After a restart, set the timers of every round still running, and the next deal of
    every match between two rounds (PTB keeps no job); returns how many chats."""
    return play.restore_timers(application) + matches.restore(application, play.next_deal)
