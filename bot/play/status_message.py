"""One status message per chat and purpose, edited as news comes, instead of a message each.

Telegram allows a bot 20 messages a minute in a group, edits included.  A game that reports
many small events (finds in a Solution Hunt) keeps them as lines of one message: the outbox
holds one letter per chat and key, so lines that come while it waits go out in one edit.
A message too old to edit well, or one an admin deleted, is replaced by a new one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram.error import BadRequest

from bot.services.outbox import SKIPPED, Sent, Skipped
from bot.state import Status
from bot.typed_handlers import ChatContext

logger = logging.getLogger(__name__)

FRESH = 60.0
"""A status message younger than this is edited rather than sent anew."""


def show(
    context: ChatContext,
    chat_id: int,
    status: Status,
    line: str,
    *,
    heading: str,
    key: str,
    current: Callable[[], bool],
    keep: int = 6,
    hold: float = 0.0,
) -> None:
    """Add ``line`` (HTML) to the status message under ``heading``, keeping the last
    ``keep`` lines; nothing is sent if ``current()`` is false by the time it would be.
    ``hold``: seconds the message waits at least, for the lines that come with it (and for
    the end of the game, which leaves nothing to send)."""
    status.lines = [*status.lines, line][-keep:]

    async def send() -> Sent | Skipped:
        if not current():
            return SKIPPED  # the game ended while this waited: its status is old news
        text = heading + "\n" + "\n".join(status.lines)
        now = context.now()
        if status.message_id is not None and now - status.sent < FRESH:
            try:
                return await context.bot.edit_message_text(text, chat_id, status.message_id)
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return None
                # Deleted by an admin ("message to edit not found"), or no longer editable
                # ("message can't be edited"): a new message, not a "Sorry" per line.
                logger.info("Status message in %s not edited (%s); sending anew", chat_id, error)
        sent = await context.bot.send_message(chat_id, text)
        status.message_id = sent.message_id
        status.sent = now
        return sent

    context.post(chat_id, send, key=key, hold=hold)
