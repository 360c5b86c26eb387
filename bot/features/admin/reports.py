"""Errors told to the owner, at most once every :data:`EVERY` seconds: how many since the
last report and since start, and the first of them (its logger and first line).  A job looks
every :data:`LOOK` seconds, so that an error after a quiet spell is told within seconds."""

from __future__ import annotations

import html
import time

from bot.context import BotContext

EVERY = 60.0
"""Seconds between two reports at most often."""
LOOK = 10.0
"""Seconds between two looks for errors to report."""


async def report(context: BotContext) -> None:
    """Job (in the owner's chat): the errors since the last report, if any."""
    data = context.bot_data
    owner = data.settings.owner_id
    errors = data.errors.take(time.monotonic(), EVERY)
    if errors is None or owner is None:
        return
    text = context.ngettext(
        "⚠️ {count} error since the last report ({total} since start). The first:\n{first}",
        "⚠️ {count} errors since the last report ({total} since start). The first:\n{first}",
        errors.count,
    ).format(
        count=errors.count, total=errors.total, first=f"<code>{html.escape(errors.first)}</code>"
    )
    context.send(owner, text)
