"""What a round on keeps from /solve, and how it says so: /hint is named to its players
asking in its chat, who alone can ask for one; and what a match holding the table tells a
daily puzzle or a challenge opened in private; and what another game's start is told
while a round is on, where that command has no words of its own for it
(:func:`bot.play.game_life.refused`)."""

from __future__ import annotations

from bot.i18n import Translator
from bot.play.registry import Asking
from bot.rules.rounds import ROUND_SEAT
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a round is waiting for answers in the chat."""
    return ROUND_SEAT.on(chat.table)


def busy(context: Translator, typed: bool, _hint: bool) -> str:
    """While a round is on: what a game's start is told (the round's own, /train, a duel
    invited in private); where plain typing answers (``typed``), without sending the player
    to /a."""
    if typed:
        return context._("A round is on: type your answer, or use /hint, /reveal or /skip.")
    return context._("A round is on: answer it with /a, or use /hint, /reveal or /skip.")


def held(context: Translator, command: str | None) -> str:
    """While a match holds the table (between its rounds too): what opening the daily puzzle
    (``command``) or a challenge (None) is told (/giveup would end a round, not the match)."""
    _ = context._
    if command is None:
        return _("A match is on here: /stop it first, then open the challenge again.")
    return _("A match is on here: /stop it first, then {command}.").format(command=command)


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the round's solutions from someone."""
    _ = context._
    held, plays, here = asking
    if plays and here and held:
        return _(
            "No spoilers: those numbers hold a hand you are playing right now. "
            "Ask again once its round is over (/hint helps meanwhile)."
        )
    if plays and here:
        return _(
            "No spoilers: three of those numbers are cards of a hand you are playing right "
            "now. Ask again once its round is over (/hint helps meanwhile)."
        )
    if plays and held:
        return _(
            "No spoilers: those numbers hold a hand you are playing right now. "
            "Ask again once its round is over."
        )
    if plays:
        return _(
            "No spoilers: three of those numbers are cards of a hand you are playing right "
            "now. Ask again once its round is over."
        )
    if here and held:
        return _(
            "No spoilers: those numbers hold a hand being played here right now. "
            "Ask again once its round is over."
        )
    if here:
        return _(
            "No spoilers: three of those numbers are cards of a hand being played here "
            "right now. Ask again once its round is over."
        )
    if held:
        return _(
            "No spoilers: those numbers hold a hand being played right now in a group you "
            "are in. Ask again once its round is over."
        )
    return _(
        "No spoilers: three of those numbers are cards of a hand being played right now in "
        "a group you are in. Ask again once its round is over."
    )
