"""/solve in any chat, its page buttons (:mod:`.replies`; a duel's hand may defer the answer:
:mod:`.deferred`), and inline mode (``@Bot 3 3 8 8`` in any chat: :mod:`.inline`)."""

from __future__ import annotations

import functools

from telegram.ext import Application, CallbackQueryHandler, CommandHandler, InlineQueryHandler

from bot.context import services
from bot.features.solve.deferred import resume as restore
from bot.features.solve.inline import INLINE_RESULTS, inline_query
from bot.features.solve.replies import PAGE_SIZE, answer_deferred, solve_command, solve_page
from bot.i18n import N_
from bot.play.registry import Feature, MenuEntry
from bot.rules.requests import RequestError, parse_solve
from bot.typed_handlers import for_buttons, for_messages

__all__ = ["INLINE_RESULTS", "PAGE_SIZE", "RequestError", "parse_solve", "register", "restore"]


def register(application: Application) -> None:
    """/solve with its page buttons, and inline mode."""
    application.add_handler(CommandHandler("solve", for_messages(solve_command)))
    application.add_handler(CallbackQueryHandler(for_buttons(solve_page), pattern=r"^solve:\d+$"))
    application.add_handler(InlineQueryHandler(inline_query))
    # A request a duel's hand held is answered once the hand ends (whoever ends it says so).
    services(application).deferred_solves.answer_with(
        functools.partial(answer_deferred, application), application.create_task
    )


FEATURE = Feature(
    "solve", register, menu=(MenuEntry(74, "solve", N_("All distinct solutions: /solve 3 3 8 8")),)
)
