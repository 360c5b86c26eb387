"""Countdown on Telegram (``/countdown [large] [seconds]``, also ``/numbers``): the deal, the
answers it claims while a game is on and for a minute after, the group's status message
(values only), the solver's best answer told at the end (rules: :mod:`bot.rules.countdown`;
docs/games.md, *Countdown* and *What both do alike*)."""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler

from bot.context import BotContext, services
from bot.games.countdown import refusals, work
from bot.games.countdown.parts import COUNTDOWN_MESSAGES, COUNTDOWN_POINTS, CountdownMessages
from bot.games.countdown.setting import SETTING
from bot.games.countdown.words import (
    ACHIEVEMENTS,
    REASONS,
    REQUEST_REASONS,
    STOP_VOTES,
    how_to_answer,
)
from bot.i18n import N_, answer_in_english
from bot.play import game_life, set_aside, solo_games, status_message
from bot.play.announce import tell_saved
from bot.play.registry import Board, Game, Handlers, Help, HelpLine, MenuEntry
from bot.play.result_listeners import publish
from bot.rules.countdown import (
    COUNTDOWN_SEAT,
    LARGE,
    MAX_SECONDS,
    MIN_SECONDS,
    MIN_TARGET,
    SOLVE_RULES,
    Countdown,
    CountdownExact,
    Outcome,
    chat_time,
    new_countdown,
    points_for,
)
from bot.rules.pace import too_fast
from bot.rules.plain_text import after_mention, looks_like_answer
from bot.services.answer_routes import Route
from bot.services.limits import TEXT, fit_list
from bot.state import ChatData
from bot.texts import (
    more_players,
    player_line,
    reason,
)
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate, for_messages

COUNTDOWN_UP = "countdown-up"
"""A Countdown game's end."""

PRIORITY = 50
"""The chat's Countdown game, and for a minute after its end a late answer to it: after the
hunt (the order matters only in that minute)."""

LATE_SECONDS = 60.0
"""After a game's deadline, answers are still taken for this long, to be told they came too
late (a reply to the game's messages, at any time)."""
ROWS_SHOWN = 50
"""Players listed at a game's end at most (fewer if their names are long: the message keeps
to Telegram's 4096 characters); the others are counted."""
MATCHED_NAMED = 10
"""Players named as having matched the solver's best at most (the others are counted)."""
STOP_WORDS = frozenset({"stop", "end", "停止", "结束"})


def _usage(context: ChatContext) -> str:
    return context._(
        "Use /countdown, or /countdown 2 60 for two large numbers (0 to {large}) "
        "and 60 seconds ({low} to {high})."
    ).format(large=len(LARGE), low=MIN_SECONDS, high=MAX_SECONDS)


def read_words(words: list[str], default_seconds: int) -> tuple[int | None, int] | None:
    """``[large] [seconds]`` → (large numbers or None, seconds); None if unreadable.  A single
    number of 10 or more is the seconds (no game has that many large numbers)."""
    if len(words) > 2 or not all(w.isdecimal() and w.isascii() and len(w) <= 4 for w in words):
        return None
    values = [int(w) for w in words]
    if len(values) == 1 and values[0] >= MIN_SECONDS:
        values = [-1, values[0]]
    large = values[0] if values and values[0] >= 0 else None
    seconds = values[1] if len(values) > 1 else default_seconds
    if large is not None and not 0 <= large <= len(LARGE):
        return None
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        return None
    return large, seconds


