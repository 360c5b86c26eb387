"""/solve in any chat and its page buttons, and the refusals inline mode shares with it."""

from __future__ import annotations

import asyncio
import html
import logging

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)
from telegram.constants import ChatType

from bot.chat.game_life import duel_on
from bot.context import BotContext
from bot.game.attempts import open_to_anyone, unspoiled_days
from bot.game.requests import RequestError, Rules, SolveRequest, SolveResult, parse_solve
from bot.game.spoilers import Round, another_puzzle, holds, peek
from bot.i18n import N_
from bot.services.solve_errors import SolveBusy, SolveTimeout, SolveTooBig
from bot.texts import problem_text
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    MessageUpdate,
)
from solver.printing import friendly_value

logger = logging.getLogger(__name__)

PAGE_SIZE = 10
"""Solutions on one page of a /solve reply."""

RULES_NOTES = {
    Rules.WHOLE: N_(" (whole numbers only)"),
    Rules.COUNTDOWN: N_(" (Countdown rules)"),
}
"""What follows the target in a reply solved by other rules than the 24 game's."""

SLOW = N_("That search takes too long; try fewer or smaller numbers.")
TOO_BIG = N_("That search needs too much memory; try fewer or smaller numbers.")
BUSY = {
    "mine": N_("Still working on your last one: one search at a time, please."),
    "full": N_("I am busy with many searches: try again in a few seconds."),
}


def slow_text(stopped: SolveTimeout) -> str:
    """Why a search gave no answer, untranslated: its memory or its time."""
    return TOO_BIG if isinstance(stopped, SolveTooBig) else SLOW


