"""Each hand's record, told after a counted solve ("Solved 47 times; the record is 3.2 s by
Ann"): :func:`count_solve` notes a solve and returns its line, :func:`line_of` a chat's line.
What the line may say and why: docs/games.md, *Ratings and each hand's record: what players
see*."""

from __future__ import annotations

import datetime as dt
import html
import logging

from bot.context import BotContext
from bot.play.board_names import public_name
from bot.play.players_met import known_name
from bot.rules.hand_records import Barred, HandRecord, Noted, hand_key
from bot.rules.pace import FLOOR, PLAUSIBLE_MEDIAN, RECENT_KEPT, heard, scripted

logger = logging.getLogger(__name__)

NAME_SHOWN = 40
"""Characters of a record holder's name shown (longer names are cut, with "…")."""


def count_solve(
    context: BotContext,
    chat_id: int,
    hand: tuple[int, ...],
    target: int,
    user_id: int,
    seconds: float,
    source: str,
    *,
    helped: bool = False,
    given: bool = False,
    pace_told: bool = False,
) -> tuple[str | None, bool]:
    """Count a solve of ``hand`` (to ``target``) by ``user_id`` in ``seconds`` for the hand's
    record (``helped``: after a hint, ``given``: the bot solved the hand for someone while
    it was live; seen but no record either way), and save it at once
    (:meth:`BotContext.save_global`); the line to add to the solve's announcement in
    ``chat_id`` (HTML; None the first time a hand is solved), and whether the disk took the
    record (if not, it is written as soon as it does: announce with
    :func:`~bot.play.announce.tell_saved`).  ``pace_told``: the announcement says itself
    that the solve was too fast to count (the line does not say it again)."""
    noted = note_solve(context, hand, target, user_id, seconds, source, helped=helped, given=given)
    saved = context.save_global(hands=[hand_key(hand, target)])
    if not saved:
        logger.warning("The record of %s waits for the disk", hand_key(hand, target))
    return line_of(context, chat_id, user_id, noted, seconds, pace_told=pace_told), saved


def note_solve(
    context: BotContext,
    hand: tuple[int, ...],
    target: int,
    user_id: int,
    seconds: float,
    source: str,
    *,
    helped: bool = False,
    given: bool = False,
) -> Noted:
    """Count a solve for the hand's record (not saved yet; ``helped``, ``given``: see
    :func:`count_solve`): a player the host took off the boards sets none
    (:mod:`bot.rules.off_boards`), nor one whose last answers, this one among them, are at a
    script's steady pace (:func:`bot.rules.pace.scripted`: kept on the player, saved with
    their row); a record is dated by the UTC day."""
    data = context.bot_data.global_data
    recent = context.application.user_data[user_id].paces
    heard(recent, seconds)
    context.application.mark_data_for_update_persistence(user_ids=user_id)
    return data.hand_records.note(
        hand,
        target,
        user_id,
        seconds,
        source,
        helped=helped,
        given=given,
        off_boards=user_id in data.off_boards,
        steady=scripted(recent),
        day=dt.datetime.fromtimestamp(context.now(), dt.UTC).date(),
    )


def line_of(
    context: BotContext,
    chat_id: int,
    user_id: int,
    noted: Noted,
    seconds: float,
    *,
    pace_told: bool = False,
) -> str | None:
    """The line for a solve already noted (``noted``), as told in ``chat_id``: for a solve
    told in several chats at once (a private duel's two), each names the holder its way
    (``pace_told``: see :func:`count_solve`)."""
    if not noted.before.seen:
        return None
    line = _line(context, chat_id, user_id, noted.before, seconds, noted.new_record)
    if noted.barred is None or (pace_told and noted.barred is Barred.TOO_FAST):
        return line
    # Fast enough for the record, but not one that may take it: the line says why.
    return context._("{line} {why}").format(
        line=line, why=barred_text(context, noted.barred, noted.floor)
    )


def barred_text(context: BotContext, barred: str, floor: float = FLOOR) -> str:
    """Why a solve fast enough for the record sets none (a game's hands:
    :attr:`bot.play.registry.Game.unrecorded`)."""
    _ = context._
    for game in context.bot_data.games:
        for reason, why in game.unrecorded:
            if reason == barred:
                return why(context)
    reasons: dict[str, str] = {
        Barred.HELPED: _("A solve after a hint sets no record."),
        Barred.TOO_FAST: _(
            "A solve under {seconds} s sets no record: nobody reads and types that fast."
        ).format(seconds=f"{floor:g}"),
        Barred.STEADY: _(
            "No record at a script's steady pace: half or more of your last {count} answers "
            "came within {seconds} s. Records count again once more than half of them take "
            "{seconds} s or more."
        ).format(count=RECENT_KEPT, seconds=f"{PLAUSIBLE_MEDIAN:g}"),
    }
    return reasons[barred]


def _line(
    context: BotContext,
    chat_id: int,
    user_id: int,
    before: HandRecord,
    seconds: float,
    new_record: bool,
) -> str:
    seen = before.seen + 1
    if before.best is None or before.holder is None:
        if new_record:
            return context.ngettext(
                "🏅 New record for this hand: {seconds}! Solved {count} time.",
                "🏅 New record for this hand: {seconds}! Solved {count} times.",
                seen,
            ).format(seconds=time_text(context, seconds), count=seen)
        return context.ngettext(
            "Solved {count} time, no record yet.", "Solved {count} times, no record yet.", seen
        ).format(count=seen)
    mine, theirs = _times(context, seconds, before.best)
    holder = holder_name(context, chat_id, user_id, before.holder)
    if new_record:
        return context.ngettext(
            "🏅 New record for this hand: {seconds}! Solved {count} time; "
            "the last record was {best} by {holder}.",
            "🏅 New record for this hand: {seconds}! Solved {count} times; "
            "the last record was {best} by {holder}.",
            seen,
        ).format(seconds=mine, count=seen, best=theirs, holder=holder)
    return context.ngettext(
        "Solved {count} time; the record is {best} by {holder}.",
        "Solved {count} times; the record is {best} by {holder}.",
        seen,
    ).format(count=seen, best=theirs, holder=holder)


def _times(context: BotContext, mine: float, best: float) -> tuple[str, str]:
    """Two times as told side by side: to the hundredth where tenths would read the same."""
    digits = 2 if f"{mine:.1f}" == f"{best:.1f}" else 1
    return time_text(context, mine, digits), time_text(context, best, digits)


def time_text(context: BotContext, seconds: float, digits: int = 1) -> str:
    """A solve's time: ``3.2 s`` under a minute, ``2:05`` (minutes) from one on."""
    if seconds < 60:
        return context._("{seconds} s").format(seconds=f"{seconds:.{digits}f}")
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def holder_name(context: BotContext, chat_id: int, user_id: int, holder: int) -> str:
    """How the holder of a record is named in ``chat_id`` (HTML), where ``user_id`` just
    solved the hand: "you" in private for the player themself, a group member under the
    group's name for them, anyone else by their public name or handle."""
    if chat_id == user_id:  # a private chat's id is its user's
        if holder == user_id:
            return context._("you")
        return known_name(context, user_id, holder) or public_name(context, holder)
    chat = context.application.chat_data.get(chat_id)
    name = chat.members.get(holder) if chat is not None else None
    if name is None:
        return public_name(context, holder)
    if len(name) > NAME_SHOWN:
        name = name[: NAME_SHOWN - 1] + "…"
    return html.escape(name)
