"""Countdown (``/countdown [large] [seconds]``, also ``/numbers``): the numbers game of the
TV show.  Six numbers and a target from 101 to 999; the closest answer wins.

The rules are the game's (:mod:`bot.game.countdown`): each player's best answer counts,
improved by a closer one; equal distances go to the earlier answer.  Answers come as in
rounds (``/a``, a reply to the picture, plain text where the bot sees it); this feature
claims them while a game is on (see :meth:`bot.context.BotData.take_answers`).  In groups the
answers are lines of one status message (values only: the expressions stay secret until
the end), edited as they come.  The solver's best answer is worked out when the game is
dealt, in a worker, and told at the end.
"""

from __future__ import annotations

import html
import logging

from telegram import Message
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler

from bot.context import now_of, services
from bot.game.claims import looks_like_answer
from bot.game.countdown import (
    DEFAULT_SECONDS,
    LARGE,
    MAX_SECONDS,
    MIN_SECONDS,
    Countdown,
    Outcome,
    points_for,
)
from bot.services import status_message
from bot.services.admins import is_admin
from bot.services.pictures import send_hand
from bot.services.solving import DealRefused
from bot.services.timers import COUNTDOWN_UP
from bot.texts import deal_refusal, how_to_answer, reason
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate, for_messages

logger = logging.getLogger(__name__)


def _usage(context: HandlerContext) -> str:
    return context._(
        "Use /countdown, or /countdown 2 60 for two large numbers (0 to {large}) "
        "and 60 seconds ({low} to {high})."
    ).format(large=len(LARGE), low=MIN_SECONDS, high=MAX_SECONDS)


def read_words(words: list[str]) -> tuple[int | None, int] | None:
    """``[large] [seconds]`` → (large numbers or None, seconds); None if unreadable."""
    if len(words) > 2 or not all(w.isdecimal() and len(w) <= 4 for w in words):
        return None
    large = int(words[0]) if words else None
    seconds = int(words[1]) if len(words) > 1 else DEFAULT_SECONDS
    if large is not None and not 0 <= large <= len(LARGE):
        return None
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        return None
    return large, seconds


async def countdown_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/countdown [large] [seconds]: deal six numbers and a target; /countdown stop."""
    _ = context._
    table = context.chat_data.table
    chat_id = update.effective_chat.id
    words = context.args or []
    if words and words[0].lower() in ("stop", "end"):
        await _stop(update, context)
        return
    if table.counting:
        context.reply(
            update, _("A Countdown game is on: answer with /a, or /countdown stop to end it.")
        )
        return
    if table.hunting:
        context.reply(update, _("A hunt is on: answer with /a, or /hunt stop to end it."))
        return
    if table.playing or chat_id in context.bot_data.dealing:
        context.reply(update, _("A round is on: finish it (or /stop it) first."))
        return
    read = read_words(words)
    if read is None:
        context.reply(update, _usage(context))
        return
    large, seconds = read
    data = context.bot_data
    data.dealing.add(chat_id)
    try:
        numbers, target, best = await data.solving.countdown_deal(data.rng, large)
    except DealRefused as refused:
        context.send(chat_id, html.escape(deal_refusal(refused, context)), game=True)
        return
    finally:
        data.dealing.discard(chat_id)
    if table.game_on:
        return  # another game began while this one was dealt
    game = table.new_countdown(numbers, target, best, context.now(), seconds)
    data.live_hands.add(chat_id, game)  # no /solve of it meanwhile
    messages = context.chat_data.countdown
    messages.status.message_id, messages.status.lines = None, []
    caption = (
        _("<b>Countdown</b>: make {target} from {numbers}, {seconds} s.").format(
            target=target, numbers=" ".join(map(str, numbers)), seconds=seconds
        )
        + "\n"
        + _("Each number at most once, + − × ÷, whole numbers on the way; the closest answer wins.")
        + " "
        + how_to_answer(chat_id > 0, context)
    )

    def dealt(sent: object) -> None:
        if isinstance(sent, Message):
            messages.deal_message_id = sent.message_id
        if table.countdown is game and not game.ended:
            # The clock starts when the players can see the numbers.
            game.started = context.now()
            data.timers.run_once(
                countdown_up, seconds, chat_id=chat_id, kind=COUNTDOWN_UP, data=game.number
            )

    def lost(error: Exception) -> None:
        if table.countdown is game:
            game.stop()  # nobody saw the numbers
            logger.warning("The Countdown numbers for chat %s were not sent (%s)", chat_id, error)

    context.post(
        chat_id,
        lambda: send_hand(context.bot, chat_id, numbers, data.file_ids, caption=caption),
        game=True,
        on_sent=dealt,
        on_failed=lost,
    )


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the Countdown game's: while one is on, in private any
    answer; in a group ``/a``, a reply to the game's picture, or text that looks like one."""
    if not context.chat_data.table.counting:
        return False
    message = update.effective_message
    replied = message.reply_to_message
    if update.effective_chat.type == ChatType.PRIVATE:
        return True
    if replied is not None:
        return replied.message_id == context.chat_data.countdown.deal_message_id
    text = message.text or ""
    return text.startswith("/") or looks_like_answer(text)


