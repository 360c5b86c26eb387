"""What an arena's hand on in a player's private chat refuses, and how it says so: another
game's command (a training, a round) would take the arena's answers, and the daily puzzle
or a friend's challenge opened beside it would hide its hand."""

from __future__ import annotations

from bot.games.arena.parts import ARENA_CHAT
from bot.i18n import Translator
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether the player of this private chat is playing an arena now."""
    mine = ARENA_CHAT.of(chat)
    return mine is not None and mine.playing is not None


def busy(context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    return context._(
        "You are playing an arena: answer its hand or /skip it; other games wait for its end."
    )


def opening(context: Translator, command: str | None) -> str:
    """What opening the daily puzzle (``command``) or a challenge (None) is told: a player
    cannot leave an arena, it ends at its time (or by /arena stop in its group)."""
    _ = context._
    if command is None:
        return _(
            "You are playing an arena: open the challenge again once it is over (at its end, "
            "or by /arena stop in its group). /skip deals your next hand."
        )
    return _(
        "You are playing an arena: {command} once it is over (at its end, or by /arena stop "
        "in its group). /skip deals your next hand."
    ).format(command=command)
