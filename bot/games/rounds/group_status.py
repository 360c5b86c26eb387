"""In groups, what the players' answers cost: one status message for the wrong answers, held
:data:`STATUS_HOLD` (:data:`MATCH_STATUS_HOLD` in a match) and dropped if the round is won
meanwhile, and one line for the late right ones (docs/design-groups.md,
*A round at Telegram's pace*)."""

from __future__ import annotations

import html

from bot.games.rounds.parts import GROUP_STATUS
from bot.play import status_message
from bot.rules.rounds import MATCH, ROUND_SEAT, Round
from bot.state import ChatData
from bot.typed_handlers import ChatContext, JobContext

LATE_ANSWERS = "late-answers"
"""The one message naming everyone whose right answer came after the win (in groups)."""

STATUS_LINES = 6
"""The latest wrong answers the status message shows."""
STATUS_HOLD = 1.0
"""Seconds the status message waits for the answers that come with the first (and for a win,
which leaves nothing to send): a race's wrong guesses and its right answer often come
within a second."""
MATCH_STATUS_HOLD = 4.0
"""The same while a match is on: its rounds come one after another, each picture with the
win before it, and three quick players answer over a few seconds; held this long, the status
of a round won in its first seconds is never sent, and one that goes gathers every wrong
answer of those seconds in one send or edit (docs/performance-bot.md: a match's pace)."""
LATE_DELAY = 3.0
"""Seconds after the first late right answer before the one message naming them all."""
LATE_SHOWN = 20
"""Late players named in that message (the rest are counted)."""


def new_round(chat: ChatData) -> None:
    """A new round's wrong answers start a new status message."""
    status = GROUP_STATUS.get(chat)
    status.message_id = None
    status.lines = []


def wrong_answer(context: ChatContext, chat_id: int, round_number: int, line: str) -> None:
    """Show a wrong answer (``line``: HTML, the player and the reason) in the status message
    (see :mod:`bot.play.status_message`)."""

    def current() -> bool:
        game = ROUND_SEAT.of(context.chat_data.table)
        return (
            ROUND_SEAT.on(context.chat_data.table)
            and game is not None
            and game.number == round_number
        )

    status_message.show(
        context,
        chat_id,
        GROUP_STATUS.get(context.chat_data),
        line,
        heading=context._("Not yet:"),
        key="status",
        current=current,
        keep=STATUS_LINES,
        hold=MATCH_STATUS_HOLD if match_on(context) else STATUS_HOLD,
    )


def match_on(context: ChatContext) -> bool:
    """Whether a match is on in the chat (its rounds come one after another)."""
    match = MATCH.of(context.chat_data.table)
    return match is not None and not match.over


def late_answer(context: ChatContext, chat_id: int, game: Round, user_id: int, name: str) -> None:
    """Name a player whose right answer to ``game`` came after its end, with the others:
    never its winner (who edited or sent his answer again), and each player once a round.
    While the next round is on they are named in its end; else in a moment.  (A round that
    ended with no winner names nobody: its end answered them all, :mod:`.judging`.)"""
    status = GROUP_STATUS.get(context.chat_data)
    if game.winner == user_id:
        return
    if status.late_round != game.number:
        status.late_round, status.late_ids = game.number, []
    if user_id in status.late_ids:
        return
    status.late_ids = [*status.late_ids, user_id]
    status.late_names = [*status.late_names, name]
    status.late_hand = game.hand
    table = context.chat_data.table
    match = MATCH.of(table)
    going_on = match is not None and not match.over and chat_id < 0
    if ROUND_SEAT.on(table) or going_on:
        return  # the next round is on, or is being dealt: told with its end
    timers = context.bot_data.timers
    # Whether the message is on its way is the job's to say: names saved just before a
    # restart have no job to name them, and would otherwise keep every later one waiting.
    if not timers.pending(chat_id, LATE_ANSWERS):
        timers.run_once(say_late, LATE_DELAY, chat_id=chat_id, kind=LATE_ANSWERS)


def _names(context: ChatContext) -> str | None:
    """The late players still to be named, as one list (then forgotten); None if none."""
    status = GROUP_STATUS.get(context.chat_data)
    names, status.late_names = status.late_names, []
    if not names:
        return None
    shown = context._(", ").join(html.escape(n) for n in names[:LATE_SHOWN])
    if len(names) > LATE_SHOWN:
        shown += context._(" and {count} more").format(count=len(names) - LATE_SHOWN)
    return shown


def late_line(context: ChatContext) -> str | None:
    """The line the end of the chat's round names the late players in, if any (HTML): its
    own (right while its end was being written), or the round's before it."""
    status = GROUP_STATUS.get(context.chat_data)
    game = ROUND_SEAT.of(context.chat_data.table)
    names = _names(context)
    if names is None:
        return None
    if not status.late_hand or (game is not None and status.late_round == game.number):
        # (Names saved by an earlier release have no hand: named as they were.)
        return context._("Also right, but too late: {names}").format(names=names)
    hand = " ".join(map(str, sorted(status.late_hand)))
    return context._("Also right for {hand}, but too late: {names}").format(hand=hand, names=names)


async def say_late(context: JobContext[None]) -> None:
    """Job: one message for everyone whose right answer came after the round's end (unless
    the end of the next round named them already)."""
    names = _names(context)
    if names is not None:
        text = context._("Also right, but too late: {names}").format(names=names)
        context.send(context.job.chat_id, text)
