"""Rounds on Telegram: /play, answers (/a, replies, plain text), hints, timers, matches, scores.

The rules live in :mod:`bot.game`; these handlers read updates, call them, and speak.
"""

from __future__ import annotations

import contextlib
import html
import logging

from telegram import Message, Update
from telegram.constants import ChatType
from telegram.error import BadRequest
from telegram.ext import Application, CommandHandler, MessageHandler, filters
from telegram.helpers import mention_html

from bot.context import BotContext, now_of, services
from bot.game.rounds import Outcome, Round
from bot.game.table import DIFFICULTY_WORDS, Table
from bot.services.outbox import Sent
from bot.services.pictures import send_hand
from bot.services.solving import DealRefused
from bot.services.timers import HALF_TIME, LATE_ANSWERS, NEXT_DEAL, TIME_UP, Timers
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.texts import deal_refusal, hint_text, reason
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate, for_messages
from solver import solution_of
from solver.parsing import ParseError

logger = logging.getLogger(__name__)

SHOWN_SOLUTIONS = 10
STATUS_LINES = 6
STATUS_FRESH = 60.0
"""A wrong-answer status message younger than this is edited rather than sent anew."""
LATE_DELAY = 3.0
"""Seconds after the first late right answer before the one message naming them all."""
LATE_SHOWN = 20
NEXT_DEAL_DELAY = 4.0
"""Seconds between a match's rounds."""


def table_of(context: ChatContext) -> Table:
    """The chat's game table."""
    return context.chat_data.table


def _caption(game: Round, context: ChatContext, match_text: str) -> str:
    _ = context._
    hand = " ".join(map(str, sorted(game.hand)))  # in the picture's order
    lines = [_("Make {target} from <b>{hand}</b>").format(target=game.target, hand=hand)]
    if match_text:
        lines[0] = f"{match_text} · {lines[0]}"
    if game.time_limit:
        lines.append(_("Time: {seconds} s.").format(seconds=int(game.time_limit)))
    if context.chat_data.table.settings.unsolvable:
        lines.append(_("This hand may have no solution: then answer /a none."))
    if game.level is not None:
        lines.append(_("Difficulty: {level}/5.").format(level=game.level))
    lines.append(
        _("Answer with /a and your expression, e.g. /a (8-2)*4, or reply to this picture.")
    )
    return "\n".join(lines)


def _match_text(table: Table, context: BotContext) -> str:
    if table.match is None:
        return ""
    return context._("Round {n} of {total}").format(
        n=table.match.played + 1, total=table.match.rounds
    )


async def deal_round(chat_id: int, context: ChatContext, difficulty: str | None = None) -> None:
    """Find a hand by the chat's settings (in a worker), then deal it: picture, timers."""
    data = context.bot_data
    if chat_id in data.dealing:
        return  # a hand is on its way already (two /play at once)
    data.dealing.add(chat_id)
    table = table_of(context)
    try:
        facts, level = await data.solving.deal(table.settings, data.rng, difficulty)
    except DealRefused as refused:
        if chat_id in data.dealing:
            table.match = None  # a match whose first hand cannot be dealt is not armed
            context.send(chat_id, html.escape(deal_refusal(refused, context)), game=True)
        return
    finally:
        stopped = chat_id not in data.dealing  # /stop came while the hand was looked for
        data.dealing.discard(chat_id)
    if stopped or table.playing:
        return
    game = table.new_round(facts, level, context.now())
    data.live_hands.add(chat_id, game)
    chat = context.chat_data
    chat.status.message_id = None
    chat.status.lines = []
    caption = _caption(game, context, _match_text(table, context))

    def dealt(sent: object) -> None:
        if isinstance(sent, Message):
            chat.rounds.deal_message_id = sent.message_id
        if table.round is game:
            game.show(context.now())
            schedule_timers(context.bot_data.timers, chat_id, game, context.now())

    sorry = context.sorry(chat_id)

    def lost(error: Exception) -> None:
        # A picture Telegram refuses, or that found no network for a minute: nobody saw
        # the hand, so no round is left open with no timers.
        if table.round is game and game.reveal():
            logger.warning("The hand for chat %s was not sent (%s): round ended", chat_id, error)
        sorry(error)

    context.post(
        chat_id,
        lambda: send_hand(
            context.bot, chat_id, game.hand, context.bot_data.file_ids, caption=caption
        ),
        game=True,
        on_sent=dealt,
        on_failed=lost,
    )
    if game.solutions is None:  # hints alone are worked out when first asked for
        context.application.create_task(_learn_meanwhile(game, context), name="learn")


