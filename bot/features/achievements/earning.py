"""The listener of the games' results (:mod:`bot.play.result_listeners`): each result that counts is
counted towards the player's achievements (:mod:`bot.rules.achievements`); those it earns
are saved with the player, then told once: a line of the game's message in its chat, else a
message in the player's private chat (docs/playing.md, *Achievements*)."""

from __future__ import annotations

import html
import logging
from collections.abc import Callable, Sequence

from bot.context import BotContext
from bot.features.achievements.words import earned_line
from bot.rules.achievements import Achievement, Achievements, earn
from bot.rules.results import GameResult
from bot.services.sending import unread

logger = logging.getLogger(__name__)


LINES_SHOWN = 5
"""Players told in a game's message at most: the rest are told in private (a Countdown game
of 300 players must still end in one message of 4096 characters)."""
NAME_SHOWN = 40
"""Characters of a player's name in the line (longer ones are cut, with "…")."""


def _send(context: BotContext, chat_id: int, text: str, *, bulk: bool = False) -> None:
    """Send ``text``: as a game's letter (never dropped), or with ``bulk`` as a notice of
    many (sent when nothing else waits: the players of a crowded game told in private)."""
    context.post(
        chat_id, lambda: unread(context.bot.send_message(chat_id, text)), game=not bulk, bulk=bulk
    )


def _held(
    context: BotContext, chat_id: int, text: str, *, bulk: bool = False
) -> Callable[[], None]:
    """Sending ``text`` to ``chat_id`` once the disk takes it, after the game's own message
    (held after this one, :class:`~bot.services.saving.NewsUntilSaved` releases it in the same
    round, last)."""

    def send() -> None:
        _send(context, chat_id, text, bulk=bulk)

    return lambda: context.bot_data.until_saved.hold(send)


def _count(context: BotContext, result: GameResult) -> list[Achievement]:
    """Count ``result`` towards its player's achievements; those it earns first."""
    # What the fair-play rules refuse earns nothing, nor does anything of a player the host
    # took off the boards (/admin fairplay).
    if (
        not result.counts
        or not result.achievable
        or result.player in context.bot_data.global_data.off_boards
    ):
        return []
    application = context.application
    user = application.user_data[result.player]
    mine = user.achievements if user.achievements is not None else Achievements()
    new = earn(mine, result, context.now())
    user.achievements = mine
    application.mark_data_for_update_persistence(user_ids=result.player)
    return new


def _in_private(
    context: BotContext, player: int, new: list[Achievement], saved: bool, *, bulk: bool
) -> bool:
    """Tell ``player`` in their private chat, if they have one (a bot cannot write first:
    then they find it in /achievements)."""
    application = context.application
    if application.chat_data.get(player) is None:
        logger.info("Achievements of %s not told: no private chat", player)
        return False  # they wait in /achievements
    private = BotContext(application, chat_id=player, user_id=player)
    text = earned_line(new, None, private)
    if saved:
        _send(private, player, text, bulk=bulk)
    else:
        context.bot_data.until_saved.hold(_held(private, player, text, bulk=bulk))
    return True


def _save(context: BotContext, players: set[int]) -> bool:
    """Write the players' data at once, in one transaction (a Countdown game of hundreds of
    players is one write); whether the disk took it."""
    write_now = context.bot_data.write_now
    if write_now is None:
        return True
    users = context.application.user_data
    return write_now({("user", player): users[player] for player in sorted(players)})


def _name(result: GameResult) -> str:
    name = result.name if len(result.name) <= NAME_SHOWN else result.name[: NAME_SHOWN - 1] + "…"
    return html.escape(name)


def heard(context: BotContext, chat_id: int | None, results: Sequence[GameResult]) -> list[str]:
    """Count ``results`` (told in ``chat_id``) towards their players' achievements; the lines
    (HTML) that tell those earned in that chat, each saved with its player first."""
    earned = [(result, new) for result in results if (new := _count(context, result))]
    if not earned:
        return []
    saved = _save(context, {result.player for result, _new in earned})  # before it is told
    lines: list[str] = []
    shown = elsewhere = 0
    for result, new in earned:
        if chat_id is None or shown >= LINES_SHOWN:
            _in_private(context, result.player, new, saved, bulk=chat_id is not None)
            elsewhere += chat_id is not None
            continue
        shown += 1
        line = earned_line(new, None if chat_id == result.player else _name(result), context)
        if saved:
            lines.append(line)
        else:  # told on its own once the disk takes it
            context.bot_data.until_saved.hold(_held(context, chat_id, line))
    if elsewhere:
        lines.append(
            context.ngettext(
                "🎖️ … and {count} more player earned achievements (/achievements).",
                "🎖️ … and {count} more players earned achievements (/achievements).",
                elsewhere,
            ).format(count=elsewhere)
        )
    return lines
