"""What a Countdown game on refuses, and how it says so: another game's command, /solve for
its numbers, and the answers of a player given their solutions."""

from __future__ import annotations

from bot.i18n import Translator
from bot.play.registry import Asking
from bot.rules.countdown import COUNTDOWN_SEAT
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a Countdown game is on in the chat."""
    return COUNTDOWN_SEAT.on(chat.table)


def busy(context: Translator, private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    _ = context._
    if private:
        return _("A Countdown game is on: just type your answer, or /stop to end it.")
    return _("A Countdown game is on: answer with /a, or /countdown stop to end it.")


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the game's solutions from someone."""
    _ = context._
    if asking.plays:
        return _(
            "No spoilers: those are numbers of a Countdown game you are playing "
            "right now. Ask again once it is over."
        )
    if asking.here:
        return _(
            "No spoilers: those are numbers of a Countdown game being played here "
            "right now. Ask again once it is over."
        )
    return _(
        "No spoilers: those are numbers of a Countdown game being played right now "
        "in a group you are in. Ask again once it is over."
    )


def given(context: Translator) -> str:
    """What a player given solutions of the game's numbers is told of their answers."""
    return context._(
        "You were given solutions of these numbers while this game was on "
        "(/solve or inline mode): your answers to it score nothing."
    )