def schedule_timers(timers: Timers, chat_id: int, game: Round, now: float) -> None:
    """Half-time hint and time-up jobs for a timed round (jobs are not persisted by PTB)."""
    if game.time_limit is None:
        return
    left = game.started + game.time_limit - now
    half = max(left - game.time_limit / 2, 0)
    timers.run_once(half_time, half, chat_id=chat_id, kind=HALF_TIME, data=game.number)
    timers.run_once(time_up, max(left, 0), chat_id=chat_id, kind=TIME_UP, data=game.number)


def restore_timers(application: Application) -> int:
    """After a restart, set the timers of every round still running, and the next deal of
    every match between two rounds; returns how many chats."""
    restored = 0
    timers = services(application).timers
    for chat_id, data in application.chat_data.items():
        table = data.table
        game = table.round
        if table.playing and game is not None:
            services(application).live_hands.add(chat_id, game)
        if table.playing and game is not None and game.time_limit:
            schedule_timers(timers, chat_id, game, now_of(application))
            restored += 1
        elif not table.playing and table.match is not None:
            timers.run_once(next_deal, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL)
            restored += 1
    return restored


def _cancel_timers(context: BotContext, chat_id: int) -> None:
    """Cancel the chat's pending round jobs (its timers, or a match's next deal)."""
    context.bot_data.timers.cancel(chat_id, HALF_TIME, TIME_UP, NEXT_DEAL)


async def _learn(game: Round, context: BotContext) -> None:
    """Work out what the deal left to a worker: solutions and hints (see :meth:`Round.learn`)."""
    if game.needs_facts:
        game.learn(await context.bot_data.solving.facts(game.hand, game.target))


async def _learn_meanwhile(game: Round, context: BotContext) -> None:
    """Work out the hand's solutions and hints while the players think (a round's end or a
    hint that comes before them waits for the same worker job)."""
    with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy):  # then asked again later
        await _learn(game, context)


async def _solutions_text(game: Round, context: BotContext, exclude: str | None) -> str:
    """The distinct solutions of the round's hand, as HTML lines."""
    _ = context._
    try:
        await _learn(game, context)
    except (WorkTimeout, WorkFailed, PoolBusy):
        return _("(The solutions take too long to list.)")
    assert game.solutions is not None
    if not game.solution_count:
        return _("This hand has no solution.")
    shown = [s for s in game.solutions if s != exclude][:SHOWN_SOLUTIONS]
    if not shown:
        return _("That was the only solution.")
    lines = [f"<code>{html.escape(s)}</code>" for s in shown]
    more = game.solution_count - len(shown) - (exclude in game.solutions)
    if more > 0:
        lines.append(_("… and {count} more").format(count=more))
    return "\n".join(lines)


async def _after_round(chat_id: int, context: ChatContext) -> None:
    """Go on with a match, or close it with its standings."""
    table = table_of(context)
    match = table.match
    if match is None:
        return
    if not match.over:
        context.bot_data.timers.run_once(
            next_deal, NEXT_DEAL_DELAY, chat_id=chat_id, kind=NEXT_DEAL
        )
        return
    table.match = None
    lines = [context._("<b>Final standings</b>")]
    standings = match.standings()
    for place, (name, points) in enumerate(standings, start=1):
        lines.append(f"{place}. {html.escape(name)}: {points}")
    if not standings:
        lines.append(context._("Nobody scored this time."))
    context.send(chat_id, "\n".join(lines), game=True)


