"""What a round's vote says when it did not take effect (plain text)."""

from __future__ import annotations

from bot.i18n import N_, Translator
from bot.rules.votes import Action, Ballot

VOTE_ACTIONS = {
    Action.STOP: N_("stop the game"),
    Action.SKIP: N_("skip this hand"),
    Action.REVEAL: N_("reveal the solutions"),
    Action.HINT: N_("take a hint"),
}
"""What each vote asks for, as in "a vote to …"."""


def vote_text(action: Action, ballot: Ballot, context: Translator) -> str:
    """What a request that did not take effect did: a vote, or nothing (a bystander)."""
    _ = context._
    what = _(VOTE_ACTIONS[action])
    if not ballot.counted:
        return _(
            "Only players of this round can vote to {action}: try an answer with its cards "
            "first. Whoever started it, or an admin, can do it at once."
        ).format(action=what)
    return _(
        "A vote to {action}: {votes} of {needed} players. Another player of this round can "
        "agree with /{command}; whoever started it, or an admin, can do it at once."
    ).format(action=what, votes=ballot.votes, needed=ballot.needed, command=action.value)
