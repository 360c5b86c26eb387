"""The Mini App's daily API: the player's state for a day, today's puzzle (which starts the
same clock as /daily in private), and an answer built by tapping."""

from __future__ import annotations

import datetime as dt
import html

from bot.context import AppReply, AppRequest, BotContext
from bot.games.daily.attempt import (
    puzzle_of,
    share_of,
    solved_lines,
    solved_result,
    until_next_puzzle,
)
from bot.games.daily.parts import DAILY_RECORD
from bot.play import set_aside
from bot.play.after_solve import puzzle_ended
from bot.play.announce import tell_saved
from bot.play.hand_record_line import count_solve
from bot.play.result_listeners import publish
from bot.rules.daily.attempts import may_answer
from bot.rules.daily.puzzle import (
    HAND_SOURCE,
    DailyRecord,
    DailyResult,
    clock_text,
)
from bot.rules.pace import floor_of
from bot.rules.scoring import counts_as_miss
from bot.texts import reason
from solver import check, daily_number, solution_of


def _result_json(
    context: BotContext,
    record: DailyRecord,
    day: dt.date,
    result: DailyResult,
    told: tuple[list[str], str] | None = None,
) -> dict[str, object]:
    """A day's result as the Mini App shows it; with what the chat is ``told`` when just
    solved (:func:`solved_lines`): those lines but the share line, shown on its own (with
    its Copy button) between the ``lines`` that lead to it and those ``after`` it."""
    streak = record.streak_on(context.today())
    lines, share = told or ([], share_of(context, record, day, result))
    shown = html.escape(share)
    cut = lines.index(shown) if shown in lines else len(lines)
    return {
        "seconds": round(result.seconds, 1),
        "time": clock_text(result.seconds),
        "misses": result.misses,
        "streak": streak.current,
        "best": streak.best,
        "share": share,
        "lines": lines[:cut],
        "after": lines[cut + 1 :],
    }


def _app_record(context: BotContext) -> DailyRecord:
    assert context.user_data is not None  # a Mini App's context is made for its player
    return DAILY_RECORD.get(context.user_data)


def _app_day(context: BotContext, day: dt.date) -> dict[str, object]:
    """What the Mini App shows of a day's puzzle before its cards: never the hand."""
    return {
        "day": day.isoformat(),
        "number": daily_number(day),
        "language": context.language,
        "next_in": int(until_next_puzzle(context).total_seconds()),
    }


def _app_progress(context: BotContext, record: DailyRecord, day: dt.date) -> dict[str, object]:
    """The player's state for the day: ``new`` (never opened), ``playing`` (its clock runs,
    with the seconds ``elapsed`` and the misses so far) or ``solved`` (with the result)."""
    key = day.isoformat()
    done = record.result(day)
    if done is not None:
        return {"state": "solved", "result": _result_json(context, record, day, done)}
    if key not in record.started:
        return {"state": "new"}
    return {
        "state": "playing",
        "elapsed": round(max(0.0, context.now() - record.started[key]), 1),
        "misses": record.misses.get(key, 0),
    }


async def app_daily_state(request: AppRequest) -> AppReply:
    """``GET /app/api/daily/state``: the player's state for today without the hand, starting
    nothing: the page asks it first, so that opening the app (from the menu button, say, to
    practise) does not start the daily clock before the player chooses to see the cards."""
    context = request.context
    day = context.today()
    return 200, {**_app_day(context, day), **_app_progress(context, _app_record(context), day)}


async def app_daily(request: AppRequest) -> AppReply:
    """``GET /app/api/daily``: today's puzzle for the Mini App, whose opening starts the
    player's clock as /daily in private does (the same attempt: one clock, one result);
    or the result, if solved; refused (409, ``busy``, no cards) while another game of the
    player's is on in private and the clock has not started."""
    context = request.context
    record = _app_record(context)
    day = context.today()
    started = day.isoformat() in record.started or record.result(day) is not None
    if not started and set_aside.busy_text(context, request.user.id, "/daily") is not None:
        # A game of the player's is on in their private chat: the daily's clock does not
        # start under it, as /daily there would not start it (the cards are not shown).
        reason = context._(
            "A game of yours is on in our private chat: finish it there first, then tap "
            "Start again."
        )
        return 409, {"error": "busy", "reason": reason}
    hand = await puzzle_of(context, day)
    record.start(day, context.now())  # nothing if solved; an earlier start stands
    return 200, {
        **_app_day(context, day),
        "hand": list(hand),
        **_app_progress(context, record, day),
    }


async def app_daily_answer(request: AppRequest) -> AppReply:
    """``POST /app/api/daily`` with ``{"day": "2026-11-01", "expression": "8/(3-8/3)"}``:
    the expression the player built by tapping, judged against that day's puzzle, timed from
    the clock the player started (in the app or with /daily in private)."""
    context = request.context
    record = _app_record(context)
    text, day_text = request.body.get("expression"), request.body.get("day")
    try:
        day = dt.date.fromisoformat(day_text) if isinstance(day_text, str) else None
    except ValueError:
        day = None
    if day is None or not isinstance(text, str):
        return 400, {"error": "bad_request"}
    if daily_number(day) < 1 or day > context.today():
        return 409, {"error": "not_started"}
    # Everything below runs without an await: a second answer sent at once (a double tap)
    # finds the first one's result, and is neither counted nor announced again.
    hand = await puzzle_of(context, day)
    done = record.result(day)
    if done is not None:  # one result a day: the first one stands
        return 200, {"state": "solved", "result": _result_json(context, record, day, done)}
    if not may_answer(record, day, context.bot_data.local_now()):
        # Only an opened puzzle has a clock (no time for a puzzle read elsewhere first), and
        # only the attempt still open counts, as in the chat (the running one until its day
        # closes, or yesterday's beside today's): see bot.rules.daily.attempts.
        return 409, {"error": "not_started"}
    verdict = check(text, hand, 24)
    if not verdict.ok:
        if counts_as_miss(verdict):
            record.miss(day)
        return 200, {"state": "playing", "reason": reason(verdict, context)}
    result, user_id = record.solve(day, context.now(), floor=floor_of(hand)), request.user.id
    saved = context.save_user_now(user_id)  # saved before it is announced
    # The first attempt counts for the hand's record, told as in the private chat.
    line, hand_saved = count_solve(context, user_id, hand, 24, user_id, result.seconds, HAND_SOURCE)
    saved = saved and hand_saved
    told = solved_lines(context, record, day, result, line)
    challenged = puzzle_ended(context, user_id, day, result.seconds, too_fast=result.too_fast)
    if challenged is not None:  # the attempt was a friend's challenge too
        told[0].append(challenged)
    solved = solved_result(user_id, request.user.first_name, record, day, result, hand)
    told[0].extend(publish(context, user_id, [solved]))
    if user_id in context.application.chat_data:
        # The result in the private chat too (where it can be forwarded), if there is one:
        # a player who opened the app from a group's link may never have started the bot.
        tell_saved(context, user_id, "\n".join(told[0]), saved)
    if not saved:
        # The page shows the reason; opened again once the disk takes it, it shows the result.
        reason_text = context._(
            "⏳ Right! But the bot cannot save results just now (its disk refuses to write), "
            "so this one is not counted yet: open the page again in a while."
        )
        return 503, {"error": "not_saved", "reason": reason_text}
    reply = _result_json(context, record, day, result, told)
    return 200, {"state": "solved", "result": reply, "expression": solution_of(text).pretty}
