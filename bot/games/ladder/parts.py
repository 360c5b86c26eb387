"""The ladder's parts: a player's training, of a private chat's data (``/train``) and of the
player's own (the Mini App's Train page), both named ``ladder`` as the fields they were; and
every hand's rating and every player's puzzle rating, of the bot's global data, each in a row
of its own (kinds ``ladder-hand`` by ``(hand key,)`` and ``ladder-player`` by ``(id,)``)."""

from __future__ import annotations

from bot.rules.ladder.puzzle_rating import HandRating, Ladder, PuzzlePlayer
from bot.rules.ladder.training import Training
from bot.state import ChatPart, GlobalPart, ItemRows, UserPart

TRAINING = ChatPart("ladder", Training)
"""A private chat's part: the player's training there (none until their first)."""
PAGE_TRAINING = UserPart("ladder", Training)
"""A user's part: their training on the Train page, its hand on with its clock (none until
their first, and in records of earlier releases)."""


def _put_hands(ladder: Ladder, read: dict[str, HandRating]) -> None:
    ladder.hands = read


def _put_players(ladder: Ladder, read: dict[int, PuzzlePlayer]) -> None:
    ladder.players = read


HAND_ROWS = ItemRows(
    "ladder-hand", HandRating, str, items=lambda ladder: ladder.hands, put=_put_hands
)
"""Each rated hand's row."""
PLAYER_ROWS = ItemRows(
    "ladder-player", PuzzlePlayer, int, items=lambda ladder: ladder.players, put=_put_players
)
"""Each player's puzzle rating's row."""

LADDER_RATINGS = GlobalPart("ladder", Ladder, rows=(HAND_ROWS, PLAYER_ROWS))
"""The global part: every rated hand and every player's puzzle rating (none in the global
row)."""
