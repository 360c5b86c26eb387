"""What the ladder tells the deals: the level of each hand play has rated enough, which
``/play easy|medium|hard`` (and every deal by level) then follows rather than the model's
(docs/design-ladder.md, *Difficulty from play*)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.context import BotData
from bot.rules.ladder.training import learned_levels


def tell(data: BotData, keys: Iterable[str] | None = None) -> None:
    """Give the deals the learned levels of the hands of ``keys`` (every rated hand when
    None), of every card count and target; the table of each count and target with them is
    rebuilt in a worker, and only if a level changed."""
    for (cards, target), levels in learned_levels(data.global_data.ladder, keys).items():
        data.solving.learn(cards, target, levels)
