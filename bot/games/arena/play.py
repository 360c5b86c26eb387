"""A player's arena in their private chat: the Join link, each hand on its own clock from
its delivery (its alarm carries the arena and the index), answers, ``/skip``, berserk, and
a restart (docs/design-games.md, *Arenas on Telegram*)."""

from __future__ import annotations

import hmac
import html
import logging
import random
from collections.abc import Callable, Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext, services
from bot.games.arena import refusals, words
from bot.games.arena.group import (
    ARENA_HAND,
    ARENA_UP,
    LINK_PREFIX,
    arena_up,
    changed,
    chat_context,
    end,
    group_part,
    part,
    post_standings,
    save,
    save_progress,
    standings_soon,
    taken_back,
)
from bot.games.arena.live import keep
from bot.play import game_life, set_aside
from bot.play.announce import tell_saved
from bot.play.result_listeners import publish
from bot.rules.arena import Arena, Deal, Refusal, level_of
from bot.rules.daily.days import clock_text
from bot.rules.hands import HandFacts
from bot.rules.pace import floor_of
from bot.rules.results import Game, GameResult, Solved
from bot.services.solving import DealRefused
from bot.state import AnswersTo
from bot.texts import reason
from bot.typed_handlers import ButtonUpdate, HandlerContext, JobContext, MessageUpdate

logger = logging.getLogger(__name__)

BERSERK = "arena:berserk"
"""The Berserk button's data (``arena:berserk:1`` on, ``:0`` off)."""
TARGET = 24


async def ensure_hands(context: BotContext, arena: Arena, upto: int) -> None:
    """Draw the arena's hands up to ``upto`` (the same for everyone: each with its own
    seeded random source, as :meth:`Arena.hand` seeds it).  Raises
    :class:`~bot.services.solving.DealRefused` when no hand can be had now."""
    solving = context.bot_data.solving
    while len(arena.hands) <= upto:
        at = len(arena.hands)
        draw = await solving.rush_dealer(random.Random(f"{arena.seed}:{at}"))
        arena.hand(at, _drawn_by(draw))


def _drawn_by(draw: Callable[[int], HandFacts]) -> Deal:
    """An arena's deal of one hand from Rush's dealer (its random source seeded already)."""

    def deal(_rng: random.Random, level: int) -> tuple[int, ...]:
        return draw(level).hand

    return deal


def berserk_markup(on: bool, context: BotContext) -> InlineKeyboardMarkup:
    """The hand's button: berserk from the next hand (or back to the full time)."""
    data = f"{BERSERK}:{0 if on else 1}"
    button = InlineKeyboardButton(words.berserk_label(on, context), callback_data=data)
    return InlineKeyboardMarkup([[button]])


def player_context(context: BotContext, user_id: int) -> BotContext:
    """A context for the player's private chat (its language), from any chat's."""
    return chat_context(context, user_id)


def deal_hand(context: BotContext, user_id: int, group: int, news: str | None = None) -> None:
    """Send ``user_id`` their current hand of ``group``'s arena (drawn already), with
    ``news`` of the one before; its time starts when it reaches them."""
    found = group_part(context.application, group)
    arena = None if found is None else found.arena
    if arena is None or arena.ended or user_id not in arena.entries:
        return
    player = arena.entries[user_id]
    index = player.index
    if index >= len(arena.hands):
        logger.warning("Arena hand %s of %s not drawn: not dealt", index, group)
        return
    own = player_context(context, user_id)
    keep(own, group, arena, index, user_id)
    caption = words.hand_caption(arena, index, player.berserk_next, news, own)
    markup = berserk_markup(player.berserk_next, own)

    def shown(sent: object) -> None:
        if arena.ended or player.index != index or player.shown is not None:
            return
        now = own.now()
        arena.show(user_id, now)
        mine = part(own.application.chat_data[user_id])
        if isinstance(sent, Message):
            mine.hand_message_id = sent.message_id
        due = arena.deadline(user_id)
        timers = own.bot_data.timers
        timers.cancel(user_id, ARENA_HAND)
        if due is not None:
            data = (group, arena.number, index)
            timers.run_once(
                hand_up,
                max(due - now, 0.0),
                chat_id=user_id,
                kind=ARENA_HAND,
                data=data,
                by_clock=True,
            )
        changed(own, group, user_id)

    game_life.post_hand(
        own, user_id, arena.hands[index], caption, reply_markup=markup, on_sent=shown
    )


