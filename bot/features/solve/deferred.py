"""A /solve (or a press of its page buttons) that only a live duel's hand keeps from its
asker, who is not in the duel's chat: deferred rather than refused, and answered when the
hand ends (within a minute: :mod:`bot.services.deferred_solves`).  Refusing strangers cost
too much: with ten duels live a quarter of their requests, with a hundred most of them
(docs/fair-play.md, *Hands only their players see*).  Inline mode cannot wait: it refuses.
"""

from __future__ import annotations

from bot.context import BotContext
from bot.features.solve.checks import Kept
from bot.game.deferrals import Deferral
from bot.i18n import Translator
from bot.services.deferred_solves import DeferredSolve


def defer(context: BotContext, item: DeferredSolve, kept: Kept) -> str:
    """Keep ``item`` until the duels' hands that keep it (``kept``) have ended; what its
    asker is told: that it waits, or, with too many waiting, the refusal."""
    deferral = context.bot_data.deferred_solves.defer(item, kept.duels)
    if deferral is Deferral.FULL:
        return kept.refusal
    said = waiting_text(kept.held, item.page is not None, context)
    if deferral is Deferral.REPLACED:
        said += " " + replaced_text(context)
    return said


def replaced_text(context: Translator) -> str:
    """That a request took the place of the asker's earlier one."""
    return context._("It replaces your earlier waiting request: one per person.")


def waiting_text(held: bool, page: bool, context: Translator) -> str:
    """That the answer waits for the hand's end (a page's: an alert, of 200 characters at
    most, as Telegram's are)."""
    _ = context._
    if page and held:
        return _(
            "⏳ Those numbers hold a hand being played in a duel right now: I'll show this "
            "page as soon as it ends (within a minute)."
        )
    if page:
        return _(
            "⏳ Three of those numbers are cards of a hand being played in a duel right now: "
            "I'll show this page as soon as it ends (within a minute)."
        )
    if held:
        return _(
            "⏳ Those numbers hold a hand being played in a duel right now: I'll answer as "
            "soon as it ends (within a minute)."
        )
    return _(
        "⏳ Three of those numbers are cards of a hand being played in a duel right now: "
        "I'll answer as soon as it ends (within a minute)."
    )
