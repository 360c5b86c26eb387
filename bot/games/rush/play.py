"""A Rush run's life in a chat: /rush deals its first hand, answers and /skip deal the next, its
clock's alarm or /stop ends it, and its end is counted, then told (docs/design.md,
*A game's life*)."""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable

from telegram.constants import ChatType

from bot.games.rush import words
from bot.games.rush.counting import count_run, run_result
from bot.games.rush.parts import RUSH_MESSAGES, RushMessages
from bot.play import game_life, set_aside, status_message
from bot.play.admins import is_admin
from bot.play.announce import tell_saved
from bot.play.result_listeners import publish
from bot.rules.pace import floor_of
from bot.rules.results import GameResult, HandPlayed, outpaced
from bot.rules.rounds import Round
from bot.rules.rush.chat_run import RUSH_SEAT, ChatRush, HandTime, SharedHand, new_rush
from bot.rules.rush.result import RUSH_GAME
from bot.rules.rush.run import CARDS, DECK, Deal, Refusal, RushOutcome, Void
from bot.rules.rush.run import TARGET as RUSH_TARGET
from bot.services.solving import DealRefused
from bot.services.workers import AlreadyRunning, PoolBusy, WorkFailed, WorkTimeout
from bot.state import ChatData
from bot.texts import player_line, reason
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate
from solver import solution_of

RUSH_UP = "rush-up"
"""A Rush run's end by its clock (set again with each hand: the clock moves)."""

PICTURES_KEPT = 5
"""The run's latest pictures whose replies are told apart (older ones are forgotten)."""


def messages_of(chat: ChatData) -> RushMessages:
    """The chat's Rush messages (made at its first run)."""
    return RUSH_MESSAGES.get(chat)


class _Picture:
    """Where a hand's picture is kept once sent (see :class:`bot.play.game_life.DealMessages`):
    the current one, and which hand each recent picture shows."""

    def __init__(self, messages: RushMessages, number: int) -> None:
        self._messages = messages
        self._number = number

    @property
    def deal_message_id(self) -> int | None:
        return self._messages.deal_message_id

    @deal_message_id.setter
    def deal_message_id(self, message_id: int | None) -> None:
        self._messages.deal_message_id = message_id
        if message_id is not None:
            hands = self._messages.hands
            hands[message_id] = self._number
            for old in sorted(hands)[:-PICTURES_KEPT]:
                del hands[old]


async def dealer(context: ChatContext) -> Deal:
    """What deals the run's hands (the first call may wait for the level table)."""
    data = context.bot_data
    return await data.solving.dealer(data.rng, CARDS, RUSH_TARGET, DECK)


def busy(update: MessageUpdate, context: HandlerContext) -> None:
    """Say that no hand can be drawn just now."""
    context.reply(update, context._("I am busy dealing other hands: try again in a moment."))


async def start(update: MessageUpdate, context: HandlerContext) -> None:
    """/rush: a run for the user in private, a shared run in a group."""
    _ = context._
    chat_id = update.effective_chat.id
    user = update.effective_user
    private = update.effective_chat.type == ChatType.PRIVATE
    if private:
        round_on = _("A round is on: finish it (or /stop it) before a Rush run.")
    else:
        round_on = _("A round is on here: finish it (or /stop it) before a Rush run.")
    if game_life.refused(update, context, round_on):
        return
    deal = await game_life.look_for(context, chat_id, dealer(context))
    if deal is None:
        return
    table = context.chat_data.table
    game = new_rush(table, user.id, user.full_name, context.now(), deal, shared=not private)
    set_aside.take_answers(context, chat_id)  # in private, plain answers are the run's
    messages = messages_of(context.chat_data)
    messages.hands = {}
    deal_hand(context, chat_id, game, None)


