"""Practice in the Mini App: a random hand of a chosen difficulty, judged by the server, on a
signed token the page holds (the server keeps nothing), never a hand that would spoil a
game (:func:`_spoils`; docs/miniapp.md, *How it works*)."""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from collections import Counter
from pathlib import Path

from telegram.ext import Application

from bot.context import AppReply, AppRequest, BotContext
from bot.games.practice.words import PAGE_TEXTS
from bot.play.miniapp import serve_app
from bot.play.puzzle_days import days_of
from bot.play.registry import Game, Handlers, Help, HelpLine, PageView, Slot
from bot.rules.hands import HandFacts
from bot.rules.table import GameSettings
from bot.services.solving import DealRefused
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.texts import deal_refusal, reason
from solver import check, solution_of
from solver import daily as day_puzzle

DIFFICULTIES = ("easy", "medium", "hard")
SHOWN = 10
"""Other solutions listed after a hand (the rest are counted)."""
DRAWS = 8
"""Hands drawn at most to find one that spoils no game."""
TOKEN_SECONDS = 15 * 60.0
"""Seconds a practice hand's token stays good: a hand left longer is dealt anew."""
_KEY = secrets.token_bytes(32)
"""Signs practice tokens; made anew at each start."""


def _signature(user_id: int, hand: tuple[int, ...], dealt_ms: int) -> str:
    text = f"{user_id}.{'-'.join(map(str, hand))}.{dealt_ms}"
    return hmac.new(_KEY, text.encode(), hashlib.sha256).hexdigest()[:32]


def make_token(user_id: int, hand: tuple[int, ...], dealt: float) -> str:
    """A token for a hand dealt to a player at ``dealt`` (seconds)."""
    dealt_ms = int(dealt * 1000)
    return f"{'-'.join(map(str, hand))}.{dealt_ms}.{_signature(user_id, hand, dealt_ms)}"


def read_token(user_id: int, token: object, now: float) -> tuple[tuple[int, ...], float] | None:
    """The hand and the time it was dealt, from the player's token; None if it is not one,
    or was dealt more than :data:`TOKEN_SECONDS` before ``now``."""
    if not isinstance(token, str) or len(token) > 200:
        return None
    try:
        cards, dealt_text, signature = token.split(".")
        hand = tuple(int(card) for card in cards.split("-"))
        dealt_ms = int(dealt_text)
    except ValueError:
        return None
    expected = _signature(user_id, hand, dealt_ms)
    if not hmac.compare_digest(expected.encode(), signature.encode("utf-8", "replace")):
        return None
    dealt = dealt_ms / 1000
    if not 0 <= now - dealt <= TOKEN_SECONDS:
        return None
    return hand, dealt


async def _spoils(hand: tuple[int, ...], context: BotContext) -> bool:
    """Whether the hand is one whose solutions must not be shown: yesterday's, today's or
    tomorrow's daily puzzle (days the daily's clock may be running on, or will be before a
    token runs out), the player's running daily, or a hand being played in any chat."""
    today = context.today()
    days = [today + dt.timedelta(days=shift) for shift in (-1, 0, 1)]
    user = context.user_data
    running = days_of(context).running(user) if user is not None else None
    if running is not None:
        days.append(running)
    for day in days:
        if Counter(hand) == Counter(day_puzzle(day)):
            return True
    return bool(context.bot_data.live_hands.chats_holding(hand))


async def app_deal(request: AppRequest) -> AppReply:
    """``POST /app/api/practice`` with ``{"difficulty": "easy"}`` (``medium``, ``hard``,
    or none for any): a hand and its token."""
    context = request.context
    difficulty = request.body.get("difficulty")
    if difficulty not in (*DIFFICULTIES, None, "any"):
        return 400, {"error": "bad_request"}
    wanted = None if difficulty == "any" else difficulty
    facts: HandFacts | None = None
    try:
        for _ in range(DRAWS):
            facts, _level = await context.bot_data.solving.deal(
                GameSettings(), context.bot_data.rng, wanted
            )
            if not await _spoils(facts.hand, context):
                break
            facts = None
    except DealRefused as refused:
        return 503, {"error": "busy", "reason": deal_refusal(refused, context)}
    if facts is None:
        return 503, {"error": "busy", "reason": deal_refusal(DealRefused("busy"), context)}
    hand = facts.hand
    return 200, {
        "hand": list(hand),
        "difficulty": wanted or "any",
        "token": make_token(request.user.id, hand, context.now()),
        "language": context.language,
    }


async def _solutions(
    hand: tuple[int, ...], mine: str | None, context: BotContext
) -> dict[str, object]:
    """The hand's distinct solutions but the player's own (``mine``, pretty), as listed."""
    try:
        facts = await context.bot_data.solving.facts(hand, 24)
    except (WorkTimeout, WorkFailed, PoolBusy):
        return {"solutions": None, "more": 0}
    listed = facts.solutions or ()
    shown = [s for s in listed if s != mine][:SHOWN]
    return {
        "solutions": shown,
        "more": max(0, facts.count - len(shown) - (mine in listed)),
        "count": facts.count,
    }


WITHDRAWN: AppReply = (409, {"error": "spoiler"})
"""The answer for a hand that would now spoil a game: the page deals another."""


async def app_answer(request: AppRequest) -> AppReply:
    """``POST /app/api/practice/answer`` with ``{"token": …, "expression": "8/(3-8/3)"}``:
    the player's solution judged; if right, the time and the other solutions."""
    context = request.context
    found = read_token(request.user.id, request.body.get("token"), context.now())
    text = request.body.get("expression")
    if found is None or not isinstance(text, str):
        return 400, {"error": "bad_token"}
    hand, dealt = found
    if await _spoils(hand, context):
        return WITHDRAWN
    verdict = check(text, hand, 24)
    if not verdict.ok or verdict.is_claim:
        return 200, {"ok": False, "reason": reason(verdict, context)}
    mine = solution_of(text).pretty
    seconds = max(0.0, context.now() - dealt)
    return 200, {
        "ok": True,
        "seconds": round(seconds, 1),
        "expression": mine,
        **await _solutions(hand, mine, context),
    }


async def app_reveal(request: AppRequest) -> AppReply:
    """``POST /app/api/practice/reveal`` with ``{"token": …}``: give up; the solutions."""
    context = request.context
    found = read_token(request.user.id, request.body.get("token"), context.now())
    if found is None:
        return 400, {"error": "bad_token"}
    if await _spoils(found[0], context):
        return WITHDRAWN
    return 200, await _solutions(found[0], None, context)


def register(application: Application) -> None:
    """The Mini App's practice calls."""
    serve_app(application, "POST", "practice", app_deal)
    serve_app(application, "POST", "practice/answer", app_answer)
    serve_app(application, "POST", "practice/reveal", app_reveal)


def help_lines(context: BotContext) -> list[HelpLine]:
    """The Mini App's line of /help, where it is served."""
    if context.settings.webapp_url is None:
        return []
    _ = context._
    return [
        HelpLine(
            Help.OWN_CLOCK,
            30,
            _(
                "🃏 Play by tapping: the menu button of our private chat opens the daily "
                "puzzle and practice hands, no typing needed."
            ),
        )
    ]


PAGE_VIEW = PageView(Path(__file__).with_name("page"), "practice.js", style="practice.css", place=2)
"""Its view on the Mini App's page, its files in page/ (the page runs the views by place)."""


GAME = Game(
    "practice",
    (Handlers(register, Slot.LAST),),
    help=help_lines,
    page_texts=PAGE_TEXTS,
    page_view=PAGE_VIEW,
)
