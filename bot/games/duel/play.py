"""A duel being played: its hands dealt to both players at once, a hand's end, the next hand,
and the duel's end with the rating (saved before it is told), in the chats
:func:`chats_of` names, its alarms in its :func:`home_of` chat (docs/design-games.md,
*Duels on Telegram*)."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from dataclasses import replace

from telegram import Message
from telegram.error import BadRequest, ChatMigrated, Forbidden

from bot.context import BotContext, BotData
from bot.games.duel.parts import DUEL_CHAT, DUELS, RATINGS, DuelChat
from bot.play import game_life, set_aside
from bot.play.announce import tell_saved
from bot.play.chat_moves import move_chat
from bot.play.hand_record_line import line_of, note_solve
from bot.play.players_met import meet
from bot.play.result_listeners import publish
from bot.rules.duel.race import DUEL_GAME, HAND_SOURCE, Duel, DuelWon, End, HandResult, Refused
from bot.rules.duel.rating import RatingChange
from bot.rules.hand_records import hand_key
from bot.rules.results import GameResult, Solved, outpaced
from bot.rules.rounds import Round
from bot.rules.table import GameSettings
from bot.services.outbox import Sent
from bot.services.solving import DealRefused
from bot.services.workers import AlreadyRunning, PoolBusy, WorkFailed, WorkTimeout
from bot.state import ChatData
from bot.texts import how_to_answer
from bot.typed_handlers import HandlerContext, JobContext, MessageUpdate
from solver import solution_of

from . import words

DUEL_UP = "duel-up"
"""A duel's hand's end (set in the duel's home chat: the group, or the inviter's private chat)."""
DUEL_NEXT = "duel-next"
"""A duel's next hand, a few seconds after the last one ended."""

logger = logging.getLogger(__name__)

DIFFICULTY = "medium"
"""Every duel hand's difficulty: four cards, solvable, medium."""
DRAWS = 8
"""How many hands are drawn at most to find one the duel has not had, nor its players in
their last duels (:data:`~bot.rules.duel.lobby.RECENT_HANDS` each, a fraction of the
hundreds of medium hands: eight refused in a row would be a deck of a handful; the last
drawn is dealt then)."""
HAND = "duel hand"
"""A duel hand's kind, as the live hands know it: kept from everyone while it is live, not
only from the players and the group (only its players see a private duel's hand, and a duel
is rated: a second account would pass it on)."""
NEXT_HAND_SECONDS = 3.0
"""The pause between a hand's result and the next hand (time to read the result)."""


def home_of(duel: Duel) -> int:
    """The chat whose data names the duel and where its alarms are set."""
    return duel.chat_id if duel.chat_id is not None else duel.players[0]


def chats_of(duel: Duel) -> tuple[int, ...]:
    """The chats the duel is played in: its group, or both players' private chats."""
    return (duel.chat_id,) if duel.chat_id is not None else duel.players


def in_chat(context: BotContext, chat_id: int) -> BotContext:
    """A context for saying something in ``chat_id``, in that chat's language."""
    return BotContext(
        context.application, chat_id=chat_id, user_id=chat_id if chat_id > 0 else None
    )


def changed(context: BotContext, chat_id: int) -> None:
    """A chat's data was changed outside an update of its own (a private duel changes both
    players' chats): PTB saves only the chats it is told of."""
    context.application.mark_data_for_update_persistence(chat_ids=chat_id)


def duel_chat(chat: ChatData) -> DuelChat:
    """The chat's duel part (made on first use)."""
    return DUEL_CHAT.get(chat)


def duel_in(data: BotData, chat: ChatData) -> Duel | None:
    """The duel played in a chat, if one is (not over)."""
    part = DUEL_CHAT.of(chat)
    token = part.token if part is not None else None
    duel = DUELS.get(data.global_data).duels.get(token) if token is not None else None
    return duel if duel is not None and not duel.over else None


