"""What a Solution Hunt on refuses, and how it says so: another game's command, /solve for
numbers of its hand, and the finds of a player given its solutions."""

from __future__ import annotations

from bot.i18n import Translator
from bot.play.registry import Asking
from bot.rules.hunt import HUNT_SEAT
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a hunt is on in the chat."""
    return HUNT_SEAT.on(chat.table)


def busy(context: Translator, private: bool, hint: bool) -> str:
    """What another game's command (or /hint: a hint would give a solution) is told."""
    _ = context._
    if hint and private:
        return _("Hunts have no hints: just type your answer, or /stop to end it.")
    if hint:
        return _("Hunts have no hints: answer with /a, or /hunt stop to end it.")
    if private:
        return _("A hunt is on: just type your answer, or /stop to end it.")
    return _("A hunt is on: answer with /a, or /hunt stop to end it.")


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the hunt's solutions from someone."""
    _ = context._
    held, plays, here = asking
    if plays and held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt you are "
            "playing right now. Ask again once it is over."
        )
    if plays:
        return _(
            "No spoilers: three of those numbers are cards of a Solution Hunt you are "
            "playing right now. Ask again once it is over."
        )
    if here and held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt being played here "
            "right now. Ask again once it is over."
        )
    if here:
        return _(
            "No spoilers: three of those numbers are cards of a Solution Hunt being played "
            "here right now. Ask again once it is over."
        )
    if held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt being played right "
            "now in a group you are in. Ask again once it is over."
        )
    return _(
        "No spoilers: three of those numbers are cards of a Solution Hunt being played "
        "right now in a group you are in. Ask again once it is over."
    )


def given(context: Translator) -> str:
    """What a player given the hunt's solutions is told of their finds."""
    return context._(
        "You were given this hand's solutions while this hunt was on "
        "(/solve or inline mode): your finds score nothing."
    )
