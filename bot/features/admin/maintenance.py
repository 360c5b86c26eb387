"""``/admin maintenance on|off``: while the host works on the bot, everyone but the owner is
answered with a short notice instead of the game (a command or message in private, a
command in a group, a button, an inline query).  The games' clock stands still meanwhile
(:class:`bot.clock.Pause`): no round, duel, Rush run or match's next deal runs out or comes
while its players cannot answer; the daily post goes on.  The notice and the pause stay on
across a restart until turned off."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable

from telegram import InlineQueryResultsButton, Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import Application, ApplicationHandlerStop

from bot.context import BotContext, services
from bot.i18n import N_
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)

GROUP = -10
"""Before every other group (who spoke is noted in -1, a daily puzzle opened in -2): a group
runs one handler at most, so this one has a group of its own."""
KEPT = "maintenance"
"""The table that keeps the notice on across a restart."""
NOTICE = N_(
    "🛠 Twenty-Four is being looked after for a few minutes: please try again soon. Your "
    "scores are kept."
)
SHORT = N_("🛠 Back in a few minutes")


async def notice(update: Update, context: BotContext) -> None:
    """While maintenance is on, answer anyone but the owner with the notice, and stop."""
    data = context.bot_data
    if data.maintenance is None:
        return
    user = update.effective_user
    if user is not None and user.id == data.settings.owner_id:
        return
    message, chat = update.message, update.effective_chat
    if message is not None and (message.migrate_to_chat_id or message.migrate_from_chat_id):
        return  # a group upgraded: its data must follow, maintenance or not
    if update.inline_query is not None:
        button = InlineQueryResultsButton(context._(SHORT), start_parameter="maintenance")
        await _quietly(update.inline_query.answer([], cache_time=0, button=button))
    elif update.callback_query is not None:
        await _quietly(update.callback_query.answer(context._(NOTICE)))
    elif message is not None and chat is not None and user is not None:
        command = (message.text or "").startswith("/")
        if chat.type == ChatType.PRIVATE or command:
            context.reply(update, context._(NOTICE), key="maintenance")
    elif update.my_chat_member is not None or update.chat_member is not None:
        return  # who joined or left, or an admin's change: noted as ever
    raise ApplicationHandlerStop


async def _quietly(call: Awaitable[object]) -> None:
    try:
        await call
    except TelegramError as error:  # a query answered late: nothing to redo
        logger.info("A maintenance notice was not sent: %s", error)


def command(update: MessageUpdate, context: HandlerContext, words: list[str]) -> None:
    """/admin maintenance on|off."""
    _ = context._
    data = context.bot_data
    turn = words[0].lower() if words else ""
    if turn not in ("on", "off"):
        state = _("on") if data.maintenance is not None else _("off")
        context.reply(
            update,
            _("Maintenance is {state}. /admin maintenance on or /admin maintenance off").format(
                state=state
            ),
        )
        return
    if turn == "on":
        data.pause.stop(data.clock())
        data.maintenance = context.now()
    else:
        stood = data.pause.start(data.clock())
        data.maintenance = None
        data.timers.resume()
        logger.info("The games' clock runs again after %.0f s", stood)
    _keep(context.application)
    logger.info("Maintenance %s", turn)
    if turn == "on":
        context.reply(
            update,
            _("Maintenance is on: everyone else gets this notice until /admin maintenance off.")
            + "\n\n"
            + _(NOTICE),
        )
    else:
        context.reply(update, _("Maintenance is off: the bot answers everyone again."))


def _keep(application: Application) -> None:
    data = services(application)
    if data.solving.store:
        kept = {"since": data.maintenance, "offset": data.pause.offset}
        kept["stopped_at"] = data.pause.stopped_at
        data.solving.store[1](KEPT, json.dumps(kept))


def _number(kept: object, key: str) -> float | None:
    value = kept.get(key) if isinstance(kept, dict) else None
    return float(value) if isinstance(value, int | float) else None


def restore(application: Application) -> None:
    """At start-up (before the games' timers are set again): the notice goes on if it was
    on, and the games' clock stands still again, behind by the pauses so far.  (An earlier
    release kept only ``since``: its clock stands still from now.)"""
    data = services(application)
    text = data.solving.store[0](KEPT) if data.solving.store else None
    try:
        kept = json.loads(text) if text else None
    except ValueError:
        kept = None
    data.pause.offset = _number(kept, "offset") or 0.0
    since = _number(kept, "since")
    if since is None:
        return
    data.pause.stop(_number(kept, "stopped_at") or data.clock())
    if data.settings.owner_id is None:  # nobody could turn it off: the clock runs again
        data.pause.start(data.clock())
        return
    data.maintenance = since
    logger.warning("Maintenance is on: everyone else gets its notice (/admin maintenance off)")
