"""One game's life in a chat, for every timed game: the deal (:func:`look_for`, :func:`deal`),
the clock, the alarms (:func:`expired`), the end by the clock or a stop (:func:`stop_game`),
the restore after a restart (:func:`restore`) and the refusal while another game is on
(:func:`refused`).  The life, and how a new game plugs in with a :class:`Kind`:
docs/design.md, *A game's life*."""

from __future__ import annotations

import html
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from telegram import InlineKeyboardMarkup, Message
from telegram.constants import ChatType
from telegram.ext import Application

from bot.context import BotContext, now_of, services
from bot.play import visibility
from bot.play.admins import stop_ballot
from bot.rules.live_game import LiveGame
from bot.services import pictures
from bot.services.outbox import Sent
from bot.services.riders import Riders
from bot.services.solving import DealRefused
from bot.services.timers import JobCallback, Timers
from bot.state import ChatData
from bot.texts import StopVotes, deal_refusal, stop_vote_text
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate

logger = logging.getLogger(__name__)

G = TypeVar("G", bound=LiveGame)
T = TypeVar("T")


@dataclass(frozen=True)
class Alarm(Generic[G]):
    """A job a game sets when its clock starts: its ``kind`` (of :mod:`bot.services.timers`),
    the moment on the game's clock it rings (``at``; None: not for this game, e.g. an
    untimed round), and the job (``ring``), which gets the game's number as its data."""

    kind: str
    at: Callable[[G], float | None]
    ring: JobCallback[JobContext[int]]


@dataclass(frozen=True)
class Kind(Generic[G]):
    """A kind of timed game, as its feature declares it (see the module's docstring)."""

    name: str
    """What the logs call it."""
    game_of: Callable[[ChatData], G | None]
    """The chat's game of this kind (the last one, over or not)."""
    alarms: tuple[Alarm[G], ...]
    parts_from: int | None = None
    """Any two of its numbers asked with a target this large or more spoil it (a Countdown
    game's: see :meth:`bot.rules.spoilers.LiveHands.add`)."""

    def current(self, chat: ChatData, game: LiveGame) -> bool:
        """Whether ``game`` is still the chat's game of this kind, and on."""
        return self.game_of(chat) is game and game.live


class DealMessages(Protocol):
    """Where a game keeps its deal's message (replies to it are answers)."""

    deal_message_id: int | None


def other_game(context: ChatContext, private: bool = False, hint: bool = False) -> str | None:
    """What to say to a game's command (or /hint: ``hint``) while another game that says
    so itself is on (a hunt, a Countdown game, a duel, a Rush run: each its own way to
    answer and stop; a round's is each command's own, the plain game's words failing
    those: :func:`refused`); None when none is.  In ``private`` a game's answers are
    typed as they are (no /a)."""
    data = context.bot_data
    for game in data.games:
        if game.busy is None or game.on is None or game.plain:
            continue
        if game.on(context.chat_data, data.global_data):
            return game.busy(context, private, hint)
    return None


def refused(
    update: MessageUpdate,
    context: HandlerContext,
    plain_on: str | None = None,
    between: Callable[[], str] | None = None,
) -> bool:
    """Refuse a new game while another one is on in the chat (or a hand is on its way),
    saying so: with the caller's own ``plain_on`` while the chat's plain game
    (:attr:`~bot.play.registry.Game.plain`) is on (None: the plain game's own words,
    its ``busy``), and ``between()`` (``plain_on`` by default) between two hands of a
    match, whose next deal would come in the middle.  False when the chat is free."""
    table = context.chat_data.table
    if update.effective_chat.id in context.bot_data.dealing:
        # Two deals at once: one answer, however many times it is asked.
        context.reply(update, context._("A hand is on its way: one moment."), key="on its way")
        return True
    text = other_game(context, update.effective_chat.type == ChatType.PRIVATE)
    if text is None and _plain_on(context):
        text = plain_on or _plain_busy(update, context)
    elif text is None and table.held:
        text = (plain_on or _plain_busy(update, context)) if between is None else between()
    if text is None:
        return False
    context.reply(update, text)
    return True


def _plain_busy(update: MessageUpdate, context: HandlerContext) -> str:
    """The plain game's own words for a start refused while it holds the chat: where plain
    typing answers (in private, or a group that shows the bot every message), without /a."""
    typed = visibility.sees_all(context, update.effective_chat.type)
    for game in context.bot_data.games:
        if game.plain and game.busy is not None:
            return game.busy(context, typed, False)
    raise LookupError("the plain game declares no busy words (Game.busy)")


