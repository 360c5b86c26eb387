"""A round's life: /play deals a hand, /hint, /reveal, /skip and /stop; a timed round's
half-time hint and time-up (answers are judged in :mod:`~bot.games.rounds.judging`).

The rules live in :mod:`bot.rules` (:class:`~bot.rules.rounds.Round`, and the chat's
:class:`~bot.rules.table.Table`); these handlers and jobs read updates, call them, and speak.
"""

from __future__ import annotations

import contextlib

from telegram import InlineKeyboardMarkup
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext
from bot.games.rounds import group_status, matches, solutions_shown
from bot.games.rounds.caption import deal_caption
from bot.games.rounds.matches import NEXT_DEAL
from bot.games.rounds.parts import ROUND_MESSAGES
from bot.games.rounds.solutions_shown import learn, solutions_text
from bot.games.rounds.words import vote_text
from bot.play import game_life, set_aside
from bot.play.admins import is_admin
from bot.play.announce import tell_saved
from bot.play.result_listeners import publish
from bot.rules.results import Missed, outpaced
from bot.rules.rounds import (
    MATCH,
    ROUND_GAME,
    ROUND_SEAT,
    Round,
    new_round,
    record_no_winner,
    start_match,
)
from bot.rules.table import DIFFICULTY_WORDS, Table
from bot.rules.votes import Action, request
from bot.services.limits import CAPTION, TEXT, visible_length
from bot.services.riders import Riders
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.texts import hint_text
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate

HALF_TIME = "half-time"
"""A timed round's automatic hint at half time."""
TIME_UP = "time-up"
"""A timed round's end."""

ROUND_JOBS = (HALF_TIME, TIME_UP, NEXT_DEAL)
"""The jobs a round's end cancels: its timers, or a match's next deal."""


def table_of(context: ChatContext) -> Table:
    """The chat's game table."""
    return context.chat_data.table


async def deal_round(
    chat_id: int,
    context: ChatContext,
    difficulty: str | None = None,
    starter: int | None = None,
    *,
    news: str | None = None,
) -> None:
    """Find a hand by the chat's settings (in a worker), then deal it for ``starter`` (a
    match's rounds are its starter's): picture, timers.  ``news`` (HTML: how the round
    before ended) heads its caption; where it cannot (too long, or no hand is dealt after
    all), it is told on its own, first."""
    data = context.bot_data
    told = False

    def tell() -> None:
        nonlocal told
        if news is not None and not told:
            told = True
            context.send(chat_id, news, game=True)

    if chat_id in data.dealing:
        tell()
        return  # a hand is on its way already (two /play at once)
    table = table_of(context)

    def unarmed() -> None:
        tell()  # before the refusal
        MATCH.drop(table)  # a match whose first hand cannot be dealt is not armed

    work = data.solving.deal(table.settings, data.rng, difficulty)
    found = await game_life.look_for(context, chat_id, work, holding=True, refused=unarmed)
    if found is None:
        tell()
        return  # refused, /stop came meanwhile, or another game began
    facts, level = found
    for other in data.games:  # the level play learned of the hand, if a game's play rates it
        if other.learned_level is not None:
            level = other.learned_level(data.global_data, facts.hand, facts.target, level)
            break
    game = new_round(table, facts, level, context.now(), starter)
    chat = context.chat_data
    messages = ROUND_MESSAGES.get(chat)
    messages.previous_message_id = messages.deal_message_id
    group_status.new_round(chat)
    # A user's id is their private chat's (groups' ids are negative): deals by timers have
    # no update to ask.
    private = chat_id > 0
    caption = deal_caption(game, context, matches.caption_prefix(table, context), private)
    if news is not None and visible_length(f"{news}\n\n{caption}") <= CAPTION:
        caption, told = f"{news}\n\n{caption}", True
    tell()  # too long to head the caption: on its own, before the picture

    def lost() -> None:
        if news is not None and caption.startswith(news):
            context.send(chat_id, news, game=True)  # the picture is lost, not the news

    game_life.deal(context, chat_id, ROUND, game, messages, caption, on_lost=lost)
    if game.solutions is None:  # hints alone are worked out when first asked for
        context.application.create_task(_learn_meanwhile(game, context), name="learn")


def restore_timers(application: Application) -> int:
    """After a restart, set the timers of every round still running (whose hand is live
    again: see :mod:`bot.rules.spoilers`); returns how many."""
    return game_life.restore(application, ROUND)


