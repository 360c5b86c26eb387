"""Training by tapping: the Mini App's Train mode deals ladder hands near the player's
puzzle rating, one after another, judges each answer and tells what it did to the rating,
by the same rules and saving as ``/train`` (docs/miniapp.md, *Train*).  A hand's clock
starts when the page gets it: when the reply that carries it is sent."""

from __future__ import annotations

import logging
from typing import Any

from telegram.ext import Application

from bot.context import AppReply, AppRequest, BotContext, services
from bot.games.ladder import levels, play, words
from bot.games.ladder.parts import LADDER_RATINGS, PAGE_TRAINING
from bot.play import set_aside
from bot.play.miniapp import serve_app
from bot.play.result_listeners import publish
from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import SLOW, shown
from bot.rules.ladder.puzzle_rating import Change
from bot.rules.ladder.training import TARGET, Training, prior_of
from bot.rules.pace import floor_of
from bot.rules.rounds import Round
from bot.services.solving import DealRefused
from bot.texts import deal_refusal, reason
from bot.typed_handlers import jobs_of

logger = logging.getLogger(__name__)

KIND = "ladder page"
"""The kind of a page's hand among the live hands (kept from its player's /solve)."""
OVER: AppReply = (409, {"error": "over"})
"""The answer to a call for a hand that is no longer on: the page asks for the next."""


def training_of(application: Application, user_id: int) -> Training | None:
    """A player's training on the page, if they ever trained there."""
    user = application.user_data.get(user_id)
    return PAGE_TRAINING.of(user) if user is not None else None


def restore(application: Application, now: float) -> int:
    """After a restart, every page's hand still on: kept from its player's /solve and its
    time-up alarm set again; one whose time ran out while the bot was down is closed void
    (no rating change, as ``/train``'s).  How many are on."""
    data = services(application)
    restored = 0
    for user_id, user in application.user_data.items():
        training = PAGE_TRAINING.of(user)
        game = training.hand if training is not None else None
        if game is None or not game.live:
            continue
        if game.overdue(now):
            game.stop()
            logger.info(
                "Page training hand of user %s ran out while the bot was down: void", user_id
            )
            continue
        data.live_hands.add_player(user_id, game, kind=KIND)
        left = (game.deadline or now) - now
        jobs_of(application).run_once(time_up, left + 0.05, data=(user_id, game.number))
        restored += 1
    return restored