def _pages(result: SolveResult) -> int:
    return max(1, -(-len(result.solutions) // PAGE_SIZE))


def target_text(result: SolveResult, context: BotContext) -> str:
    """The target of a reply, with the rules it was solved by unless they are the 24 game's."""
    target = friendly_value(result.target)
    if result.rules in RULES_NOTES:
        target += context._(RULES_NOTES[result.rules])
    return target


def render_result(result: SolveResult, page: int, context: BotContext) -> str:
    """One page of a /solve reply, as Bot API HTML."""
    _ = context._
    target = target_text(result, context)
    if not result.solutions:
        lines = [_("{numbers} cannot make {target}.").format(numbers=result.hand, target=target)]
        sides = (
            (result.below, _("Closest below: {value} = {expression}")),
            (result.above, _("Closest above: {value} = {expression}")),
        )
        for side, wording in sides:
            if side is not None:
                value, expression = side
                code = f"<code>{html.escape(expression)}</code>"
                lines.append(wording.format(value=value, expression=code))
        if not result.complete:  # no solution, and no time to find the closest values
            lines.append(_("The closest values take too long to work out."))
        return "\n".join(lines)
    count = len(result.solutions)
    if result.complete:
        wording = context.ngettext(
            "{numbers} → {target}: {count} distinct solution",
            "{numbers} → {target}: {count} distinct solutions",
            count,
        )
    else:
        # The first found within the search's budget: the hand has more.
        wording = context.ngettext(
            "{numbers} → {target}: at least {count} distinct solution",
            "{numbers} → {target}: at least {count} distinct solutions",
            count,
        )
    # 5,151 rather than 5151: the counts of seven and eight numbers run into the thousands
    # (English and Chinese both group digits by threes with a comma).
    header = wording.format(numbers=result.hand, target=target, count=f"{count:,}")
    start = page * PAGE_SIZE
    body = [f"<code>{html.escape(s)}</code>" for s in result.solutions[start : start + PAGE_SIZE]]
    more = count - start - len(body)
    if more > 0:
        body.append(_("… and {count} more").format(count=f"{more:,}"))
    return "\n".join([header, *body])


def page_buttons(result: SolveResult, page: int) -> InlineKeyboardMarkup | None:
    """◀ page ▶ buttons when the solutions fill more than one page."""
    pages = _pages(result)
    if pages == 1:
        return None
    row = []
    if page > 0:
        row.append(InlineKeyboardButton("◀", callback_data=f"solve:{page - 1}"))
    row.append(InlineKeyboardButton(f"{page + 1}/{pages}", callback_data=f"solve:{page}"))
    if page + 1 < pages:
        row.append(InlineKeyboardButton("▶", callback_data=f"solve:{page + 1}"))
    return InlineKeyboardMarkup([row])


async def spoiler(
    request: SolveRequest, user_id: int, chat_id: int | None, in_group: bool, context: BotContext
) -> str | None:
    """Why answering the request would spoil a game for this user, worded (None: it would
    not): a hand being played in a group where the user has been seen, or a daily puzzle
    the user may still score.  Numbers that hold a hand being played (or a daily puzzle)
    among others count too, whatever the target, so that "/solve 4 6 7 12 1" gives nothing
    away either; so do two numbers of a Countdown game being played, with a target of its
    size (see :mod:`bot.game.spoilers`).  The very hand of a round with another target is
    another puzzle, and is answered.  Anyone else is answered, and marked in the games the
    answer spoils (:func:`mark_peeks`)."""
    _ = context._
    numbers, target, _rules = request
    for playing in context.bot_data.live_hands.chats_spoiled(numbers, target):
        data = context.application.chat_data.get(playing)
        # The chat asked in, the user's own private chat, or a group the user was seen in.
        if playing in (chat_id, user_id) or (data is not None and user_id in data.members):
            if data is not None and another_puzzle(numbers, target, data.table.round):
                continue
            if data is not None and duel_on(data, context.bot_data.global_data):
                return _(
                    "No spoilers: those numbers hold the hand of a duel on right now. "
                    "Ask again once the hand is over."
                )
            if data is not None and data.table.counting:
                return _(
                    "No spoilers: those are numbers of a Countdown game you are playing "
                    "right now. Ask again once it is over."
                )
            if data is not None and data.table.rushing:
                return _("No spoilers: that hand is in a Rush run on now. Ask once it is over.")
            if data is not None and data.table.hunting:
                return _(
                    "No spoilers: those numbers hold the hand of a Solution Hunt you are "
                    "playing right now. Ask again once it is over."
                )
            return _(
                "No spoilers: those numbers hold a hand you are playing right now. "
                "Ask again once its round is over (/hint helps meanwhile)."
            )
    user = context.application.user_data.get(user_id)
    record = user.daily if user is not None else None
    running = record.running() if record is not None else None
    now = context.bot_data.local_now()
    solving = context.bot_data.solving
    # Today's puzzle (and yesterday's, just after midnight), to anyone who may still play
    # it: before the clock starts too (the empty inline query shows the hand).
    # "That is" the very hand; "those numbers hold" it among others (1 2 3 4 5 6 7 8 holds
    # many a daily puzzle, and is not one).
    if in_group:
        for day in open_to_anyone(now):
            hand = await solving.daily_hand(day)
            if holds(numbers, hand):
                if sorted(numbers) == sorted(hand):
                    return _(
                        "No spoilers: that is today's daily puzzle, and others here may be on it."
                    )
                return _(
                    "No spoilers: those numbers hold today's daily puzzle, and others here "
                    "may be on it."
                )
    days = unspoiled_days(record, now)
    if running is not None and running not in days and record is not None and record.replaying:
        days.append(running)  # a past puzzle from the archive, with a clock of its own
    for day in days:
        hand = await solving.daily_hand(day)
        if holds(numbers, hand):
            exact = sorted(numbers) == sorted(hand)
            if day == now.date() and day != running:
                if exact:
                    return _("No spoilers: that is today's daily puzzle. Solve it first: /daily")
                return _(
                    "No spoilers: those numbers hold today's daily puzzle. Solve it first: /daily"
                )
            if exact:
                return _("No spoilers: that is your daily puzzle, and your clock is running.")
            return _(
                "No spoilers: those numbers hold your daily puzzle, and your clock is running."
            )
    return None


def mark_peeks(
    request: SolveRequest, result: SolveResult, user_id: int, context: BotContext
) -> None:
    """The user was given ``result``, the solutions of ``request``: their answers to every
    live game these numbers spoil score nothing (a member of a group who only reads it is
    never refused: see :mod:`bot.game.spoilers`)."""
    numbers, target, _rules = request
    live = context.bot_data.live_hands
    for chat_id in live.chats_spoiled(numbers, target):
        game = live.game(chat_id)
        data = context.application.chat_data.get(chat_id)
        playing = data.table.round if data is not None else None
        if another_puzzle(numbers, target, playing) and not _shows(result, playing):
            continue  # the round's very hand with another target spoils nothing
        if game is not None:
            peek(game, user_id)
            context.application.mark_data_for_update_persistence(chat_ids=chat_id)


def _shows(result: SolveResult, playing: Round | None) -> bool:
    """Whether ``result`` (for another target) shows a way to make the round's own target
    as one of its closest values (``= 24001/1000`` is closest to 24)."""
    if playing is None:
        return False
    made = {closest[0] for closest in (result.below, result.above) if closest is not None}
    return str(playing.target) in made


async def solve_command(update: MessageUpdate, context: HandlerContext) -> None:
    """List the distinct solutions of the numbers given, or the closest values."""
    _ = context._
    text = " ".join(context.args or [])
    if not text:
        context.reply(update, _("Give me the numbers, like /solve 3 3 8 8"))
        return
    # A search costs its handler a millisecond or two before the worker takes it (reading,
    # the spoiler checks, the job sent): cheap updates fetched in the same batch go first.
    await asyncio.sleep(0)
    try:
        request = parse_solve(text)
        chat = update.effective_chat
        refusal = await spoiler(
            request, update.effective_user.id, chat.id, chat.type != ChatType.PRIVATE, context
        )
        if refusal is not None:
            context.reply(update, refusal)
            return
        result = await context.bot_data.solving.search(request, owner=update.effective_user.id)
        mark_peeks(request, result, update.effective_user.id, context)
    except RequestError as error:
        reason = html.escape(problem_text(error, context))
        context.reply(
            update, _("I could not read that: {reason}\nTry /solve 3 3 8 8").format(reason=reason)
        )
        return
    except SolveBusy as busy:
        context.reply(update, _(BUSY[busy.reason]))
        return
    except SolveTimeout as stopped:
        context.reply(update, _(slow_text(stopped)))
        return

    def sent(message: object) -> None:
        if _pages(result) > 1 and isinstance(message, Message):
            context.chat_data.solve.remember(message.message_id, request)

    context.reply(
        update,
        render_result(result, 0, context),
        reply_markup=page_buttons(result, 0),
        on_sent=sent,
    )


async def solve_page(update: ButtonUpdate, context: HandlerContext) -> None:
    """Show another page of a /solve reply."""
    query = update.callback_query
    page = int(query.data.split(":", 1)[1])
    request = context.chat_data.solve.requests.get(query.message.message_id)
    if request is None:
        await query.answer(context._("This list has expired: send /solve again."))
        return
    chat = update.effective_chat
    refusal = await spoiler(
        request, update.effective_user.id, chat.id, chat.type != ChatType.PRIVATE, context
    )
    if refusal is not None:
        # The first page was shown before the hand was dealt; the others wait for its end.
        await query.answer(refusal, show_alert=True)
        return
    try:
        result = await context.bot_data.solving.search(request, owner=update.effective_user.id)
    except SolveBusy as busy:
        await query.answer(context._(BUSY[busy.reason]))
        return
    except SolveTimeout as stopped:
        await query.answer(context._(slow_text(stopped)))
        return
    mark_peeks(request, result, update.effective_user.id, context)
    await query.answer()
    page = max(0, min(page, _pages(result) - 1))
    text, buttons = render_result(result, page, context), page_buttons(result, page)
    # Pressing the button of the page already shown would be "message is not modified",
    # which the outbox lets pass; presses in a row keep only the last page.
    context.post(
        update.effective_chat.id,
        lambda: query.edit_message_text(text, reply_markup=buttons),
        key=f"page:{query.message.message_id}",
    )