async def next_deal(context: JobContext[None]) -> None:
    """Job: the next round of a match."""
    if table_of(context).match is not None and not table_of(context).playing:
        await deal_round(context.job.chat_id, context)


async def half_time(context: JobContext[int]) -> None:
    """Job: the automatic hint at half time."""
    game = table_of(context).round
    if game is None or not game.half_time_hint_due(context.job.data, context.now()):
        return
    with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy):  # then no hint this time
        await _learn(game, context)
    found = game.next_hint()
    if found is not None:
        context.send(context.job.chat_id, hint_text(found, context), game=True)


async def time_up(context: JobContext[int]) -> None:
    """Job: the time is up; show the solutions."""
    table = table_of(context)
    game = table.round
    chat_id = context.job.chat_id
    if game is None or not game.expire(context.job.data, context.now()):
        return
    table.record_no_winner()
    text = context._("⏰ Time is up! The solutions:") + "\n"
    context.send(chat_id, text + await _solutions_text(game, context, None), game=True)
    await _after_round(chat_id, context)


async def play(update: MessageUpdate, context: HandlerContext) -> None:
    """Deal a hand (/play, /deal), optionally of a difficulty or as a match (/play 5)."""
    _ = context._
    table = table_of(context)
    if update.effective_chat.id in context.bot_data.dealing:
        context.reply(update, _("A hand is on its way: one moment."), key="on its way")
        return
    if table.playing:
        context.reply(
            update, _("A round is on: answer it with /a, or use /hint, /reveal or /skip.")
        )
        return
    difficulty = None
    rounds = None
    for word in context.args or []:
        if word.lower() in DIFFICULTY_WORDS:
            difficulty = DIFFICULTY_WORDS[word.lower()]
        elif word.isdigit() and 1 <= int(word) <= 20:
            rounds = int(word)
        else:
            context.reply(
                update,
                _("Use /play, /play easy|medium|hard, or /play 5 for a match of five rounds."),
            )
            return
    context.chat_data.answers_to = "round"
    if rounds is not None and rounds > 1:
        table.start_match(rounds)
    else:
        table.match = None
    await deal_round(update.effective_chat.id, context, difficulty)


def _name(update: Update) -> str:
    user = update.effective_user
    return user.full_name if user else "?"


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the running round and say what it did."""
    _ = context._
    table = table_of(context)
    game = table.round
    if game is None:
        context.reply(update, _("No round is running: /play deals a hand."))
        return
    outcome = game.answer(update.effective_user.id, text, context.now())
    if outcome.too_late:
        if update.effective_chat.type == ChatType.PRIVATE:
            context.reply(update, _("Right, but the round is already over."))
        else:
            _note_late(update, context)
        return
    if not table.playing and not outcome.won:
        context.reply(update, _("No round is running: /play deals a hand."))
        return
    if not outcome.won:
        await _say_wrong(update, context, outcome)
        return
    chat_id = update.effective_chat.id
    _cancel_timers(context, chat_id)
    day = context.today()
    table.record_win(outcome, update.effective_user.id, _name(update), day)
    # A score must survive a crash: save it before it is announced.
    context.save_now(chat_id, update.effective_user.id)
    who = mention_html(update.effective_user.id, _name(update))
    head = _("🎉 {who} wins in {seconds} s: +{points} points!").format(
        who=who, seconds=f"{outcome.seconds:.1f}", points=outcome.points
    )
    if outcome.verdict.is_claim:
        others = _("Indeed, this hand has no solution.")
    else:
        try:
            mine = solution_of(text, game.target).pretty
        except (ParseError, ZeroDivisionError):
            mine = None
        others = _("Other solutions:") + "\n" + await _solutions_text(game, context, mine)
    context.reply(update, f"{head}\n{others}", game=True)
    await _after_round(chat_id, context)


def _note_late(update: MessageUpdate, context: HandlerContext) -> None:
    """In groups, right answers after the win are named together in one message, later."""
    data = context.chat_data
    chat_id = update.effective_chat.id
    timers = context.bot_data.timers
    # Whether the message is on its way is the job's to say: names saved just before a
    # restart have no job to name them, and would otherwise keep every later one waiting.
    if not timers.pending(chat_id, LATE_ANSWERS):
        timers.run_once(say_late, LATE_DELAY, chat_id=chat_id, kind=LATE_ANSWERS)
    data.status.late_names = [*data.status.late_names, _name(update)]


async def say_late(context: JobContext[None]) -> None:
    """Job: one message for everyone whose right answer came after the winner's."""
    names, context.chat_data.status.late_names = context.chat_data.status.late_names, []
    shown = ", ".join(html.escape(n) for n in names[:LATE_SHOWN])
    if len(names) > LATE_SHOWN:
        shown += context._(" and {count} more").format(count=len(names) - LATE_SHOWN)
    text = context._("Also right, but too late: {names}").format(names=shown)
    context.send(context.job.chat_id, text)