def kind(data: BotData) -> game_life.Kind[Round]:
    """A duel hand's life: the home chat's duel's hand, ended by its clock."""

    def hand_of(chat: ChatData) -> Round | None:
        duel = duel_in(data, chat)
        return None if duel is None else duel.hand

    alarm = game_life.Alarm[Round](DUEL_UP, lambda hand: hand.deadline, hand_up)
    return game_life.Kind[Round](HAND, hand_of, (alarm,))


def names_in(context: BotContext, chat_id: int) -> dict[int, str]:
    """The players' names as ``chat_id`` keeps them."""
    chat = context.application.chat_data[chat_id]
    part = DUEL_CHAT.of(chat)
    return part.names if part is not None else {}


Saying = Callable[[BotContext, dict[int, str]], str]
"""What to say in a chat of a duel, given that chat's context and its names of the players."""


def tell(context: BotContext, duel: Duel, say: Saying) -> None:
    """Send each chat of the duel ``say(chat context, names)``, in its language."""
    tell_each(context, duel, lambda local, _chat_id, names: say(local, names))


def tell_each(
    context: BotContext, duel: Duel, say: Callable[[BotContext, int, dict[int, str]], str]
) -> None:
    """Send each chat of the duel ``say(chat context, chat id, names)``, in its language."""
    for chat_id in chats_of(duel):
        local = in_chat(context, chat_id)
        local.send(chat_id, say(local, chat_id, names_in(context, chat_id)), game=True)


def begin(
    context: BotContext, duel: Duel, names: dict[int, str], own: dict[int, str] | None = None
) -> None:
    """An invitation was accepted: the duel's chats learn who plays (``names``: as the other
    sees each; ``own``: in a private duel, each player's name in their own chat, as every
    board there names them), and the first hand is dealt at once."""
    for chat_id in chats_of(duel):
        chat = context.application.chat_data[chat_id]
        invitations = duel_chat(chat).invitations
        shown = dict(names)
        if own is not None and chat_id in own:
            shown[chat_id] = own[chat_id]  # a private chat's id is its player's
        DUEL_CHAT.put(chat, DuelChat(token=duel.token, names=shown, invitations=invitations))
        if chat_id > 0:
            # Plain answers are the duel's, not the daily's.
            set_aside.take_answers(in_chat(context, chat_id), chat_id)
        changed(context, chat_id)
    meet(context, names)  # each knows the other by the name their chat shows
    tell(context, duel, lambda local, shown: words.begins_text(duel, shown, local))
    context.application.create_task(deal_next(context, duel.token), name="duel deal")


