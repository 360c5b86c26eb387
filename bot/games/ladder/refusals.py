"""What a training hand on refuses, and how it says so: another game's command, the daily
puzzle or a challenge opened beside it, and /solve for its hand."""

from __future__ import annotations

from bot.games.ladder import words
from bot.games.ladder.parts import TRAINING
from bot.i18n import Translator
from bot.play.registry import Asking
from bot.state import ChatData, GlobalData


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a training hand is on in the chat."""
    return (training := TRAINING.of(chat)) is not None and training.live


def busy(context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told (as a review's, in a chat reviewing: the
    context a handler's, which carries the chat's data)."""
    chat = getattr(context, "chat_data", None)
    training = TRAINING.of(chat) if isinstance(chat, ChatData) else None
    return words.training_on(context, training is not None and training.reviewing)


def opening(context: Translator, command: str | None) -> str:
    """What opening the daily puzzle (``command``) or a challenge (None) is told."""
    _ = context._
    if command is None:
        return _("You are training: /train stop first, then open the challenge again.")
    return _("You are training: /train stop first, then {command}.").format(command=command)


def kept(asking: Asking, context: Translator) -> str:
    """Why /solve keeps the training's hand from someone."""
    _ = context._
    if asking.held:
        return _("No spoilers: that hand is being trained on now. Ask once it is over.")
    return _(
        "No spoilers: three of those numbers are cards of a hand being trained on now. Ask "
        "once it is over."
    )
