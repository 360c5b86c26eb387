"""A friend's challenge's parts: the word of a chat's data while one is played there, and every
challenge kept (the bot's global data, each challenge in a row of its own: kind ``challenge``,
keyed by ``(token,)``)."""

from __future__ import annotations

from bot.rules.challenge import Challenge, Challenges
from bot.state import GlobalPart, ItemRows

ANSWERS_TO = "challenge"
"""In a private chat, the chat's ``answers_to`` while a friend's challenge is played there
(its plain answers are the challenge's): the word records have always held
(:attr:`bot.plug_ins.GameOf.answers_to`)."""


def _put(challenges: Challenges, read: dict[str, Challenge]) -> None:
    """The challenges read from their rows, in the order made (the oldest is dropped first)."""
    challenges.challenges = dict(sorted(read.items(), key=lambda item: item[1].created))


CHALLENGE_ROWS = ItemRows(
    "challenge",
    Challenge,
    str,
    items=lambda challenges: challenges.challenges,
    put=_put,
    dropped=Challenges.take_dropped,
)
"""Each challenge's row: saved by :meth:`~bot.context.BotContext.save_global` when named
(``challenge=[token]``), deleted once dropped to make room."""

CHALLENGES = GlobalPart("challenges", Challenges, rows=(CHALLENGE_ROWS,))
"""The global part: every challenge kept, by token (none in the global row)."""