async def deal_next(context: BotContext, token: str) -> None:
    """Deal the duel's next hand to both players at once (its clock starts when both have
    it); a hand that cannot be found or sent cancels the duel, unrated."""
    data = context.bot_data
    duel = DUELS.get(data.global_data).duels.get(token)
    if duel is None or not _waits_for_a_hand(duel):
        return
    recent = DUELS.get(data.global_data).recent_hands(duel.players)
    try:
        for _ in range(DRAWS):
            facts, level = await data.solving.deal(GameSettings(), data.rng, DIFFICULTY)
            if not duel.seen(facts.hand) and tuple(sorted(facts.hand)) not in recent:
                break
    except DealRefused:
        logger.warning("No hand for duel %s: cancelled", token)
        cancel(context, duel, lambda local: local._("No hand could be dealt just now."))
        return
    if not _waits_for_a_hand(duel):  # stopped, or dealt by another call, meanwhile
        return
    hand = duel.deal(facts, level, context.now())
    context.save_global()  # a restart finds the hand it must resume
    lost_once: list[Exception] = []
    waiting = set(chats_of(duel))

    def sent(chat_id: int, message: Sent) -> None:
        # A player's pace is timed from when the hand reached them: their private chat, or
        # the group for both.
        now = context.now()
        for player in (chat_id,) if chat_id in duel.players else duel.players:
            duel.delivered_to(player, now)
        chat = context.application.chat_data[chat_id]
        part = DUEL_CHAT.of(chat)
        if isinstance(message, Message) and part is not None:
            part.deal_message_id = message.message_id
            changed(context, chat_id)
        waiting.discard(chat_id)
        if not waiting and hand.live and not duel.shown:
            # Both players have seen a hand: from now on a forfeit is rated.
            duel.shown = True
            context.save_global()

    def lost(chat_id: int, error: Exception) -> None:
        if lost_once or not hand.live:  # the hand ended anyway, or a second failure
            return
        if isinstance(error, ChatMigrated) and chat_id == duel.chat_id:
            # The group was upgraded before the bot heard of it: the duel follows it there
            # with the same hand (a cancelled duel would be an admin's free undo).
            new = int(error.new_chat_id)
            logger.info("Duel %s: its group %s became %s: the hand goes there", token, chat_id, new)
            move_chat(context, chat_id, new)
            duel.chat_id = new  # moved with the data, or by the service message already
            waiting.discard(chat_id)
            waiting.add(new)
            deal_to((new,))
            return
        lost_once.append(error)
        if isinstance(error, Forbidden) and chat_id in duel.players:
            # A player's private chat refuses the bot (blocked): they left, a forfeit, not a
            # cancelled duel (that would dodge a loss).
            logger.info("Duel %s: player %s blocked the bot: they leave it", token, chat_id)
            if duel.leave(chat_id):
                finish(context, duel)
            return
        if chat_id == duel.chat_id and gone(error):
            # The group refuses the bot (removed, the group deleted), its update missed.
            logger.info("Duel %s: its group %s is closed to the bot (%s)", token, chat_id, error)
            if duel.cut_off():
                finish(context, duel)
            return
        logger.warning("A hand of duel %s was not sent (%s): cancelled", token, error)
        cancel(context, duel, lambda local: local._("A hand could not be sent."))

    def caption(chat_id: int) -> str:
        local = in_chat(context, chat_id)
        how = how_to_answer(chat_id > 0, local)
        return words.hand_caption(duel, names_in(context, chat_id), how, local)

    def deal_to(chats: tuple[int, ...]) -> None:
        game_life.deal_to_all(
            context, chats, home_of(duel), kind(data), hand, caption, on_sent=sent, on_lost=lost
        )

    deal_to(chats_of(duel))


CLOSED = ("chat not found", "not enough rights to send", "have no rights to send")
"""What Telegram's 400 says when the chat is closed to the bot: deleted, or its admins took
the bot's right to write (restricted it, or turned members' messages off)."""


def gone(error: Exception) -> bool:
    """Whether a send failed because the chat is closed to the bot (removed from it, blocked,
    the chat deleted, or its right to write taken), not for a passing reason."""
    if isinstance(error, Forbidden):
        return True
    return isinstance(error, BadRequest) and any(s in error.message.lower() for s in CLOSED)


def released(context: BotContext, duel: Duel) -> None:
    """The duel's hand has ended (won, its time up, the duel over): the /solve requests it
    held from people outside the duel are answered now (:mod:`bot.services.deferred_solves`)."""
    context.bot_data.deferred_solves.release(duel.hand)


def _waits_for_a_hand(duel: Duel) -> bool:
    return not duel.over and not duel.live


def cancel(context: BotContext, duel: Duel, why: Callable[[BotContext], str]) -> None:
    """Cancel the duel (nobody wins, nothing is rated), saying ``why(context)`` first."""
    if not duel.cancel():
        return
    data = context.bot_data
    data.timers.cancel(home_of(duel), DUEL_UP, DUEL_NEXT)
    released(context, duel)
    DUELS.get(data.global_data).finish(duel.token, context.now(), rated=False)
    context.save_global()
    tell(
        context,
        duel,
        # Two sentences: Chinese runs them together after its full stop, English spaces them.
        lambda local, _names: local._("{why} {what}").format(
            why=why(local), what=local._("The duel is cancelled: no rating changes.")
        ),
    )


def against_established(context: BotContext, duel: Duel, player: int) -> bool:
    """Whether ``player``'s opponent is established today (five played-out duels against
    five players, over a week): only then do the duel's wins and hands count toward
    ``player``'s achievements (docs/fair-play.md)."""
    other = next((p for p in duel.players if p != player), player)
    return RATINGS.get(context.bot_data.global_data).of(other).established(context.today())


