"""A time of day a player gives a daily command, with a time zone if they name one
(``/remind 20:00 Asia/Shanghai``, ``/subscribe 09:00 Asia/Shanghai``): read, or the player
told what the command takes."""

from __future__ import annotations

import datetime as dt
import html
from zoneinfo import ZoneInfo

from bot.rules.daily.puzzle import find_zone, post_time
from bot.typed_handlers import HandlerContext, MessageUpdate


def time_and_zone(
    update: MessageUpdate, context: HandlerContext, args: list[str], usage: str, command: str
) -> tuple[dt.time, ZoneInfo | None] | None:
    """The time ``args`` give (``HH:MM``) and the zone they name after it (None: none named);
    None when they do not read, after replying ``usage``, or for a zone unknown, which
    zones are like (``command``: ``/remind 20:00``)."""
    if not args or len(args) > 2:
        context.reply(update, usage)
        return None
    try:
        at = post_time(args[0])
    except ValueError:
        context.reply(update, usage)
        return None
    if len(args) == 1:
        return at, None
    zone = find_zone(args[1])
    if zone is None:
        context.reply(
            update,
            context._(
                "I do not know the time zone {zone}: give its name as in {command} "
                "Asia/Shanghai, Europe/London or America/New_York."
            ).format(zone=html.escape(args[1][:64]), command=command),
        )
        return None
    return at, zone
