"""A /solve (or a press of its page buttons) that only a hand kept from everyone (a live
duel's, a group's shared Rush hand) keeps from its asker, who is not in its chat: deferred
rather than refused, and answered when the hand ends (:mod:`bot.services.deferred_solves`).
Refusing strangers cost too much: with ten duels live a quarter of their requests, with a
hundred most of them (docs/fair-play.md, *Hands only their players see*).  Inline mode
cannot wait: it refuses.
"""

from __future__ import annotations

from telegram.ext import Application

from bot.context import BotContext, services
from bot.features.solve.spoiler_checks import Kept
from bot.i18n import Translator
from bot.rules.deferrals import Deferral
from bot.rules.requests import WaitingSolve
from bot.services.deferred_solves import DeferredSolve


def defer(context: BotContext, item: DeferredSolve, kept: Kept) -> str:
    """Keep ``item`` until the duels' hands that keep it (``kept``) have ended; what its
    asker is told: that it waits, or, with too many waiting, the refusal."""
    deferral = context.bot_data.deferred_solves.defer(item, kept.waits_for)
    if deferral is Deferral.FULL:
        return kept.refusal
    keep(context, item)
    said = waiting_text(kept.held, item.page is not None, context)
    if deferral is Deferral.REPLACED:
        said += " " + replaced_text(context)
    return said


def keep(context: BotContext, item: DeferredSolve) -> None:
    """Keep ``item`` with its asker, saved, so that a restart answers it (see :func:`resume`)."""
    user_data = context.application.user_data[item.user_id]
    page = item.page
    user_data.waiting_solve = WaitingSolve(
        item.chat_id, item.message_id, item.request, item.in_group, page
    )
    context.save_user_now(item.user_id)  # a crash keeps it too (a disk refusing: logged)


def forget(context: BotContext, item: DeferredSolve) -> None:
    """``item`` is being answered: no longer kept with its asker."""
    user_data = context.application.user_data.get(item.user_id)
    if user_data is not None and user_data.waiting_solve is not None:
        user_data.waiting_solve = None
        context.save_user_now(item.user_id)


def resume(application: Application) -> int:
    """At start-up: the requests kept waiting before a restart are answered (the whole
    /solve way, every rule checked anew); how many."""
    now = services(application).clock()
    items = [
        DeferredSolve(user_id, w.chat_id, w.message_id, w.request, w.in_group, None, now, w.page)
        for user_id, user_data in application.user_data.items()
        if (w := user_data.waiting_solve) is not None
    ]
    services(application).deferred_solves.resume(items)
    return len(items)


def replaced_text(context: Translator) -> str:
    """That a request took the place of the asker's earlier one."""
    return context._("It replaces your earlier waiting request: one per person.")


def waiting_text(held: bool, page: bool, context: Translator) -> str:
    """That the answer waits for the hand's end (a page's: an alert, of 200 characters at
    most, as Telegram's are).  It never says which game holds the hand (a duel, a group's
    Rush run), nor where."""
    _ = context._
    if page and held:
        return _(
            "⏳ Those numbers hold a hand someone is playing now: I'll show this page once "
            "that hand is over."
        )
    if page:
        return _(
            "⏳ Three of those numbers are cards of a hand someone is playing now: I'll show "
            "this page once it is over."
        )
    if held:
        return _(
            "⏳ Those numbers hold a hand someone is playing right now: I'll answer as soon "
            "as that hand is over."
        )
    return _(
        "⏳ Three of those numbers are cards of a hand someone is playing right now: I'll "
        "answer as soon as that hand is over."
    )
