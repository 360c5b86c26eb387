"""``/admin``: the bot at a glance, for its owner: who was active today, this week and this
month, the games dealt today by kind, errors since start, and what waits in the queues."""

from __future__ import annotations

import datetime as dt
import html

from bot.i18n import Translator
from bot.play.monitoring import workers_of
from bot.typed_handlers import HandlerContext, MessageUpdate

WEEK, MONTH = dt.timedelta(days=7), dt.timedelta(days=30)


def usage(context: Translator) -> str:
    """What the owner's commands are."""
    return context._(
        "/admin: who is active, games today, errors, queues\n"
        "/admin fairplay: this week's fastest results and hands' records\n"
        "/admin fairplay run ID: take a player's runs off the boards\n"
        "/admin fairplay player ID: take a player off every board\n"
        "/admin fairplay run CODE: take one run off the boards; undo: put the last back\n"
        "/admin maintenance on|off: answer everyone else with a short notice"
    )


def show(update: MessageUpdate, context: HandlerContext) -> None:
    """The overview."""
    _ = context._
    data = context.bot_data
    now = data.local_now()
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    since = (midnight, (now - WEEK).timestamp(), (now - MONTH).timestamp())
    players = [data.activity.players.since(moment) for moment in since]
    chats = [data.activity.chats.since(moment) for moment in since]
    active = _("{today} today · {week} this week · {month} this month")
    games = data.activity.played_today(now.date())
    played = " · ".join(f"{html.escape(kind)} {count}" for kind, count in sorted(games.items()))
    outbox = data.outbox.queued()
    pool = data.solving.pool
    workers = workers_of(data)
    lines = [
        _("<b>Twenty-Four, for its owner</b>"),
        _("Players: {counts}").format(
            counts=active.format(**dict(zip(KEYS, players, strict=True)))
        ),
        _("Chats: {counts}").format(counts=active.format(**dict(zip(KEYS, chats, strict=True)))),
        _("Games dealt today: {games}").format(games=played or _("none yet")),
        *(line for game in data.games if game.overview for line in game.overview(context)),
        _("Errors since start: {count}").format(count=data.errors.total),
        _("Outbox: {game} game, {cheap} cheap, {bulk} bulk waiting; {sending} being sent").format(
            **outbox
        ),
        _(
            "Solver: {busy} workers busy, {idle} idle; {game} game and {search} searches waiting"
        ).format(
            busy=workers["busy"],
            idle=workers["idle"],
            game=pool.queued("game"),
            search=pool.queued("search"),
        ),
        _("Maintenance: on (/admin maintenance off)")
        if data.maintenance is not None
        else _("Maintenance: off"),
        "",
        usage(context),
    ]
    context.reply(update, "\n".join(lines))


KEYS = ("today", "week", "month")
