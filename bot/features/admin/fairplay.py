"""``/admin fairplay``: the week's fastest results (each game's section: Rush runs, duels) and
hands' records, for the owner to look through; ``/admin fairplay run CODE`` takes one run
off the boards, ``/admin fairplay run ID`` all of a player's runs, ``/admin fairplay player
ID`` the player off every board (their own history keeps everything, marked:
:mod:`bot.rules.off_boards`); ``/admin fairplay undo`` puts the last removal back.  An id
or a code the bot does not know is refused, saying so."""

from __future__ import annotations

import datetime as dt
import html
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.play.registry import PlayerBoards, RunBoards
from bot.rules.off_boards import Removal, fastest_records, put_records_back, take_records
from bot.services.limits import TEXT, visible_length
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)

UNDONE_KEPT = 20
"""Removals kept to undo (since the bot started), the latest last."""


def review(context: HandlerContext) -> str:
    """The week's fastest results, with the commands that take them off."""
    _ = context._
    data = context.bot_data.global_data
    today = dt.datetime.fromtimestamp(context.now(), dt.UTC).date()
    lines = [_("<b>Fair play: this week's fastest</b>")]
    for game in context.bot_data.games:  # each game's section
        if game.review is not None:
            lines += ["", *game.review(context, today)]
    lines += ["", _("<b>Hands' records</b>")]
    records = fastest_records(data.hand_records, today)
    lines += [
        f"{place}. {html.escape(hand)}: {best:.1f} s ({holder})"
        for place, (hand, best, holder) in enumerate(records, start=1)
    ] or [_("None this week.")]
    lines += [
        "",
        _("Take one run off the boards: /admin fairplay run CODE (its r… above)"),
        _("Take a player's runs off the boards: /admin fairplay run ID"),
        _("Take a player off every board: /admin fairplay player ID"),
        _("Put the last one back: /admin fairplay undo"),
    ]
    text = "\n".join(lines)
    while visible_length(text) > TEXT:  # a safeguard: the lists are sized to fit
        text = text.rsplit("\n", 1)[0]
    return text


def command(update: MessageUpdate, context: HandlerContext, words: list[str]) -> None:
    """/admin fairplay [run CODE | run ID | player ID | undo]."""
    _ = context._
    if not words:
        context.reply(update, review(context))
        return
    what = words[0].lower()
    if what == "undo" and len(words) == 1:
        context.reply(update, undo(context))
        return
    code = words[1].lower() if len(words) == 2 else ""
    if what == "run" and CODE.fullmatch(code):
        context.reply(update, take_one_run_off(context, code))
        return
    if what not in ("run", "player") or not code.isdigit():
        context.reply(
            update,
            _(
                "Say /admin fairplay run ID (a player's number: all their runs), run CODE "
                "(one run, as listed), player ID, or undo."
            ),
        )
        return
    user_id = int(code)
    if what == "run":
        context.reply(update, take_runs_off(context, user_id))
    else:
        context.reply(update, take_player_off(context, user_id))


CODE = re.compile(r"r[0-9a-f]{5}")
"""A run's code, as the review shows it (:func:`~bot.rules.rush.removals.run_code`)."""


def _undone(context: HandlerContext) -> list[Removal]:
    return context.bot_data.fairplay_removals


def _keep(context: HandlerContext, removal: Removal) -> None:
    kept = _undone(context)
    kept.append(removal)
    del kept[:-UNDONE_KEPT]


def _runs(context: HandlerContext) -> RunBoards | None:
    """The boards of runs the owner takes runs off (the first game's that has some)."""
    return next((game.runs for game in context.bot_data.games if game.runs), None)


def _players(context: HandlerContext) -> list[PlayerBoards]:
    """The games' boards of players (the duel board's)."""
    return [game.players for game in context.bot_data.games if game.players is not None]


def _known(context: HandlerContext, user_id: int) -> bool:
    """Whether the bot knows ``user_id`` as a player (a user it has data of, a rating, a
    run on a board, a hand's record)."""
    data = context.bot_data.global_data
    runs = _runs(context)
    return (
        user_id in context.application.user_data
        or any(boards.holds(context, user_id) for boards in _players(context))
        or (runs is not None and runs.holds(context, user_id))
        or any(r.holder == user_id for r in data.hand_records.hands.values())
    )


