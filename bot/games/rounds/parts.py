"""The rounds' parts of a chat's data: the messages of its rounds, and in groups the status
message of a round's answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.state import ChatPart, Status


@dataclass(slots=True)
class RoundMessages:
    """The messages of a chat's rounds."""

    deal_message_id: int | None = None
    """The picture of the current hand (replies to it are answers)."""
    previous_message_id: int | None = None
    """The picture of the hand before it (replies to it are answers to that round, which is
    over: a right one is late)."""


@dataclass(slots=True)
class GroupStatus(Status):
    """In groups, the messages that gather the players' answers to a round, so that a crowd
    guessing costs the group few messages (:mod:`bot.games.rounds.group_status`): the
    status message of the current round's wrong answers, with their reasons, and who was
    right too late.
    """

    late_names: list[str] = field(default_factory=list)
    """Players whose right answer came after the round was won, still to be named (together)."""
    late_ids: list[int] = field(default_factory=list)
    """Who has been found too late in the round :attr:`late_round` (each is named once)."""
    late_round: int = 0
    """The round whose late players :attr:`late_ids` are (0: in records of earlier releases,
    the current one)."""
    late_hand: tuple[int, ...] = ()
    """That round's hand: named with the late players when they are told with the end of the
    round after it (a group's match deals its next round at once)."""


ROUND_MESSAGES = ChatPart("rounds", RoundMessages)
"""A chat's part: the pictures of its current round and the one before (none until its
first round)."""
GROUP_STATUS = ChatPart("status", GroupStatus)
"""A chat's part: the status message of its round's answers, and who was right too late
(none until its first round)."""
