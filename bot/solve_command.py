"""/solve in any chat, its page buttons, and inline mode (``@Bot 3 3 8 8`` in any chat)."""

from __future__ import annotations

import asyncio
import html
import logging
from collections import OrderedDict
from fractions import Fraction

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Update,
)

from bot.context import BotContext, SolveRequest
from bot.i18n import N_
from bot.solving import SOLVER, SolveError, SolveResult, SolveTimeout, solve_request
from solver import daily, daily_number
from solver.parsing import ParseError, parse_request
from solver.printing import friendly_value

logger = logging.getLogger(__name__)

SOLVE_TIMEOUT = 2.0
"""Seconds a search may take; longer ones are stopped and the user is told."""

PAGE_SIZE = 10
"""Solutions on one page of a /solve reply."""

INLINE_RESULTS = 50
"""Telegram accepts at most 50 results in one answer to an inline query."""

INLINE_CACHE_SECONDS = 3600
"""Answers depend only on the query, so Telegram may reuse them for an hour."""

DAILY_CACHE_SECONDS = 300

MAX_NUMBER = 10_000
MAX_TARGET = 1_000_000
MIN_NUMBERS = 2

INTEGER_FLAGS = {"int", "integer", "integers", "--int", "--integer-only", "countdown", "整数"}

# The parser's problems, and the bot's own, in words for the user.
PROBLEMS = {
    "target": N_("write the target once, at the end: 1 2 3 4 7 25 = 573"),
    "empty": N_("give the numbers, like 3 3 8 8"),
    "too_many": N_("at most {limit} numbers"),
    "too_few": N_("give at least two numbers"),
    "too_long": N_("{number} is too long to be a number"),
    "too_big": N_("{number} is too big: numbers go up to {limit}"),
    "not_a_number": N_("{number} is not a number"),
    "negative": N_("{number}: negative numbers are not allowed"),
    "decimal": N_("{number}: decimals are not allowed; fractions like 1/2 are fine"),
}

_RESULTS: OrderedDict[SolveRequest, SolveResult] = OrderedDict()
"""Recent results, so that paging and repeated questions do not search again."""
RESULTS_KEPT = 256

_KEPT: dict[SolveRequest, SolveResult] = {}
"""Results kept for the life of the process: every hand a round deals by default."""


