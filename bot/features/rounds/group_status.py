"""In groups, what the players' answers cost the group: two messages, however many guess.

Telegram allows a bot 20 messages a minute in a group, edits included.  Wrong answers are
gathered into one status message ("Not yet:" and the latest reasons), edited as guesses
pour in; right answers that come after the win are named together in one message a few
seconds later ("Also right, but too late: …").  The state is the chat's
:class:`~bot.state.GroupStatus`.
"""

from __future__ import annotations

import html

from bot.chat import status_message
from bot.services.timers import LATE_ANSWERS
from bot.state import ChatData
from bot.typed_handlers import ChatContext, JobContext

STATUS_LINES = 6
"""The latest wrong answers the status message shows."""
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
    """Show a wrong answer (``line``: HTML, the player and the reason) in the status message
    (see :mod:`bot.chat.status_message`)."""

    def current() -> bool:
        game = context.chat_data.table.round
        return context.chat_data.table.playing and game is not None and game.number == round_number

    status_message.show(
        context,
        chat_id,
        context.chat_data.status,
        line,
        heading=context._("Not yet:"),
        key="status",
        current=current,
        keep=STATUS_LINES,
    )


def late_answer(context: ChatContext, chat_id: int, user_id: int, name: str) -> None:
    """Name a player whose right answer came after the win, with the others, in a moment:
    never the winner (who edited or sent his answer again), and each player once a round
    (a round that ended with no winner names nobody: its end answers them all)."""
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
    shown = context._(", ").join(html.escape(n) for n in names[:LATE_SHOWN])
    if len(names) > LATE_SHOWN:
        shown += context._(" and {count} more").format(count=len(names) - LATE_SHOWN)
    text = context._("Also right, but too late: {names}").format(names=shown)
    context.send(context.job.chat_id, text)