def _code_of(payload: str) -> tuple[int, str] | None:
    group, sep, code = payload.removeprefix(LINK_PREFIX).partition("_")
    if not sep or not group.isdecimal() or not code or len(group) > 20:
        return None
    return -int(group), code


async def open_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start arena_<group>_<code>`` (the Join button): join the arena, get its hand."""
    _ = context._
    user = update.effective_user
    found = _code_of((context.args or [""])[0])
    group = None if found is None else found[0]
    ours = None if group is None else group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if (
        found is None
        or ours is None
        or arena is None
        or not hmac.compare_digest(ours.code.encode(), found[1].encode())
    ):
        context.reply(
            update, _("I can't find this arena: the link may be old. /arena starts one in a group.")
        )
        return
    assert group is not None
    now = context.now()
    if arena.finish(now):
        end(context, group)
    if arena.ended:
        context.reply(update, _("This arena is over. /arena in the group starts another."))
        return
    mine = part(context.chat_data)
    if mine.playing not in (None, group):
        other = group_part(context.application, mine.playing)
        if other is not None and other.arena is not None and not other.arena.ended:
            context.reply(update, _("You are playing another arena: finish it first."))
            return
    if user.id not in arena.entries:
        busy = set_aside.busy_text(context, update.effective_chat.id, None)
        if busy is not None:
            context.reply(update, busy)
            return
    joined = arena.join(user.id, user.full_name, now)
    mine.playing = group
    mine.entry, mine.entry_number = arena.entries[user.id], arena.number
    try:
        await ensure_hands(context, arena, arena.entries[user.id].index)
    except DealRefused:
        context.reply(update, _("I am busy dealing other hands: try again in a moment."))
        return
    saved = save(context, group, user.id)
    standings_soon(context, group)
    title = html.escape(ours.title)
    if joined:
        text = _("🏟 You joined arena #{number} of {group}.").format(
            number=arena.number, group=title
        )
    else:
        text = _("🏟 You are in arena #{number} of {group}.").format(
            number=arena.number, group=title
        )
    if not arena.started(now):  # a scheduled arena: its first hand comes at its start
        text += "\n" + not_started_text(context, arena)
        tell_saved(context, user.id, text, saved, update=update)
        return
    if not saved:
        tell_saved(context, user.id, text, saved, update=update)
    news = text if saved else None  # one message: the joining says it over the hand
    if arena.entries[user.id].shown is None:
        deal_hand(context, user.id, group, news)
    else:  # opened again: the hand on the clock is sent again, its clock running on
        deal_hand_again(context, user.id, group, news)


def deal_hand_again(context: BotContext, user_id: int, group: int, news: str | None) -> None:
    """The player's hand, sent again as it is (its clock runs on)."""
    found = group_part(context.application, group)
    arena = None if found is None else found.arena
    if arena is None or user_id not in arena.entries:
        return
    player = arena.entries[user_id]
    caption = words.hand_caption(arena, player.index, player.berserk, news, context)
    game_life.post_hand(
        context,
        user_id,
        arena.hands[player.index],
        caption,
        reply_markup=berserk_markup(player.berserk_next, context),
    )


def not_started_text(context: BotContext, arena: Arena) -> str:
    """What a player who joined a scheduled arena before its start is told meanwhile."""
    left = clock_text(max(arena.starts - context.now(), 0.0))
    return context._("The arena starts in {left}: your first hand comes then.").format(left=left)


