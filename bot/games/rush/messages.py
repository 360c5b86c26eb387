"""The messages of a chat's Rush run: its part of the chat's data."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.state import ChatPart, Status


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
