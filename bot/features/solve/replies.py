"""/solve in any chat and its page buttons, and the refusals inline mode shares with it."""

from __future__ import annotations

import asyncio
import datetime as dt
import html
import logging

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)
from telegram.constants import ChatType

from bot.context import BotContext
from bot.features.solve.playing_refusals import playing_refusal
from bot.game.attempts import open_to_anyone, unspoiled_days
from bot.game.requests import RequestError, Rules, SolveRequest, SolveResult, parse_solve, shown
from bot.game.spoilers import Numbers, holds, peek, shares
from bot.i18n import N_
from bot.services.solve_errors import SolveBusy, SolveTimeout, SolveTooBig
from bot.texts import problem_text
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    MessageUpdate,
)

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
    target = shown(result.target)
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
    not): a hand being played in a group where the user has been seen, a duel's hand (to
    anyone), or a daily puzzle the user may still score.  Numbers that share three cards
    with such a hand (or daily puzzle) spoil it, whatever the target and whatever else is
    asked beside them, so that "/solve 2 8 12 = 2" gives nothing of 2 8 12 12 away; so do
    two numbers of a Countdown game being played, with a target of its size (see
    :mod:`bot.game.spoilers`).  Anyone else is answered, and marked in the games the
    answer spoils (:func:`mark_peeks`)."""
    numbers, target, _rules = request
    chats = context.application.chat_data
    refusing = [
        spoiled
        for spoiled in context.bot_data.live_hands.spoiled(numbers, target)
        # A game refused to everyone (a duel's), the chat asked in, the user's own private
        # chat, or a group the user was seen in.
        if spoiled.everyone
        or spoiled.chat_id in (chat_id, user_id)
        or (spoiled.chat_id in chats and user_id in chats[spoiled.chat_id].members)
    ]
    if refusing:
        # A game whose whole hand the numbers hold is the one to name.
        spoiled = next((spoiled for spoiled in refusing if spoiled.held), refusing[0])
        data = chats.get(spoiled.chat_id)
        return playing_refusal(spoiled, data, user_id, chat_id, context)
    return await _daily_refusal(numbers, user_id, in_group, context)


async def _daily_refusal(
    numbers: Numbers, user_id: int, in_group: bool, context: BotContext
) -> str | None:
    """Why a daily puzzle keeps the solutions of ``numbers`` from the user, if it does: they
    share three cards with a puzzle someone in the group may be on, or that the user may
    still score."""
    _ = context._
    user = context.application.user_data.get(user_id)
    record = user.daily if user is not None else None
    running = record.running() if record is not None else None
    now = context.bot_data.local_now()
    # Today's puzzle (and yesterday's, just after midnight), to anyone who may still play
    # it: before the clock starts too (the empty inline query shows the hand).
    # "That is" the very hand; "those numbers hold" it among others (1 2 3 4 5 6 7 8 holds
    # many a daily puzzle, and is not one); else three of them are its cards.
    if in_group:
        found = await _sharing_daily(numbers, open_to_anyone(now), context)
        if found is not None:
            _day, hand = found
            if sorted(numbers) == sorted(hand):
                return _("No spoilers: that is today's daily puzzle, and others here may be on it.")
            if holds(numbers, hand):
                return _(
                    "No spoilers: those numbers hold today's daily puzzle, and others here "
                    "may be on it."
                )
            return _(
                "No spoilers: three of those numbers are cards of today's daily puzzle, and "
                "others here may be on it."
            )
    days = unspoiled_days(record, now)
    if running is not None and running not in days and record is not None and record.replaying:
        days.append(running)  # a past puzzle from the archive, with a clock of its own
    found = await _sharing_daily(numbers, days, context)
    if found is not None:
        day, hand = found
        exact = sorted(numbers) == sorted(hand)
        held = holds(numbers, hand)
        if day == now.date() and day != running:
            if exact:
                return _("No spoilers: that is today's daily puzzle. Solve it first: /daily")
            if held:
                return _(
                    "No spoilers: those numbers hold today's daily puzzle. Solve it first: /daily"
                )
            return _(
                "No spoilers: three of those numbers are cards of today's daily puzzle. "
                "Solve it first: /daily"
            )
        if exact:
            return _("No spoilers: that is your daily puzzle, and your clock is running.")
        if held:
            return _(
                "No spoilers: those numbers hold your daily puzzle, and your clock is running."
            )
        return _(
            "No spoilers: three of those numbers are cards of your daily puzzle, and your "
            "clock is running."
        )
    return None


async def _sharing_daily(
    numbers: Numbers, days: list[dt.date], context: BotContext
) -> tuple[dt.date, tuple[int, ...]] | None:
    """The first of ``days`` whose puzzle ``numbers`` hold, else the first they share three
    cards with (just after midnight, 2 6 6 12 1 holds yesterday's 2 6 6 12 and shares
    three cards with today's 2 6 6 8: it is refused as yesterday's), if any."""
    found = None
    for day in days:
        hand = await context.bot_data.solving.daily_hand(day)
        if holds(numbers, hand):
            return day, hand
        if found is None and shares(numbers, hand):
            found = day, hand
    return found


def mark_peeks(request: SolveRequest, user_id: int, context: BotContext) -> None:
    """The user was given the solutions of ``request``: their answers to every
    live game of a chat these numbers spoil score nothing (a member of a group who only
    reads it is never refused: see :mod:`bot.game.spoilers`), and a challenge whose cards
    are out that they open later is played unranked (:mod:`bot.game.challenge`)."""
    numbers, target, _rules = request
    for spoiled in context.bot_data.live_hands.spoiled(numbers, target):
        # A mark already made is not saved again (a user asking again and again rewrites no
        # chat).  A player's own game (a run on the game's page) is saved with no chat.
        if peek(spoiled.game, user_id) and not spoiled.own:
            context.application.mark_data_for_update_persistence(chat_ids=spoiled.chat_id)
    challenges = context.bot_data.global_data.challenges.challenges
    noted = []
    for token in context.bot_data.challenge_hands.sharing(numbers):
        challenge = challenges.get(token)
        if challenge is None:  # dropped to make room
            context.bot_data.challenge_hands.drop(token)
        elif challenge.note_given(user_id, context.now()):
            noted.append(token)
    if noted:
        context.save_global(challenges=noted)


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
        mark_peeks(request, update.effective_user.id, context)
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
    mark_peeks(request, update.effective_user.id, context)
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
