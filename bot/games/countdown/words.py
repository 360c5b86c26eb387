"""Countdown's own wording of what the shared texts (:mod:`bot.texts`) say of cards: its
reasons, how to answer, and what a stop that did not stop it did (plain text)."""

from __future__ import annotations

from bot.i18n import N_, NP_, Translator
from bot.play.registry import Titled
from bot.rules.countdown import EXACT
from bot.texts import StopVotes
from solver import Code

REASONS = {
    Code.WORD: N_("“{word}” is not a number: answer with the numbers, + − × ÷ and brackets"),
    Code.SIGN: N_(
        "a number can't start with {sign} (column {column}): the numbers are used as given"
    ),
}
"""The reasons whose shared wording speaks of cards, as a Countdown (which offers numbers)
has them (for :func:`bot.texts.reason`)."""

REQUEST_REASONS = {
    Code.NOT_POSITIVE_WHOLE: N_("{number}: Countdown's numbers are whole numbers from 1 up"),
}
"""What only Countdown's rules refuse in a /solve request (``Game.request_reasons``)."""

STOP_VOTES: StopVotes = (
    N_(
        "Only players of this Countdown can vote to stop it: try an answer with its "
        "numbers first. Whoever started it, or an admin, can stop it at once."
    ),
    N_(
        "A vote to stop the Countdown: {votes} of {needed} players. Another player of this "
        "Countdown can agree with /countdown stop; whoever started it, or an admin, can "
        "stop it at once."
    ),
)
"""What a request to stop a Countdown game early did, when it did not stop it: a
bystander's, or a player's vote."""


def how_to_answer(private: bool, context: Translator) -> str:
    """How to answer a Countdown, right for the chat (as :func:`bot.texts.how_to_answer`),
    with an example of its own numbers and size."""
    if private:
        return context._("Type your answer, like (75-5)*8+3.")
    return context._(
        "Answer with /a and your expression, like /a (75-5)*8+3, or reply to this picture."
    )


ACHIEVEMENTS = (
    Titled(
        EXACT,
        NP_(
            "🎯 {count} Countdown target reached exactly",
            "🎯 {count} Countdown targets reached exactly",
        ),
    ),
)
"""Its families of achievements' titles (``Game.achievements``)."""
