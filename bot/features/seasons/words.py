"""The words of seasons: a trophy, a season's tables, as the asking chat names players
(a group's members by the group's name for them, the asker in private by theirs; anyone
else by their public name or handle: :mod:`bot.play.board_names`)."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.board_names import shown_name
from bot.rules.seasons.tables import (
    SEASON_MIN_OPPONENTS,
    SEASON_MIN_RATED,
    SEASON_MIN_RUN,
    Board,
    FinalTables,
    Row,
    SeasonTrophy,
)
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate

NAME_SHOWN = 32
"""Characters of a name shown: three tables of ten fit one message, whatever the names."""
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def place_text(context: BotContext, place: int) -> str:
    """A trophy's place: ``1st``."""
    _ = context._
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(place, str(place))


def board_name(context: BotContext, board: Board) -> str:
    """A board's name, as in ``the duel board``."""
    _ = context._
    return {
        Board.RATED: _("the duel board"),
        Board.RUNS: _("the Rush board"),
        Board.PODIUMS: _("the arena board"),
    }[board]


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


def _value(context: BotContext, board: Board, row: Row) -> str:
    _ = context._
    if board is Board.RATED:
        return f"{row.value} ± {round(row.second or 0)}"
    if board is Board.RUNS:
        if row.second is None:
            return str(row.value)
        time = _("{seconds} s").format(seconds=f"{row.second:.1f}")
        return _("{score} · best hand {time}").format(score=row.value, time=time)
    podiums = int(row.second or 0)
    # Two counts, two plural forms: "1 won, 3 podiums" (one ngettext for both read "1 ganadas").
    won = context.ngettext("{count} won", "{count} won", row.value).format(count=row.value)
    on_podium = context.ngettext("{count} podium", "{count} podiums", podiums).format(count=podiums)
    # TRANSLATORS: an arena board's row: "{won}" is "3 won", "{podiums}" is "5 podiums".
    return _("{won}, {podiums}").format(won=won, podiums=on_podium)


def _medalled(place: int, name: str) -> str:
    """A name with the medal of its place, if it wins a trophy: ``🥇 Ann``."""
    medal = MEDALS.get(place)
    return name if medal is None else f"{medal} {name}"


def tables_text(
    context: HandlerContext, update: MessageUpdate, tables: FinalTables, head: str
) -> str:
    """A season's tables under ``head`` (HTML): the duels, Rush and (once played) arenas;
    the first three with the medals of the trophies they win (or won)."""
    _ = context._
    heads = {
        Board.RATED: _(
            "<b>⚔️ Duels</b> ({count} rated duels this season or more, against "
            "{opponents} established players or more)"
        ).format(count=SEASON_MIN_RATED, opponents=SEASON_MIN_OPPONENTS),
        Board.RUNS: _("<b>⚡ Rush</b>: the best run of each player ({count} hands or more)").format(
            count=SEASON_MIN_RUN
        ),
        Board.PODIUMS: _("<b>🏟 Arenas</b>"),
    }
    lines = [head]
    for board in Board:
        rows = tables.board(board)
        if board is Board.PODIUMS and not rows:
            continue  # no arena played this season (or none exist yet)
        lines += ["", heads[board]]
        lines += [
            player_line(
                _medalled(place, _name(context, update, row.player)),
                _value(context, board, row),
                context,
                place,
            )
            for place, row in enumerate(rows, 1)
        ] or [_("Nobody yet.")]
    return "\n".join(lines)
