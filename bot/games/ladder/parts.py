"""A player's training: the ladder's part of a private chat's data (``/train``) and of the
player's own (the Mini App's Train page), both named ``ladder`` as the fields they were."""

from __future__ import annotations

from bot.rules.ladder.training import Training
from bot.state import ChatPart, UserPart

TRAINING = ChatPart("ladder", Training)
"""A private chat's part: the player's training there (none until their first)."""
PAGE_TRAINING = UserPart("ladder", Training)
"""A user's part: their training on the Train page, its hand on with its clock (none until
their first, and in records of earlier releases)."""
