"""/solve in any chat and its page buttons: the reply, a page, or a deferred answer (a
duel's hand held it: :mod:`.deferred`), after the checks of :mod:`.spoiler_checks`."""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, ReplyParameters, Update
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext
from bot.features.solve import deferred
from bot.features.solve.spoiler_checks import keeping, mark_peeks
from bot.features.solve.words import rule_words
from bot.i18n import N_, in_english, number
from bot.rules.deferrals import Deferral, overdue
from bot.rules.requests import RequestError, Rules, SolveRequest, SolveResult, parse_solve, shown
from bot.services.deferred_solves import DeferredSolve
from bot.services.solving import SolveBusy, SolveTimeout, SolveTooBig
from bot.texts import problem_text
from bot.typed_handlers import (
    ButtonUpdate,
    HandlerContext,
    MessageUpdate,
)

logger = logging.getLogger(__name__)

PAGE_SIZE = 10
"""Solutions on one page of a /solve reply."""

RULES_NOTES = {Rules.WHOLE: N_(" (whole numbers only)")}
"""What follows the target in a reply solved by other rules than the 24 game's (and a
game's: :attr:`bot.play.registry.Game.solve_rules`)."""

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


def problem(error: RequestError, context: BotContext) -> str:
    """What is wrong with a request, in the user's language: the games' own words for what
    only their rules refuse (:attr:`bot.play.registry.Game.request_reasons`) with the
    shared ones."""
    games = context.bot_data.games
    wording = {code: text for game in games for code, text in game.request_reasons.items()}
    return problem_text(error, context, wording)


def target_text(result: SolveResult, context: BotContext) -> str:
    """The target of a reply, with the rules it was solved by unless they are the 24 game's."""
    target = shown(result.target)
    notes = dict(RULES_NOTES)
    for game in context.bot_data.games:
        notes.update(game.solve_rules)
    if result.rules in notes:
        target += context._(notes[result.rules])
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
        body.append(
            context.ngettext("… and {count} more", "… and {count} more", more).format(
                count=number(more, context.language)
            )
        )
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


async def searched(request: SolveRequest, user_id: int, context: BotContext) -> SolveResult | str:
    """The request's answer, its asker marked in the live games it spoils
    (:func:`~.spoiler_checks.mark_peeks`), or why there is none, worded (busy, too slow)."""
    try:
        result = await context.bot_data.solving.search(request, owner=user_id)
    except SolveBusy as busy:
        return context._(BUSY[busy.reason])
    except SolveTimeout as stopped:
        return context._(slow_text(stopped))
    mark_peeks(request, user_id, context)
    return result


def _remember(
    context: BotContext, chat_id: int, result: SolveResult, request: SolveRequest
) -> Callable[[object], None]:
    """What keeps a list of more than one page, once sent, for its buttons."""

    def sent(message: object) -> None:
        if _pages(result) > 1 and isinstance(message, Message):
            context.application.chat_data[chat_id].solve.remember(message.message_id, request)

    return sent


def _show_page(
    context: BotContext, chat_id: int, message_id: int, result: SolveResult, page: int
) -> None:
    """Edit a list's message to show its ``page`` (the nearest there is)."""
    page = max(0, min(page, _pages(result) - 1))
    text, buttons = render_result(result, page, context), page_buttons(result, page)
    # Pressing the button of the page already shown would be "message is not modified",
    # which the outbox lets pass; presses in a row keep only the last page.
    context.post(
        chat_id,
        lambda: context.bot.edit_message_text(
            text, chat_id=chat_id, message_id=message_id, reply_markup=buttons
        ),
        key=f"page:{message_id}",
    )


