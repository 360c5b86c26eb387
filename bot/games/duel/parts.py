"""The duels' parts: of a chat's data, the duel played there and the invitations made there;
of the bot's global data, the duels across all chats and every player's rating (each in a row
of its own, kind ``rating`` by the player's id, and each pair's rated duels of the day in the
global row, ``pairs``: the names they were saved under before they were the duels' own)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.duel.lobby import Duels
from bot.rules.duel.rating import PlayerRating, Ratings
from bot.state import ChatPart, GlobalPart, ItemRows, RowValue


@dataclass(slots=True)
class InvitationMessage:
    """Where an invitation to a duel made in this chat was shown, to say there that it
    expired or was taken up."""

    message_id: int | None = None
    """The bot's message with the invitation (in a group) or the share button (in private)."""
    inline_message_id: str | None = None
    """The invitation shared through inline mode into another chat, once it was sent."""
    inviter: str = ""
    invitee: str = ""
    """The names to write (the invitee's: empty for a shared invitation)."""


@dataclass(slots=True)
class DuelChat:
    """A chat's part in duels: the duel played here (a group's, or in each player's private
    chat a private duel) and invitations made here."""

    token: str | None = None
    """The duel played here, or the last one (its rules are in the global data)."""
    names: dict[int, str] = field(default_factory=dict)
    """The two players' names, as this chat shows them."""
    deal_message_id: int | None = None
    """The picture of the duel's current hand (replies to it are answers)."""
    told: list[int] = field(default_factory=list)
    """Onlookers told that only the two players' answers count (each once a duel)."""
    invitations: dict[str, InvitationMessage] = field(default_factory=dict)
    """Invitations made here and still open, by token."""


DUEL_CHAT = ChatPart("duel", DuelChat)
"""A chat's part: its duels (none until its first: most chats never duel)."""


DUELS = GlobalPart("duels", Duels)
"""The global part: invitations out, duels being played and the history of finished ones
(in the global row, under ``duels``)."""


def _put_players(ratings: Ratings, read: dict[int, PlayerRating]) -> None:
    ratings.players = read


def _put_pairs(ratings: Ratings, read: dict[str, int]) -> None:
    ratings.pairs = read


RATING_ROWS = ItemRows(
    "rating",
    PlayerRating,
    int,
    items=lambda ratings: ratings.players,
    put=_put_players,
    plain_key=True,
)
"""Each player's rating's row (keyed by their id, as it always was)."""
PAIRS = RowValue("pairs", dict[str, int], lambda ratings: dict(ratings.pairs), _put_pairs)
"""Each pair's rated duels of the day, in the global row."""

RATINGS = GlobalPart("ratings", Ratings, rows=(RATING_ROWS,), values=(PAIRS,))
"""The global part: every player's rating (in rows of their own; a save names the players
whose rating changed, ``save_global(rating=players)``) and the pairs' rated duels of the day."""