def _away(value: int, distance: int, context: ChatContext) -> str:
    if not distance:
        return context._("{value}, exactly!").format(value=value)
    return context.ngettext(
        "{value}, {distance} away", "{value}, {distance} away", distance
    ).format(value=value, distance=distance)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the chat's Countdown game and say what it did."""
    _ = context._
    table = context.chat_data.table
    game = table.countdown
    if game is None:
        return
    user = update.effective_user
    chat_id = update.effective_chat.id
    outcome = game.answer(user.id, user.full_name, text, context.now())
    private = update.effective_chat.type == ChatType.PRIVATE
    if outcome.outcome is Outcome.OVER:
        return
    if outcome.outcome is Outcome.WRONG:
        if outcome.verdict.is_claim:
            line = _("Answer with an expression: the closest one counts.")
        else:
            line = _("Not quite: {reason}.").format(
                reason=html.escape(reason(outcome.verdict, context))
            )
    else:
        assert outcome.value is not None and outcome.distance is not None
        assert outcome.best is not None
        this = _away(outcome.value, outcome.distance, context)
        if outcome.outcome is Outcome.BEST:
            line = this
        else:
            line = _("{this}: your best stays {best}").format(
                this=this, best=_away(outcome.best.value, outcome.best.distance, context)
            )
    if private:
        context.reply(update, line)
        if outcome.distance == 0:
            game.stop()  # a solo game ends at the target itself
            finish(chat_id, context, game)
        return
    number = game.number
    status_message.show(
        context,
        chat_id,
        context.chat_data.countdown.status,
        f"{html.escape(user.full_name)}: {line}",
        heading=_("<b>Countdown</b>: {target}").format(target=game.target),
        key="countdown-status",
        current=lambda: table.countdown is not None and table.countdown.number == number,
    )


async def countdown_up(context: JobContext[int]) -> None:
    """Job: the game's time is up."""
    game = context.chat_data.table.countdown
    if game is not None and game.expire(context.job.data, context.now()):
        finish(context.job.chat_id, context, game)


async def _stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/countdown stop: end the game early (in groups, its admins; it ends by itself anyway)."""
    game = context.chat_data.table.countdown
    if game is None or game.ended:
        context.reply(update, context._("No Countdown game is on: /countdown starts one."))
        return
    if not await is_admin(update, context):
        context.reply(update, context._("Only the group's admins can stop a Countdown early."))
        return
    game.stop()
    finish(update.effective_chat.id, context, game)


def solver_line(game: Countdown, context: ChatContext) -> str:
    """The solver's best answer, and whether a player matched it (HTML)."""
    _ = context._
    if game.exact is not None:
        line = _("Solver: {target} = {expression}").format(
            target=game.target, expression=f"<code>{html.escape(game.exact)}</code>"
        )
    else:
        sides = [side for side in (game.below, game.above) if side is not None]
        if not sides:
            return _("Solver: nothing can be made.")
        line = _("Solver: {target} can't be made; closest {sides}").format(
            target=game.target,
            sides=_(" and ").join(
                f"{value} = <code>{html.escape(expression)}</code>" for value, expression in sides
            ),
        )
    closest = game.best_distance
    names = [html.escape(b.name) for b in game.standings() if b.distance == closest]
    if names:
        return line + "\n" + _("Matched by {names}.").format(names=", ".join(names))
    return line + "\n" + _("Nobody matched it.")


def finish(chat_id: int, context: ChatContext, game: Countdown) -> None:
    """A game has ended: score it (saved before it is told), then every player's best, the
    winner and the solver's best answer."""
    _ = context._
    context.bot_data.timers.cancel(chat_id, COUNTDOWN_UP)
    table = context.chat_data.table
    standings = game.standings()
    scores = [(b.user_id, b.name, points_for(b.distance)) for b in standings]
    table.stats.record_countdown([row for row in scores if row[2]])
    if standings:
        context.save_now(chat_id, standings[0].user_id)
    lines = [
        _("🏁 Countdown over: {target} from {numbers}.").format(
            target=game.target, numbers=" ".join(map(str, game.numbers))
        )
    ]
    if not standings:
        lines.append(_("No answers."))
    for place, best in enumerate(standings, start=1):
        points = points_for(best.distance)
        row = f"{place}. {html.escape(best.name)}: {_away(best.value, best.distance, context)}"
        if points:
            row += " · " + context.ngettext("{count} point", "{count} points", points).format(
                count=points
            )
        lines.append(row)
    if standings and chat_id < 0:  # a group (a private chat's id is the user's, positive)
        lines.append(_("Winner: {name}").format(name=html.escape(standings[0].name)))
    lines.append(solver_line(game, context))
    context.send(chat_id, "\n".join(lines), game=True)


def restore(application: Application) -> int:
    """After a restart, the end of every Countdown game still on; returns how many."""
    timers = services(application).timers
    restored = 0
    now = now_of(application)
    for chat_id, data in application.chat_data.items():
        game = data.table.countdown
        if game is not None and not game.ended:
            services(application).live_hands.add(chat_id, game)
            left = max(game.deadline - now, 0)
            timers.run_once(
                countdown_up, left, chat_id=chat_id, kind=COUNTDOWN_UP, data=game.number
            )
            restored += 1
    return restored


def register(application: Application) -> None:
    """/countdown and /numbers, and the answers of a game while one is on."""
    handler = for_messages(countdown_command)
    application.add_handler(CommandHandler(["countdown", "numbers"], handler))
    services(application).take_answers(claims, judge)