async def _say_wrong(update: MessageUpdate, context: HandlerContext, outcome: Outcome) -> None:
    """Tell a player why the answer is wrong; in groups, through one status message."""
    why = html.escape(reason(outcome.verdict, context))
    if update.effective_chat.type == ChatType.PRIVATE:
        context.reply(update, context._("Not quite: {reason}.").format(reason=why))
        return
    # Telegram allows 20 messages a minute in a group (edits count too): wrong guesses are
    # gathered into one status message.  The outbox keeps one status letter per chat and
    # sends it with the lines as they are then, so the lines pile up only while it waits.
    data = context.chat_data
    data.status.lines = [*data.status.lines, f"{html.escape(_name(update))}: {why}"][-STATUS_LINES:]
    chat_id = update.effective_chat.id
    game = table_of(context).round
    number = game.number if game is not None else None
    heading = context._("Not yet:")

    async def show() -> Sent:
        table = table_of(context)
        if not table.playing or table.round is None or table.round.number != number:
            return None  # the round ended while this waited: its status is old news
        text = heading + "\n" + "\n".join(data.status.lines)
        now = context.now()
        if data.status.message_id is not None and now - data.status.sent < STATUS_FRESH:
            try:
                return await context.bot.edit_message_text(text, chat_id, data.status.message_id)
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return None
                # Deleted by an admin, or too old to edit: say it in a new message.
                logger.info("Status message in %s not edited (%s); sending anew", chat_id, error)
        sent = await context.bot.send_message(chat_id, text)
        data.status.message_id = sent.message_id
        data.status.sent = now
        return sent

    context.post(chat_id, show, key="status")


