"""Inline mode: ``@Bot 3 3 8 8`` in any chat offers the solutions; an empty query offers
what the games share (:attr:`bot.play.registry.Game.shareable`)."""

from __future__ import annotations

import html

from telegram import InlineQueryResult, InlineQueryResultArticle, InputTextMessageContent, Update
from telegram.constants import ChatType

from bot.context import BotContext
from bot.features.solve.replies import BUSY, problem, render_result, slow_text, target_text
from bot.features.solve.spoiler_checks import mark_peeks, spoiler
from bot.features.solve.words import rule_words
from bot.i18n import in_english
from bot.rules.requests import RequestError, parse_solve
from bot.services.solving import SolveBusy, SolveTimeout

INLINE_RESULTS = 50
"""Telegram accepts at most 50 results in one answer to an inline query."""

INLINE_CACHE_SECONDS = 60
"""How long Telegram may show an answer again without asking.  Answers depend on who asks
(a hand being played in their group is refused), so they are personal and short-lived:
a cached answer would outlive the round it was refused for, or be shown during it."""

SHARED_CACHE_SECONDS = 300
"""How long Telegram may show the empty query's answer (what the games offer) again."""


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
    """Offer solutions for ``@Bot 3 3 8 8``; what the games offer for an empty query
    (:attr:`bot.play.registry.Game.shareable`: today's daily puzzle, a Telegram game)."""
    _ = context._
    query = update.inline_query
    if query is None:
        return
    text = query.query.strip()
    if not text:
        results: list[InlineQueryResult] = []
        for declared in context.bot_data.games:
            if declared.shareable is not None:
                results.extend(await declared.shareable(context))
        await query.answer(results, cache_time=SHARED_CACHE_SECONDS)
        return
    try:
        request = parse_solve(in_english(text, rule_words()))
        # The chosen result is posted in the chat the user types in: a group, perhaps.
        in_group = query.chat_type in (ChatType.GROUP, ChatType.SUPERGROUP)
        refusal = await spoiler(request, query.from_user.id, None, in_group, context)
        if refusal is not None:
            await query.answer(
                [_article("spoiler", refusal, html.escape(refusal))], cache_time=5, is_personal=True
            )
            return
        result = await context.bot_data.solving.search(
            request, owner=query.from_user.id, supersede=True
        )
        mark_peeks(request, query.from_user.id, context)
    except RequestError as error:
        reason = problem(error, context)
        help_text = _("Type numbers after my name, like 3 3 8 8 or 1 2 3 4 7 25 = 573.")
        await query.answer(
            [_article("help", reason, html.escape(help_text), help_text)], cache_time=60
        )
        return
    except SolveBusy as busy:
        if busy.reason == "superseded":
            return  # the user typed on: Telegram shows only the answer to the newest query
        text = _(BUSY[busy.reason])
        await query.answer([_article("busy", text, html.escape(text))], cache_time=5)
        return
    except SolveTimeout as stopped:
        slow = _(slow_text(stopped))
        await query.answer([_article("slow", slow, html.escape(slow))], cache_time=60)
        return
    target = target_text(result, context)
    about = f"{result.hand} → {target}"
    if not result.solutions:
        summary = render_result(result, 0, context)
        title = _("No solution: {numbers} cannot make {target}").format(
            numbers=result.hand, target=target
        )
        await query.answer(
            [_article("none", title, summary)], cache_time=INLINE_CACHE_SECONDS, is_personal=True
        )
        return
    said = _("{numbers} → {target}: {solution}")
    articles = [
        _article(
            str(i),
            solution,
            said.format(
                numbers=html.escape(result.hand),
                target=html.escape(target),
                solution=f"<code>{html.escape(solution)}</code>",
            ),
            about,
        )
        for i, solution in enumerate(result.solutions[:INLINE_RESULTS])
    ]
    await query.answer(articles, cache_time=INLINE_CACHE_SECONDS, is_personal=True)
