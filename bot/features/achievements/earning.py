"""The listener of the games' results (:mod:`bot.play.results`): each result that counts is
counted towards the player's achievements (:mod:`bot.rules.achievements`); those it earns
are saved with the player, then told once: a line of the game's message in its chat, else a
message in the player's private chat (docs/playing.md, *Achievements*)."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence

from bot.context import BotContext
from bot.features.achievements.words import earned_line
from bot.rules.achievements import Achievements, earn
from bot.rules.results import GameResult

logger = logging.getLogger(__name__)


def _sender(context: BotContext, chat_id: int, text: str) -> Callable[[], None]:
    """Sending ``text`` to ``chat_id``, for when the disk takes what it tells."""
    return lambda: context.send(chat_id, text, game=True)


def heard(context: BotContext, chat_id: int | None, results: Sequence[GameResult]) -> list[str]:
    """Count ``results`` (told in ``chat_id``) towards their players' achievements; the lines
    (HTML) that tell those earned in that chat, each saved with its player first."""
    lines: list[str] = []
    application = context.application
    off_boards = context.bot_data.global_data.off_boards
    for result in results:
        # What the fair-play rules refuse earns nothing, nor does anything of a player the
        # host took off the boards (/admin fairplay).
        if not result.counts or result.player in off_boards:
            continue
        user = application.user_data[result.player]
        mine = user.achievements if user.achievements is not None else Achievements()
        new = earn(mine, result, context.now())
        user.achievements = mine
        application.mark_data_for_update_persistence(user_ids=result.player)
        if not new:
            continue
        saved = context.save_user_now(result.player)  # saved before it is told
        if chat_id is not None:
            name = None if chat_id == result.player else html.escape(result.name)
            line = earned_line(new, name, context)
            if saved:
                lines.append(line)
            else:  # told on its own once the disk takes it
                context.bot_data.held.hold(_sender(context, chat_id, line))
            continue
        if application.chat_data.get(result.player) is None:
            # A player who never opened the bot's private chat cannot be written to: the
            # achievement waits in /achievements.
            logger.info("Achievements of %s not told: no private chat", result.player)
            continue
        private = BotContext(application, chat_id=result.player, user_id=result.player)
        text = earned_line(new, None, private)
        if saved:
            private.send(result.player, text, game=True)
        else:
            context.bot_data.held.hold(_sender(private, result.player, text))
    return lines
