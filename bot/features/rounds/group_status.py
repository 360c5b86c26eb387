"""In groups, what the players' answers cost the group: two messages, however many guess.

Telegram allows a bot 20 messages a minute in a group, edits included.  Wrong answers are
gathered into one status message ("Not yet:" and the latest reasons), edited as guesses
pour in; right answers that come after the win are named together in one message a few
seconds later ("Also right, but too late: …").  The state is the chat's
:class:`~bot.state.GroupStatus`.
"""

from __future__ import annotations

import html
import logging

from telegram.error import BadRequest

from bot.services.outbox import Sent
from bot.services.timers import LATE_ANSWERS
from bot.state import ChatData
from bot.typed_handlers import ChatContext, JobContext

logger = logging.getLogger(__name__)

STATUS_LINES = 6
"""The latest wrong answers the status message shows."""
STATUS_FRESH = 60.0
"""A status message younger than this is edited rather than sent anew."""
LATE_DELAY = 3.0
"""Seconds after the first late right answer before the one message naming them all."""
LATE_SHOWN = 20
"""Late players named in that message (the rest are counted)."""


def new_round(chat: ChatData) -> None:
    """A new round's wrong answers start a new status message, and its late players a new
    list."""
    chat.status.message_id = None
    chat.status.lines = []
    chat.status.late_ids = []


def wrong_answer(context: ChatContext, chat_id: int, round_number: int, line: str) -> None:
    """Show a wrong answer (``line``: HTML, the player and the reason) in the status message.

    The outbox keeps one status letter per chat and sends it with the lines as they are
    then, so the lines pile up only while it waits.
    """
    status = context.chat_data.status
    status.lines = [*status.lines, line][-STATUS_LINES:]
    heading = context._("Not yet:")

    async def show() -> Sent:
        game = context.chat_data.table.round
        if not context.chat_data.table.playing or game is None or game.number != round_number:
            return None  # the round ended while this waited: its status is old news
        text = heading + "\n" + "\n".join(status.lines)
        now = context.now()
        if status.message_id is not None and now - status.sent < STATUS_FRESH:
            try:
                return await context.bot.edit_message_text(text, chat_id, status.message_id)
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return None
                # Deleted by an admin ("message to edit not found"), or no longer editable
                # ("message can't be edited"): a new message, not a "Sorry" per answer.
                logger.info("Status message in %s not edited (%s); sending anew", chat_id, error)
        sent = await context.bot.send_message(chat_id, text)
        status.message_id = sent.message_id
        status.sent = now
        return sent

    context.post(chat_id, show, key="status")


def late_answer(context: ChatContext, chat_id: int, user_id: int, name: str) -> None:
    """Name a player whose right answer came after the win, with the others, in a moment:
    never the winner (who edited or sent his answer again), and each player once a round."""
    status = context.chat_data.status
    game = context.chat_data.table.round
    if (game is not None and game.winner == user_id) or user_id in status.late_ids:
        return
    status.late_ids = [*status.late_ids, user_id]
    status.late_names = [*status.late_names, name]
    timers = context.bot_data.timers
    # Whether the message is on its way is the job's to say: names saved just before a
    # restart have no job to name them, and would otherwise keep every later one waiting.
    if not timers.pending(chat_id, LATE_ANSWERS):
        timers.run_once(say_late, LATE_DELAY, chat_id=chat_id, kind=LATE_ANSWERS)


async def say_late(context: JobContext[None]) -> None:
    """Job: one message for everyone whose right answer came after the winner's."""
    status = context.chat_data.status
    names, status.late_names = status.late_names, []
    shown = ", ".join(html.escape(n) for n in names[:LATE_SHOWN])
    if len(names) > LATE_SHOWN:
        shown += context._(" and {count} more").format(count=len(names) - LATE_SHOWN)
    text = context._("Also right, but too late: {names}").format(names=shown)
    context.send(context.job.chat_id, text)
