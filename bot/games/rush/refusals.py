"""What a Rush run on refuses, and how it says so: another game's command, the daily puzzle
or a challenge opened beside it, and /solve for its hand."""

from __future__ import annotations

from bot.i18n import Translator
from bot.play.registry import Asking
from bot.rules.rush.chat_run import RUSH_SEAT
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a Rush run is on in the chat."""
    return RUSH_SEAT.on(chat.table)


def busy(context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    return context._("A Rush run is on: answer its hand, /skip it (−20 s) or /stop the run.")


def opening(context: Translator, command: str | None) -> str:
    """What opening the daily puzzle (``command``) or a challenge (None) is told."""
    _ = context._
    if command is None:
        return _("A Rush run is on here: /stop it first, then open the challenge again.")
    return _("A Rush run is on here: /stop it first, then {command}.").format(command=command)


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the run's hand from someone."""
    _ = context._
    if asking.held:
        return _(
            "No spoilers: that hand is being played in a Rush run right now. Ask again once "
            "that hand is solved or skipped."
        )
    return _(
        "No spoilers: three of those numbers are cards of a hand being played in a Rush run "
        "right now. Ask again once that hand is solved or skipped."
    )
