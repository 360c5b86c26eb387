"""Rush's parts: the messages of a chat's run (its part of the chat's data) and a player's
runs (the rules' :class:`~bot.rules.rush.best_runs.RushRecords`: how many, the personal best,
the week's best, in the chat and through the Telegram game alike; their part of the user's
data)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.rush.best_runs import RushRecords
from bot.state import ChatPart, Status, UserPart


@dataclass(slots=True)
class RushMessages:
    """The messages of a chat's Rush run."""

    deal_message_id: int | None = None
    """The current hand's picture (replies to it are answers)."""
    hands: dict[int, int] = field(default_factory=dict)
    """The run's latest pictures, by message id: the number of the hand each shows (a reply
    to an older one is not judged against the hand now played)."""
    status: Status = field(default_factory=Status)
    """In groups, the message gathering the wrong answers, edited as they come."""


RUSH_MESSAGES = ChatPart("rush", RushMessages)
"""A chat's part: the messages of its latest Rush run (none until its first)."""
RUSH_RECORDS = UserPart("rush", RushRecords)
"""A user's part: their Rush runs (none until their first run is counted)."""