def playing(context: HandlerContext, user_id: int | None) -> tuple[int, Arena] | None:
    """The group and the arena this private chat's player plays now, if any."""
    mine = context.chat_data.arena
    if mine is None or mine.playing is None:
        return None
    found = group_part(context.application, mine.playing)
    arena = None if found is None else found.arena
    if arena is None or arena.ended or (user_id is not None and user_id not in arena.entries):
        return None
    return mine.playing, arena


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer is the player's arena's: plain answers go to it while they
    play one, but for a reply to another game's message, or while another game of theirs is
    on in the chat (a round they dealt meanwhile: its answers are its own)."""
    chat_id = update.effective_chat.id
    return (
        update.effective_chat.type == ChatType.PRIVATE
        and playing(context, update.effective_user.id) is not None
        and not _another_game_on(context, chat_id)
        and not context.bot_data.answers.addressed(update, context)
    )


def _another_game_on(context: HandlerContext, chat_id: int) -> bool:
    """Whether a game of the chat other than the arena (and the daily puzzle) is on, or on
    its way: its answers are its own."""
    chat = context.chat_data
    if (
        chat.answers_to == AnswersTo.CHALLENGE
        or chat.table.match is not None
        or chat_id in context.bot_data.dealing
    ):
        return True
    data = context.bot_data.global_data
    return any(
        game.on is not None and game.on is not refusals.on and game.on(chat, data)
        for game in context.bot_data.games
    )


def waiting(context: HandlerContext) -> bool:
    """Whether this private chat's player plays an arena."""
    return playing(context, None) is not None


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the player's current hand."""
    _ = context._
    found = playing(context, update.effective_user.id)
    if found is None:
        context.reply(
            update, _("No arena is on for you: the Join button of one in a group brings you in.")
        )
        return
    group, arena = found
    user_id = update.effective_user.id
    player = arena.entries[user_id]
    try:
        await ensure_hands(context, arena, player.index + 1)
    except DealRefused:
        context.reply(update, _("I am busy dealing other hands: try again in a moment."))
        return
    index = player.index
    outcome = arena.answer(user_id, text, context.now(), index=index)
    if outcome.refused is Refusal.OVER:
        end(context, group)
        context.reply(update, _("Too late: the arena is over."))
        return
    if outcome.refused is Refusal.NOT_SHOWN:
        context.reply(update, _("Your hand is on its way: one moment."))
        return
    if outcome.refused is Refusal.NOT_STARTED:
        context.reply(update, not_started_text(context, arena))
        return
    if outcome.refused is not None:
        return
    if outcome.expired:
        _moved_on(
            context, group, user_id, _("⌛ Time was up for that hand: a miss, your streak ends.")
        )
        return
    if outcome.solved:
        news = words.solved_news(outcome.points, outcome.streak, outcome.seconds, context)
        solved = Solved(
            player=user_id,
            name=update.effective_user.full_name,
            game=Game.ARENA,
            seconds=outcome.seconds,
            level=level_of(index),
        )
        _moved_on(context, group, user_id, news, [solved])
        return
    if outcome.too_fast:
        context.reply(
            update,
            _(
                "Too fast: an answer within {floor} s of its hand reaching you counts for "
                "nothing (nobody reads four cards and types an answer that quickly). The hand "
                "is still on."
            ).format(floor=f"{floor_of(arena.hands[index], TARGET):g}"),
        )
        return
    assert outcome.verdict is not None
    said = _("Not quite: {reason}.").format(reason=html.escape(reason(outcome.verdict, context)))
    if outcome.miss:
        said += " " + _("A miss: your streak ends; the hand is still on.")
        save_progress(context, group, user_id)
        standings_soon(context, group)
    context.reply(update, said)


def _moved_on(
    context: BotContext,
    group: int,
    user_id: int,
    news: str,
    results: Sequence[GameResult] = (),
) -> None:
    """The player's hand is done (solved, skipped, timed out): saved (then its ``results``
    published), then the next hand comes with the news (or the news alone, once saved, if
    the disk refuses)."""
    context.bot_data.timers.cancel(user_id, ARENA_HAND)
    saved = save_progress(context, group, user_id)
    if saved:
        news = "\n".join([news, *publish(context, user_id, results)])
    standings_soon(context, group)
    if not saved:
        tell_saved(context, user_id, news, False)
    deal_hand(context, user_id, group, news if saved else None)


async def skip(update: MessageUpdate, context: HandlerContext) -> None:
    """/skip while playing an arena: the next hand, the streak ends."""
    _ = context._
    user_id = update.effective_user.id
    found = playing(context, user_id)
    if found is None:
        return
    group, arena = found
    try:
        await ensure_hands(context, arena, arena.entries[user_id].index + 1)
    except DealRefused:
        context.reply(update, _("I am busy dealing other hands: try again in a moment."))
        return
    outcome = arena.skip(user_id, context.now())
    if outcome.refused is Refusal.OVER:
        end(context, group)
        context.reply(update, _("Too late: the arena is over."))
    elif outcome.refused is Refusal.NOT_SHOWN:
        context.reply(update, _("Your hand is on its way: one moment."))
    elif outcome.refused is Refusal.NOT_STARTED:
        context.reply(update, not_started_text(context, arena))
    elif outcome.next_hand:
        _moved_on(context, group, user_id, _("⏭ Skipped: your streak ends."))


