"""Playing a friend's challenge in private: the Play link deals the hand on the friend's own
clock (or opens today's daily puzzle as their attempt), their answers are judged, /giveup
gives up, and a play's end is saved, told and shown on every shared message; a challenge
that would hide another game or spoil a daily is refused (docs/games.md, *Challenges*)."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from telegram.constants import ChatType
from telegram.ext import Application, filters

from bot.context import BotContext, services
from bot.games.challenges.opened import opened
from bot.games.challenges.parts import ANSWERS_TO, CHALLENGES
from bot.games.challenges.shared_messages import after_saved, settle_lapsed, time_text
from bot.i18n import Translator
from bot.play import game_life, set_aside
from bot.play.announce import tell_saved
from bot.play.hand_record_line import count_solve
from bot.play.players_met import meet
from bot.play.puzzle_days import day_open, days_of
from bot.rules.challenge import HAND_SOURCE, Challenge, ChallengeRefusal, ChallengeRefused
from bot.rules.daily.puzzle import HAND_SOURCE as DAILY_SOURCE
from bot.rules.pace import floor_of
from bot.rules.spoilers import shares
from bot.services.workers import PoolBusy, WorkFailed, WorkTimeout
from bot.state import CHATS_GAME
from bot.texts import reason
from bot.typed_handlers import HandlerContext, MessageUpdate
from solver import daily as day_puzzle
from solver import daily_number

LINK_PREFIX = "ch_"
"""A challenge's start parameter: ``ch_`` and its token."""
SHOWN_SOLUTIONS = 10
"""Solutions listed when a challenge is given up (the rest are counted)."""


@dataclass
class LivePlay:
    """A friend's play of a challenge, as :class:`~bot.rules.spoilers.LiveHands` sees it:
    live until it ends, for them only."""

    challenge: Challenge
    user_id: int
    peeked: list[int] = field(default_factory=list)

    @property
    def hand(self) -> tuple[int, ...]:
        return self.challenge.hand

    @property
    def live(self) -> bool:
        play = self.challenge.plays.get(self.user_id)
        return play is not None and not play.finished


def keep_live(application: Application, challenge: Challenge, user_id: int) -> None:
    """``user_id``'s play of ``challenge`` is on: /solve and inline mode refuse them its
    hand until it ends."""
    live = LivePlay(challenge, user_id)
    services(application).live_hands.add_player(user_id, live, kind="challenge")


def restore(application: Application) -> int:
    """At start-up: the plays open when the bot stopped keep their hands from their players,
    and the challenges someone has opened are known by their cards again."""
    count = 0
    data = services(application)
    for challenge in CHALLENGES.get(data.global_data).challenges.values():
        if challenge.plays:
            opened(application).add(challenge.token, challenge.hand)
        for user_id, play in challenge.plays.items():
            if not play.finished and not play.daily:
                keep_live(application, challenge, user_id)
                count += 1
    return count


def _refusal_text(context: HandlerContext, refused: ChallengeRefused) -> str:
    _ = context._
    texts = {
        ChallengeRefusal.NOT_FOUND: _(
            "I can't find this challenge: it may be too old, or the link is wrong. "
            "/play deals you a hand, /daily shows today's puzzle."
        ),
        ChallengeRefusal.SETTER: _(
            "That is your own challenge: your friends play it against your time. "
            "Share it in more chats with its button."
        ),
        ChallengeRefusal.PLAYED: _(
            "You have played this challenge already: one try each, so that every time "
            "on it is a first try."
        ),
        ChallengeRefusal.FULL: _("This challenge is full: enough friends have played it."),
        ChallengeRefusal.BUSY: _(
            "You are playing another challenge: answer it or /giveup first, then open this one."
        ),
    }
    return texts.get(refused.reason, texts[ChallengeRefusal.NOT_FOUND])


def _is_todays_attempt(context: HandlerContext, challenge: Challenge) -> bool:
    """Whether playing ``challenge`` is the friend's attempt at today's daily puzzle: it is
    today's, and they have neither solved nor given it up (an attempt running is theirs)."""
    today = context.today()
    return challenge.daily == daily_number(today) and day_open(context, context.user_data, today)


async def _spoils_daily(context: BotContext, user_id: int, challenge: Challenge) -> bool:
    """Whether ``challenge``'s hand shares three cards with a daily puzzle ``user_id`` may
    still score, tomorrow's included (their play being no daily attempt): the rule of
    /solve (:func:`~bot.rules.spoilers.shares`).  A hand that is today's puzzle itself is
    public (the daily shows it to all): it spoils no more of tomorrow's than the daily."""
    user = context.application.user_data.get(user_id)
    now = context.bot_data.local_now()
    public = sorted(challenge.hand) == sorted(day_puzzle(now.date()))
    for day in days_of(context).unplayed(user, now):
        if public and day > now.date():
            continue
        if shares(challenge.hand, day_puzzle(day)):
            return True
    return False


