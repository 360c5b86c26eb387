"""The words of seasons: a trophy, a season's tables, as the asking chat names players
(a group's members by the group's name for them, the asker in private by theirs; anyone
else by their public name or handle: :mod:`bot.play.board_names`)."""

from __future__ import annotations

from bot.context import BotContext
from bot.features.seasons.season_boards import shown
from bot.play.board_names import shown_name
from bot.rules.seasons.tables import FinalTables, SeasonTrophy
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate

NAME_SHOWN = 32
"""Characters of a name shown: three tables of ten fit one message, whatever the names."""
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def place_text(context: BotContext, place: int) -> str:
    """A trophy's place: ``1st``."""
    _ = context._
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(place, str(place))


def board_name(context: BotContext, board: str) -> str:
    """A board's name, as in ``the duel board`` (its game's words; one no game declares by
    its saved name)."""
    for declared in shown(context):
        if declared.board.name == board:
            return declared.called(context)
    return board


def trophies_text(context: BotContext, trophies: list[SeasonTrophy]) -> list[str]:
    """A winner's trophies as they are told: ``🏆 Season 2026-11 is over: you won 1
    trophy!`` and ``🥇 1st on the duel board``, a line each."""
    lines = [
        context.ngettext(
            "🏆 Season {season} is over: you won {count} trophy!",
            "🏆 Season {season} is over: you won {count} trophies!",
            len(trophies),
        ).format(season=trophies[0].season, count=len(trophies))
    ]
    lines += [
        context._("{medal} {place} on {board}").format(
            medal=MEDALS.get(trophy.place, "🏆"),
            place=place_text(context, trophy.place),
            board=board_name(context, trophy.board),
        )
        for trophy in trophies
    ]
    return lines


def own_trophies(context: BotContext, trophies: list[SeasonTrophy]) -> str:
    """A player's trophies, the latest first: ``🏆 Your trophies: 🥇 2026-11, the duel
    board; 🥈 2026-10, the Rush board``."""
    items = [
        context._("{medal} {season}, {board}").format(
            medal=MEDALS.get(trophy.place, "🏆"),
            season=trophy.season,
            board=board_name(context, trophy.board),
        )
        for trophy in reversed(trophies)
    ]
    return context._("🏆 Your trophies: {trophies}").format(trophies="; ".join(items))


def _name(context: HandlerContext, update: MessageUpdate, player: int) -> str:
    """How ``player`` is named in this chat (HTML): as every board names players."""
    return shown_name(context, update.effective_chat.id, update.effective_user, player, NAME_SHOWN)


def _medalled(place: int, name: str) -> str:
    """A name with the medal of its place, if it wins a trophy: ``🥇 Ann``."""
    medal = MEDALS.get(place)
    return name if medal is None else f"{medal} {name}"


def tables_text(
    context: HandlerContext, update: MessageUpdate, tables: FinalTables, head: str
) -> str:
    """A season's tables under ``head`` (HTML): each game's board in the boards' order (one
    shown once somebody is on it only when its game says so); the first three with the
    medals of the trophies they win (or won)."""
    lines = [head]
    for board in shown(context):
        rows = tables.board(board.board.name)
        if not rows and not board.shown_empty:
            continue
        lines += ["", board.heading(context)]
        lines += [
            player_line(
                _medalled(place, _name(context, update, row.player)),
                board.value(context, row),
                context,
                place,
            )
            for place, row in enumerate(rows, 1)
        ] or [context._("Nobody yet.")]
    return "\n".join(lines)
