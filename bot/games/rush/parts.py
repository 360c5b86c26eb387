"""Rush's parts: the messages of a chat's run (of the chat's data), a player's runs (the rules'
:class:`~bot.rules.rush.best_runs.RushRecords`, of the user's data) and the board of runs
across all chats (of the bot's global data)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.rush.best_runs import RushBoard, RushRecords
from bot.state import ChatPart, GlobalPart, Status, UserPart


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


RUSH_BOARD = GlobalPart("rush", RushBoard)
"""The global part: the best Rush runs everywhere, the week's and all time's (in the global
row, under ``rush``)."""
