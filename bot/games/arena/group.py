"""An arena in its group: ``/arena`` announces it (admins at once, members by a vote), its
one standings message is edited at most every :data:`STANDINGS_EVERY` seconds, its alarm
or ``/arena stop`` ends it, saved then told (docs/design-games.md, *Arenas on Telegram*)."""

from __future__ import annotations

import logging
import secrets

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest
from telegram.ext import Application

from bot.context import BotContext
from bot.games.arena import words
from bot.games.arena.live import kept, release
from bot.games.arena.parts import ARENA_CHAT
from bot.games.arena.podium import podium_picture
from bot.play import set_aside
from bot.play.admins import is_admin
from bot.play.announce import tell_saved
from bot.play.miniapp import group_link
from bot.play.result_listeners import publish
from bot.play.standing import established_of
from bot.rules.arena import Arena, contested, counted, podium, standings, winner
from bot.rules.arena.chat_state import ArenaChat, ArenaTrophy
from bot.rules.arena.standings import ARENA_GAME
from bot.rules.arena.start_vote import ask
from bot.rules.results import Podium
from bot.services.limits import CAPTION, visible_length
from bot.services.outbox import Sent, Skipped
from bot.services.sending import unread
from bot.state import ChatData
from bot.typed_handlers import JobContext, MessageUpdate

logger = logging.getLogger(__name__)

ARENA_UP = "arena-up"
"""An arena's end (in its group)."""
ARENA_HAND = "arena-hand"
"""A player's hand's end (in their private chat)."""
ARENA_STANDINGS = "arena-standings"
"""The next edit of a group's standings message."""
STANDINGS_EVERY = 6.0
"""Seconds between two edits of a group's standings message (10 a minute at most)."""
LINK_PREFIX = "arena_"


def part(chat: ChatData) -> ArenaChat:
    """The chat's arena part (made at its first use)."""
    return ARENA_CHAT.get(chat)


def group_part(application: Application, group: int) -> ArenaChat | None:
    """The arena part of ``group``, if it has held one."""
    chat = application.chat_data.get(group)
    return None if chat is None else ARENA_CHAT.of(chat)


def chat_context(context: BotContext, chat_id: int) -> BotContext:
    """A context for ``chat_id`` (its language), from any chat's: what an arena says in its
    group from a player's private update, or in a player's chat from the group's."""
    chats = context.application.chat_data
    if chat_id in chats and context.chat_data is chats[chat_id]:
        return context
    return BotContext(
        context.application, chat_id=chat_id, user_id=chat_id if chat_id > 0 else None
    )


def changed(context: BotContext, *chat_ids: int) -> None:
    """Chats changed outside an update of their own: PTB saves only the chats it is told of."""
    for chat_id in chat_ids:
        context.application.mark_data_for_update_persistence(chat_ids=chat_id)


def save(context: BotContext, *chat_ids: int) -> bool:
    """Write these chats' data at once (an arena's points, its end); whether the disk took
    it (see :mod:`bot.services.saving`)."""
    changed(context, *chat_ids)
    write_now = context.bot_data.write_now
    if write_now is None:
        return True
    chats = context.application.chat_data
    return write_now({("chat", chat_id): chats[chat_id] for chat_id in dict.fromkeys(chat_ids)})


def save_progress(context: BotContext, group: int, user_id: int) -> bool:
    """A player's hand is done: their place is written at once with their own (small)
    row, and the group's row, which holds every player, goes with the bot's regular save
    (:func:`taken_back` brings a newer place into it after a restart)."""
    ours = group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if arena is None or user_id not in arena.entries:
        return save(context, group)
    mine = part(context.application.chat_data[user_id])
    mine.entry, mine.entry_number = arena.entries[user_id], arena.number
    changed(context, group)
    return save(context, user_id)


def taken_back(application: Application, group: int, arena: Arena) -> int:
    """After a restart: each player's place saved with their own row since the group's was
    saved replaces the group's (hands played, points); how many did."""
    count = 0
    for user_id, player in list(arena.entries.items()):
        chat = application.chat_data.get(user_id)
        mine = None if chat is None else ARENA_CHAT.of(chat)
        if mine is None or mine.entry is None or mine.playing != group:
            continue
        newer = (mine.entry.index, mine.entry.missed, mine.entry.skipped)
        if mine.entry_number == arena.number and newer > (
            player.index,
            player.missed,
            player.skipped,
        ):
            arena.entries[user_id] = mine.entry
            count += 1
        else:
            mine.entry = player
    return count


