"""A training's life in a private chat: /train (or /review) deals a hand, an answer, /skip,
its time-up or /train stop ends it, its result is saved, then told, and the next is dealt.
Each hand is a timed :class:`~bot.rules.rounds.Round` on :mod:`bot.play.game_life`'s life;
the rules and what each prevents: docs/design-ladder.md, *The ladder on Telegram*."""

from __future__ import annotations

import datetime as dt
import html
import logging
from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatType

from bot.context import BotContext, BotData
from bot.games.ladder import levels, words
from bot.games.ladder.parts import LADDER_RATINGS, TRAINING
from bot.play import game_life, set_aside
from bot.play.announce import tell_saved
from bot.play.result_listeners import publish
from bot.rules.hand_records import hand_key
from bot.rules.hands import HandFacts
from bot.rules.ladder import LADDER_GAME
from bot.rules.ladder.model import shown
from bot.rules.ladder.puzzle_rating import Change, Hand
from bot.rules.ladder.training import (
    STOP_GRACE,
    TARGET,
    HeldHand,
    Training,
    hand_of_key,
    pool,
    prior_of,
)
from bot.rules.pace import floor_of
from bot.rules.results import Solved
from bot.rules.rounds import Round
from bot.services.solving import DealRefused
from bot.services.workers import AlreadyRunning, PoolBusy, WorkFailed, WorkTimeout
from bot.state import ChatData
from bot.texts import reason
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate

logger = logging.getLogger(__name__)

LADDER_UP = "ladder-up"
"""The timers' kind of a training hand's time-up."""
SKIP = "ladder:skip:"
"""The callback data of a hand's Skip button (and the hand's number)."""

_POOLS: dict[dt.date, tuple[tuple[Hand, float, str], ...]] = {}
"""The hands the ladder may deal each day (with their prior and key): none sharing three
cards with a daily puzzle that may still be scored (a hand's solution, shown when it is
missed, would spoil it)."""


def in_private(update: MessageUpdate, context: HandlerContext, *, review: bool = False) -> bool:
    """True in private; in a group, say that training (``review``: a review) is played in
    private, with a link that starts it there."""
    if update.effective_chat.type == ChatType.PRIVATE:
        return True
    if review:
        link = f"https://t.me/{context.bot.username}?start=review"
        text, label = words.review_in_private(context), context._("Review in private")
    else:
        link = f"https://t.me/{context.bot.username}?start=train"
        text, label = words.in_private(context), context._("Train in private")
    button = InlineKeyboardButton(label, url=link)
    context.reply(update, text, reply_markup=InlineKeyboardMarkup([[button]]))
    return False


def begin(context: BotContext, training: Training, user_id: int) -> None:
    """A training (or a review) begins: its count from nothing, the rating it starts at."""
    training.played = 0
    training.began = LADDER_RATINGS.get(context.bot_data.global_data).player(user_id).shown


def training_of(chat: ChatData) -> Training:
    """The chat's training (made at its first)."""
    return TRAINING.get(chat)


async def _pool(context: BotContext) -> tuple[tuple[Hand, float, str], ...]:
    day = context.today()
    found = _POOLS.get(day)
    if found is None:
        avoid = await context.bot_data.solving.avoider()
        found = tuple(
            (hand, prior, hand_key(hand, TARGET)) for hand, prior in pool() if not avoid(hand)
        )
        _POOLS.clear()
        _POOLS[day] = found
    return found


