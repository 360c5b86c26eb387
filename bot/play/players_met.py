"""Who a player knows by name: everyone they played a duel or a challenge with, under the name
the bot showed them then, kept in :attr:`bot.state.UserData.met` (the latest :data:`KEPT`;
docs/games.md, *Ratings and each hand's record: what players see*)."""

from __future__ import annotations

import html

from bot.context import BotContext

KEPT = 200
"""Names kept per player (the least recently met are forgotten first)."""
NAME_SHOWN = 40
"""Characters of a name shown (longer ones are cut, with "…")."""


def meet(context: BotContext, names: dict[int, str]) -> None:
    """Two players (``names``: each by the name the other was shown) played each other: each
    knows the other by that name (a name not known, "?", is not kept).  Saved with each
    player's data at the next regular save."""
    for user_id in names:
        for other, name in names.items():
            if other == user_id or not name or name == "?":
                continue
            met = context.application.user_data[user_id].met
            met.pop(other, None)  # the latest last
            met[other] = name
            while len(met) > KEPT:
                del met[next(iter(met))]
    context.application.mark_data_for_update_persistence(user_ids=list(names))


def known_name(context: BotContext, user_id: int, other: int) -> str | None:
    """How ``user_id`` knows ``other`` (HTML, cut to :data:`NAME_SHOWN`), if they played."""
    user = context.application.user_data.get(user_id)
    name = user.met.get(other) if user is not None else None
    if name is None:
        return None
    return html.escape(name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…")