class TrainPage:
    """Every player's training on the page, kept in their user data and saved with it (a
    restart keeps the hand on, its clock running: :func:`restore`)."""

    def __init__(self, application: Application) -> None:
        self.application = application

    def _training(self, user_id: int, context: BotContext) -> Training:
        user = self.application.user_data[user_id]
        training = PAGE_TRAINING.of(user)
        if training is None:
            training = PAGE_TRAINING.put(user, Training())
            play.begin(context, training, user_id)
        return training

    def _hand(self, user_id: int, context: BotContext) -> Round | None:
        """The player's hand on; one whose time ran out is settled first, as a miss."""
        training = training_of(self.application, user_id)
        game = training.hand if training is not None else None
        if game is None or not game.live:
            return None
        if game.expire(game.number, context.now()):
            _settle(context, user_id, game, None)
            return None
        return game

    async def deal(self, request: AppRequest) -> AppReply:
        """``POST /app/api/train``: the hand on (its clock still running: reopening the page
        deals no other), else the next hand near the player's rating."""
        context, user_id = request.context, request.user.id
        training = self._training(user_id, context)
        game = self._hand(user_id, context)
        if game is None and set_aside.busy_text(context, user_id, "/train") is not None:
            # A game of the player's is on in their private chat (a training hand there, an
            # arena, a challenge): one game at a time, as /train there would refuse it.
            reason = context._(
                "A game of yours is on in our private chat: finish it there first, then open "
                "this tab again."
            )
            return 409, {"error": "busy", "reason": reason}
        if game is None:
            try:
                facts, _review = await play.find(context, user_id, training)
            except DealRefused as refused:
                return 503, {"error": "busy", "reason": deal_refusal(refused, context)}
            game = self._hand(user_id, context)  # another call dealt one meanwhile
            if game is None:
                game = training.next_round(facts, context.now(), user_id, review=False)
                game.show(context.now())  # the page gets it with this reply
                # The hand dealt (not again soon) and the training with its clock, saved.
                if not (play.save(context, user_id, game.hand) and context.save_user_now(user_id)):
                    logger.warning("The page training of user %s is not saved yet", user_id)
                context.bot_data.live_hands.add_player(user_id, game, kind=KIND)
                jobs_of(self.application).run_once(
                    time_up, SLOW + 0.05, data=(user_id, game.number)
                )
        ladder = LADDER_RATINGS.get(context.bot_data.global_data)
        hand_rating = shown(ladder.hand(hand_key(game.hand, TARGET), prior_of(game.hand)).mu)
        return 200, {
            "hand": list(game.hand),
            "number": game.number,
            "rating": ladder.player(user_id).shown,
            "hand_rating": hand_rating,
            "seconds": int(SLOW),
            "elapsed": round(max(0.0, context.now() - game.started), 1),
            "language": context.language,
        }

    def _current(self, request: AppRequest) -> Round | None:
        """The hand on, if the call names it (``number``)."""
        game = self._hand(request.user.id, request.context)
        number = request.body.get("number")
        return game if game is not None and number == game.number else None

    async def answer(self, request: AppRequest) -> AppReply:
        """``POST /app/api/train/answer`` with ``{"number": 3, "expression": "8/(3-8/3)"}``:
        a right answer is counted and its change told; a wrong one, or one under the pace
        floor, is told why, and the hand goes on."""
        context, user_id = request.context, request.user.id
        text = request.body.get("expression")
        if not isinstance(text, str) or len(text) > 200:
            return 400, {"error": "bad_request"}
        game = self._current(request)
        if game is None:
            return OVER
        outcome = game.answer(user_id, text, context.now(), shown=game.started)
        if outcome.expired:  # its time ran out as the answer came
            return self._told(context, user_id, game, None, words.timed_out(context))
        if outcome.too_fast:
            floor = floor_of(game.hand, TARGET)
            return 200, {
                "ok": False,
                "too_fast": True,
                "reason": words.too_fast_text(context, floor),
            }
        if outcome.won:
            return self._told(context, user_id, game, outcome.seconds, "")
        if outcome.out:  # a wrong "no solution": every hand of the ladder has one
            game.stop()
            return self._told(context, user_id, game, None, words.missed(context))
        return 200, {"ok": False, "reason": reason(outcome.verdict, context)}

    async def skip(self, request: AppRequest) -> AppReply:
        """``POST /app/api/train/skip`` with ``{"number": 3}``: the hand counts as a miss; its
        change and a solution."""
        context, user_id = request.context, request.user.id
        game = self._current(request)
        if game is None or not game.stop():
            return OVER
        return self._told(context, user_id, game, None, words.skipped(context))

    def _told(
        self, context: BotContext, user_id: int, game: Round, seconds: float | None, how: str
    ) -> AppReply:
        """A hand's end, recorded and saved, as the page shows it (nothing told unsaved)."""
        change, saved = _settle(context, user_id, game, seconds)
        if not saved:
            text = context._(
                "⏳ The bot cannot save results just now (its disk refuses to write), so this "
                "one is not counted yet: open the page again in a while."
            )
            return 503, {"error": "not_saved", "reason": text}
        if seconds is not None:  # its achievements told in private, as a page's Rush run's
            publish(context, None, [play.solved(user_id, "", game, seconds, change)])
        solution = game.solutions[0] if game.solutions else None
        reply: dict[str, Any] = {
            "ok": seconds is not None,
            "line": words.change_text(change, seconds, how, context, solution),
            "counted": change.counted,
            "delta": change.delta,
            "rating": change.after,
        }
        if seconds is not None:
            reply["seconds"] = round(seconds, 1)
        return 200, reply


def _settle(
    context: BotContext, user_id: int, game: Round, seconds: float | None
) -> tuple[Change, bool]:
    """Record the hand's result as ``/train`` does, and save it with the training; the
    change, and whether the disk took them."""
    context.bot_data.live_hands.drop_player(user_id, KIND)
    change = play.record(context, user_id, game, seconds)
    training = training_of(context.application, user_id)
    if change.counted and training is not None:
        training.played += 1
    saved = play.save(context, user_id, game.hand) and context.save_user_now(user_id)
    if change.hand_moved:
        levels.tell(context.bot_data, [hand_key(game.hand, TARGET)])
    return change, saved


async def time_up(context: BotContext) -> None:
    """Job: a page's hand left unanswered past its time is a miss (the page closed on a
    hard hand dodges nothing); a hand already over, or a newer one, is left alone."""
    job = context.job
    if job is None or not isinstance(job.data, tuple):
        return
    user_id, number = job.data
    training = training_of(context.application, user_id)
    game = training.hand if training is not None else None
    if game is None or game.number != number or not game.live:
        return
    player = BotContext(context.application, user_id=user_id)
    if game.expire(number, player.now()):
        _settle(player, user_id, game, None)
    else:  # the clock says otherwise (a test's clock standing still): asked again later
        jobs_of(context.application).run_once(time_up, SLOW / 4, data=job.data)


def register(application: Application) -> None:
    """The Mini App's Train calls."""
    page = TrainPage(application)
    serve_app(application, "POST", "train", page.deal)
    serve_app(application, "POST", "train/answer", page.answer)
    serve_app(application, "POST", "train/skip", page.skip)
