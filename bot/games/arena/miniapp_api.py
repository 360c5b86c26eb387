"""An arena played by tapping: the Mini App opened from the group's **Play on the page**
link (``startapp=arena_<group>_<code>``, in the signed launch data) joins the arena as the
Join link does, and deals the player's hands there: the same hands in the same order, the
same clock (from the reply that carries a hand), the same scoring and pace floor, into the
same standings (docs/design-games.md, *Arenas on Telegram*).  A player has one place in
the arena, so a hand is played once, wherever: an answer in the chat moves the play back
there, a call of the page moves it to the page."""

from __future__ import annotations

import hmac
import html
from collections.abc import Sequence
from typing import Any

from telegram.ext import Application

from bot.context import AppReply, AppRequest, BotContext
from bot.games.arena import words
from bot.games.arena.group import (
    ARENA_HAND,
    LINK_PREFIX,
    changed,
    end,
    group_part,
    save_progress,
    standings_soon,
)
from bot.games.arena.joining import admit, code_of, ensure_hands, to_page
from bot.games.arena.live import keep
from bot.games.arena.moves import group_now
from bot.games.arena.parts import ARENA_CHAT
from bot.games.arena.play import solved_of, start_clock, too_fast_text
from bot.play.miniapp import serve_app
from bot.play.result_listeners import publish
from bot.rules.arena import Arena, Refusal, standings
from bot.rules.arena import points as arena_points
from bot.rules.durations import clock_text
from bot.rules.results import GameResult
from bot.services.solving import DealRefused
from bot.texts import reason

OVER: AppReply = (409, {"error": "over"})
"""A call naming a hand that is no longer the player's: the page asks for its state."""
NOT_SAVED_STATUS = 503


def _busy(context: BotContext) -> AppReply:
    text = context._("I am busy dealing other hands: try again in a moment.")
    return 503, {"error": "busy", "reason": text}


async def _dealt(context: BotContext, arena: Arena, hands: int) -> bool:
    """Whether the arena's first ``hands`` hands are dealt (False: the dealer is busy)."""
    try:
        await ensure_hands(context, arena, hands)
    except DealRefused:
        return False
    return True


def _refused(text: str) -> AppReply:
    return 409, {"error": "refused", "reason": html.unescape(text)}


def _playing(context: BotContext, user_id: int) -> tuple[int, Arena] | None:
    """The group and the arena ``user_id`` plays now, if any."""
    chat = context.application.chat_data.get(user_id)
    mine = None if chat is None else ARENA_CHAT.of(chat)
    group = None if mine is None else mine.playing
    ours = None if group is None else group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if group is None or arena is None or arena.ended or user_id not in arena.entries:
        return None
    return group, arena


def _played(context: BotContext, user_id: int, named: tuple[int, str] | None) -> int | None:
    """The group of the arena a link names if it is over and ``user_id`` played it."""
    group = None if named is None else group_now(context, named[0])
    ours = None if group is None else group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if named is None or ours is None or arena is None or not arena.ended:
        return None
    if user_id not in arena.entries or not hmac.compare_digest(ours.code, named[1]):
        return None
    return group


async def state(context: BotContext, user_id: int, group: int, line: str = "") -> AppReply:
    """The player's arena as the page shows it; their hand, whose time starts now if it had
    not reached them yet (in the chat, or on the page)."""
    _ = context._
    ours = group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if ours is None or arena is None or user_id not in arena.entries:
        return OVER
    now = context.now()
    if arena.finish(now):
        end(context, group)
    rows = standings(arena.entries)
    row = next(row for row in rows if row.user_id == user_id)
    player = arena.entries[user_id]
    reply: dict[str, Any] = {
        "number": arena.number,
        "title": _("🏟 Arena #{number} · {group}").format(number=arena.number, group=ours.title),
        "score": player.score,
        "place": row.place,
        "players": len(rows),
        "language": context.language,
        "line": line,
    }
    if arena.ended:
        reply["over"] = True
        reply["status"] = html.unescape(words.place_text(row, len(rows), context))
        return 200, reply
    if not arena.started(now):
        reply["starts_in"] = round(arena.starts - now, 1)
        reply["status"] = _("The arena starts in {left}: your first hand comes then.").format(
            left=clock_text(arena.starts - now)
        )
        return 200, reply
    if not await _dealt(context, arena, player.index + 1):
        return _busy(context)
    if player.shown is not None and arena.expire(user_id, player.index, now):
        # Its time ran out before its alarm rang (or the alarm's deal waits): a miss, saved.
        return await _done(context, user_id, group, _("⌛ Time is up: a miss, your streak ends."))
    index = player.index
    keep(context, group, arena, index, user_id)
    start_clock(context, user_id, group, arena, index)  # the page gets it with this reply
    berserk = player.berserk
    seconds = arena_points.hand_seconds(arena.hand_seconds, berserk=berserk)
    shown = now if player.shown is None else player.shown
    reply |= {
        "index": index,
        "hand": list(arena.hands[index]),
        "seconds": int(seconds),
        "elapsed": round(max(0.0, now - shown), 1),
        "left": round(max(0.0, arena.ends - now), 1),
        "berserk": berserk,
        "berserk_next": player.berserk_next,
        "berserk_label": words.berserk_label(player.berserk_next, context),
        "skip_label": _("⏭ Skip (your streak ends)"),
        "status": words.page_status(arena, player, row.place, len(rows), context),
    }
    return 200, reply