def _plain_on(context: ChatContext) -> bool:
    """Whether the chat's plain game is on (it says no words of its own: each caller does)."""
    data = context.bot_data
    return any(
        game.plain and game.on is not None and game.on(context.chat_data, data.global_data)
        for game in data.games
    )


async def look_for(
    context: ChatContext,
    chat_id: int,
    work: Awaitable[T],
    *,
    holding: bool = False,
    refused: Callable[[], object] | None = None,
) -> T | None:
    """The deal ``work`` finds (in a worker), while the chat is marked as dealing; None if
    it was refused (then said, and ``refused`` called, unless /stop came meanwhile), if
    /stop came meanwhile, or if another game began (``holding``: the deal is the next hand of
    the series that holds the table, a match's next round, which holds it meanwhile)."""
    data = context.bot_data
    data.dealing.add(chat_id)
    try:
        found = await work
    except DealRefused as why:
        if chat_id in data.dealing:
            if refused is not None:
                refused()
            context.send(chat_id, html.escape(deal_refusal(why, context)), game=True)
        return None
    finally:
        stopped = chat_id not in data.dealing  # /stop came while the deal was looked for
        data.dealing.discard(chat_id)
    table = context.chat_data.table
    if stopped or table.game_on or (table.held and not holding):
        return None
    return found


def deal(
    context: ChatContext,
    chat_id: int,
    kind: Kind[G],
    game: G,
    messages: DealMessages,
    caption: str,
    *,
    tiles: bool = False,
    target: int | None = None,
    on_lost: Callable[[], object] | None = None,
) -> None:
    """Deal ``game`` in the chat: the picture of its hand (as ``tiles`` under a ``target``
    for Countdown) with ``caption``, kept secret from /solve
    while it is on.  Its clock and alarms start when the picture is sent; if it cannot be
    sent, the game ends (then ``on_lost``: a game of many hands tells what was played) and
    the chat gets the apology.  A game of many hands (Rush) is dealt again with each hand."""
    data = context.bot_data
    chat = context.chat_data
    data.live_hands.add(chat_id, game, parts_from=kind.parts_from, kind=kind.name)  # no /solve

    def dealt(sent: object) -> None:
        if isinstance(sent, Message):
            messages.deal_message_id = sent.message_id
        if kind.current(chat, game):
            # The clock starts when the players can see the hand.
            game.show(context.now())
            set_alarms(data.timers, chat_id, kind, game, context.now())

    sorry = context.sorry(chat_id)

    def lost(error: Exception) -> None:
        # A picture Telegram refuses, or that found no network for a minute: nobody saw
        # the hand, so no game is left open with no timer.
        if kind.game_of(chat) is game and game.stop():
            logger.warning(
                "The %s's deal for chat %s was not sent (%s): ended", kind.name, chat_id, error
            )
            if on_lost is not None:
                on_lost()
        sorry(error)

    post_hand(
        context,
        chat_id,
        game.hand,
        caption,
        tiles=tiles,
        target=target,
        on_sent=dealt,
        on_failed=lost,
    )


def post_hand(
    context: BotContext,
    chat_id: int,
    hand: tuple[int, ...],
    caption: str,
    *,
    tiles: bool = False,
    target: int | None = None,
    reply_markup: InlineKeyboardMarkup | None = None,
    on_sent: Callable[[Sent], object] | None = None,
    on_failed: Callable[[Exception], object] | None = None,
    bulk: bool = False,
) -> None:
    """Send a hand's picture with its ``caption`` (and ``reply_markup``, and replies waiting
    that ride along: :class:`~bot.services.riders.Riders`) through the outbox, as a game
    message: as text where no picture can be sent (:func:`~bot.services.pictures.cards.send_hand`).
    ``on_failed``: what to do if it cannot be sent at all (the chat's apology by default);
    ``bulk``: one of many chats' posts due at once (:meth:`bot.context.BotContext.post`)."""
    if not bulk:  # a game's hand (a bulk post is the daily's): see BotData.hand_posted
        context.bot_data.hand_posted[chat_id] = context.now()
    with_riders = Riders(context.bot_data.outbox, chat_id, caption)
    context.post(
        chat_id,
        lambda: pictures.send_hand(
            context.bot,
            chat_id,
            hand,
            context.bot_data.file_ids,
            caption=with_riders(),
            tiles=tiles,
            target=target,
            reply_markup=reply_markup,
        ),
        game=True,
        on_sent=on_sent,
        on_failed=on_failed,
        bulk=bulk,
    )


