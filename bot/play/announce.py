"""Telling a score: at once if it was saved, else honestly that it is not saved yet, and the
score itself once the disk takes it (see :mod:`bot.services.saving`)."""

from __future__ import annotations

from telegram import InlineKeyboardMarkup, Update

from bot.context import BotContext


def tell_saved(
    context: BotContext,
    chat_id: int,
    text: str,
    saved: bool,
    *,
    update: Update | None = None,
    end: bool = False,
    reply_markup: InlineKeyboardMarkup | None = None,
) -> None:
    """Announce a score (``text``, HTML: a win, or a game's ``end`` with its results) in
    reply to ``update`` or to the chat, now if it was ``saved``; otherwise tell the chat
    now that it is not saved yet, and announce it once the disk has taken it (with
    ``reply_markup``, the score's buttons)."""

    def say(message: str, markup: InlineKeyboardMarkup | None = None) -> None:
        if update is None:
            context.send(chat_id, message, game=True, reply_markup=markup)
        else:
            context.reply(update, message, game=True, reply_markup=markup)

    if saved:
        say(text, reply_markup)
        return
    _ = context._
    if end:
        waiting = _(
            "🏁 Game over! But the bot cannot save scores just now (its disk refuses to "
            "write), so the results are not counted yet. They are announced as soon as they "
            "are saved; should the bot stop before that, they are lost."
        )
    else:
        waiting = _(
            "⏳ Right! But the bot cannot save scores just now (its disk refuses to write), so "
            "this win is not counted yet. It is announced as soon as it is saved; should the "
            "bot stop before that, it is lost."
        )
    say(waiting)
    context.bot_data.until_saved.hold(lambda: say(text, reply_markup))