async def answer_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/a (or /answer) followed by an expression."""
    text = " ".join(context.args or [])
    if not text:
        context.reply(update, context._("Write your answer after /a, like /a (8-2)*4"))
        return
    if await context.bot_data.route_answer(update, context, text):
        return  # another feature's answer (the daily puzzle's)
    await judge(update, context, text)


def _looks_like_answer(text: str) -> bool:
    """Whether plain text in a group is meant as an answer (digits with an operator, or a claim)."""
    has_digit = any(ch.isdigit() for ch in text)
    has_operator = any(ch in "+-*/×÷−xX（）()" for ch in text)
    return (has_digit and has_operator) or text.strip().lower() in {"none", "无解", "no solution"}


async def text_answer(update: MessageUpdate, context: HandlerContext) -> None:
    """Plain text: an answer when it replies to the deal, in private, or looks like one."""
    message: Message = update.effective_message
    table = table_of(context)
    text = message.text or ""
    replied = message.reply_to_message
    if await context.bot_data.route_answer(update, context, text):
        pass  # another feature's answer (the daily puzzle's)
    elif (
        replied is not None and replied.message_id == context.chat_data.rounds.deal_message_id
    ) or (
        table.playing
        and (update.effective_chat.type == ChatType.PRIVATE or _looks_like_answer(text))
    ):
        await judge(update, context, text)
    elif update.effective_chat.type == ChatType.PRIVATE:
        context.reply(update, context._("Send /play for a hand, or /solve 3 3 8 8."))


async def not_text(update: MessageUpdate, context: HandlerContext) -> None:
    """A sticker, photo or other non-text message in private: say how to answer."""
    if table_of(context).playing or context.chat_data.answers_to == "daily":
        text = context._("Please type your answer as text, like (8-2)*4.")
    else:
        text = context._("Send /play for a hand, or /solve 3 3 8 8.")
    context.reply(update, text)


async def hint_command(update: MessageUpdate, context: HandlerContext) -> None:
    """The next hint for the running round; each one lowers its points."""
    game = table_of(context).round
    if game is not None and table_of(context).playing:
        try:
            await _learn(game, context)
        except (WorkTimeout, WorkFailed, PoolBusy):
            context.reply(
                update, context._("I am busy dealing other hands: try again in a moment.")
            )
            return
    found = game.next_hint() if game is not None and table_of(context).playing else None
    if found is None:
        if not table_of(context).playing:
            text = context._("No round is running: /play deals a hand.")
        else:
            text = context._("No more hints for this hand.")
        context.reply(update, text)
        return
    context.reply(update, hint_text(found, context), game=True)


async def reveal(update: MessageUpdate, context: HandlerContext) -> None:
    """Give up on the round (/reveal, /giveup) and show every solution."""
    table = table_of(context)
    game = table.round
    if game is None or not game.reveal():
        context.reply(update, context._("No round is running: /play deals a hand."))
        return
    chat_id = update.effective_chat.id
    _cancel_timers(context, chat_id)
    table.record_no_winner()
    text = context._("The solutions:") + "\n" + await _solutions_text(game, context, None)
    context.reply(update, text, game=True)
    await _after_round(chat_id, context)


async def skip(update: MessageUpdate, context: HandlerContext) -> None:
    """Drop the running hand and deal a new one."""
    table = table_of(context)
    if update.effective_chat.id in context.bot_data.dealing:
        context.reply(update, context._("A hand is on its way: one moment."), key="on its way")
        return
    if table.round is not None and table.round.reveal():
        _cancel_timers(context, update.effective_chat.id)
        table.record_no_winner()
        if table.match is not None and table.match.over:
            await _after_round(update.effective_chat.id, context)
            return
    await deal_round(update.effective_chat.id, context)


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """End the game: the running round and any match."""
    table = table_of(context)
    chat_id = update.effective_chat.id
    if table.round is not None and table.round.reveal():
        table.record_no_winner()
    _cancel_timers(context, chat_id)  # the round's timers, or a match's next deal
    table.match = None
    context.bot_data.dealing.discard(chat_id)  # a hand still being looked for is not dealt
    context.reply(update, context._("Game stopped. /play to start again."), game=True)


def register(application: Application) -> None:
    """Rounds and matches (/play, /a, /hint, /reveal, /skip, /stop), and typed answers."""
    application.add_handler(CommandHandler(["play", "deal"], for_messages(play)))
    application.add_handler(CommandHandler(["a", "answer"], for_messages(answer_command)))
    application.add_handler(CommandHandler("hint", for_messages(hint_command)))
    application.add_handler(CommandHandler(["reveal", "giveup"], for_messages(reveal)))
    application.add_handler(CommandHandler("skip", for_messages(skip)))
    application.add_handler(CommandHandler("stop", for_messages(stop)))
    application.add_handler(
        MessageHandler(filters.TEXT & ~filters.COMMAND, for_messages(text_answer))
    )
    application.add_handler(
        MessageHandler(
            filters.ChatType.PRIVATE & ~filters.TEXT & ~filters.StatusUpdate.ALL,
            for_messages(not_text),
        )
    )
