"""A small Bot API server that lives in this process: the console game and the tests use it.

It behaves like Telegram where bots get hurt: group privacy mode (a bot sees only commands,
replies to it and mentions, unless it is an admin), ``bot_command`` entities measured in
UTF-16 code units, HTML that must parse, "message is not modified", "message can't be
edited" (another's message), messages that a user or an admin deletes ("message to edit not
found" afterwards), 409 when a second poller appears, Telegram's flood limits (20 messages a
minute in a group, 30 a second in all; 429 with ``retry_after`` past them, or on demand) and
its size limits (text, captions, buttons, callback answers, inline results), and Telegram's
Games API.  The bot
reaches it through PTB's own HTTP stack, either in-process (:class:`LocalTransport`, an httpx
transport) or over loopback HTTP (:func:`serve`).

One concern a module: what Telegram refuses (``checks``), its flood limits (``flood``), the
world of users, chats and messages (``world``), what people do in it (``people``), the Bot
API methods (``methods``), inline mode (``inline``), games (``games``), the server made of
them (``server``) and the transports (``transport``).  Import the public names from here.

May import only the standard library and httpx (tornado in :func:`serve`): nothing of the
bot, which it stands in for Telegram against (``tests/test_layers.py``).
"""

from __future__ import annotations

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
from bot.local_api.server import LocalBotApi
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