def _busy(context: Translator) -> str:
    """What a challenge opened is told while a game of the player's that says nothing of its
    own is on in their private chat (a round, a hunt, a Countdown game, another challenge)."""
    return context._(
        "A game is on here: answer it or /giveup first, then open the challenge again."
    )


async def open_link(update: MessageUpdate, context: HandlerContext) -> None:
    """``/start ch_TOKEN`` (a shared challenge's Play button): deal its hand to the friend."""
    _ = context._
    user = update.effective_user
    token = (context.args or [""])[0].removeprefix(LINK_PREFIX)
    challenges = CHALLENGES.get(context.bot_data.global_data)
    now = context.now()
    settle_lapsed(context, user.id)  # yesterday's daily attempt, say, is over by now
    try:
        challenge = challenges.get(token)
        daily = _is_todays_attempt(context, challenge)
        play = challenge.plays.get(user.id)
        may_play = user.id != challenge.setter and (play is None or not play.finished)
        if may_play and not daily and await _spoils_daily(context, user.id, challenge):
            context.reply(
                update,
                _(
                    "{name}'s challenge has cards of a daily puzzle you have yet to play: "
                    "it would spoil it. Open it again once you have played that daily."
                ).format(name=html.escape(challenge.setter_name)),
            )
            return
        # Over another game of the player's, the challenge (or the daily attempt it is) would
        # hide that game: it waits, no clock started (its own play goes on, reopened).
        again = challenges.open_play(user.id) is challenge
        chat_id = update.effective_chat.id
        busy = (
            set_aside.busy_text(context, chat_id, "/daily")
            if daily
            else set_aside.busy_text(context, chat_id, None, _busy)
        )
        if may_play and not again and busy is not None:
            context.reply(update, busy)
            return
        known = user.id in challenge.plays
        challenge, play = challenges.play(token, user.id, user.first_name, now, daily=daily)
    except ChallengeRefused as refused:
        context.reply(update, _refusal_text(context, refused))
        return
    # The play is kept before the hand is shown: a restart keeps its clock.
    context.save_global(challenge=[challenge.token])
    meet(context, {challenge.setter: challenge.setter_name, user.id: user.first_name})
    # Its cards are out: whoever the bot solves them for from now on plays it unranked.
    opened(context.application).add(challenge.token, challenge.hand)
    name = html.escape(challenge.setter_name)
    if play.unranked and not known:
        context.reply(
            update,
            _(
                "You asked me for solutions of these cards (/solve or inline mode) after "
                "{name}'s challenge was opened, so your time could be my answer's: you may "
                "still play it, but your time will not go on its shared card."
            ).format(name=name),
        )
    if play.daily:
        if not known:  # opened again, it is the daily attempt going on, as /daily says
            context.reply(
                update,
                _(
                    "{name}'s challenge is today's puzzle, Daily #{number}, which you have not "
                    "played yet: this is your daily attempt, on its one clock."
                ).format(name=name, number=challenge.daily),
            )
        await context.bot_data.deep_links["daily"](update, context)
        return
    set_aside.take_answers(context, update.effective_chat.id, ANSWERS_TO)
    keep_live(context.application, challenge, user.id)
    caption = _(
        "<b>{name}'s challenge</b>: make {target} from <b>{hand}</b>\n"
        "{name} took {time}. Your clock is running: type your answer, or /giveup."
    ).format(
        name=name,
        target=challenge.target,
        hand=" ".join(map(str, challenge.hand)),
        time=time_text(challenge, challenge.seconds, _),
    )
    if known:
        caption += "\n" + _("(Opened again: your clock has run since you first opened it.)")

    def shown(_sent: object) -> None:
        # A new play's clock starts when its hand reaches the friend (the message may wait
        # for the chat's limits); opened again, the clock that ran goes on.
        if not known:
            challenge.shown(user.id, context.now())

    game_life.post_hand(context, update.effective_chat.id, challenge.hand, caption, on_sent=shown)


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a private answer is meant for the challenge being played: plain answers go to
    it while it is open, but for a reply to another game's picture."""
    return (
        update.effective_chat.type == ChatType.PRIVATE
        and waiting(context)
        and not context.bot_data.answers.addressed(update, context)
    )


def waiting(context: HandlerContext) -> bool:
    """Whether plain answers in this private chat go to a challenge."""
    return context.chat_data.answers_to == ANSWERS_TO


def _open(context: HandlerContext, user_id: int) -> Challenge | None:
    challenge = CHALLENGES.get(context.bot_data.global_data).open_play(user_id)
    if challenge is None or challenge.plays[user_id].daily:
        context.chat_data.answers_to = CHATS_GAME
        return None
    return challenge