async def countdown_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/countdown [large] [seconds]: deal six numbers and a target; /countdown stop."""
    _ = context._
    table = context.chat_data.table
    chat_id = update.effective_chat.id
    words = context.args or []
    if words and words[0].lower() in STOP_WORDS:
        await _stop(update, context)
        return
    if game_life.refused(update, context, _("A round is on: finish it (or /stop it) first.")):
        return
    read = read_words(words, chat_time(table.settings))
    if read is None:
        context.reply(update, _usage(context))
        return
    large, seconds = read
    data = context.bot_data
    found = await game_life.look_for(context, chat_id, work.deal(data.solving, data.rng, large))
    if found is None:
        return
    numbers, target, best = found
    starter = update.effective_user.id
    game = new_countdown(table, numbers, target, best, context.now(), seconds, starter)
    chat = context.chat_data
    set_aside.take_answers(context, chat_id)  # in private, plain answers are the game's
    messages = COUNTDOWN_MESSAGES.put(chat, CountdownMessages())
    caption = (
        _("<b>Countdown</b>: make {target} from {numbers}, {seconds} s.").format(
            target=target, numbers=" ".join(map(str, numbers)), seconds=seconds
        )
        + "\n"
        # Two sentences: Chinese runs them together after its full stop, English spaces them.
        + _("{rules} {how}").format(
            rules=_(
                "Each number at most once, + − × ÷, whole numbers on the way; "
                "the closest answer wins."
            ),
            how=how_to_answer(chat_id > 0, context),
        )
    )

    game_life.deal(context, chat_id, COUNTDOWN, game, messages, caption, tiles=True, target=target)


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the Countdown game's: while one is on, ``/a``, a reply to
    its picture or status message, in private any text (the daily puzzle, asked before,
    has taken what is its), in a group text that looks like an answer.  After the end, a
    reply to those messages, and for a minute ``/a`` or text that looks like an answer,
    unless another game is on or its hand came since (they are told they came too late)."""
    chat = context.chat_data
    game = COUNTDOWN_SEAT.of(chat.table)
    if game is None:
        return False
    message = update.effective_message
    replied = message.reply_to_message
    if replied is not None and replied.message_id in its_messages(context):
        return True
    if not COUNTDOWN_SEAT.on(chat.table) and (
        chat.table.game_on
        or context.now() > game.deadline + LATE_SECONDS
        or _hand_since(context, update.effective_chat.id, game.started)
    ):
        return False
    private = update.effective_chat.type == ChatType.PRIVATE
    text = message.text or ""
    if text.startswith("/") or after_mention(text, context.bot.username) is not None:
        return True  # /a, or the bot's name: said to the bot
    return (private and COUNTDOWN_SEAT.on(chat.table)) or looks_like_answer(answer_in_english(text))


def _hand_since(context: HandlerContext, chat_id: int, started: float) -> bool:
    """Whether another game's hand was posted in the chat after the game's own (a duel, a
    round played and over since): a late answer is that game's, not this one's."""
    return context.bot_data.hand_posted.get(chat_id, -math.inf) > started


def counting(context: ChatContext) -> bool:
    """Whether the chat's Countdown game waits for answers."""
    return COUNTDOWN_SEAT.on(context.chat_data.table)


def its_messages(context: ChatContext) -> tuple[int | None, ...]:
    """The game's picture and status message, whose replies are its answers."""
    messages = COUNTDOWN_MESSAGES.of(context.chat_data)
    return () if messages is None else (messages.deal_message_id, messages.status.message_id)


def _away(value: int, distance: int, context: ChatContext) -> str:
    if not distance:
        return context._("{value}, exactly!").format(value=value)
    return context.ngettext(
        "{value}, {distance} away", "{value}, {distance} away", distance
    ).format(value=value, distance=distance)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the chat's Countdown game and say what it did."""
    _ = context._
    table = context.chat_data.table
    game = COUNTDOWN_SEAT.of(table)
    if game is None:
        return
    user = update.effective_user
    chat_id = update.effective_chat.id
    outcome = game.answer(user.id, user.full_name, text, context.now())
    private = update.effective_chat.type == ChatType.PRIVATE
    if outcome.outcome is Outcome.OVER:
        context.reply(update, _("Too late: this Countdown is over. /countdown starts another."))
        return
    if outcome.outcome is Outcome.WRONG:
        if outcome.verdict.is_claim:
            line = _("Answer with an expression: the closest one counts.")
        else:
            line = _("Not quite: {reason}.").format(
                reason=html.escape(reason(outcome.verdict, context, REASONS))
            )
    else:
        assert outcome.value is not None and outcome.distance is not None
        assert outcome.best is not None
        this = _away(outcome.value, outcome.distance, context)
        if outcome.outcome is Outcome.BEST:
            line = this
        elif outcome.best.value == outcome.value:  # "433, exactly!: your best stays 433, …"
            line = _("same as your best: {this}").format(this=this)
        else:
            line = _("{this}: your best stays {best}").format(
                this=this, best=_away(outcome.best.value, outcome.best.distance, context)
            )
    if private:
        context.reply(update, line)
        if outcome.distance == 0 and game.stop():
            finish(chat_id, context, game)  # a solo game ends at the target itself
        return
    number = game.number
    status_message.show(
        context,
        chat_id,
        COUNTDOWN_MESSAGES.get(context.chat_data).status,
        player_line(html.escape(user.full_name), line, context),
        heading=_("<b>Countdown</b>: {target}").format(target=game.target),
        key="countdown-status",
        current=lambda: (now := COUNTDOWN_SEAT.of(table)) is not None and now.number == number,
    )