async def find(context: BotContext, user_id: int, training: Training) -> tuple[HandFacts, bool]:
    """The next hand's facts, and whether it is dealt for review (the first hand still to
    review, else one near the player's rating)."""
    data = context.bot_data
    ladder = LADDER_RATINGS.get(data.global_data)
    hand: Hand | None = None
    review = False
    while training.review and hand is None:
        hand = hand_of_key(training.review.pop(0))
        review = hand is not None
    if hand is None:
        # A hand missed had its solution shown: dealt again only by /review, unrated.
        seen = {a.key for a in ladder.player(user_id).history if a.seconds is None}
        found = [(hand, prior, key) for hand, prior, key in await _pool(context) if key not in seen]
        hands = [(hand, prior) for hand, prior, _key in found]
        # A hand stopped at once comes back: a stop is no free reroll.
        hand = next((hand for hand, _prior, key in found if key == training.held), None)
        hand = hand or ladder.choose(user_id, hands, TARGET, data.rng)
        if hand is None:  # every hand near the rating was dealt lately
            hand = data.rng.choice(hands)[0]
        ladder.dealt(user_id, hand, TARGET)
    try:
        facts = await data.solving.facts(hand, TARGET)
    except (WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
        raise DealRefused("busy") from None
    if not review:
        training.held = None
    return facts, review


async def deal_next(context: ChatContext, chat_id: int, user_id: int) -> None:
    """Deal the training's next hand (a review's, or one near the player's rating)."""
    training = training_of(context.chat_data)
    found = await game_life.look_for(context, chat_id, find(context, user_id, training))
    if found is None or training.live:
        return
    facts, review = found
    game = training.next_round(facts, context.now(), user_id, review=review)
    ladder = LADDER_RATINGS.get(context.bot_data.global_data)
    rating = ladder.player(user_id).shown
    hand_rating = shown(ladder.hand(hand_key(game.hand, TARGET), prior_of(game.hand)).mu)
    caption = words.caption(game, rating, hand_rating, review, context)
    _deal(context, chat_id, game, training, caption, review)


def _deal(
    context: ChatContext,
    chat_id: int,
    game: Round,
    training: Training,
    caption: str,
    review: bool = False,
) -> None:
    """Send the hand's picture with its Skip button (a review's skip is no miss: a review
    changes no rating), kept from /solve while it is on; its clock and alarm start when the
    picture is sent (as :func:`bot.play.game_life.deal`)."""
    data = context.bot_data
    chat = context.chat_data
    data.live_hands.add(chat_id, game, kind=LADDER.name)
    label = context._("⏭ Skip") if review else context._("⏭ Skip (a miss)")
    button = InlineKeyboardButton(label, callback_data=f"{SKIP}{game.number}")

    def dealt(sent: object) -> None:
        if isinstance(sent, Message):
            training.deal_message_id = sent.message_id
        if LADDER.current(chat, game):
            game.show(context.now())
            game_life.set_alarms(data.timers, chat_id, LADDER, game, context.now())

    sorry = context.sorry(chat_id)

    def lost(error: Exception) -> None:
        if LADDER.game_of(chat) is game and game.stop():
            logger.warning("A training hand for chat %s was not sent (%s): ended", chat_id, error)
        sorry(error)

    game_life.post_hand(
        context,
        chat_id,
        game.hand,
        caption,
        reply_markup=InlineKeyboardMarkup([[button]]),
        on_sent=dealt,
        on_failed=lost,
    )


def save(context: BotContext, user_id: int, hand: Hand) -> bool:
    """Write the player's puzzle rating and the hand's at once; whether the disk took them."""
    ladder = LADDER_RATINGS.get(context.bot_data.global_data)
    rows: dict[tuple[str, object], object] = {}
    if user_id in ladder.players:
        rows["ladder-player", (user_id,)] = ladder.players[user_id]
    key = hand_key(hand, TARGET)
    if key in ladder.hands:
        rows["ladder-hand", (key,)] = ladder.hands[key]
    write_now = context.bot_data.write_now
    return True if write_now is None or not rows else write_now(rows)


def record(
    context: BotContext, user_id: int, game: Round, seconds: float | None, *, review: bool = False
) -> Change:
    """Record on the ladder the result of ``game``'s hand (solved in ``seconds``, None:
    missed); the change (not saved yet)."""
    return attempt(
        context,
        user_id,
        game.hand,
        TARGET,
        seconds,
        prior=prior_of(game.hand),
        given=bool(game.peeked),  # solved for anyone while on: a second account, say
        review=review,
    )


def attempt(
    context: BotContext,
    user_id: int,
    hand: Hand,
    target: int,
    seconds: float | None,
    *,
    prior: float,
    hinted: bool = False,
    given: bool = False,
    review: bool = False,
    rates_player: bool = True,
) -> Change:
    """Record on the ladder a timed attempt at ``hand`` today (the ladder's own, or another
    game's: :mod:`bot.games.ladder.heard`), judged against its pace floor; the change (not
    saved yet).  The flags: :meth:`~bot.rules.ladder.puzzle_rating.Ladder.record`'s."""
    return LADDER_RATINGS.get(context.bot_data.global_data).record(
        user_id,
        hand,
        target,
        seconds,
        day=context.today(),
        prior=prior,
        floor=floor_of(hand, target),
        hinted=hinted,
        given=given,
        review=review,
        rates_player=rates_player,
    )


def settle(
    context: ChatContext,
    chat_id: int,
    user_id: int,
    game: Round,
    seconds: float | None,
    how: str,
    name: str = "",
) -> Change:
    """Record the hand's result (solved in ``seconds``, None: missed as ``how`` says), save
    it, then tell the change; a hand solved is a game's result too (a hand towards the
    achievements: counted as the ladder counts it), told with the change."""
    training = training_of(context.chat_data)
    game_life.cancel_alarms(context, chat_id, LADDER)
    change = record(context, user_id, game, seconds, review=training.reviewing)
    if change.counted:
        training.played += 1
    saved = save(context, user_id, game.hand)
    if change.hand_moved:
        levels.tell(context.bot_data, [hand_key(game.hand, TARGET)])
    solution = game.solutions[0] if game.solutions else None
    text = words.change_text(change, seconds, how, context, solution)
    if seconds is not None:
        news = publish(context, chat_id, [solved(user_id, name, game, seconds, change)])
        text = "\n".join([text, *news])
    tell_saved(context, chat_id, text, saved)
    return change


def solved(user_id: int, name: str, game: Round, seconds: float, change: Change) -> Solved:
    """A training hand solved, as a game's result (a hand towards the achievements), counted
    as the ladder counted it."""
    return Solved(
        player=user_id,
        name=name,
        game=LADDER_GAME,
        seconds=seconds,
        hand=tuple(game.hand),
        counts=change.counted,
    )


async def after_hand(context: ChatContext, chat_id: int, user_id: int) -> None:
    """A hand has ended with a result: the next one, or the end of a review."""
    training = training_of(context.chat_data)
    if training.reviewing and not training.review:
        context.send(chat_id, words.review_done(context), game=True)
        set_aside.remind(context, chat_id)
        return
    await deal_next(context, chat_id, user_id)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the training's hand: a right one is recorded and the next hand
    dealt; a wrong one is told, and the hand goes on."""
    training = TRAINING.of(context.chat_data)
    if training is None or training.hand is None:
        return
    game = training.hand
    chat_id, user_id = update.effective_chat.id, update.effective_user.id
    outcome = game.answer(user_id, text, context.now(), shown=game.started)
    if outcome.expired:
        time_up(context, chat_id, game)
    elif outcome.too_late:
        context.reply(update, context._("Too late: that hand is over."))
    elif outcome.too_fast:
        context.reply(update, words.too_fast_text(context, floor_of(game.hand, TARGET)))
    elif outcome.won:
        name = update.effective_user.full_name
        settle(context, chat_id, user_id, game, outcome.seconds, "", name)
        await after_hand(context, chat_id, user_id)
    elif outcome.out:  # a wrong "no solution": every hand of the ladder has one
        game.stop()
        settle(context, chat_id, user_id, game, None, words.missed(context))
        await after_hand(context, chat_id, user_id)
    else:
        said = context._("Not quite: {reason}.").format(
            reason=html.escape(reason(outcome.verdict, context))
        )
        context.reply(update, said)


async def skip(context: HandlerContext, chat_id: int, user_id: int) -> bool:
    """Skip the hand on (a miss) and deal the next; False when none is on."""
    training = TRAINING.of(context.chat_data)
    if training is None or training.hand is None or not training.hand.stop():
        return False
    settle(context, chat_id, user_id, training.hand, None, words.skipped(context))
    await after_hand(context, chat_id, user_id)
    return True


def stop(context: HandlerContext, chat_id: int, user_id: int) -> str | None:
    """End the training: the hand on counts as a miss unless it came within
    :data:`~bot.rules.ladder.training.STOP_GRACE` seconds (then it is held for the next
    ``/train``); the end's text, or None when no training is on."""
    training = TRAINING.of(context.chat_data)
    dealing = chat_id in context.bot_data.dealing
    if training is None or not (training.live or dealing):
        return None
    context.bot_data.dealing.discard(chat_id)  # a hand being looked for is dropped
    game = training.hand
    if game is not None and game.stop():
        game_life.cancel_alarms(context, chat_id, LADDER)
        if context.now() - game.started >= STOP_GRACE:
            settle(context, chat_id, user_id, game, None, words.stopped(context))
        else:  # no cost, and no reroll: the next /train deals it again
            if not training.reviewing:
                training.held = hand_key(game.hand, TARGET)
                keep_held(context.bot_data, user_id, training)
            if not save(context, user_id, game.hand):  # the hand dealt, not soon by chance
                logger.warning("The ladder's last hands of user %s are not saved yet", user_id)
    reviewing, held = training.reviewing, training.held is not None
    training.review.clear()
    if reviewing:
        return words.review_end(context)
    rating = LADDER_RATINGS.get(context.bot_data.global_data).player(user_id).shown
    return words.end_text(training.played, training.began, rating, context, held=held)


HELD = "ladder held"
"""The kind a held hand is kept as, for its player (see :func:`keep_held`)."""


def keep_held(data: BotData, user_id: int, training: Training) -> None:
    """Keep the hand the training holds (stopped at once, dealt again by the next /train)
    from its player's /solve and inline mode until it is played: no free look-up."""
    if training.held is not None and (hand := hand_of_key(training.held)) is not None:
        data.live_hands.add_player(user_id, HeldHand(hand, training), kind=HELD)


def time_up(context: ChatContext, chat_id: int, game: Round) -> None:
    """A hand's time ran out: a miss, and the training pauses (nobody is dealt hand after
    hand while away)."""
    user_id = game.starter
    if user_id is None:
        return
    settle(context, chat_id, user_id, game, None, words.timed_out(context))
    training_of(context.chat_data).review.clear()
    context.send(chat_id, words.time_up_end(context), game=True)
    set_aside.remind(context, chat_id)


async def ladder_up(context: JobContext[int]) -> None:
    """Job: a training hand's time is up."""
    game = game_life.expired(context, LADDER)
    if game is not None:
        time_up(context, context.job.chat_id, game)


LADDER = game_life.Kind[Round](
    "ladder",
    lambda chat: None if (training := TRAINING.of(chat)) is None else training.hand,
    (game_life.Alarm(LADDER_UP, lambda game: game.deadline, ladder_up),),
)
"""A training hand's life: the chat's last hand, ended by its clock."""


def pictures(context: ChatContext) -> Sequence[int | None]:
    """The hand's picture, whose replies are its answers."""
    training = TRAINING.of(context.chat_data)
    return () if training is None else (training.deal_message_id,)
