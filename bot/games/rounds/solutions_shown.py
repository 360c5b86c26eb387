"""A round's solutions as the chat is told them when the round ends: worked out in a worker
if the deal left them to one, listed ten at most, under a header in the singular or the
plural as their number asks."""

from __future__ import annotations

import html
from collections.abc import Callable

from bot.context import BotContext
from bot.rules.rounds import Round
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout

SHOWN_SOLUTIONS = 10
"""Solutions listed when a round ends (the rest are counted)."""

Header = Callable[[BotContext, int], str | None]
"""The line over ``count`` solutions listed; with none listed (the hand has none, or only
the winner's), what stays of it, or None."""


def revealed(context: BotContext, count: int) -> str | None:
    """/reveal's header."""
    return context.ngettext("The solution:", "The solutions:", count) if count else None


def stopped(context: BotContext, count: int) -> str | None:
    """/stop's header."""
    return context.ngettext("The solution was:", "The solutions were:", count) if count else None


def skipped(context: BotContext, count: int) -> str | None:
    """/skip's header."""
    if not count:
        return context._("Skipped.")
    return context.ngettext("Skipped. The solution was:", "Skipped. The solutions were:", count)


def others(context: BotContext, count: int) -> str | None:
    """The header over the solutions other than the winner's."""
    return context.ngettext("Another solution:", "Other solutions:", count) if count else None


def time_up(hand: str) -> Header:
    """The header of a round whose time is up; ``hand`` is named (after a restart, the
    time-up may be the chat's first message)."""

    def header(context: BotContext, count: int) -> str:
        if not count:
            return context._("⏰ Time is up for {hand}!").format(hand=hand)
        return context.ngettext(
            "⏰ Time is up for {hand}! The solution:",
            "⏰ Time is up for {hand}! The solutions:",
            count,
        ).format(hand=hand)

    return header


async def learn(game: Round, context: BotContext) -> None:
    """Work out what the deal left to a worker: solutions and hints (see :meth:`Round.learn`)."""
    if game.needs_facts:
        game.learn(await context.bot_data.solving.facts(game.hand, game.target))


async def solutions_text(
    game: Round, context: BotContext, exclude: str | None, header: Header
) -> str:
    """The distinct solutions of the round's hand but ``exclude`` (the winner's), as HTML
    lines under ``header``, in the singular for one solution; with none to list, what the
    header keeps over "This hand has no solution." or "That was the only solution."."""
    _ = context._
    count = 0
    try:
        await learn(game, context)
    except (WorkTimeout, WorkFailed, PoolBusy):
        body = [_("(The solutions take too long to list.)")]
    else:
        assert game.solutions is not None
        shown = [s for s in game.solutions if s != exclude][:SHOWN_SOLUTIONS]
        body = [f"<code>{html.escape(s)}</code>" for s in shown]
        more = game.solution_count - len(shown) - (exclude in game.solutions)
        if more > 0:
            body.append(
                context.ngettext("… and {count} more", "… and {count} more", more).format(
                    count=more
                )
            )
        count = len(shown) + max(more, 0)
        if not game.solution_count:
            body = [_("This hand has no solution.")]
        elif not shown:
            body = [_("That was the only solution.")]
    title = header(context, count)
    return "\n".join(body if title is None else [title, *body])