def _deferred(
    update: Update, context: BotContext, request: SolveRequest, page: int | None
) -> DeferredSolve:
    """The request of ``update`` (a /solve, or a press of a list's ``page``), to answer later."""
    user, chat, message = update.effective_user, update.effective_chat, update.effective_message
    assert user is not None and chat is not None and message is not None
    in_group = chat.type != ChatType.PRIVATE
    language, now = context.telegram_language, context.now()
    return DeferredSolve(
        user.id, chat.id, message.message_id, request, in_group, language, now, page
    )


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
        request = parse_solve(in_english(text, rule_words()))
    except RequestError as error:
        reason = html.escape(problem(error, context))
        context.reply(
            update, _("I could not read that: {reason}\nTry /solve 3 3 8 8").format(reason=reason)
        )
        return
    user_id, chat = update.effective_user.id, update.effective_chat
    kept = await keeping(request, user_id, chat.id, chat.type != ChatType.PRIVATE, context)
    if kept is not None and kept.waits_for:  # a duel's hand only: answered once it ends
        context.reply(
            update, deferred.defer(context, _deferred(update, context, request, None), kept)
        )
        return
    if kept is not None:
        context.reply(update, kept.refusal)
        return
    result = await searched(request, user_id, context)
    if isinstance(result, str):
        context.reply(update, result)
        return
    context.reply(
        update,
        render_result(result, 0, context),
        reply_markup=page_buttons(result, 0),
        on_sent=_remember(context, chat.id, result, request),
    )


async def solve_page(update: ButtonUpdate, context: HandlerContext) -> None:
    """Show another page of a /solve reply."""
    query = update.callback_query
    page = int(query.data.split(":", 1)[1])
    request = context.chat_data.solve.requests.get(query.message.message_id)
    if request is None:
        await query.answer(context._("This list has expired: send /solve again."))
        return
    user_id, chat = update.effective_user.id, update.effective_chat
    kept = await keeping(request, user_id, chat.id, chat.type != ChatType.PRIVATE, context)
    if kept is not None and kept.waits_for:  # the page comes once the duel's hand is over
        said = deferred.defer(context, _deferred(update, context, request, page), kept)
        await query.answer(said, show_alert=True)
        return
    if kept is not None:
        # The first page was shown before the hand was dealt; the others wait for its end.
        await query.answer(kept.refusal, show_alert=True)
        return
    result = await searched(request, user_id, context)
    if isinstance(result, str):
        await query.answer(result)
        return
    await query.answer()
    _show_page(context, chat.id, query.message.message_id, result, page)


async def answer_deferred(application: Application, item: DeferredSolve) -> None:
    """A deferred request, freed by the end of the duels' hands that held it: answered the
    whole /solve way again (every rule checked anew: the asker may have started a game of
    those cards since), replying to the /solve, or showing the page asked for.  Another
    duel's hand that holds it now keeps it waiting, unless the asker has a newer request
    waiting (one per person), too many wait, or it has waited long enough already
    (:func:`~bot.rules.deferrals.overdue`): then it is refused."""
    context = BotContext(application, chat_id=item.chat_id, user_id=item.user_id)
    context.telegram_language = item.language
    if deferrals_kept_item(context, item):
        deferred.forget(context, item)  # answered now (or deferred, and kept, again)
    kept = await keeping(item.request, item.user_id, item.chat_id, item.in_group, context)
    deferrals = context.bot_data.deferred_solves
    if (
        kept is not None
        and kept.waits_for
        and deferrals.waiting.waits(item.user_id) is None  # no newer request of theirs waits
        and not overdue(item.asked_at, context.now())
        and deferrals.defer(item, kept.waits_for) is not Deferral.FULL
    ):
        deferred.keep(context, item)
        return  # its asker was told it waits: it waits for this hand too
    if kept is not None:
        _tell(context, item, kept.refusal)
        return
    found = await searched(item.request, item.user_id, context)
    if isinstance(found, str):
        _tell(context, item, found)
    elif item.page is not None:
        _show_page(context, item.chat_id, item.message_id, found, item.page)
    else:
        markup, sent = page_buttons(found, 0), _remember(context, item.chat_id, found, item.request)
        _tell(context, item, render_result(found, 0, context), markup, sent)


def deferrals_kept_item(context: BotContext, item: DeferredSolve) -> bool:
    """Whether ``item`` is the request kept with its asker (a newer one may be kept)."""
    user_data = context.application.user_data.get(item.user_id)
    kept = user_data.waiting_solve if user_data is not None else None
    return kept is not None and (kept.chat_id, kept.message_id) == (item.chat_id, item.message_id)


def _tell(
    context: BotContext,
    item: DeferredSolve,
    text: str,
    markup: InlineKeyboardMarkup | None = None,
    on_sent: Callable[[object], None] | None = None,
) -> None:
    """Answer a deferred request in its chat, replying to its message if it is still there."""
    reply = ReplyParameters(item.message_id, allow_sending_without_reply=True)
    context.send(item.chat_id, text, reply_markup=markup, reply_parameters=reply, on_sent=on_sent)