def cancel_timers(context: BotContext, chat_id: int) -> None:
    """Cancel the chat's pending round jobs (its timers, or a match's next deal)."""
    context.bot_data.timers.cancel(chat_id, *ROUND_JOBS)


async def _learn_meanwhile(game: Round, context: BotContext) -> None:
    """Work out the hand's solutions and hints while the players think (a round's end or a
    hint that comes before them waits for the same worker job)."""
    with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy):  # then asked again later
        await learn(game, context)


async def next_deal(context: JobContext[None]) -> None:
    """Job: the next round of a match (see :func:`matches.after_round`)."""
    if MATCH.of(table_of(context)) is not None and not ROUND_SEAT.on(table_of(context)):
        await deal_round(context.job.chat_id, context)


async def half_time(context: JobContext[int]) -> None:
    """Job: the hint at half time, free, where it serves someone: in private, and in a group
    once someone has tried (a group where nobody plays is not sent a message for nobody)."""
    game = ROUND_SEAT.of(table_of(context))
    if game is None or not game.half_time_hint_due(context.job.data, context.now()):
        return
    if context.job.chat_id < 0 and not game.attempted:
        return
    with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy):  # then no hint this time
        await learn(game, context)
    found = game.half_time_hint()
    if found is not None:
        text = context._("⏳ Half time. {hint} (Free: this one costs no points.)").format(
            hint=hint_text(found, context)
        )
        context.send(context.job.chat_id, text, game=True)


async def time_up(context: JobContext[int]) -> None:
    """Job: the time is up; show the solutions."""
    game = game_life.expired(context, ROUND)
    if game is not None:
        await timed_out(context.job.chat_id, context, game)


async def timed_out(chat_id: int, context: ChatContext, game: Round) -> None:
    """A round has ended by its clock, at its alarm or at an answer that came after its
    deadline before the alarm rang (:attr:`bot.rules.rounds.Outcome.expired`): no winner,
    its solutions, then a match's next round.  Told once: the alarm of a round already
    ended changes nothing."""
    game_life.cancel_alarms(context, chat_id, ROUND)
    record_no_winner(table_of(context))
    _missed(context, chat_id, game)
    _timed_out_race(context, chat_id, game)
    header = solutions_shown.time_up(" ".join(map(str, sorted(game.hand))))
    await round_over(chat_id, context, await solutions_text(game, context, None, header))


def _timed_out_race(context: ChatContext, chat_id: int, game: Round) -> None:
    """A group's round whose time ran out: who answered had not solved it in its time, a
    race's censored results (:class:`~bot.rules.results.Outpaced`)."""
    if chat_id < 0 and game.solvable and game.time_limit is not None:
        fair = not game.peeked and not game.hints
        behind = game.outpaced()
        publish(
            context,
            chat_id,
            outpaced(behind, ROUND_GAME, game.hand, game.target, game.time_limit, counts=fair),
        )


def _missed(context: ChatContext, chat_id: int, game: Round) -> None:
    """A private round ended unsolved (time-up, reveal, skip): a miss of its one player, as
    a game's result (a group's round has no one player to miss it)."""
    if chat_id > 0 and game.solvable:
        missed = Missed(
            player=chat_id,
            name="",
            game=ROUND_GAME,
            hand=tuple(sorted(game.hand)),
            target=game.target,
            counts=not game.peeked,
        )
        publish(context, chat_id, [missed])


async def round_over(
    chat_id: int,
    context: ChatContext,
    text: str,
    *,
    update: MessageUpdate | None = None,
    saved: bool = True,
    reply_markup: InlineKeyboardMarkup | None = None,
    deal_for: int | None = None,
) -> None:
    """Tell how a round ended (``text``, HTML: its winner, or its solutions; in reply to
    ``update`` if given; announced once ``saved``, see :func:`~bot.play.announce.tell_saved`)
    and go on: a match's next round, or, ``deal_for`` a player's /skip, another hand.

    In a group what comes next comes at once in the same message (Telegram allows 20
    messages a minute there, edits included): one picture of the next hand, the end of
    this round heading its caption, or the end with a match's final standings.  In private
    the end is a message of its own (a win keeps its buttons), and a match's next round
    follows after a pause."""
    late = group_status.late_line(context)
    if late is not None:
        text = f"{text}\n{late}"
    table = table_of(context)
    match = MATCH.of(table)
    if chat_id < 0 and saved:
        if deal_for is not None or (match is not None and not match.over):
            await deal_round(chat_id, context, starter=deal_for, news=text)
            return
        if match is not None:  # its last round: the standings come with its end
            MATCH.drop(table)
            text = f"{text}\n\n{matches.final_standings(match, context)}"
            # (A /score asked between the last two rounds, still waiting, comes with it.)
            ending = Riders(context.bot_data.outbox, chat_id, text, TEXT)
            context.post(chat_id, lambda: context.bot.send_message(chat_id, ending()), game=True)
            matches.after_round(chat_id, context, next_deal)
            return
    tell_saved(context, chat_id, text, saved, update=update, reply_markup=reply_markup)
    if deal_for is not None:
        await deal_round(chat_id, context, starter=deal_for)
    else:
        matches.after_round(chat_id, context, next_deal)