def take_one_run_off(context: HandlerContext, code: str) -> str:
    """Take the run named ``code`` off the boards (marked in its player's records)."""
    _ = context._
    runs = _runs(context)
    removal = None if runs is None else runs.take_code(context, code)
    if removal is None:
        return _("No run {code} is on the boards: /admin fairplay lists them.").format(code=code)
    _keep(context, removal)
    _save(context, removal.user_id)
    logger.info("Took a run of %s off the boards", removal.user_id)
    return _(
        "Run {code} of player {id} is off the boards (kept in their own records, marked). "
        "/admin fairplay undo puts it back."
    ).format(code=code, id=removal.user_id)


def undo(context: HandlerContext) -> str:
    """Put the last removal back: its runs on the boards, its player back on them, the
    hands' records it cleared (unless set again since)."""
    _ = context._
    kept = _undone(context)
    if not kept:
        return _("Nothing to undo: no run or player was taken off since the bot started.")
    removal = kept.pop()
    data = context.bot_data.global_data
    runs = _runs(context)
    if runs is not None:
        runs.put_back(context, removal)
    hands = put_records_back(data.hand_records, removal)
    changed: dict[str, list[Any]] = {}
    if removal.player:
        data.off_boards.discard(removal.user_id)
        for boards in _players(context):
            changed |= boards.put_back(context, removal.user_id)
    _save(context, removal.user_id, hands, changed)
    logger.info("Put %s back on the boards", removal.user_id)
    if removal.player:
        return _("Player {id} is back on every board.").format(id=removal.user_id)
    return _("Player {id}'s runs are back on the boards.").format(id=removal.user_id)


def _save(
    context: HandlerContext,
    user_id: int,
    hands: Sequence[str] = (),
    changed: Mapping[str, list[Any]] | None = None,
) -> bool:
    """Save a removal: the global row, the hands' records it changed, the items of the
    games' boards of players it changed (by their rows' kind), the player's own data."""
    data = context.bot_data
    user = context.application.user_data.get(user_id)
    saved = context.save_global(hands=hands, **(changed or {}))
    if user is not None and data.write_now is not None:
        saved = data.write_now({("user", user_id): user}) and saved
    return saved


def _take_runs(context: HandlerContext, user_id: int) -> Removal:
    runs = _runs(context)
    return Removal(user_id) if runs is None else runs.take_player(context, user_id)


def take_runs_off(context: HandlerContext, user_id: int) -> str:
    """Take ``user_id``'s runs off the boards (marked in their own records)."""
    _ = context._
    removal = _take_runs(context, user_id)
    runs = _runs(context)
    if runs is None:  # no game keeps runs: nobody has one
        return _("I know no player {id}: check the number in /admin fairplay.").format(id=user_id)
    if not runs.has_runs(context, user_id, removal):
        return _(runs.none).format(id=user_id)
    _keep(context, removal)
    _save(context, user_id)
    logger.info("Took the runs of %s off the boards", user_id)
    return _("Player {id}'s runs are off the boards (kept in their own records, marked).").format(
        id=user_id
    )


def take_player_off(context: HandlerContext, user_id: int) -> str:
    """Take ``user_id`` off every board from now on (their own history keeps it all)."""
    _ = context._
    data = context.bot_data.global_data
    if user_id not in data.off_boards and not _known(context, user_id):
        return _("I know no player {id}: check the number in /admin fairplay.").format(id=user_id)
    if not data.off_boards.add(user_id, context.now()):
        return _("Player {id} is off the boards already.").format(id=user_id)
    removal = _take_runs(context, user_id)
    removal.player = True
    changed: dict[str, list[Any]] = {}
    for boards in _players(context):
        changed |= boards.take_off(context, user_id)
    hands = take_records(data.hand_records, removal)
    _keep(context, removal)
    _save(context, user_id, hands, changed)
    logger.info("Took %s off every board", user_id)
    return context.ngettext(  # every board: each game's (runs, ratings) and the hands' records
        "Player {id} is off every board from now on ({count} hand record cleared). Their own "
        "history keeps it all, marked.",
        "Player {id} is off every board from now on ({count} hand records cleared). Their own "
        "history keeps it all, marked.",
        len(hands),
    ).format(id=user_id, count=len(hands))