def hand_won(context: BotContext, duel: Duel, result: HandResult, text: str) -> None:
    """A player won the hand: both are told at once, then the next hand or the end."""
    assert result.winner is not None and duel.hand is not None
    winner, hand = result.winner, duel.hand
    # The winning answer is shown as the solution it is, as rounds show theirs: never the
    # raw text, which may carry invisible direction marks or an essay around the answer.
    text = solution_of(text, hand.target).pretty  # judged right: it is an expression
    given = bool(hand.peeked)  # none while it is refused to everyone, but for the rule's sake
    noted = note_solve(
        context, hand.hand, hand.target, winner, result.seconds, HAND_SOURCE, given=given
    )
    # The hand's result and its record are kept before they are told.
    context.save_global(hands=[hand_key(hand.hand, hand.target)])

    name = names_in(context, home_of(duel)).get(winner, "")
    solved = Solved(
        player=winner,
        name=name,
        game=DUEL_GAME,
        seconds=result.seconds,
        hand=tuple(sorted(hand.hand)),
        target=hand.target,
    )
    achievable = against_established(context, duel, winner)
    # A race: the other player, if they answered, had not solved it by then.
    behind = outpaced(
        hand.outpaced(),
        DUEL_GAME,
        hand.hand,
        hand.target,
        result.seconds,
        counts=not given and not hand.hints,
    )
    where, news = _published(
        context,
        duel,
        replace(solved, level=hand.level, counts=not given, achievable=achievable),
        behind,
    )

    def won(local: BotContext, chat_id: int, names: dict[int, str]) -> str:
        said = words.won_text(duel, names, winner, result.seconds, text, local)
        line = line_of(local, chat_id, winner, noted, result.seconds)
        lines = [said] if line is None else [said, line]
        return "\n".join([*lines, *(news if chat_id == where else [])])

    tell_each(context, duel, won)
    hand_over(context, duel)


async def hand_up(context: JobContext[int]) -> None:
    """Job: a duel hand's time is up (in the duel's home chat)."""
    duel = duel_in(context.bot_data, context.chat_data)
    if duel is None:
        return
    result = duel.expire(context.job.data, context.now())
    if result is None:
        return  # a stale alarm
    await hand_expired(context, duel)


async def hand_expired(context: BotContext, duel: Duel) -> None:
    """A duel hand has ended by its clock, at its alarm or at an answer that came after its
    deadline before the alarm rang: both players are told, then the next hand or the end.
    Told once: the alarm of a hand already ended changes nothing."""
    hand = duel.hand
    if hand is not None and hand.solutions is None:  # dealt before they were worked out
        try:
            hand.learn(await context.bot_data.solving.facts(hand.hand, hand.target))
        except Exception:  # the time-up is told without them rather than not at all
            logger.exception("No solutions for duel %s's hand", duel.token)
    context.save_global()
    if hand is not None:  # who answered had not solved it in its time: censored results
        fair = not hand.peeked and not hand.hints
        behind = outpaced(
            hand.outpaced(), DUEL_GAME, hand.hand, hand.target, duel.hand_seconds, counts=fair
        )
        publish(context, None, behind)
    tell(context, duel, lambda local, names: words.expired_text(duel, names, local))
    hand_over(context, duel)


def hand_over(context: BotContext, duel: Duel) -> None:
    """After a hand: the end if the duel is over, else the next hand after a pause."""
    released(context, duel)
    home = home_of(duel)
    context.bot_data.timers.cancel(home, DUEL_UP)
    if duel.over:
        finish(context, duel)
        return
    context.bot_data.timers.run_once(
        next_hand, NEXT_HAND_SECONDS, chat_id=home, kind=DUEL_NEXT, data=duel.token, pauses=True
    )


async def next_hand(context: JobContext[str]) -> None:
    """Job: the duel's next hand."""
    await deal_next(context, context.job.data)