def deal_to_all(
    context: BotContext,
    chat_ids: tuple[int, ...],
    home: int,
    kind: Kind[G],
    game: G,
    caption: Callable[[int], str],
    *,
    on_sent: Callable[[int, Sent], object],
    on_lost: Callable[[int, Exception], object],
) -> None:
    """Deal ``game`` to several chats at once (a private duel's two players), with each
    chat's ``caption``, kept secret from /solve in each while it is on.  Its clock starts
    at the later delivery (neither player loses time to the other's wait), and its alarms
    are set then in the ``home`` chat.  If one delivery fails, ``on_lost(chat id, error)``
    says what then (nobody may race on a hand one of them never saw)."""
    data = context.bot_data
    for chat_id in chat_ids:
        data.live_hands.add(chat_id, game, parts_from=kind.parts_from, kind=kind.name)
    waiting = set(chat_ids)

    def dealt(chat_id: int) -> Callable[[Sent], None]:
        def sent(message: Sent) -> None:
            on_sent(chat_id, message)
            waiting.discard(chat_id)
            if not waiting and game.live:
                game.show(context.now())
                set_alarms(data.timers, home, kind, game, context.now())

        return sent

    def failed(chat_id: int) -> Callable[[Exception], object]:
        return lambda error: on_lost(chat_id, error)

    for chat_id in chat_ids:
        post_hand(
            context,
            chat_id,
            game.hand,
            caption(chat_id),
            on_sent=dealt(chat_id),
            on_failed=failed(chat_id),
        )


def set_alarms(timers: Timers, chat_id: int, kind: Kind[G], game: G, now: float) -> bool:
    """Set the game's alarms (a late one rings at once); False if it has none."""
    rung = False
    for alarm in kind.alarms:
        at = alarm.at(game)
        if at is not None:
            timers.run_once(
                alarm.ring,
                max(at - now, 0),
                chat_id=chat_id,
                kind=alarm.kind,
                data=game.number,
                by_clock=True,
            )
            rung = True
    return rung


def cancel_alarms(context: ChatContext, chat_id: int, kind: Kind[G]) -> None:
    """Cancel the chat's pending alarms of this kind (its game has ended)."""
    context.bot_data.timers.cancel(chat_id, *(alarm.kind for alarm in kind.alarms))


def expired(context: JobContext[int], kind: Kind[G]) -> G | None:
    """In an alarm's job: the chat's game of this kind if the alarm ended it by its clock;
    None for a stale alarm (an older game's) or an early one."""
    game = kind.game_of(context.chat_data)
    if game is not None and game.expire(context.job.data, context.now()):
        return game
    return None


async def stop_game(
    update: MessageUpdate,
    context: HandlerContext,
    kind: Kind[G],
    finish: Callable[[int, ChatContext, G], object],
    *,
    none_on: str,
    votes: StopVotes,
) -> None:
    """A stop command (``/hunt stop``): end the chat's game of this kind early and
    ``finish`` it; in groups its starter and the admins at once, anyone else by a vote two
    of its players carry (see :mod:`bot.rules.votes`, ``votes`` is the game's wording for
    :func:`~bot.texts.stop_vote_text`).  ``none_on``: what to say when none is on."""
    chat = context.chat_data
    game = kind.game_of(chat)
    if game is None or not game.live:
        context.reply(update, none_on)
        return
    ballot = await stop_ballot(update, context, game)
    if ballot is not None and not ballot.agreed:
        context.reply(update, stop_vote_text(votes, ballot, context))
        return
    if kind.game_of(chat) is game and game.stop():
        finish(update.effective_chat.id, context, game)


def restore(application: Application, kind: Kind[G]) -> int:
    """After a restart, every game of this kind still on: its hand is secret again and its
    alarms are set from its deadline; returns how many got alarms."""
    data = services(application)
    now = now_of(application)
    restored = 0
    for chat_id, chat in application.chat_data.items():
        game = kind.game_of(chat)
        if game is None or not game.live:
            continue
        data.live_hands.add(chat_id, game, parts_from=kind.parts_from, kind=kind.name)
        restored += set_alarms(data.timers, chat_id, kind, game, now)
    return restored
