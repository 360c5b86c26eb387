"""The hunt's own wording: why no hunt can be dealt, and what a stop that did not stop it did
(plain text)."""

from __future__ import annotations

from bot.i18n import N_
from bot.play.registry import Titled
from bot.rules.hunt import HUNTS_ALONE
from bot.texts import StopVotes

NO_HUNT = N_(
    "I found no hand of {cards} cards with three solutions for {target}: "
    "try another target or number of cards."
)
"""Why no hunt can be dealt (a :class:`~bot.services.solving.DealRefused`'s wording)."""

STOP_VOTES: StopVotes = (
    N_(
        "Only players of this hunt can vote to stop it: try an answer with its cards "
        "first. Whoever started it, or an admin, can stop it at once."
    ),
    N_(
        "A vote to stop the hunt: {votes} of {needed} players. Another player of this hunt "
        "can agree with /hunt stop; whoever started it, or an admin, can stop it at once."
    ),
)
"""What a request to stop a hunt early did, when it did not stop it: a bystander's, or a
player's vote (for :func:`bot.texts.stop_vote_text`)."""

ACHIEVEMENTS = (Titled(HUNTS_ALONE, (N_("🔍 Every solution of a Solution Hunt found alone"),) * 2),)
"""Its families of achievements' titles (``Game.achievements``)."""