def join_markup(context: BotContext, group: int, ours: ArenaChat) -> InlineKeyboardMarkup:
    """The Join button: a link into the bot's private chat (a bot cannot write first); and
    where the Mini App is served, a link that opens the arena on its page."""
    payload = f"{LINK_PREFIX}{-group}_{ours.code}"
    url = f"https://t.me/{context.bot.username}?start={payload}"
    rows = [[InlineKeyboardButton(context._("🏟 Join"), url=url)]]
    page = group_link(context.settings, context.bot.username, payload)
    if page is not None:  # the Mini App, where the bot serves it: the arena by tapping
        rows.append([InlineKeyboardButton(context._("📱 Play by tapping"), url=page)])
    return InlineKeyboardMarkup(rows)


async def arena_now(update: MessageUpdate, context: BotContext, minutes: int) -> None:
    """``/arena [minutes]`` in a group: announce an arena (an admin's at once, members' by a
    vote), starting now."""
    _ = context._
    group = update.effective_chat.id
    user = update.effective_user
    chat = context.chat_data
    assert chat is not None
    ours = part(chat)
    now = context.now()
    arena = ours.arena
    if arena is not None and arena.finish(now):
        end(context, group)
    if arena is not None and not arena.ended:
        context.reply(update, _("An arena is on here: join it with the button on its message."))
        return
    before = ours.vote if ours.vote is not None and not ours.vote.expired(now) else None
    admin = await is_admin(update, context)
    ours.vote, ballot = ask(before, user.id, minutes, now, admin=admin)
    if not ballot.agreed:
        context.reply(update, words.vote_text(ballot.votes, ballot.needed, context))
        return
    asked = minutes
    if before is not None and not admin:
        minutes = before.minutes  # the length the first member asked for
    open_arena(context, group, user.id, now, minutes, update.effective_chat.title or "")
    if minutes != asked:  # said, not taken silently: this member asked for another length
        context.reply(update, words.length_taken(minutes, context))


def open_arena(
    context: BotContext, group: int, starter: int | None, starts: float, minutes: int, title: str
) -> Arena:
    """A new arena of ``group`` from ``starts`` (the bot's clock): saved, its end's alarm
    set, its standings message posted."""
    ours = part(context.application.chat_data[group])
    ours.held += 1
    seed = context.bot_data.rng.getrandbits(63)
    ours.arena = arena = Arena.create(ours.held, starter, starts, minutes, seed=seed)
    ours.code = secrets.token_hex(4)
    ours.title = title or ours.title
    ours.told = False
    ours.message_id = None
    save(context, group)
    timers = context.bot_data.timers
    timers.cancel(group, ARENA_UP, ARENA_STANDINGS)
    timers.run_once(
        arena_up,
        arena.ends - context.now(),
        chat_id=group,
        kind=ARENA_UP,
        data=arena.number,
        by_clock=True,
    )
    post_standings(context, group)
    return arena


def post_standings(context: BotContext, group: int) -> None:
    """Send or edit the group's one standings message (with its Join button)."""
    context = chat_context(context, group)
    ours = group_part(context.application, group)
    if ours is None or ours.arena is None:
        return
    arena = ours.arena
    kept(context.application).edited[group] = context.now()

    async def send() -> Sent | Skipped:
        if arena.ended or ours.arena is not arena:
            return None  # the end tells it
        text = words.standings_text(arena, context, context.now())
        markup = join_markup(context, group, ours)
        if ours.message_id is not None:
            try:
                return await context.bot.edit_message_text(
                    text, group, ours.message_id, reply_markup=markup
                )
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return None
                logger.info("Arena standings in %s not edited (%s): sent anew", group, error)
        sent = await context.bot.send_message(group, text, reply_markup=markup)
        ours.message_id = sent.message_id
        changed(context, group)
        return sent

    context.post(group, send, key="arena-standings")


def standings_soon(context: BotContext, group: int) -> None:
    """The standings changed: edit the group's message now, or once
    :data:`STANDINGS_EVERY` seconds have passed since the last edit (one job waits)."""
    timers = context.bot_data.timers
    if timers.pending(group, ARENA_STANDINGS):
        return
    last = kept(context.application).edited.get(group, 0.0)
    wait = last + STANDINGS_EVERY - context.now()
    if wait <= 0:
        post_standings(context, group)
        return
    timers.run_once(standings_due, wait, chat_id=group, kind=ARENA_STANDINGS, by_clock=True)


async def standings_due(context: JobContext[None]) -> None:
    """The standings message's next edit."""
    post_standings(context, context.job.chat_id)


async def arena_up(context: JobContext[int]) -> None:
    """An arena's alarm: its time is up."""
    group = context.job.chat_id
    ours = group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if arena is None or arena.number != context.job.data:
        return
    if arena.finish(context.now()) or arena.ended:
        end(context, group)


