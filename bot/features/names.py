"""/name: the public name a player chooses for the boards that span every chat (the rules:
:mod:`bot.rules.public_names`; how boards use it: :mod:`bot.play.board_names`)."""

from __future__ import annotations

import datetime as dt
import html

from telegram.ext import Application, CommandHandler

from bot.context import BotContext
from bot.i18n import N_
from bot.play.board_names import chosen_name, names_of
from bot.play.registry import Feature, Help, HelpLine, MenuEntry
from bot.rules.public_names import (
    CHANGES,
    LONGEST,
    SHORTEST,
    Refusal,
    changed,
    cleared,
    handle,
    next_change,
    refusal,
    tidy,
)
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

CLEAR = "clear"
"""``/name clear``: no public name any more."""


def _refusal_text(context: HandlerContext, why: Refusal) -> str:
    _ = context._
    if why in (Refusal.SHORT, Refusal.LONG):
        return _("A public name has {shortest} to {longest} characters.").format(
            shortest=SHORTEST, longest=LONGEST
        )
    return {
        Refusal.LINK: _("A public name cannot hold a link."),
        Refusal.MENTION: _("A public name cannot hold @: it would name someone's account."),
        Refusal.INVISIBLE: _("A public name cannot hold invisible or control characters."),
        Refusal.BOT: _("That is my name: choose another."),
        Refusal.HANDLE: _("A public name cannot look like a player's handle (Player-…)."),
        Refusal.TAKEN: _("Another player has that name: choose another."),
        Refusal.WIDE: _("A public name cannot hold a character wider than a letter (﷽, ﷺ…)."),
    }[why]


def _shown(context: HandlerContext, user_id: int) -> str:
    """What /name alone says."""
    _ = context._
    name = chosen_name(context, user_id)
    if name is None:
        return _(
            "You have no public name: boards everywhere show you as {handle}. "
            "/name Ann chooses one."
        ).format(handle=handle(names_of(context).key, user_id))
    return _(
        "Your public name is <b>{name}</b>: boards everywhere show it. /name clear removes it."
    ).format(name=html.escape(name))


async def name(update: MessageUpdate, context: HandlerContext) -> None:
    """Show, choose or clear the player's public name."""
    _ = context._
    user = update.effective_user
    text = update.effective_message.text or ""
    given = tidy(text.split(maxsplit=1)[1]) if len(text.split(maxsplit=1)) > 1 else ""
    names = names_of(context)
    old = chosen_name(context, user.id) or ""
    if not given or (given.lower() == CLEAR and not old):
        context.reply(update, _shown(context, user.id))
        return
    new = "" if given.lower() == CLEAR else given
    if new == old:
        context.reply(update, _("That is your public name already."))
        return
    if new:
        why = refusal(new, (context.bot.first_name, context.bot.username))
        holder = names.holder(new)
        if why is None and holder is not None and holder != user.id:
            why = Refusal.TAKEN
        if why is not None:
            context.reply(update, _refusal_text(context, why))
            return
    now = context.bot_data.calendar()
    free = next_change(context.user_data.public_name, now) if new else None
    if free is not None:  # a clear is always free: it takes no name
        when = dt.datetime.fromtimestamp(free, dt.UTC).strftime("%Y-%m-%d %H:%M")
        context.reply(
            update,
            context.ngettext(
                "You changed your public name {count} time this week: you can change it "
                "again from {when} (UTC). (So nobody passes for others by changing names.)",
                "You changed your public name {count} times this week: you can change it "
                "again from {when} (UTC). (So nobody passes for others by changing names.)",
                CHANGES,
            ).format(count=CHANGES, when=when),
        )
        return
    public = context.user_data.public_name
    context.user_data.public_name = changed(public, new, now) if new else cleared(public)
    names.moved(user.id, old, new)
    saved = context.save_now(update.effective_chat.id, user.id)
    if new:
        told = _("✅ Your public name is now <b>{name}</b>.").format(name=html.escape(new))
    else:
        told = _("Your public name is removed: boards everywhere show you as {handle}.").format(
            handle=handle(names.key, user.id)
        )
    if saved:
        context.reply(update, told)
        return
    context.reply(update, _("⏳ I cannot save just now: your public name counts once it is saved."))
    context.bot_data.until_saved.hold(lambda: context.reply(update, told))


def register(application: Application) -> None:
    """/name."""
    application.add_handler(CommandHandler("name", for_messages(name)))


def help_lines(context: BotContext) -> list[HelpLine]:
    """/name's line of /help."""
    return [
        HelpLine(
            Help.GAMES,
            60,
            context._(
                "/name Ann: your public name on the boards that span every chat (else a handle "
                "such as Player-7F3A9C); /name clear removes it"
            ),
        )
    ]


FEATURE = Feature(
    "names",
    register,
    menu=(MenuEntry(73, "name", N_("Your public name on the boards everywhere")),),
    help=help_lines,
)
