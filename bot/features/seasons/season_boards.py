"""The season's boards as the games declare them (``Game.season_boards``: each one's rules,
words and source), in the boards' order; the feature names none."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.registry import SeasonBoardShown


def shown(context: BotContext) -> list[SeasonBoardShown]:
    """Every game's boards of a season, in the boards' order (their rules' positions)."""
    found = [board for game in context.bot_data.games for board in game.season_boards]
    return sorted(found, key=lambda shown: (shown.board.position, shown.board.name))


def sources(context: BotContext) -> dict[str, object]:
    """What the boards the season keeps nothing for read (the duels' ratings), by board."""
    return {
        board.board.name: board.source(context)
        for board in shown(context)
        if board.source is not None
    }