def _half_time(game: Round) -> float | None:
    """When a timed round's automatic hint is due; an untimed round has none."""
    return None if game.time_limit is None else game.started + game.time_limit / 2


ROUND = game_life.Kind[Round](
    "round",
    lambda chat: ROUND_SEAT.of(chat.table),
    (
        game_life.Alarm(HALF_TIME, _half_time, half_time),
        game_life.Alarm(TIME_UP, lambda game: game.deadline, time_up),
    ),
)
"""A round's life: the chat's last round, its hint at half time and its end by its clock."""


async def play(update: MessageUpdate, context: HandlerContext) -> None:
    """Deal a hand (/play, /deal), optionally of a difficulty or as a match (/play 5)."""
    _ = context._
    table = table_of(context)
    # Between two rounds of a match: /play would end it without a word.
    if game_life.refused(update, context, between=lambda: matches.between_rounds(table, context)):
        return
    difficulty = None
    rounds = None
    for word in context.args or []:
        if word.lower() in DIFFICULTY_WORDS:
            difficulty = DIFFICULTY_WORDS[word.lower()]
        elif word.isdecimal() and 1 <= int(word) <= 20:
            rounds = int(word)
        else:
            context.reply(
                update,
                _(
                    "Use /play, /play easy|medium|hard, or /play 5 for a match of five rounds "
                    "(2 to 20)."
                ),
            )
            return
    set_aside.take_answers(context, update.effective_chat.id)
    starter = update.effective_user.id
    if rounds is not None and rounds > 1:
        start_match(table, rounds, starter)
    else:
        MATCH.drop(table)
    await deal_round(update.effective_chat.id, context, difficulty, starter)


async def _granted(update: MessageUpdate, context: HandlerContext, action: Action) -> bool:
    """Whether a /stop, /skip, /reveal or /hint takes effect now: from whoever started the
    round or match, or an admin, or once two of its players agree (see
    :mod:`bot.rules.votes`); otherwise the reply says how the vote stands."""
    game = ROUND_SEAT.of(table_of(context))
    if update.effective_chat.type == ChatType.PRIVATE or game is None:
        return True
    user_id = update.effective_user.id
    # The starter needs no admin check, which may cost a Bot API call.
    admin = user_id != game.starter and await is_admin(update, context)
    match = MATCH.of(table_of(context))  # a match's players may stop it in any of its rounds
    also = set(match.points) if match is not None and action is Action.STOP else set()
    ballot = request(game, action, user_id, admin=admin, also=also)
    if not ballot.agreed:
        context.reply(update, vote_text(action, ballot, context))
    return ballot.agreed


async def hint_command(update: MessageUpdate, context: HandlerContext) -> None:
    """The next hint for the running round; each one lowers its points."""
    game = ROUND_SEAT.of(table_of(context))
    chat_id = update.effective_chat.id
    # A player's own game that a round sets aside (the daily puzzle's attempt), open or waiting.
    own = set_aside.own_game(context, context.chat_data)
    aside = (own is not None and own.aside is not None) or set_aside.waiting(context, chat_id)
    if not ROUND_SEAT.on(table_of(context)) and aside:
        context.reply(update, context._("The daily puzzle has no hints: just you and the clock."))
        return
    if ROUND_SEAT.on(table_of(context)) and not await _granted(update, context, Action.HINT):
        return
    if game is not None and ROUND_SEAT.on(table_of(context)):
        try:
            await learn(game, context)
        except (WorkTimeout, WorkFailed, PoolBusy):
            context.reply(
                update, context._("I am busy dealing other hands: try again in a moment.")
            )
            return
    found = game.next_hint() if game is not None and ROUND_SEAT.on(table_of(context)) else None
    if found is None:
        if not ROUND_SEAT.on(table_of(context)):
            text = no_round(update, context, hint=True)
        else:
            text = context._("No more hints for this hand.")
        context.reply(update, text)
        return
    assert game is not None
    # Said where the hint is asked: each costs a quarter of the points (bot.rules.scoring).
    cost = context.ngettext(
        "(Each hint costs a quarter of the points: a win is now worth {points} point.)",
        "(Each hint costs a quarter of the points: a win is now worth {points} points.)",
        game.worth,
    ).format(points=game.worth)
    context.reply(update, f"{hint_text(found, context)}\n{cost}", game=True)