def deal_hand(context: ChatContext, chat_id: int, game: ChatRush, news: str | None) -> None:
    """Send the run's current hand, with ``news`` of the hand before it; its alarm is set
    again when the picture is sent (the clock has moved)."""
    messages = messages_of(context.chat_data)
    messages.status.message_id = None  # a new hand's wrong answers start a new message
    messages.status.lines = []
    game_life.cancel_alarms(context, chat_id, RUSH)
    caption = words.caption(game, context, news, context.now())
    picture = _Picture(messages, game.run.hand.number)

    def lost() -> None:
        finish(chat_id, context, game, seen=False)

    game_life.deal(context, chat_id, RUSH, game, picture, caption, on_lost=lost)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the chat's run: the first right one takes the hand and deals the
    next; a wrong one is told (in a group, in the hand's status message)."""
    _ = context._
    chat = context.chat_data
    game = RUSH_SEAT.of(chat.table)
    if game is None:
        return
    chat_id = update.effective_chat.id
    user = update.effective_user
    replied = update.effective_message.reply_to_message
    # The hand answered: the one whose picture is replied to, else the one on when the
    # answer came (not a hand dealt while it waited: nobody had seen that one yet).
    hand = game.run.hand.number
    messages = RUSH_MESSAGES.of(chat)
    if replied is not None and messages is not None:
        hand = messages.hands.get(replied.message_id, hand)
    try:
        deal = await dealer(context)
    except DealRefused:
        busy(update, context)
        return
    run = game.run
    was_over = run.ended
    before = run.hand
    outcome = run.answer(user.id, user.full_name, text, context.now(), deal, hand=hand)
    if run.hand is not before:
        released(context, before)
    if _ended(outcome, was_over, chat_id, context, game):
        return
    if outcome.refused is Refusal.OVER:
        context.reply(update, _("Too late: this run is over. /rush starts another."))
    elif outcome.refused is Refusal.STALE:
        said = _("Too late: that hand is gone. Answer the one on the clock now.")
        _tell_wrong(update, context, game, said)
    elif outcome.void is Void.TOO_FAST:
        _tell_wrong(update, context, game, words.too_fast_text(context, floor_of(run.hand.hand)))
    elif outcome.solved:
        played(context, chat_id, game, before, outcome.seconds, solver=user.id)
        # Shown as the solver writes it (× − ÷), never as typed: text may carry invisible marks.
        pretty = solution_of(text, RUSH_TARGET).pretty  # judged right: it is an expression
        news = words.solved_news(user.full_name, pretty, outcome.seconds, outcome.bonus, context)
        deal_hand(context, chat_id, game, news)
    elif outcome.void is Void.GIVEN:  # costs a skip: never a free one
        skipped = words.skipped_news(run.dealt[-2], None, context)
        deal_hand(context, chat_id, game, "🚫 " + words.given_away(context) + "\n" + skipped)
    else:
        assert outcome.verdict is not None
        if outcome.out:
            said = _("You are out of this hand: it has a solution. /skip deals another (−20 s).")
        else:
            said = _("Not quite: {reason}.").format(
                reason=html.escape(reason(outcome.verdict, context))
            )
        _tell_wrong(update, context, game, said)


def _tell_wrong(update: MessageUpdate, context: HandlerContext, game: ChatRush, said: str) -> None:
    """Tell a player what was wrong with an answer: in private in reply, in a group as a
    line of the current hand's status message (one message a hand, however many guess)."""
    if not game.run.shared:
        context.reply(update, said)
        return
    number = game.run.hand.number
    status_message.show(
        context,
        update.effective_chat.id,
        messages_of(context.chat_data).status,
        player_line(html.escape(update.effective_user.full_name), said, context),
        heading=context._("Not yet:"),
        key="rush-status",
        current=lambda: game.live and game.run.hand.number == number,
    )


def _ended(
    outcome: RushOutcome, was_over: bool, chat_id: int, context: ChatContext, game: ChatRush
) -> bool:
    """Finish the run if what was asked of it ended it (its clock had run out before the
    alarm rang, a skip took its last seconds, a stop): True then."""
    if game.run.ended and not was_over and (outcome.ended or outcome.refused is Refusal.OVER):
        finish(chat_id, context, game)
        return True
    return False


async def _asked(
    update: MessageUpdate,
    context: HandlerContext,
    act: Callable[[ChatRush, bool, Deal], RushOutcome],
    stop: bool,
) -> tuple[ChatRush, Round] | None:
    """A /skip or /stop of the chat's run by the update's user (an admin of a group, or a
    vote, where they did not start it); None when it was answered here."""
    game = RUSH_SEAT.of(context.chat_data.table)
    if game is None or not RUSH_SEAT.on(context.chat_data.table):
        context.reply(update, context._("No Rush run is on: /rush starts one."))
        return None
    user_id = update.effective_user.id
    # The starter needs no admin check, which may cost a Bot API call.
    admin = game.run.shared and user_id != game.starter and await is_admin(update, context)
    try:
        deal = await dealer(context)
    except DealRefused:
        busy(update, context)
        return None
    was_over = game.run.ended
    before = game.run.hand
    outcome = act(game, admin, deal)
    if _ended(outcome, was_over, update.effective_chat.id, context, game):
        return None
    if outcome.refused is Refusal.VOTED and outcome.ballot is not None:
        context.reply(update, words.vote_text(stop, outcome.ballot, context))
        return None
    if outcome.refused is not None:
        context.reply(update, context._("No Rush run is on: /rush starts one."))
        return None
    return game, before


async def skip(update: MessageUpdate, context: HandlerContext) -> None:
    """/skip in a run: −20 s and the next hand (a vote in a group, for who did not start it)."""
    await learn_hand(context, RUSH_SEAT.of(context.chat_data.table))  # the skipped one is shown
    user_id = update.effective_user.id
    done = await _asked(
        update,
        context,
        lambda game, admin, deal: game.run.skip(user_id, context.now(), deal, admin=admin),
        stop=False,
    )
    if done is None:
        return
    game, skipped = done
    played(context, update.effective_chat.id, game, skipped, None)
    released(context, skipped)
    solution = skipped.solutions[0] if skipped.solutions else None
    news = words.skipped_news(skipped.hand, solution, context)
    deal_hand(context, update.effective_chat.id, game, news)


async def stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/stop (or /rush stop) in a run: it ends now and is counted (its end shows the hand
    that was on)."""
    await learn_hand(context, RUSH_SEAT.of(context.chat_data.table))
    user_id = update.effective_user.id
    await _asked(
        update,
        context,
        lambda game, admin, _deal: game.run.stop(user_id, context.now(), admin=admin),
        stop=True,
    )


async def no_hints(update: MessageUpdate, context: HandlerContext) -> None:
    """/hint or /reveal during a run: Rush has neither."""
    context.reply(
        update,
        context._("Rush has no hints and no reveal: /skip deals another hand (−20 s)."),
    )


async def rush_up(context: JobContext[int]) -> None:
    """Job: the run's clock has run out."""
    await learn_hand(context, RUSH_SEAT.of(context.chat_data.table))
    game = game_life.expired(context, RUSH)
    if game is not None:
        finish(context.job.chat_id, context, game)


RUSH = game_life.Kind[ChatRush](
    "rush",
    lambda chat: RUSH_SEAT.of(chat.table),
    (game_life.Alarm(RUSH_UP, lambda game: game.deadline, rush_up),),
)
"""A Rush run's life: the chat's last run, its end by its clock."""


async def learn_hand(context: ChatContext, game: ChatRush | None) -> None:
    """Work out a solution of the run's hand if it is not known (to show it when skipped, or
    at the run's end); the hand goes without one if that fails."""
    if game is not None and game.live and game.run.hand.solutions is None:
        with contextlib.suppress(WorkTimeout, WorkFailed, PoolBusy, AlreadyRunning):
            game.run.hand.learn(await context.bot_data.solving.facts(game.hand, RUSH_TARGET))


def played(
    context: ChatContext,
    chat_id: int,
    game: ChatRush,
    hand: Round,
    seconds: float | None,
    *,
    solver: int | None = None,
) -> None:
    """A private run's hand solved in ``seconds`` or skipped (None); a shared run's hand
    solved by ``solver``, a race, with who answered it and had not solved it by then.  Both
    are told as results at the run's end, once it is known whose run counts (see finish)."""
    if game.run.shared:
        if solver is not None and seconds is not None:
            cards = tuple(sorted(hand.hand))
            raced = SharedHand(cards, hand.target, seconds, solver, tuple(hand.outpaced()))
            game.races.append(raced)
    else:  # told at the run's end, once it is known whether the run counts (see finish)
        game.hands_played.append(HandTime(tuple(sorted(hand.hand)), hand.target, seconds))


def hands_of(game: ChatRush, *, counts: bool) -> list[HandPlayed]:
    """A private run's hands as the other games' results: counted only when the run counts
    (a run off the boards, by an answer under a person's pace or a script's steady pace,
    feeds no rating: docs/fair-play.md, *A person's pace*)."""
    return [
        HandPlayed(
            player=game.run.starter,
            name="",
            game=RUSH_GAME,
            hand=played.hand,
            target=played.target,
            seconds=played.seconds,
            counts=counts,
        )
        for played in game.hands_played
    ]


def races_of(game: ChatRush, off_pace: set[int]) -> list[list[GameResult]]:
    """A shared run's races as the other games' results, one publication each: a win counts
    only for a runner whose run counts, and a censored result only for one whose run counts
    (a runner off the boards in the run, by an answer under a person's pace or a script's
    steady pace, moves no hand's rating: docs/fair-play.md, *A person's pace*)."""
    return [
        [
            HandPlayed(
                player=race.solver,
                name="",
                game=RUSH_GAME,
                hand=race.hand,
                target=race.target,
                seconds=race.seconds,
                counts=race.solver not in off_pace,
            ),
            *(
                behind
                for behind in outpaced(race.behind, RUSH_GAME, race.hand, race.target, race.seconds)
                if behind.player not in off_pace
            ),
        ]
        for race in game.races
    ]


def released(context: ChatContext, hand: Round) -> None:
    """A shared run's hand is over: the /solve requests it held from people outside the
    group are answered now (:mod:`bot.services.deferred_solves`)."""
    context.bot_data.deferred_solves.release(hand)


def finish(chat_id: int, context: ChatContext, game: ChatRush, *, seen: bool = True) -> None:
    """A run has ended: each player's run is counted (their records and the board, saved
    at once), then the end is told, with the hand that was on (``seen``: its picture was
    sent) and a solution of it."""
    game_life.cancel_alarms(context, chat_id, RUSH)
    run = game.run
    released(context, run.hand)
    saved = True
    rows = []
    for user_id, runner in run.ranking():
        result = run.result(user_id)
        if result is None:  # only an ended run's players have one
            continue
        best, written = count_run(context, user_id, runner.name, result)
        saved = saved and written
        rows.append((user_id, runner.name, result, best))
    off_pace = {user for user, _name, result, _best in rows if result.off_pace}
    hands = [] if run.shared else hands_of(game, counts=not off_pace)
    for race in races_of(game, off_pace):
        publish(context, chat_id, race)
    game.hands_played = []
    game.races = []
    if not rows:
        publish(context, chat_id, hands)  # hands skipped, none answered
        return
    news = publish(
        context, chat_id, [*hands, *(run_result(user, name, r) for user, name, r, _b in rows)]
    )
    if run.shared:
        text = words.group_end([row[1:] for row in rows], context)
    else:
        text = words.solo_end(rows[0][2], rows[0][3], context)
    text = "\n".join([text, *news])
    if seen:
        hand = run.hand
        solution = hand.solutions[0] if hand.solutions else None
        text = words.last_hand(hand.hand, solution, context) + "\n" + text
    tell_saved(context, chat_id, text, saved, end=True)
    set_aside.remind(context, chat_id)
