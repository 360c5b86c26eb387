"""The duels across all chats: the duel game's part of the bot's global data."""

from __future__ import annotations

from bot.rules.duel.lobby import Duels
from bot.state import GlobalPart

DUELS = GlobalPart("duels", Duels)
"""The global part: invitations out, duels being played and the history of finished ones
(in the global row, under ``duels``)."""