def no_round(update: MessageUpdate, context: HandlerContext, hint: bool = False) -> str:
    """What a round's command (/hint: ``hint``, /reveal) gets when no round is on: that
    another game is on, if one is (its own way to answer and stop), else how to deal one
    (a daily puzzle set aside that waits is offered first: :func:`give_up_nothing`)."""
    private = update.effective_chat.type == ChatType.PRIVATE
    return game_life.other_game(context, private, hint=hint) or context._(
        "No round is running: /play deals a hand."
    )


def give_up_nothing(update: MessageUpdate, context: HandlerContext) -> None:
    """A give-up (/reveal, /giveup, /stop) with nothing of the chat's to give up: the daily
    puzzle set aside, if it waits, is offered to give up with a button; else
    :func:`no_round`."""
    if not set_aside.offer_give_up(update, context):
        context.reply(update, no_round(update, context))


async def reveal(update: MessageUpdate, context: HandlerContext) -> None:
    """Give up on the round (/reveal, /giveup) and show every solution."""
    table = table_of(context)
    game = ROUND_SEAT.of(table)
    if not ROUND_SEAT.on(table) or game is None:
        give_up_nothing(update, context)
        return
    if not await _granted(update, context, Action.REVEAL):
        return
    game.reveal()
    chat_id = update.effective_chat.id
    cancel_timers(context, chat_id)
    record_no_winner(table)
    _missed(context, chat_id, game)
    text = await solutions_text(game, context, None, solutions_shown.revealed)
    await round_over(chat_id, context, text, update=update)


async def skip(update: MessageUpdate, context: HandlerContext) -> None:
    """Drop the running hand, show its solutions, and deal a new one."""
    table = table_of(context)
    chat_id = update.effective_chat.id
    if chat_id in context.bot_data.dealing:
        context.reply(update, context._("A hand is on its way: one moment."), key="on its way")
        return
    game = ROUND_SEAT.of(table)
    if not ROUND_SEAT.on(table) or game is None:
        # (No round is on: between two of a match, their words.)
        if game_life.refused(
            update, context, between=lambda: matches.between_rounds(table, context)
        ):
            return
        set_aside.take_answers(context, chat_id)
        await deal_round(chat_id, context, starter=update.effective_user.id)
        return
    if not await _granted(update, context, Action.SKIP):
        return
    game.reveal()
    cancel_timers(context, chat_id)
    record_no_winner(table)
    _missed(context, chat_id, game)
    text = await solutions_text(game, context, None, solutions_shown.skipped)
    deal_for = None if MATCH.of(table) is not None else update.effective_user.id
    await round_over(chat_id, context, text, update=update, deal_for=deal_for)


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """End the game: the running round (showing its solutions) and any match (with its
    final standings)."""
    table = table_of(context)
    chat_id = update.effective_chat.id
    game = ROUND_SEAT.of(table)
    playing = ROUND_SEAT.on(table) and game is not None
    other = game_life.other_game(context, update.effective_chat.type == ChatType.PRIVATE)
    if other is not None and not playing:
        context.reply(update, other)
        return
    if not playing and MATCH.of(table) is None and chat_id not in context.bot_data.dealing:
        # Nothing to stop: saying "Game stopped" would tell of a game that never was.
        give_up_nothing(update, context)
        return
    if (playing or MATCH.of(table) is not None) and not await _granted(
        update, context, Action.STOP
    ):
        return
    lines = []  # the solutions first: what to do next comes last
    if playing and game is not None and game.reveal():
        record_no_winner(table)
        lines.append(await solutions_text(game, context, None, solutions_shown.stopped))
    late = group_status.late_line(context)
    if late is not None:
        lines.append(late)
    cancel_timers(context, chat_id)  # the round's timers, or a match's next deal
    context.bot_data.dealing.discard(chat_id)  # a hand still being looked for is not dealt
    # Never silently: a match's standings follow.
    lines.append(matches.stopped(context) or context._("Game stopped. /play to start again."))
    context.reply(update, "\n".join(lines), game=True)
    set_aside.remind(context, chat_id)
