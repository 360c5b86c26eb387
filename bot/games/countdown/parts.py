"""Countdown's parts of a chat's data: the messages of its latest game, its points."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.countdown import CountdownPoints
from bot.state import ChatPart, Status


@dataclass(slots=True)
class CountdownMessages:
    """The messages of a chat's latest Countdown game."""

    deal_message_id: int | None = None
    """The game's picture (replies to it are answers)."""
    status: Status = field(default_factory=Status)
    """In groups, the message gathering the players' answers, edited as they come."""


COUNTDOWN_MESSAGES = ChatPart("countdown", CountdownMessages)
"""A chat's part: the messages of its latest Countdown game (none until its first)."""

COUNTDOWN_POINTS = ChatPart("countdown_points", CountdownPoints)
"""A chat's part: its players' Countdown points (none until a game scored; records of version
3 kept them in the table's stats: ``bot/records/migrations.py``)."""
