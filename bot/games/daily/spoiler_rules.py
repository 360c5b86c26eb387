"""What the daily puzzle keeps from /solve and inline mode (the hands that share three
cards with a puzzle someone may still play), what the daily record sets none of, and what an
empty inline query offers: today's puzzle to share."""

from __future__ import annotations

import datetime as dt

from telegram import InlineQueryResult, InlineQueryResultArticle, InputTextMessageContent

from bot.context import BotContext
from bot.games.daily.parts import DAILY_RECORD
from bot.i18n import Translator
from bot.rules.daily.attempts import open_to_anyone, unspoiled_days
from bot.rules.spoilers import Numbers, holds, shares
from solver import daily as day_puzzle
from solver import daily_number


async def keeps(numbers: Numbers, user_id: int, in_group: bool, context: BotContext) -> str | None:
    """Why a daily puzzle keeps the solutions of ``numbers`` from the user, if it does: they
    share three cards with a puzzle someone in the group may be on, or that the user may
    still score."""
    _ = context._
    user = context.application.user_data.get(user_id)
    record = DAILY_RECORD.get(user) if user is not None else None
    running = record.running() if record is not None else None
    now = context.bot_data.local_now()
    # Today's puzzle (and yesterday's, just after midnight), to anyone who may still play
    # it: before the clock starts too (the empty inline query shows the hand).
    # "That is" the very hand; "those numbers hold" it among others (1 2 3 4 5 6 7 8 holds
    # many a daily puzzle, and is not one); else three of them are its cards.
    if in_group:
        found = await _sharing(numbers, open_to_anyone(now), context)
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
    found = await _sharing(numbers, days, context)
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


async def _sharing(
    numbers: Numbers, days: list[dt.date], context: BotContext
) -> tuple[dt.date, tuple[int, ...]] | None:
    """The first of ``days`` whose puzzle ``numbers`` hold, else the first they share three
    cards with (just after midnight, 2 6 6 12 1 holds yesterday's 2 6 6 12 and shares
    three cards with today's 2 6 6 8: it is refused as yesterday's), if any."""
    found = None
    for day in days:
        hand = day_puzzle(day)
        if holds(numbers, hand):
            return day, hand
        if found is None and shares(numbers, hand):
            found = day, hand
    return found


async def shareable(context: BotContext) -> list[InlineQueryResult]:
    """Today's puzzle, to share in any chat (no answer)."""
    _ = context._
    today = context.today()
    hand = " ".join(map(str, day_puzzle(today)))
    number = daily_number(today)
    title = _("Daily #{number}: {hand}").format(number=number, hand=hand)
    share = _("24 Daily #{number}: make 24 from {hand}. Can you?").format(number=number, hand=hand)
    content = InputTextMessageContent(share)
    description = _("Share today's puzzle (no answer)")
    return [
        InlineQueryResultArticle(
            id="daily", title=title, description=description, input_message_content=content
        )
    ]


def unrecorded(context: Translator) -> str:
    """Why a daily puzzle's solve sets no record."""
    return context._("A daily puzzle sets no record: its cards are public before a clock starts.")
