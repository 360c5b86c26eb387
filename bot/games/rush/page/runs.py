"""Rush runs played on the game's page, kept in memory by their token's nonce: the server deals,
judges and keeps the clock, a run ends at its deadline on a server timer and is counted once,
one run at a time per player.  Each rule and what it prevents: docs/design-games.md,
*Rush as a Telegram game*, and docs/miniapp.md, *Rush as a Telegram game*."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from telegram.error import TelegramError
from telegram.ext import Application, Job

from bot.context import BotContext, GameReply, GameRequest
from bot.games.rush.counting import count_run, run_result
from bot.games.rush.page.run_tokens import TokenBook
from bot.games.rush.parts import RUSH_RECORDS
from bot.games.rush.words import given_away, skipped_news
from bot.play.result_listeners import publish
from bot.rules.hands import Hand, LevelTable
from bot.rules.pace import floor_of
from bot.rules.rush.run import CARDS, DECK, TARGET, Deal, RunResult, RushOutcome, RushRun, Void
from bot.rules.rush.run import Refusal as RushRefusal
from bot.services.web import TOKEN_AGE, GameMessage, GameToken
from bot.texts import reason
from bot.typed_handlers import jobs_of

logger = logging.getLogger(__name__)

KEPT_AFTER_END = 15 * 60.0
"""Seconds a page's finished run is kept (its result and table shown when reopened)."""
PLAYERS_KEPT = 50_000
"""Players whose name and language (from their Play press) are remembered at most."""
ANSWER_LENGTH = 200
"""Characters of an expression judged at most (four cards take far fewer)."""
SCORE_SECONDS = 10.0
"""Seconds the game message's table is waited for before a run's end is shown without it."""
SET_SCORE_SECONDS = 120.0
"""Seconds the score's edit may wait in the outbox before it is given up (logged)."""
UNAUTHORIZED: GameReply = (401, {})
RUN_AGE = 4 * 3600.0
"""Seconds after its token was issued that a run's calls are taken at most (a run that
long would be a record many times over; each run ends on its own clock, each solve adding
time: a run may outlast its token's age)."""
assert RUN_AGE > TOKEN_AGE


@dataclass
class PageRun:
    """A run started from a game message's Play button."""

    token: GameToken
    run: RushRun
    name: str
    timer: Job[Any] | None = None
    result: RunResult | None = None
    new_best: bool = False
    best: int | None = None
    """The player's best score before this run."""
    saved: bool = True
    table: list[dict[str, Any]] | None = None
    """The game message's high scores once fetched after the end (None meanwhile)."""
    scoring: asyncio.Task[None] | None = None


