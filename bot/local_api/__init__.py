"""A small Bot API server that lives in this process, for the console game and the tests: it
behaves like Telegram where bots get hurt (privacy mode, entities, HTML, edits, deletes,
409, flood and size limits, inline mode, games), reached in-process (:class:`LocalTransport`)
or over loopback HTTP (:func:`serve`).  One concern a module; import the public names from
here.  It imports nothing of the bot (docs/testing.md, *How the bot is tested*)."""

from __future__ import annotations

from bot.local_api.bot_api import LocalBotApi
from bot.local_api.checks import (
    MAX_CAPTION,
    MAX_TEXT,
    ApiError,
    check_html,
    check_reply_markup,
    check_text,
    check_web_app,
    plain_text,
    utf16_len,
    visible_length,
)
from bot.local_api.transport import LocalTransport, serve
from bot.local_api.world import BOT_ID, Chat

__all__ = [
    "BOT_ID",
    "MAX_CAPTION",
    "MAX_TEXT",
    "ApiError",
    "Chat",
    "LocalBotApi",
    "LocalTransport",
    "check_html",
    "check_reply_markup",
    "check_text",
    "check_web_app",
    "plain_text",
    "serve",
    "utf16_len",
    "visible_length",
]