async def arena_stop(update: MessageUpdate, context: BotContext) -> None:
    """``/arena stop``: its starter and the admins at once, its players by a vote."""
    _ = context._
    group = update.effective_chat.id
    ours = group_part(context.application, group)
    arena = None if ours is None else ours.arena
    now = context.now()
    if arena is None or arena.ended or arena.finish(now):
        if arena is not None and arena.ended:
            end(context, group)
        context.reply(update, _("No arena is on here. /arena starts one."))
        return
    user_id = update.effective_user.id
    admin = user_id != arena.starter and await is_admin(update, context)
    ballot = arena.request_stop(user_id, admin=admin)
    if not ballot.agreed:
        if not ballot.counted:
            context.reply(
                update, _("Only the arena's players, its starter and admins may stop it.")
            )
        else:
            context.reply(update, words.stop_text(ballot, len(arena.entries), context))
        return
    arena.stop(now)
    end(context, group)


def end(context: BotContext, group: int) -> None:
    """The arena of ``group`` has ended: its winner's trophy and its players' freedom are
    saved, its hands released, the results published; then its final standings are told
    (the group's message edited, its end sent) and each player is told their place."""
    application = context.application
    ours = group_part(application, group)
    if ours is None or ours.arena is None or ours.told or not ours.arena.ended:
        return
    context = chat_context(context, group)
    arena = ours.arena
    ours.told = True
    timers = context.bot_data.timers
    timers.cancel(group, ARENA_UP, ARENA_STANDINGS)
    rows = standings(arena.entries)
    # The group's standings place everyone; beyond the group only established players count,
    # and none whose solves came at a script's steady pace (docs/fair-play.md).
    scripted = {user for user, player in arena.entries.items() if player.scripted}
    regular = established_of(context, arena.entries)
    standing = regular - scripted
    beyond = counted(rows, standing)
    first = winner(beyond)
    chats: list[int] = [group]
    trophies = 0
    late = kept(application).ended
    for user_id, player in arena.entries.items():
        if player.index < len(arena.hands):  # an answer to it just after is told it is over
            late[user_id] = (arena.hands[player.index], context.now())
        mine = part(application.chat_data[user_id])
        if mine.playing == group:
            mine.playing = None
            mine.hand_message_id = None
            mine.entry = None
        timers.cancel(user_id, ARENA_HAND)
        chats.append(user_id)
    won = contested(beyond)  # played alone (or with accounts made for it), it wins nothing
    if first is not None and won:
        mine = part(application.chat_data[first.user_id])
        mine.trophies.append(
            ArenaTrophy(group, ours.title, arena.number, first.score, context.now())
        )
        trophies = len(mine.trophies)
    saved = save(context, *chats)
    release(context, group, arena)
    results = [
        Podium(
            player=row.user_id,
            name=row.name,
            game=ARENA_GAME,
            place=row.place,
            counts=not row.too_fast,
        )
        for row in (podium(beyond) if won else [])
    ]
    lines = publish(context, group, results) if saved else []
    text = "\n".join([words.final_text(arena, context, trophies, regular, scripted), *lines])
    if ours.message_id is not None:  # its standings and Join button give way to a note
        message_id = ours.message_id
        note = words.final_note(arena, context)

        async def edit() -> Sent | Skipped:
            try:
                return await context.bot.edit_message_text(note, group, message_id)
            except BadRequest as error:
                logger.info("Arena standings in %s not edited at the end (%s)", group, error)
                return None

        context.post(group, edit, key="arena-standings", game=True)
    # The picture's podium is the medals' (the counted players'), none where no trophy is won.
    scores = [row.score for row in (podium(beyond) if won else [])]
    if saved and scores:
        _send_podium(context, group, scores, text)
    else:
        tell_saved(context, group, text, saved, end=True)
    for row in rows:  # each player's place, in their private chat and language
        own = chat_context(context, row.user_id)
        own.send(row.user_id, words.place_text(row, len(rows), own))
        set_aside.remind(own, row.user_id)  # a daily puzzle the arena set aside waits


def _send_podium(context: BotContext, group: int, scores: list[int], text: str) -> None:
    """The final standings under the podium's picture (as text alone where no picture can
    be sent; the picture with the first lines, then the text, if it is over a caption)."""
    picture = podium_picture(scores)
    short = visible_length(text) > CAPTION
    caption = text.split("\n", 1)[0] if short else text

    def failed(_error: Exception) -> None:
        context.send(group, text, game=True)

    context.post(
        group,
        lambda: unread(context.bot.send_photo(group, picture, caption=caption)),
        game=True,
        on_failed=failed,
    )
    if short:
        context.send(group, text, game=True)
