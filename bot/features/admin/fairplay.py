"""``/admin fairplay``: the week's fastest Rush runs, duels and hands' records, each with its
per-hand times, for the owner to look through; ``/admin fairplay run ID`` takes a player's
runs off the boards, ``/admin fairplay player ID`` the player off every board (their own
history keeps everything, marked: :mod:`bot.game.off_boards`)."""

from __future__ import annotations

import datetime as dt
import html
import logging
from collections.abc import Sequence

from bot.game.duel_lobby import PastDuel
from bot.game.off_boards import fastest_duels, fastest_records, fastest_runs
from bot.game.rush_records import week_start
from bot.services.limits import TEXT, visible_length
from bot.typed_handlers import HandlerContext, MessageUpdate

logger = logging.getLogger(__name__)

TIMES_SHOWN = 12
"""Per-hand times listed for a run (its first ones), so that every list fits a message."""
NAME_SHOWN = 24


def _times(times: tuple[float, ...] | list[float]) -> str:
    shown = " ".join(f"{seconds:.1f}" for seconds in times[:TIMES_SHOWN])
    return shown + (" …" if len(times) > TIMES_SHOWN else "")


def _duel_line(duel: PastDuel) -> str:
    first, second = duel.players
    hands = ", ".join(
        "–" if hand.winner is None else f"{hand.seconds:.1f} ({hand.winner})"
        for hand in duel.hands[:TIMES_SHOWN]
    )
    return f"{first} – {second}: {duel.score[0]}–{duel.score[1]} · {hands}"


def review(context: HandlerContext) -> str:
    """The week's fastest results, with the commands that take them off."""
    _ = context._
    data = context.bot_data.global_data
    today = dt.datetime.fromtimestamp(context.now(), dt.UTC).date()
    monday = dt.datetime.combine(week_start(today), dt.time(), dt.UTC).timestamp()
    lines = [_("<b>Fair play: this week's fastest</b>"), "", _("<b>Rush runs</b>")]
    runs = fastest_runs(data.rush, today)
    lines += [
        f"{place}. {html.escape(entry.name[:NAME_SHOWN])} ({entry.user_id}): "
        + _("{score} solved, best {best}").format(
            score=entry.record.score,
            best=f"{entry.record.best_time:.1f}" if entry.record.best_time is not None else "–",
        )
        + (f" · {_times(entry.record.hand_times)}" if entry.record.hand_times else "")
        for place, entry in enumerate(runs, start=1)
    ] or [_("None this week.")]
    lines += ["", _("<b>Duels</b> (each hand's time and winner)")]
    duels = fastest_duels(data.duels.history, monday)
    lines += [f"{place}. {_duel_line(d)}" for place, d in enumerate(duels, start=1)] or [
        _("None this week.")
    ]
    lines += ["", _("<b>Hands' records</b>")]
    records = fastest_records(data.hand_records, today)
    lines += [
        f"{place}. {html.escape(hand)}: {best:.1f} s ({holder})"
        for place, (hand, best, holder) in enumerate(records, start=1)
    ] or [_("None this week.")]
    lines += [
        "",
        _("Take a player's runs off the boards: /admin fairplay run ID"),
        _("Take a player off every board: /admin fairplay player ID"),
    ]
    text = "\n".join(lines)
    while visible_length(text) > TEXT:  # a safeguard: the lists are sized to fit
        text = text.rsplit("\n", 1)[0]
    return text


def command(update: MessageUpdate, context: HandlerContext, words: list[str]) -> None:
    """/admin fairplay [run ID | player ID]."""
    _ = context._
    if not words:
        context.reply(update, review(context))
        return
    what = words[0].lower()
    if what not in ("run", "player") or len(words) != 2 or not words[1].isdigit():
        context.reply(
            update,
            _("Say /admin fairplay run ID or /admin fairplay player ID (a player's number)."),
        )
        return
    user_id = int(words[1])
    if what == "run":
        context.reply(update, take_runs_off(context, user_id))
    else:
        context.reply(update, take_player_off(context, user_id))


def _save(context: HandlerContext, user_id: int, hands: Sequence[str] = ()) -> bool:
    data = context.bot_data
    user = context.application.user_data.get(user_id)
    saved = context.save_global(players=[user_id], hands=hands)
    if user is not None and data.write_now is not None:
        saved = data.write_now({("user", user_id): user}) and saved
    return saved


def take_runs_off(context: HandlerContext, user_id: int) -> str:
    """Take ``user_id``'s runs off the Rush boards (marked in their own records)."""
    _ = context._
    data = context.bot_data.global_data
    removed = data.rush.remove(user_id)
    user = context.application.user_data.get(user_id)
    if user is not None:
        user.rush.take_off_boards()
    if not removed and (user is None or user.rush.best is None):
        return _("Player {id} has no Rush run.").format(id=user_id)
    _save(context, user_id)
    logger.info("Took the runs of %s off the boards", user_id)
    return _("Player {id}'s runs are off the boards (kept in their own records, marked).").format(
        id=user_id
    )


def take_player_off(context: HandlerContext, user_id: int) -> str:
    """Take ``user_id`` off every board from now on (their own history keeps it all)."""
    _ = context._
    data = context.bot_data.global_data
    if not data.off_boards.add(user_id, context.now()):
        return _("Player {id} is off the boards already.").format(id=user_id)
    data.rush.remove(user_id)
    user = context.application.user_data.get(user_id)
    if user is not None:
        user.rush.take_off_boards()
    rating = data.ratings.players.get(user_id)
    if rating is not None:
        rating.off_boards = True
    hands = data.hand_records.remove_holder(user_id)
    _save(context, user_id, hands)
    logger.info("Took %s off every board", user_id)
    return context.ngettext(
        "Player {id} is off every board from now on: Rush, ratings and records ({count} hand "
        "record cleared). Their own history keeps it all, marked.",
        "Player {id} is off every board from now on: Rush, ratings and records ({count} hand "
        "records cleared). Their own history keeps it all, marked.",
        len(hands),
    ).format(id=user_id, count=len(hands))