async def _done(
    context: BotContext,
    user_id: int,
    group: int,
    line: str,
    results: Sequence[GameResult] = (),
) -> AppReply:
    """The hand is done (solved, skipped, timed out): saved, told, the next one dealt."""
    context.bot_data.timers.cancel(user_id, ARENA_HAND)
    if not save_progress(context, group, user_id):
        text = context._(
            "⏳ The bot cannot save results just now (its disk refuses to write), so this "
            "one is not counted yet: open the page again in a while."
        )
        return NOT_SAVED_STATUS, {"error": "not_saved", "reason": text}
    publish(context, None, results)  # achievements are told in private, as a page's Rush's
    standings_soon(context, group)
    return await state(context, user_id, group, line)


class ArenaPage:
    """The page's arena calls (``/app/api/arena…``)."""

    def __init__(self, application: Application) -> None:
        self.application = application

    async def open(self, request: AppRequest) -> AppReply:
        """``POST /app/api/arena``: join the arena the launch link names (its ``startapp``,
        or ``{"join": "arena_…"}``) if not in it yet, and show the hand on; else the arena
        the player plays."""
        context, user = request.context, request.user
        payload = request.body.get("join") or user.start_param or ""
        if not isinstance(payload, str) or len(payload) > 64:
            return 400, {"error": "bad_request"}
        found = _playing(context, user.id)
        named = code_of(payload) if payload.startswith(LINK_PREFIX) else None
        if found is not None and named is not None and group_now(context, named[0]) == found[0]:
            payload = ""  # in it already (the page asks again): nothing to join, nor to save
        if payload.startswith(LINK_PREFIX):
            admitted = await admit(context, user.id, user.first_name, payload)
            if isinstance(admitted, str):
                played = _played(context, user.id, named)
                if played is not None:  # its end: the player's place
                    return await state(context, user.id, played)
                return _refused(admitted)
            group = admitted.group
        else:
            if found is None:
                text = context._(
                    "No arena is on for you: the Join button of one in a group brings you in."
                )
                return 404, {"error": "none", "reason": text}
            group = found[0]
        to_page(context, user.id, True)
        return await state(context, user.id, group)

    def _on(self, request: AppRequest) -> tuple[int, Arena, int] | None:
        """The player's arena and the hand the call names (``index``), if it is theirs."""
        found = _playing(request.context, request.user.id)
        index = request.body.get("index")
        if found is None or not isinstance(index, int) or isinstance(index, bool):
            return None
        to_page(request.context, request.user.id, True)
        return found[0], found[1], index

    async def answer(self, request: AppRequest) -> AppReply:
        """``POST /app/api/arena/answer`` with ``{"index": 2, "expression": "8/(3-8/3)"}``."""
        context, user_id = request.context, request.user.id
        text = request.body.get("expression")
        found = self._on(request)
        if not isinstance(text, str) or len(text) > 200:
            return 400, {"error": "bad_request"}
        if found is None:
            return OVER
        group, arena, index = found
        if not await _dealt(context, arena, index + 1):
            return _busy(context)
        outcome = arena.answer(user_id, text, context.now(), index=index)
        if outcome.refused is Refusal.OVER:
            end(context, group)
        if outcome.refused is not None:
            return OVER
        _ = context._
        if outcome.expired:
            return await _done(
                context,
                user_id,
                group,
                _("⌛ Time was up for that hand: a miss, your streak ends."),
            )
        if outcome.solved:
            line = words.solved_news(outcome.points, outcome.streak, outcome.seconds, context)
            solved = solved_of(user_id, request.user.first_name, outcome.seconds, index)
            return await _done(context, user_id, group, line, [solved])
        if outcome.too_fast:
            said = too_fast_text(arena, index, context)
            return 200, {"ok": False, "too_fast": True, "reason": said}
        assert outcome.verdict is not None
        said = _("Not quite: {reason}.").format(reason=reason(outcome.verdict, context))
        if outcome.miss:
            said += " " + _("A miss: your streak ends; the hand is still on.")
            save_progress(context, group, user_id)
            standings_soon(context, group)
        return 200, {"ok": False, "reason": said}

    async def skip(self, request: AppRequest) -> AppReply:
        """``POST /app/api/arena/skip`` with ``{"index": 2}``: the next hand, the streak ends."""
        context, user_id = request.context, request.user.id
        found = self._on(request)
        if found is None:
            return OVER
        group, arena, index = found
        if not await _dealt(context, arena, index + 1):
            return _busy(context)
        outcome = arena.skip(user_id, context.now(), index=index)
        if outcome.refused is Refusal.OVER:
            end(context, group)
        if not outcome.next_hand:
            return OVER
        return await _done(context, user_id, group, context._("⏭ Skipped: your streak ends."))

    async def berserk(self, request: AppRequest) -> AppReply:
        """``POST /app/api/arena/berserk`` with ``{"on": true}``: from the next hand."""
        context, user_id = request.context, request.user.id
        on = request.body.get("on")
        found = _playing(context, user_id)
        if not isinstance(on, bool):
            return 400, {"error": "bad_request"}
        if found is None:
            return OVER
        group, arena = found
        arena.berserk(user_id, on)
        changed(context, group)
        _ = context._
        if on:
            said = _("⚡ Berserk from your next hand: half the time, one point more if solved.")
        else:
            said = _("Full time again from your next hand.")
        return await state(context, user_id, group, said)


def register(application: Application) -> None:
    """The Mini App's arena calls."""
    page = ArenaPage(application)
    serve_app(application, "POST", "arena", page.open)
    serve_app(application, "POST", "arena/answer", page.answer)
    serve_app(application, "POST", "arena/skip", page.skip)
    serve_app(application, "POST", "arena/berserk", page.berserk)