async def answer(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the challenge the friend is playing."""
    _ = context._
    user_id = update.effective_user.id
    challenge = _open(context, user_id)
    if challenge is None:
        context.reply(update, _("No challenge is running here: /play deals a hand."))
        return
    done = challenge.answer(user_id, text, context.now())
    if done.too_fast:
        context.reply(
            update,
            _(
                "Too fast: that answer came within {floor} s of the hand reaching you, quicker "
                "than anyone reads four cards and types, so it counts for nothing. Your clock "
                "is still running: answer it again."
            ).format(floor=f"{floor_of(challenge.hand, challenge.target):g}"),
        )
        return
    if not done.verdict.ok:
        why = html.escape(reason(done.verdict, context))
        context.reply(update, _("Not quite: {reason}.").format(reason=why))
        return
    context.chat_data.answers_to = CHATS_GAME
    seconds = done.play.seconds or 0.0
    # The time is kept before it is told, and shown on the shared messages.
    saved = context.save_global(challenge=[challenge.token])
    chat_id = update.effective_chat.id
    # A daily puzzle's cards are public (and this friend solved it already): seen, no record.
    source = HAND_SOURCE if challenge.daily is None else DAILY_SOURCE
    record, hand_saved = count_solve(
        context, chat_id, challenge.hand, challenge.target, user_id, seconds, source
    )
    values = {
        "name": html.escape(challenge.setter_name),
        "time": time_text(challenge, seconds, _),
        "theirs": time_text(challenge, challenge.seconds, _),
    }
    if seconds < challenge.seconds:
        line = _("✅ Solved in {time}: you beat {name} ({theirs})!")
    elif seconds == challenge.seconds:
        line = _("✅ Solved in {time}: as fast as {name}!")
    else:
        line = _("✅ Solved in {time}. {name} was faster ({theirs}).")
    if done.play.given_while_open:
        shared = _(
            "Your time is not on the shared card: I gave solutions of these cards to someone "
            "(/solve or inline mode) while you were playing it, so your time could be my "
            "answer's. Your other challenges count as usual."
        )
    elif done.play.unranked:
        shared = _(
            "Your time is not on the shared card: I had given you solutions of these cards "
            "before you opened it, so your time could be my answer's. A challenge whose cards "
            "you have not asked me for counts as usual."
        )
    else:
        shared = _("Your time is on the challenge for everyone who shared it.")
    lines = [line.format(**values), shared]
    if record is not None:
        lines.append(record)
    tell_saved(context, chat_id, "\n".join(lines), saved and hand_saved, update=update)
    after_saved(context, saved, challenge)
    set_aside.remind(context, chat_id)


def on_challenge(application: Application) -> filters.UpdateFilter:
    """Updates in a private chat whose plain answers go to a challenge, and whose own game
    (a round, a hunt, a series that holds the table: a match) could not mean otherwise."""

    class _OnChallenge(filters.UpdateFilter):
        def filter(self, update: object) -> bool:
            chat = getattr(update, "effective_chat", None)
            if chat is None or chat.type != ChatType.PRIVATE:
                return False
            data = application.chat_data.get(chat.id)
            return (
                data is not None
                and data.answers_to == ANSWERS_TO
                and not data.table.game_on
                and not data.table.held
            )

    return _OnChallenge(name="challenge")


async def give_up(update: MessageUpdate, context: HandlerContext) -> None:
    """/giveup (/reveal, /stop) while a challenge is played: it ends with no time, and its
    solutions are shown (unless they hold a daily puzzle the player may still score)."""
    _ = context._
    user_id = update.effective_user.id
    challenge = _open(context, user_id)
    if challenge is None:
        context.reply(update, _("No challenge is running here: /play deals a hand."))
        return
    challenge.give_up(user_id)
    context.chat_data.answers_to = CHATS_GAME
    saved = context.save_global(challenge=[challenge.token])
    name = html.escape(challenge.setter_name)
    if await _spoils_daily(context, user_id, challenge):
        text = _(
            "You gave up {name}'s challenge. Its solutions are kept from you for now: it "
            "has cards of a daily puzzle you have yet to play."
        ).format(name=name)
    else:
        count, listed = await _solutions(context, challenge)
        head = context.ngettext(
            "You gave up {name}'s challenge. Its solution:",
            "You gave up {name}'s challenge. Its solutions:",
            count or 2,  # not listed: "solutions"
        )
        text = head.format(name=name) + "\n" + listed
    tell_saved(context, update.effective_chat.id, text, saved, update=update)
    after_saved(context, saved, challenge)
    set_aside.remind(context, update.effective_chat.id)


async def _solutions(context: HandlerContext, challenge: Challenge) -> tuple[int, str]:
    """How many distinct solutions a challenge has (0 when they take too long to list), and
    them as HTML lines."""
    try:
        facts = await context.bot_data.solving.facts(challenge.hand, challenge.target)
    except (WorkTimeout, WorkFailed, PoolBusy):
        return 0, context._("(The solutions take too long to list.)")
    solutions = facts.solutions or ()
    lines = [f"<code>{html.escape(s)}</code>" for s in solutions[:SHOWN_SOLUTIONS]]
    if len(solutions) > SHOWN_SOLUTIONS:
        more = len(solutions) - SHOWN_SOLUTIONS
        lines.append(
            context.ngettext("… and {count} more", "… and {count} more", more).format(count=more)
        )
    return len(solutions), "\n".join(lines)