class RushPage:
    """Every page's run, and the tokens that started one."""

    def __init__(self, application: Application) -> None:
        self.application = application
        self.book = TokenBook()
        self.runs: dict[str, PageRun] = {}
        """Token nonce → its run."""
        self.live: dict[int, str] = {}
        """Player → the nonce of their run being played."""
        self.players: OrderedDict[int, tuple[str, str | None]] = OrderedDict()
        """Player → (name, Telegram language), from their last Play press."""
        self._table: LevelTable | None = None
        self._avoid: Callable[[Hand], bool] | None = None
        """The hands no deal gives at the moment (the daily puzzles: see
        :meth:`~bot.services.solving.Solving.avoider`)."""

    # --- Play ----------------------------------------------------------------------------------

    def met(self, user_id: int, name: str, language: str | None) -> None:
        """A player pressed Play: their name for boards, their language for the page."""
        self.players.pop(user_id, None)
        self.players[user_id] = (name, language)
        while len(self.players) > PLAYERS_KEPT:
            self.players.popitem(last=False)

    def _player(self, request: GameRequest) -> str:
        name, language = self.players.get(request.token.user_id, (str(request.token.user_id), None))
        request.context.telegram_language = language
        return name

    # --- the calls ------------------------------------------------------------------------------

    async def start(self, request: GameRequest) -> GameReply:
        """``POST /app/api/rush/start``: the first hand, and the server's clock started."""
        name = self._player(request)
        context, token = request.context, request.token
        if self._table is None:
            # Before anything is looked at: from here to the run kept, nothing awaits, so
            # two starts racing cannot both find no run on (two runs at once, one of whose
            # hands /solve would not keep from its player).
            self._avoid = await context.bot_data.solving.avoider()
            self._table = await context.bot_data.solving.levels(CARDS, TARGET)
        now = context.now()
        self._forget(now)
        known = self.runs.get(token.nonce)
        if known is not None:
            return await self._state(known, context, refused="started")
        if now - token.issued > TOKEN_AGE or not self.book.claim(token, now):
            return UNAUTHORIZED
        older = self.runs.get(self.live.get(token.user_id, ""))
        if older is not None and older.result is None:
            older.run.stop(token.user_id, now)
            self._end(older, context)
        run = RushRun.start(token.user_id, name, now, self._deal(context))
        page_run = self.runs[token.nonce] = PageRun(token, run, name)
        self.live[token.user_id] = token.nonce
        self._dealt(page_run, context)
        return await self._state(page_run, context)

    async def answer(self, request: GameRequest) -> GameReply:
        """``POST /app/api/rush/answer`` with ``{"hand": 3, "expression": "8/(3-8/3)"}``."""
        name = self._player(request)
        context = request.context
        page_run = self.runs.get(request.token.nonce)
        if page_run is None:
            return UNAUTHORIZED
        text, hand = request.body.get("expression"), request.body.get("hand")
        if not isinstance(text, str) or len(text) > ANSWER_LENGTH or type(hand) is not int:
            return 400, {"error": "bad_request"}
        run = page_run.run
        outcome = run.answer(
            request.token.user_id, name, text, context.now(), self._deal(context), hand=hand
        )
        return await self._after(page_run, outcome, context)

    async def skip(self, request: GameRequest) -> GameReply:
        """``POST /app/api/rush/skip`` with ``{"hand": 3}``: the next hand, for time."""
        self._player(request)
        context = request.context
        page_run = self.runs.get(request.token.nonce)
        if page_run is None:
            return UNAUTHORIZED
        hand = request.body.get("hand")
        if type(hand) is not int:
            return 400, {"error": "bad_request"}
        run = page_run.run
        if hand != run.hand.number and not run.finish(context.now()) and not run.ended:
            return await self._state(page_run, context, refused=RushRefusal.STALE)
        outcome = run.skip(request.token.user_id, context.now(), self._deal(context))
        return await self._after(page_run, outcome, context)

    async def state(self, request: GameRequest) -> GameReply:
        """``GET /app/api/rush/state``: the run as it stands (``new`` before it starts)."""
        self._player(request)
        context, token = request.context, request.token
        self._forget(context.now())
        page_run = self.runs.get(token.nonce)
        if page_run is None:
            fresh = context.now() - token.issued <= TOKEN_AGE
            if not fresh or self.book.claimed(token):
                return UNAUTHORIZED
            return 200, {"state": "new", "language": context.language}
        return await self._state(page_run, context)

    # --- the run's life ---------------------------------------------------------------------------

    def _deal(self, context: BotContext) -> Deal:
        assert self._table is not None
        return self._table.dealer(context.bot_data.rng, DECK, avoid=self._avoid)

    def _dealt(self, page_run: PageRun, context: BotContext) -> None:
        """A hand was dealt (the page shows it at once): its time starts, it is kept from its
        player's /solve, and the end is timed for the run's deadline as it now stands."""
        run = page_run.run
        now = context.now()
        run.shown(now)
        context.bot_data.live_hands.add_player(page_run.token.user_id, run.hand, kind="rush page")
        self._time(page_run, run.remaining(now))

    def _time(self, page_run: PageRun, seconds: float) -> None:
        if page_run.timer is not None:
            page_run.timer.schedule_removal()
        page_run.timer = jobs_of(self.application).run_once(
            self._time_up, max(seconds, 0.0) + 0.05, data=page_run.token.nonce
        )

    async def _time_up(self, context: BotContext) -> None:
        """The run's deadline as it stood: the end, unless the clock says otherwise (a solve
        added time meanwhile, or a test's clock stands still)."""
        job = context.job
        page_run = self.runs.get(str(job.data)) if job is not None else None
        if page_run is None or page_run.result is not None:
            return
        page_run.timer = None
        now = context.now()
        if page_run.run.finish(now) or page_run.run.ended:
            self._end(page_run, self._context(page_run))
        else:
            self._time(page_run, page_run.run.remaining(now))

    def _context(self, page_run: PageRun) -> BotContext:
        user_id = page_run.token.user_id
        context = BotContext(self.application, user_id=user_id)
        context.telegram_language = self.players.get(user_id, ("", None))[1]
        return context

    async def _after(
        self, page_run: PageRun, outcome: RushOutcome, context: BotContext
    ) -> GameReply:
        extra: dict[str, Any] = {}
        if outcome.refused is not None:
            return await self._state(page_run, context, refused=outcome.refused)
        if outcome.solved:
            extra = {
                "solved": True,
                "seconds": round(outcome.seconds, 1),
                "bonus": round(outcome.bonus),
            }
        elif outcome.void is Void.TOO_FAST:  # the hand goes on
            extra = {
                "solved": False,
                "void": outcome.void.value,
                "floor": round(floor_of(page_run.run.hand.hand), 2),
            }
        elif outcome.void is Void.GIVEN:  # the bot had solved the hand for someone else
            skipped = skipped_news(page_run.run.dealt[-2], None, context)  # costs a skip
            why = given_away(context) + " " + skipped
            extra = {"solved": False, "void": outcome.void.value, "reason": why}
        elif outcome.verdict is not None:
            extra = {"solved": False, "reason": reason(outcome.verdict, context)}
            extra["out"] = outcome.out
        dealt = outcome.solved or outcome.void is Void.GIVEN or outcome.verdict is None
        if not page_run.run.ended and dealt:
            self._dealt(page_run, context)  # a new hand: solved, given away, or skipped
        status, reply = await self._state(page_run, context)
        return status, {**reply, **extra}

    def _end(self, page_run: PageRun, context: BotContext) -> None:
        """Count the ended run once (saved before it is shown), then send its score to the
        game message's table in the background."""
        if page_run.result is not None:
            return
        self._forget(context.now())
        user_id = page_run.token.user_id
        result = page_run.run.result(user_id)
        assert result is not None  # the run has ended, and its starter is its player
        runs = None if context.user_data is None else RUSH_RECORDS.of(context.user_data)
        before = None if runs is None else runs.best
        page_run.best = before.score if before is not None else None
        personal, page_run.saved = count_run(context, user_id, page_run.name, result)
        publish(context, None, [run_result(user_id, page_run.name, result)])  # told in private
        page_run.result, page_run.new_best = result, personal.new_best
        if page_run.timer is not None:
            page_run.timer.schedule_removal()
            page_run.timer = None
        if self.live.get(user_id) == page_run.token.nonce:
            del self.live[user_id]
        page_run.scoring = self.application.create_task(
            self._score(page_run), name=f"rush game score {user_id}"
        )

    async def _score(self, page_run: PageRun) -> None:
        """``setGameScore`` for the player on the game message if the run beats their
        score there (Telegram refuses a score that is not higher) and kept a person's pace,
        then the message's table.  A refusal is only logged: the run is counted already."""
        bot = self.application.bot
        user_id = page_run.token.user_id
        where = _where(page_run.token.message)
        assert page_run.result is not None
        score = page_run.result.score
        counted = not page_run.result.off_pace  # a run too fast goes on no table
        try:
            table = await bot.get_game_high_scores(user_id, **where)
            mine = next((row.score for row in table if row.user.id == user_id), None)
            if counted and score > 0 and (mine is None or score > mine):
                await self._set_score(page_run, score, where)
                table = await bot.get_game_high_scores(user_id, **where)
        except (TelegramError, TimeoutError) as error:
            logger.info("The game message's score or table was refused: %r", error)
            page_run.table = []
            return
        page_run.table = [
            {
                "position": row.position,
                "name": row.user.full_name,
                "score": row.score,
                "me": row.user.id == user_id,
            }
            for row in table
        ]

    async def _set_score(self, page_run: PageRun, score: int, where: dict[str, Any]) -> None:
        """The score set, within the chat's flood limits (the message is edited to show the
        table): through the outbox for a chat message; an inline message names no chat."""
        bot = self.application.bot
        user_id = page_run.token.user_id
        chat_id = page_run.token.message.chat_id
        if chat_id is None:
            await bot.set_game_score(user_id, score, **where)
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def failed(error: Exception) -> None:
            if not done.done():
                done.set_exception(error)

        def sent(_: object) -> None:
            if not done.done():
                done.set_result(None)

        self._context(page_run).post(
            chat_id,
            lambda: bot.set_game_score(user_id, score, **where),
            game=True,
            on_sent=sent,
            on_failed=failed,
        )
        # The outbox sends it within the chat's limits (a busy group: a few seconds), and
        # keeps a game letter unless the chat holds far too many: never wait for ever.
        await asyncio.wait_for(done, SET_SCORE_SECONDS)

    async def _state(
        self, page_run: PageRun, context: BotContext, *, refused: str | None = None
    ) -> GameReply:
        run = page_run.run
        now = context.now()
        run.finish(now)
        if page_run.result is None and run.ended:
            self._end(page_run, context)
        reply: dict[str, Any] = {
            "language": context.language,
            "score": run.score,
            "level": run.hand.level,
        }
        if refused is not None:
            reply["refused"] = str(refused)
        if page_run.result is None:
            return 200, {
                **reply,
                "state": "playing",
                "hand": list(run.hand.hand),
                "number": run.hand.number,
                "remaining": round(run.remaining(now), 1),
            }
        if page_run.table is None and page_run.scoring is not None:
            # The table as Telegram keeps it, once set; the page asks again if it is late.
            await asyncio.wait({page_run.scoring}, timeout=SCORE_SECONDS)
        result = page_run.result
        return 200, {
            **reply,
            "state": "over",
            "hands": result.score,
            "best_time": None if result.best_time is None else round(result.best_time, 1),
            "seconds": round(result.seconds),
            "skips": result.skips,
            "new_best": page_run.new_best,
            "previous_best": page_run.best,
            "too_fast": result.too_fast,
            "implausible": result.implausible,
            "lasted_most": result.lasted_most,
            "saved": page_run.saved,
            "table": page_run.table,
        }

    def _forget(self, now: float) -> None:
        """Drop the runs that ended more than :data:`KEPT_AFTER_END` seconds ago."""
        for nonce, page_run in list(self.runs.items()):
            ended = page_run.run.ended_at
            if page_run.result is not None and ended is not None and now - ended > KEPT_AFTER_END:
                del self.runs[nonce]


def _where(message: GameMessage) -> dict[str, Any]:
    """The game message, as the Games API's methods name it."""
    if message.inline_message_id is not None:
        return {"inline_message_id": message.inline_message_id}
    return {"chat_id": message.chat_id, "message_id": message.message_id}