async def countdown_up(context: JobContext[int]) -> None:
    """Job: the game's time is up."""
    game = game_life.expired(context, COUNTDOWN)
    if game is not None:
        finish(context.job.chat_id, context, game)


async def _stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/countdown stop: end the game early (see :func:`bot.play.game_life.stop_game`)."""
    none_on = context._("No Countdown game is on: /countdown starts one.")
    await game_life.stop_game(update, context, COUNTDOWN, finish, none_on=none_on, votes=STOP_VOTES)


def solver_lines(game: Countdown, context: ChatContext, solo: bool = False) -> list[str]:
    """The solver's best answer, and whether a player (``solo``: the one player) matched
    it (HTML)."""
    _ = context._
    if game.exact is not None:
        line = _("Solver: {target} = {expression}").format(
            target=game.target, expression=f"<code>{html.escape(game.exact)}</code>"
        )
    else:
        sides = [side for side in (game.below, game.above) if side is not None]
        if not sides:
            return [_("Solver: nothing can be made.")]
        line = _("Solver: {target} can't be made; closest {sides}").format(
            target=game.target,
            sides=_(" and ").join(
                f"{value} = <code>{html.escape(expression)}</code>" for value, expression in sides
            ),
        )
    closest = game.best_distance
    standings = game.standings()
    names = [html.escape(b.name) for b in standings if b.distance == closest]
    if solo and standings:  # with no answers at all, "No answers." has said it
        return [line, _("You matched it.") if names else _("You did not match it.")]
    if not names:
        return [line, _("Nobody matched it.")] if standings else [line]
    shown = _(", ").join(names[:MATCHED_NAMED])
    if len(names) > MATCHED_NAMED:
        more = len(names) - MATCHED_NAMED
        shown += _(" and {count} more").format(count=more)
    return [line, _("Matched by {names}.").format(names=shown)]


def end_text(chat_id: int, game: Countdown, context: ChatContext, news: Sequence[str] = ()) -> str:
    """A game's end (HTML, within Telegram's 4096 characters however many played): every
    player's best with its points, the winner (in groups), the solver's best answer, and
    ``news`` of the game's results (:mod:`bot.play.result_listeners`)."""
    _ = context._
    head = [
        _("🏁 Countdown over: {target} from {numbers}.").format(
            target=game.target, numbers=" ".join(map(str, game.numbers))
        ),
        *news,
    ]
    standings = game.standings()
    if not standings:
        head.append(_("No answers."))
    rows = []
    for place, best in enumerate(standings[:ROWS_SHOWN], start=1):
        row = _away(best.value, best.distance, context)
        points = points_for(best.distance)
        if points:
            row += " · " + context.ngettext("{count} point", "{count} points", points).format(
                count=points
            )
        rows.append(player_line(html.escape(best.name), row, context, place))
    tail = []
    winner = game.winner()
    if chat_id < 0 and standings:  # a group (a private chat's id is the user's)
        if winner is not None:
            tail.append(_("Winner: {name}").format(name=html.escape(winner.name)))
        else:
            tail.append(_("No winner: nobody came within 10 of the target."))
    tail += solver_lines(game, context, solo=chat_id > 0)
    return fit_list(
        head,
        rows,
        tail,
        limit=TEXT,
        total=len(standings),
        more=lambda count: more_players(count, context),
    )


