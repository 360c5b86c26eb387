"""A player's arena in their private chat: the Join link, each hand on its own clock from
its delivery (its alarm carries the arena and the index), answers, ``/skip``, berserk, and
a restart (docs/design-games.md, *Arenas on Telegram*)."""

from __future__ import annotations

import html
import logging
from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext, services
from bot.games.arena import refusals, words
from bot.games.arena.group import (
    ARENA_HAND,
    ARENA_UP,
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
from bot.games.arena.joining import admit, ensure_hands, on_page, to_page
from bot.games.arena.live import keep, kept
from bot.games.arena.moves import group_now
from bot.games.arena.parts import ARENA_CHAT
from bot.i18n import Translator
from bot.play import game_life, set_aside
from bot.play.announce import tell_saved
from bot.play.result_listeners import publish
from bot.rules.arena import Arena, Refusal, level_of
from bot.rules.arena.standings import ARENA_GAME
from bot.rules.durations import clock_text
from bot.rules.pace import floor_of
from bot.rules.results import GameResult, Solved
from bot.rules.votes import is_attempt
from bot.services.solving import DealRefused
from bot.state import CHATS_GAME
from bot.texts import reason
from bot.typed_handlers import ButtonUpdate, HandlerContext, JobContext, MessageUpdate
from solver import check

logger = logging.getLogger(__name__)

BERSERK = "arena:berserk"
"""The Berserk button's data (``arena:berserk:1`` on, ``:0`` off)."""
TARGET = 24


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
    chat = own.application.chat_data.get(user_id)
    if chat is not None and (index == 0 or chat.answers_to != CHATS_GAME):
        # As every game started in private: plain answers are the arena's from its first
        # hand (a daily puzzle opened before is set aside, its clock running on, and said so
        # before the hand), never the daily's that the player no longer sees.
        set_aside.take_answers(own, user_id)
    if on_page(own, user_id):  # played on the page: it shows the hand when it asks for it
        return
    caption = words.hand_caption(arena, index, player.berserk_next, news, own)
    markup = berserk_markup(player.berserk_next, own)
    mine = part(own.application.chat_data[user_id])
    mine.sending = index
    sorry = own.sorry(user_id)

    def shown(sent: object) -> None:
        mine.sending = None
        if isinstance(sent, Message) and player.index == index and player.shown is None:
            mine.hand_message_id = sent.message_id
        start_clock(own, user_id, group, arena, index)

    def failed(error: Exception) -> None:
        mine.sending = None  # their next answer or /skip sends it again
        sorry(error)

    game_life.post_hand(
        own,
        user_id,
        arena.hands[index],
        caption,
        reply_markup=markup,
        on_sent=shown,
        on_failed=failed,
    )


def on_its_way(context: HandlerContext, update: MessageUpdate, group: int) -> None:
    """An answer or a skip before the hand reached its player: they are told it is on its
    way or, where its send failed, it is sent again."""
    if part(context.chat_data).sending is None:
        deal_hand(context, update.effective_user.id, group)
    else:
        context.reply(update, context._("Your hand is on its way: one moment."))


def start_clock(context: BotContext, user_id: int, group: int, arena: Arena, index: int) -> None:
    """Hand ``index`` reached ``user_id`` (in their chat, or on the page): its time starts,
    once, and its alarm is set (``arena-hand``, in their private chat)."""
    player = arena.entries.get(user_id)
    if arena.ended or player is None or player.index != index or player.shown is not None:
        return
    now = context.now()
    arena.show(user_id, now)
    due = arena.deadline(user_id)
    timers = context.bot_data.timers
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
    changed(context, group, user_id)


async def open_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start arena_<group>_<code>`` (the Join button): join the arena, get its hand."""
    _ = context._
    user = update.effective_user
    admitted = await admit(context, user.id, user.full_name, (context.args or [""])[0])
    if isinstance(admitted, str):
        context.reply(update, admitted)
        return
    to_page(context, user.id, False)  # played in the chat from now on
    group, arena, saved = admitted.group, admitted.arena, admitted.saved
    title = html.escape(admitted.ours.title)
    if admitted.joined:
        text = _("🏟 You joined arena #{number} of {group}.").format(
            number=arena.number, group=title
        )
    else:
        text = _("🏟 You are in arena #{number} of {group}.").format(
            number=arena.number, group=title
        )
    if not arena.started(context.now()):  # a scheduled arena: its first hand comes at its start
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
    mine = ARENA_CHAT.of(context.chat_data)
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
    user_id = update.effective_user.id
    return (
        update.effective_chat.type == ChatType.PRIVATE
        and (playing(context, user_id) is not None or _late(context, user_id, update))
        and not _another_game_on(context, chat_id)
        and not context.bot_data.answers.addressed(update, context)
    )


LATE_FOR = 60.0
"""Seconds after an arena's end in which an answer to a player's last hand is told it is
over (a hand on its way at the end, answered after it), not taken for chat."""


def _late(context: HandlerContext, user_id: int, update: MessageUpdate) -> bool:
    """Whether this is an answer to the hand the player had when their arena just ended."""
    if ARENA_CHAT.of(context.chat_data) is None:  # never played one here
        return False
    found = kept(context.application).ended.get(user_id)
    if found is None:
        return False
    hand, at = found
    if context.now() - at >= LATE_FOR:
        del kept(context.application).ended[user_id]
        return False
    text = update.effective_message.text or ""
    return is_attempt(check(text, hand, TARGET))


def _another_game_on(context: HandlerContext, chat_id: int) -> bool:
    """Whether a game of the chat other than the arena (and the daily puzzle) is on, or on
    its way: its answers are its own."""
    chat = context.chat_data
    if (
        set_aside.own_game_on(context, chat)  # a friend's challenge: its answers are its own
        or chat.table.held  # a series of hands between two of them (a match)
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


def solved_of(user_id: int, name: str, seconds: float, index: int) -> Solved:
    """An arena hand solved, for the results' listeners (achievements...): the ``index``-th
    hand of an arena, solved in ``seconds``, in the chat or on the page."""
    return Solved(
        player=user_id, name=name, game=ARENA_GAME, seconds=seconds, level=level_of(index)
    )


def too_fast_text(arena: Arena, index: int, t: Translator) -> str:
    """Why an answer to the ``index``-th hand did not count: given too soon after the hand
    showed."""
    return t._(
        "Too fast: an answer within {floor} s of its hand reaching you counts for "
        "nothing (nobody reads four cards and types an answer that quickly). The hand "
        "is still on."
    ).format(floor=f"{floor_of(arena.hands[index], TARGET):g}")


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the player's current hand."""
    _ = context._
    found = playing(context, update.effective_user.id)
    if found is None:
        if kept(context.application).ended.pop(update.effective_user.id, None) is not None:
            context.reply(update, _("Too late: the arena is over."))
            return
        context.reply(
            update, _("No arena is on for you: the Join button of one in a group brings you in.")
        )
        return
    group, arena = found
    user_id = update.effective_user.id
    to_page(context, user_id, False)  # answered in the chat: its next hands come there
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
        on_its_way(context, update, group)
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
        solved = solved_of(user_id, update.effective_user.full_name, outcome.seconds, index)
        _moved_on(context, group, user_id, news, [solved])
        return
    if outcome.too_fast:
        context.reply(
            update,
            too_fast_text(arena, index, context),
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
    to_page(context, user_id, False)  # skipped in the chat: its next hands come there
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
        on_its_way(context, update, group)
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
    group = group_now(context, group)  # set before the group became a supergroup: its new id
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
        ours = ARENA_CHAT.of(chat)
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
