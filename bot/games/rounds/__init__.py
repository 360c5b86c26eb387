"""Rounds on Telegram: a hand dealt as a picture, the race to answer it, hints, timers, and
matches; its parts are :mod:`~bot.games.rounds.play`, ``answers``, ``group_status``,
``matches`` and ``solutions``.  The rules are :mod:`bot.rules`' (docs/design-games.md,
*Rounds*; docs/design-groups.md)."""

from __future__ import annotations

from telegram.ext import Application, CommandHandler

from bot.context import BotContext, services
from bot.games.rounds import answers, matches, play, refusals
from bot.i18n import N_
from bot.play.registry import Game, Handlers, Help, HelpLine, Invitation, MenuEntry
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


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """The round's section of /help."""
    _ = context._
    return (
        HelpLine(
            Help.PLAIN,
            10,
            _(
                "<b>Rounds</b>\n"
                "/play: deal a hand (/play easy, medium or hard; /play 5 for a match of five)\n"
                "/a 8/(3-8/3): answer (also /answer)\n"
                "/hint: a hint (each one costs points; the one at half time is free)\n"
                "/reveal: give up and see the solutions; /skip: another hand; /stop: end\n"
                "/score, /top: your record and the leaderboard\n"
                "When you solve a hand that was solved before, I say how often it was solved and "
                "its record time."
            ),
        ),
    )


MENU = (
    MenuEntry(10, "play", N_("Deal a hand (easy, medium, hard; /play 5 for a match)")),
    MenuEntry(11, "a", N_("Answer: /a 8/(3-8/3)")),  # every game's, but the round's first
    MenuEntry(12, "hint", N_("A hint (costs points)")),
    MenuEntry(13, "reveal", N_("Give up and show the solutions")),
    MenuEntry(14, "skip", N_("Deal another hand")),
    MenuEntry(15, "stop", N_("End the game")),
)
"""The round's commands, first in every menu."""

INVITATION = Invitation(
    10,
    N_("/play deals you a hand."),
    N_("/play deals a hand here: the first to make 24 wins."),
)
"""Its line of the greetings: first."""


GAME = Game(
    "round",
    (Handlers(register),),
    restore=restore_timers,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    held=refusals.held,
    kept=refusals.kept,
    plain=True,
    help=help_lines,
    invitation=INVITATION,
)