async def berserk(update: ButtonUpdate, context: HandlerContext) -> None:
    """The Berserk button: half the time and a point more, from the next hand dealt."""
    _ = context._
    query = update.callback_query
    on = (query.data or "").endswith(":1")
    found = playing(context, update.effective_user.id)
    if found is None:
        await query.answer(_("No arena is on for you."))
        return
    group, arena = found
    arena.berserk(update.effective_user.id, on)
    changed(context, group)
    if on:
        said = _("⚡ Berserk from your next hand: half the time, one point more if solved.")
    else:
        said = _("Full time again from your next hand.")
    await query.answer(said)
    try:
        await query.edit_message_reply_markup(berserk_markup(on, context))
    except Exception:  # an old message, or one no longer editable: the answer said it
        logger.info("Berserk button not edited in %s", update.effective_chat.id)


async def hand_up(context: JobContext[tuple[int, int, int]]) -> None:
    """A player's hand's alarm: its time is up (a miss), the next hand comes."""
    user_id = context.job.chat_id
    group, number, index = context.job.data
    found = group_part(context.application, group)
    arena = None if found is None else found.arena
    if arena is None or arena.number != number:
        return
    now = context.now()
    if arena.finish(now):
        end(context, group)
        return
    if user_id not in arena.entries:
        return
    try:
        await ensure_hands(context, arena, index + 1)
    except DealRefused:
        logger.warning("No next arena hand for %s in %s", user_id, group)
    if arena.expire(user_id, index, now):
        _moved_on(context, group, user_id, context._("⌛ Time is up: a miss, your streak ends."))


ARENA_RESUME = "arena-resume"
"""A running arena taken up again after a restart (in its group)."""


def restore(application: Application) -> int:
    """At start-up: every arena not yet told over is taken up again by a job (its end
    told if it passed while the bot was down); returns how many."""
    count = 0
    timers = services(application).timers
    for chat_id, chat in application.chat_data.items():
        ours = chat.arena
        if chat_id >= 0 or ours is None or ours.arena is None or ours.told:
            continue
        taken_back(application, chat_id, ours.arena)
        timers.run_once(resume, 0, chat_id=chat_id, kind=ARENA_RESUME, data=ours.arena.number)
        count += 1
    return count


async def resume(context: JobContext[int]) -> None:
    """A running arena after a restart: it ends if its end passed; else its alarm is set
    from its deadline, and each player gets their hand again, its time from that delivery."""
    group = context.job.chat_id
    ours = group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if ours is None or arena is None or arena.number != context.job.data:
        return
    now = context.now()
    if arena.finish(now) or arena.ended:
        end(context, group)
        return
    context.bot_data.timers.run_once(
        arena_up, arena.ends - now, chat_id=group, kind=ARENA_UP, data=arena.number, by_clock=True
    )
    if not arena.started(now):  # announced, not yet begun: its players wait for its start
        set_start(context, group, arena)
        post_standings(context, group)
        return
    for user_id in arena.resume():
        own = player_context(context, user_id)
        news = own._("🔄 The bot was restarted: your hand again, its time from now.")
        try:
            await ensure_hands(context, arena, arena.entries[user_id].index)
        except DealRefused:
            logger.warning("No arena hand for %s in %s after a restart", user_id, group)
            continue
        deal_hand(own, user_id, group, news)
    save(context, group)
    post_standings(context, group)


ARENA_START = "arena-start"
"""A scheduled arena's start: its players' first hands (in its group)."""


def set_start(context: BotContext, group: int, arena: Arena) -> None:
    """Set the alarm of an arena that starts later (a scheduled one): its first hands."""
    wait = arena.starts - context.now()
    if wait > 0:
        context.bot_data.timers.run_once(
            arena_start, wait, chat_id=group, kind=ARENA_START, data=arena.number, by_clock=True
        )


async def arena_start(context: JobContext[int]) -> None:
    """A scheduled arena starts: every player who joined gets the first hand."""
    group = context.job.chat_id
    found = group_part(context.application, group)
    arena = None if found is None else found.arena
    if arena is None or arena.number != context.job.data or arena.ended:
        return
    if not arena.started(context.now()):  # rang a moment early: the rest of the wait
        set_start(context, group, arena)
        return
    for user_id, player in arena.entries.items():
        if player.shown is not None:
            continue
        try:
            await ensure_hands(context, arena, player.index)
        except DealRefused:
            logger.warning("No first arena hand for %s in %s", user_id, group)
            continue
        deal_hand(context, user_id, group)
    post_standings(context, group)
