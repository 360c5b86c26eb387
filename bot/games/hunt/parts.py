"""The Solution Hunt's parts of a chat's data: the messages of its latest hunt, its points."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.hunt import HuntPoints
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

HUNT_POINTS = ChatPart("hunt_points", HuntPoints)
"""A chat's part: its players' hunt points and its best of each hand (none until a hunt
scored; records of version 3 kept them in the table's stats: ``bot/records/migrations.py``)."""
