"""A command no feature knows, in private: a short pointer to what there is (the games'
invitations, as /start has them)."""

from __future__ import annotations

import html

from telegram.ext import Application, CommandHandler

from bot.features.basics.greeting import invitations
from bot.typed_handlers import HandlerContext, MessageUpdate


def _known_commands(application: Application) -> set[str]:
    """Every command a feature has registered (PTB matches them in lower case)."""
    return {
        command
        for handlers in application.handlers.values()
        for handler in handlers
        if isinstance(handler, CommandHandler)
        for command in handler.commands
    }


async def unknown_command(update: MessageUpdate, context: HandlerContext) -> None:
    """A command no feature knows, in private: say briefly what there is (in groups, where
    other bots' commands pass by, nothing is said)."""
    text = update.effective_message.text or ""
    command = text.split(maxsplit=1)[0][1:].split("@")[0].lower()
    if command in _known_commands(context.application):
        return  # a known command: its own handler answered
    _ = context._
    lines = [
        _("I don't know /{command}. Try one of these:").format(command=html.escape(command[:32])),
        *invitations(context, private=True),
        _("/solve 3 3 8 8 solves any numbers, and /help lists everything."),
    ]
    context.reply(update, "\n".join(lines))
