"""The Solution Hunt's parts of a chat's data: the messages of its latest hunt."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.state import ChatPart, Status


@dataclass(slots=True)
class HuntMessages:
    """The messages of a chat's latest hunt."""

    deal_message_id: int | None = None
    """The hunt's picture (replies to it are answers)."""
    status: Status = field(default_factory=Status)
    """In groups, the message gathering the hunt's finds, edited as they come."""


HUNT_MESSAGES = ChatPart("hunt", HuntMessages)
"""A chat's part: the messages of its latest hunt (none until its first)."""