def finish(chat_id: int, context: ChatContext, game: Countdown) -> None:
    """A game has ended: score it (saved before it is told), then every player's best, the
    winner and the solver's best answer."""
    game_life.cancel_alarms(context, chat_id, COUNTDOWN)
    scores = game.scores()
    if scores:  # (the chat's part of Countdown's points is made by the first to score)
        COUNTDOWN_POINTS.get(context.chat_data).add(context.chat_data.table.stats, scores)
    saved = context.save_now(chat_id, scores[0][0]) if scores else True
    news = publish(context, chat_id, exact(game))
    tell_saved(context, chat_id, end_text(chat_id, game, context, news), saved, end=True)
    set_aside.remind(context, chat_id)


def exact(game: Countdown) -> list[CountdownExact]:
    """Each player who reached the target exactly, as a game's result: beyond the chat it
    counts at a person's pace and unspoiled."""
    return [
        CountdownExact(
            player=best.user_id,
            name=best.name,
            counts=not too_fast(best.seconds) and best.user_id not in game.peeked,
        )
        for best in game.standings()
        if best.distance == 0
    ]


COUNTDOWN = game_life.Kind[Countdown](
    "Countdown game",
    lambda chat: COUNTDOWN_SEAT.of(chat.table),
    (game_life.Alarm(COUNTDOWN_UP, lambda game: game.deadline, countdown_up),),
    parts_from=MIN_TARGET,  # any two of its numbers spoil it too
)
"""A Countdown game's life: the chat's last game, its end by its clock."""


def restore(application: Application) -> int:
    """After a restart, the end of every Countdown game still on; returns how many."""
    return game_life.restore(application, COUNTDOWN)


def register(application: Application) -> None:
    """/countdown and /numbers (and, in private, /stop and /giveup while a game is on), and
    the answers of a game while one is on."""
    handler = for_messages(countdown_command)
    application.add_handler(CommandHandler(["countdown", "numbers"], handler))
    alone = solo_games.alone_in(application, COUNTDOWN)  # a solo game ends as a round does
    application.add_handler(CommandHandler(solo_games.GIVE_UPS, for_messages(_stop), filters=alone))
    route = Route(PRIORITY, claims, judge, counting, its_messages)
    services(application).answers.add(route)


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """Countdown's lines of /help, and how a hunt or a Countdown game is stopped."""
    _ = context._
    return (
        HelpLine(
            Help.GAMES,
            20,
            _(
                "/countdown: the numbers game (also /numbers): six numbers, a target from 101 to "
                "999; each number at most once, whole numbers on the way, the closest answer wins "
                "(10 points exact, 7 within 5, 5 within 10). /countdown 2 60: two large numbers, "
                "60 seconds (30 unless /settings says otherwise)"
            ),
        ),
        HelpLine(
            Help.GAMES,
            21,
            _(
                "/hunt stop, /countdown stop: end it early (whoever started it or an admin; "
                "anyone else's stop is a vote that most of its players, at least two, must carry)"
            ),
        ),
    )


MENU = (MenuEntry(30, "countdown", N_("Countdown: six numbers, get closest to the target")),)


def score_line(context: BotContext, chat: ChatData, user_id: int) -> str | None:
    """The player's points of Countdown in the chat, for /score."""
    part = COUNTDOWN_POINTS.of(chat)
    count = 0 if part is None else part.of(user_id)
    if not count:
        return None
    return context.ngettext("Countdown: {count} point", "Countdown: {count} points", count).format(
        count=count
    )


def board(context: BotContext, chat: ChatData) -> Board:
    """Countdown's board of the chat, for /top."""
    part = COUNTDOWN_POINTS.of(chat)
    return context._("<b>Countdown</b>"), [] if part is None else part.top(chat.table.stats)


GAME = Game(
    "Countdown game",
    (Handlers(register),),  # before the rounds': a solo game's /stop and /giveup
    restore=restore,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    kept=refusals.kept,
    given=refusals.given,
    help=help_lines,
    score=score_line,
    board=board,
    solve_rules=((SOLVE_RULES, N_(" (Countdown rules)")),),
    request_reasons=REQUEST_REASONS,
    setting=SETTING,
    achievements=ACHIEVEMENTS,
)
