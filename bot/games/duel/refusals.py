"""What a duel on refuses, and how it says so: another game's command, the daily puzzle or
a challenge opened beside it, and /solve for its hand."""

from __future__ import annotations

from bot.games.duel.parts import DUEL_CHAT, DUELS
from bot.i18n import Translator
from bot.play.registry import Asking
from bot.state import ChatData, GlobalData


def on(chat: ChatData, data: GlobalData) -> bool:
    """Whether a duel is played in the chat (a group's, or a player's private duel)."""
    part = DUEL_CHAT.of(chat)
    token = part.token if part is not None else None
    duel = DUELS.get(data).duels.get(token) if token is not None else None
    return duel is not None and not duel.over


def busy(context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    return context._("A duel is on here: it ends by its hands, or /duel stop forfeits it.")


def opening(context: Translator, command: str | None) -> str:
    """What opening the daily puzzle (``command``) or a challenge (None) is told."""
    _ = context._
    if command is None:
        return _(
            "A duel is on here: finish it (or /duel stop) first, then open the challenge again."
        )
    return _("A duel is on here: finish it (or /duel stop) first, then {command}.").format(
        command=command
    )


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the duel's hand from someone."""
    _ = context._
    if asking.held:
        return _(
            "No spoilers: those numbers hold the hand of a duel on right now. "
            "Ask again once the hand is over."
        )
    return _(
        "No spoilers: three of those numbers are cards of a duel on right now. "
        "Ask again once the hand is over."
    )