def finish(context: BotContext, duel: Duel, last: Round | None = None) -> None:
    """The duel has ended: rate it (unless it is not to be rated), save, then tell both
    players who won, the score and both rating changes (and ``last``, the hand stopped)."""
    data = context.bot_data
    if DUELS.get(data.global_data).duels.get(duel.token) is not duel:
        return  # finished already (a stop and a time-up at once)
    data.timers.cancel(home_of(duel), DUEL_UP, DUEL_NEXT)
    released(context, duel)
    change: RatingChange | None = None
    # Before this duel counts in the ratings (it may be what establishes the loser).
    achievable = duel.winner is not None and against_established(context, duel, duel.winner)
    if duel.rated:
        first, second = duel.players
        change = RATINGS.get(data.global_data).record(
            first,
            second,
            duel.winner,
            context.today(),
            forfeit=duel.forfeited,
            played_out=duel.played_out,
        )
    DUELS.get(data.global_data).finish(
        duel.token, context.now(), rated=change is not None and change.rated
    )
    saved = context.save_global(rating=duel.players)
    closed = duel.chat_id is not None and duel.end in CLOSED_ENDS
    where: int | None = None
    news: list[str] = []
    if duel.winner is not None:
        name = names_in(context, home_of(duel)).get(duel.winner, "")
        counts = duel.rated and duel.played_out
        won = DuelWon(player=duel.winner, name=name, counts=counts, achievable=achievable)
        where, news = _published(context, duel, won, private=closed)
    if closed:
        # The group is closed to the bot: each player is told in private instead.
        tell_players(context, duel, change, saved, (where, news))
        return
    for chat_id in chats_of(duel):
        local = in_chat(context, chat_id)
        text = words.end_text(duel, names_in(context, chat_id), change, local, last)
        text = "\n".join([text, *(news if chat_id == where else [])])
        tell_saved(local, chat_id, text, saved, end=True)
        set_aside.remind(local, chat_id)


def _published(
    context: BotContext,
    duel: Duel,
    result: GameResult,
    others: Sequence[GameResult] = (),
    *,
    private: bool = False,
) -> tuple[int | None, list[str]]:
    """Publish a player's result of the duel (:mod:`bot.play.result_listeners`), with ``others`` it
    comes with, told where the duel tells them (its group, else or if ``private`` their own
    chat, if they have one): that chat, and its lines."""
    where = result.player if private or duel.chat_id is None else duel.chat_id
    if context.application.chat_data.get(where) is None:
        return None, publish(context, None, [result, *others])
    return where, publish(in_chat(context, where), where, [result, *others])


CLOSED_ENDS = frozenset({End.LEFT, End.CUT_OFF, End.REMOVED, End.QUIT})
"""Ends of a group's duel told to its players in private: the group is closed to the bot,
or to one of them."""


def tell_players(
    context: BotContext,
    duel: Duel,
    change: RatingChange | None,
    saved: bool,
    news: tuple[int | None, list[str]] = (None, []),
) -> None:
    """Tell each player of a group's duel its end in their private chat (named as the group
    names them), where they have one with the bot: Telegram lets a bot write only to users
    who have started it.  Anyone else finds the result in /rating."""
    names = names_in(context, home_of(duel))
    for player in duel.players:
        if context.application.chat_data.get(player) is None:
            logger.info("Duel %s: player %s has no private chat to be told in", duel.token, player)
            continue
        local = in_chat(context, player)
        text = words.end_text(duel, names, change, local)
        text = "\n".join([text, *(news[1] if player == news[0] else [])])
        tell_saved(local, player, text, saved, end=True)


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/duel stop: the player forfeits their duel (the other wins); its end shows the hand
    that was on, with its solutions (worked out first if they are not known yet)."""
    duel = DUELS.get(context.bot_data.global_data).duel_of(update.effective_user.id)
    if duel is None:
        context.reply(update, context._("You are not in a duel."))
        return
    last = duel.hand if duel.live else None
    if last is not None and last.solutions is None:  # dealt before they were worked out
        with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            last.learn(await context.bot_data.solving.facts(last.hand, last.target))
    try:
        duel.stop(update.effective_user.id)
    except Refused:  # it ended meanwhile: its end is told
        return
    finish(context, duel, last)