class RequestError(ValueError):
    """A /solve or inline request the bot will not run; ``problem`` keys :data:`PROBLEMS`."""

    def __init__(self, problem: str, **params: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.params = params


def parse_solve(text: str) -> SolveRequest:
    """Numbers, target (24 unless given) and the integer-only flag of a request."""
    words = text.split()
    integer_only = any(w.lower() in INTEGER_FLAGS for w in words)
    rest = " ".join(w for w in words if w.lower() not in INTEGER_FLAGS)
    try:
        numbers, target = parse_request(rest)
    except ParseError as error:
        params = dict(error.params)
        raise RequestError(params.pop("problem", "not_a_number"), **params) from None
    if len(numbers) < MIN_NUMBERS:
        raise RequestError("too_few")
    goal = 24 if target is None else target
    for value, limit in [*((n, MAX_NUMBER) for n in numbers), (goal, MAX_TARGET)]:
        if abs(Fraction(value).numerator) > limit * Fraction(value).denominator or (
            Fraction(value).denominator > MAX_NUMBER
        ):
            raise RequestError("too_big", number=friendly_value(value), limit=str(limit))
    return tuple(numbers), goal, integer_only


def solve_and_keep(request: SolveRequest) -> None:
    """Solve ``request`` here and now, and keep its result for the life of the process.

    For small requests only (a dealt hand: a millisecond or so).  A won or timed-out round
    shows its hand's solutions; kept, they come at once rather than from a thread, which
    a busy event loop leaves waiting for tens of milliseconds.
    """
    if request not in _KEPT:
        _KEPT[request] = solve_request(*request)


async def solve_cached(request: SolveRequest, timeout: float = SOLVE_TIMEOUT) -> SolveResult:
    """The result of a request: kept, recent, or from a bounded search."""
    found = _KEPT.get(request) or _RESULTS.get(request)
    if found is None:
        numbers, target, integer_only = request
        found = await SOLVER.solve(numbers, target, integer_only=integer_only, timeout=timeout)
        _RESULTS[request] = found
        while len(_RESULTS) > RESULTS_KEPT:
            _RESULTS.popitem(last=False)
    return found


def _problem_text(error: RequestError, context: BotContext) -> str:
    return context._(PROBLEMS[error.problem]).format(**error.params)


def _pages(result: SolveResult) -> int:
    return max(1, -(-len(result.solutions) // PAGE_SIZE))


def render_result(result: SolveResult, page: int, context: BotContext) -> str:
    """One page of a /solve reply, as Bot API HTML."""
    _ = context._
    target = friendly_value(result.target)
    if result.integer_only:
        target += _(" (whole numbers only)")
    if not result.solutions:
        lines = [_("{numbers} cannot make {target}.").format(numbers=result.hand, target=target)]
        for side in (result.below, result.above):
            if side is not None:
                value, expression = side
                lines.append(
                    _("Closest: {value} = {expression}").format(
                        value=value, expression=f"<code>{html.escape(expression)}</code>"
                    )
                )
        return "\n".join(lines)
    count = len(result.solutions)
    header = context.ngettext(
        "{numbers} → {target}: {count} distinct solution",
        "{numbers} → {target}: {count} distinct solutions",
        count,
    ).format(numbers=result.hand, target=target, count=count)
    start = page * PAGE_SIZE
    body = [f"<code>{html.escape(s)}</code>" for s in result.solutions[start : start + PAGE_SIZE]]
    more = count - start - len(body)
    if more > 0:
        body.append(_("… and {count} more").format(count=more))
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


def _spoils_round(request: SolveRequest, context: BotContext) -> bool:
    """Whether the request asks about the hand being played in this chat right now."""
    table = context.chat_data.table if context.chat_data else None
    if table is None or not table.playing or table.round is None:
        return False
    numbers, target, _ = request
    return sorted(numbers) == sorted(table.round.hand) and target == table.round.target


async def solve_command(update: Update, context: BotContext) -> None:
    """List the distinct solutions of the numbers given, or the closest values."""
    _ = context._
    message = update.effective_message
    text = " ".join(context.args or [])
    if not text:
        await message.reply_text(_("Give me the numbers, like /solve 3 3 8 8"))
        return
    try:
        request = parse_solve(text)
        if _spoils_round(request, context):
            await message.reply_text(
                _("No spoilers: that is the hand being played here. Try /hint instead.")
            )
            return
        result = await solve_cached(request)
    except RequestError as error:
        reason = html.escape(_problem_text(error, context))
        await message.reply_text(
            _("I could not read that: {reason}\nTry /solve 3 3 8 8").format(reason=reason)
        )
        return
    except SolveTimeout:
        await message.reply_text(_("That search takes too long; try fewer or smaller numbers."))
        return
    sent = await message.reply_text(
        render_result(result, 0, context), reply_markup=page_buttons(result, 0)
    )
    if _pages(result) > 1:
        context.chat_data.remember_solve(sent.message_id, request)


async def solve_page(update: Update, context: BotContext) -> None:
    """Show another page of a /solve reply."""
    query = update.callback_query
    page = int(query.data.split(":", 1)[1])
    request = context.chat_data.solve_requests.get(query.message.message_id)
    if request is None:
        await query.answer(context._("This list has expired: send /solve again."))
        return
    try:
        result = await solve_cached(request)
    except SolveError:
        await query.answer(context._("That search takes too long; try fewer or smaller numbers."))
        return
    await query.answer()
    page = max(0, min(page, _pages(result) - 1))
    # Pressing the button of the page already shown would be "message is not modified".
    await query.edit_message_text(
        render_result(result, page, context), reply_markup=page_buttons(result, page)
    )


def _article(
    result_id: str, title: str, text: str, description: str = ""
) -> InlineQueryResultArticle:
    return InlineQueryResultArticle(
        id=result_id,
        title=title,
        description=description or None,
        input_message_content=InputTextMessageContent(text),
    )


async def inline_query(update: Update, context: BotContext) -> None:
    """Offer solutions for ``@Bot 3 3 8 8``; today's daily puzzle for an empty query."""
    _ = context._
    query = update.inline_query
    text = query.query.strip()
    if not text:
        today = context.today()
        hand = " ".join(map(str, await asyncio.to_thread(daily, today)))
        number = daily_number(today)
        title = _("Daily #{number}: {hand}").format(number=number, hand=hand)
        share = _("24 Daily #{number}: make 24 from {hand}. Can you?").format(
            number=number, hand=hand
        )
        await query.answer(
            [_article("daily", title, share, _("Share today's puzzle (no answer)"))],
            cache_time=DAILY_CACHE_SECONDS,
        )
        return
    try:
        request = parse_solve(text)
        result = await solve_cached(request)
    except RequestError as error:
        reason = _problem_text(error, context)
        help_text = _("Type numbers after my name, like 3 3 8 8 or 1 2 3 4 7 25 = 573.")
        await query.answer(
            [_article("help", reason, html.escape(help_text), help_text)], cache_time=60
        )
        return
    except SolveTimeout:
        slow = _("That search takes too long; try fewer or smaller numbers.")
        await query.answer([_article("slow", slow, html.escape(slow))], cache_time=60)
        return
    target = friendly_value(result.target)
    about = f"{result.hand} → {target}"
    if not result.solutions:
        summary = render_result(result, 0, context)
        title = _("No solution: {numbers} cannot make {target}").format(
            numbers=result.hand, target=target
        )
        await query.answer([_article("none", title, summary)], cache_time=INLINE_CACHE_SECONDS)
        return
    articles = [
        _article(
            str(i), solution, f"{html.escape(about)}: <code>{html.escape(solution)}</code>", about
        )
        for i, solution in enumerate(result.solutions[:INLINE_RESULTS])
    ]
    await query.answer(articles, cache_time=INLINE_CACHE_SECONDS)
