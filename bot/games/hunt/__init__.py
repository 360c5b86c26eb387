"""Solution Hunt on Telegram (``/hunt [seconds]``): the deal, the answers it claims while a hunt
is on, the finds as lines of one status message in groups (rules: :mod:`bot.rules.hunt`;
docs/games.md, *Solution Hunt*)."""

from __future__ import annotations

import html

from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler

from bot.context import BotContext, services
from bot.games.hunt import refusals, work
from bot.games.hunt.parts import HUNT_MESSAGES, HUNT_POINTS, HuntMessages
from bot.games.hunt.words import ACHIEVEMENTS, STOP_VOTES
from bot.games.hunt.work import HuntDeals
from bot.i18n import N_, answer_in_english
from bot.play import game_life, set_aside, solo_games, status_message
from bot.play.announce import tell_saved
from bot.play.registry import Board, Game, Handlers, Help, HelpLine, MenuEntry
from bot.play.result_listeners import publish
from bot.rules.hunt import (
    DEFAULT_SECONDS,
    HUNT_SEAT,
    MAX_SECONDS,
    MIN_SECONDS,
    Found,
    Hunt,
    HuntAlone,
    new_hunt,
)
from bot.rules.pace import floor_of
from bot.rules.plain_text import after_mention, looks_like_answer
from bot.rules.results import at_pace
from bot.services.answer_routes import Route
from bot.services.limits import TEXT, fit_list
from bot.state import ChatData
from bot.texts import (
    how_to_answer,
    more_players,
    player_line,
    reason,
)
from bot.typed_handlers import ChatContext, HandlerContext, JobContext, MessageUpdate, for_messages

HUNT_UP = "hunt-up"
"""A Solution Hunt's end."""

PRIORITY = 40
"""The chat's hunt, in the answer router's order (docs/design.md, "Where an answer goes")."""

MISSED_SHOWN = 20
"""Solutions nobody found listed at a hunt's end (the rest are counted)."""


async def hunt_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/hunt [seconds]: deal a hand with several solutions to find together; /hunt stop."""
    _ = context._
    table = context.chat_data.table
    chat_id = update.effective_chat.id
    words = context.args or []
    if words and words[0].lower() in ("stop", "end"):
        await _stop(update, context)
        return
    if game_life.refused(
        update, context, _("A round is on: finish it (or /stop it) before a hunt.")
    ):
        return
    seconds = DEFAULT_SECONDS
    if words:
        if (
            len(words) > 1
            or not words[0].isdecimal()
            or not (MIN_SECONDS <= int(words[0]) <= MAX_SECONDS)
        ):
            context.reply(
                update,
                _("Use /hunt, or /hunt 120 for a hunt of 120 seconds ({low} to {high}).").format(
                    low=MIN_SECONDS, high=MAX_SECONDS
                ),
            )
            return
        seconds = int(words[0])
    data = context.bot_data
    found = await game_life.look_for(
        context, chat_id, HuntDeals.of(data.solving).hand(table.settings, data.rng)
    )
    if found is None:
        return
    hand, solutions = found
    hunt = new_hunt(table, hand, solutions, context.now(), seconds, update.effective_user.id)
    set_aside.take_answers(context, chat_id)  # in private, plain answers are the hunt's
    messages = HUNT_MESSAGES.put(context.chat_data, HuntMessages())
    count = len(solutions)
    caption = (
        context.ngettext(
            "<b>Solution Hunt</b>: {hand} → {target}: {count} distinct solution to find, "
            "{seconds} s.",
            "<b>Solution Hunt</b>: {hand} → {target}: {count} distinct solutions to find, "
            "{seconds} s.",
            count,
        ).format(hand=" ".join(map(str, hand)), target=hunt.target, count=count, seconds=seconds)
        + "\n"
        # Two sentences: Chinese runs them together after its full stop, English spaces them.
        + _("{rules} {how}").format(
            rules=_("Each new one scores a point."), how=how_to_answer(chat_id > 0, context)
        )
    )

    game_life.deal(context, chat_id, HUNT, hunt, messages, caption)


def claims(update: MessageUpdate, context: HandlerContext) -> bool:
    """Whether a typed answer is the hunt's: while one is on, a reply to its picture; in
    private any other answer (the daily puzzle, asked before, has taken what is its); in a
    group ``/a`` (whatever it replies to) or text that looks like an answer."""
    chat = context.chat_data
    if not HUNT_SEAT.on(chat.table):
        return False
    message = update.effective_message
    replied = message.reply_to_message
    text = message.text or ""
    if replied is not None and replied.message_id in pictures(context):
        return True
    if update.effective_chat.type == ChatType.PRIVATE:
        return True
    said_to_bot = after_mention(text, context.bot.username) is not None  # like /a
    return text.startswith("/") or said_to_bot or looks_like_answer(answer_in_english(text))


def hunting(context: ChatContext) -> bool:
    """Whether the chat's hunt waits for answers."""
    return HUNT_SEAT.on(context.chat_data.table)


def pictures(context: ChatContext) -> tuple[int | None, ...]:
    """The hunt's picture, whose replies are its answers."""
    messages = HUNT_MESSAGES.of(context.chat_data)
    return () if messages is None else (messages.deal_message_id,)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the chat's hunt and say what it did."""
    _ = context._
    table = context.chat_data.table
    hunt = HUNT_SEAT.of(table)
    if hunt is None:
        return
    user = update.effective_user
    chat_id = update.effective_chat.id
    outcome = hunt.answer(user.id, user.full_name, text, context.now())
    private = update.effective_chat.type == ChatType.PRIVATE
    if outcome.found is Found.OVER:  # after the deadline, before the timer ended the hunt
        context.reply(update, _("Too late: this hunt is over. /hunt starts another."))
        return
    if outcome.found is Found.WRONG:
        line = _("Not quite: {reason}.").format(
            reason=html.escape(reason(outcome.verdict, context))
        )
    else:
        assert outcome.find is not None and outcome.index is not None
        solution = f"<code>{html.escape(hunt.solutions[outcome.index])}</code>"
        if outcome.found is Found.NEW:
            line = (
                _("#{order} {solution}, {name} · {left} to go")
                if outcome.left
                else _("#{order} {solution}, {name} · all found")  # the end follows
            ).format(
                order=outcome.order,
                solution=solution,
                name=html.escape(user.full_name),
                left=outcome.left,
            )
        elif outcome.find.user_id == user.id:
            line = _("You found it already: {written}").format(written=solution)
        else:
            line = _("Same as {name}'s {written}").format(  # written as the list has it
                name=html.escape(outcome.find.name), written=solution
            )
    if private:
        context.reply(update, line)
    else:
        if outcome.found is not Found.NEW:
            line = player_line(html.escape(user.full_name), line, context)
        number = hunt.number
        status_message.show(
            context,
            chat_id,
            HUNT_MESSAGES.get(context.chat_data).status,
            line,
            heading=_("<b>Solution Hunt</b>"),
            key="hunt-status",
            current=lambda: (now := HUNT_SEAT.of(table)) is not None and now.number == number,
        )
    if hunt.ended:
        finish(chat_id, context, hunt)


async def hunt_up(context: JobContext[int]) -> None:
    """Job: the hunt's time is up."""
    hunt = game_life.expired(context, HUNT)
    if hunt is not None:
        finish(context.job.chat_id, context, hunt)


async def _stop(update: MessageUpdate, context: HandlerContext) -> None:
    """/hunt stop: end the hunt early (see :func:`bot.play.game_life.stop_game`)."""
    none_on = context._("No hunt is on: /hunt starts one.")
    await game_life.stop_game(update, context, HUNT, finish, none_on=none_on, votes=STOP_VOTES)


HUNT = game_life.Kind[Hunt](
    "hunt",
    lambda chat: HUNT_SEAT.of(chat.table),
    (game_life.Alarm(HUNT_UP, lambda hunt: hunt.deadline, hunt_up),),
)
"""A hunt's life: the chat's last hunt, its end by its clock."""


def finish(chat_id: int, context: ChatContext, hunt: Hunt) -> None:
    """A hunt has ended: score it (saved before it is told), then the finders and the
    solutions nobody found."""
    _ = context._
    game_life.cancel_alarms(context, chat_id, HUNT)
    table = context.chat_data.table
    standings = hunt.standings()
    hand = " ".join(map(str, hunt.hand))
    total = len(hunt.solutions)
    if standings:  # (the chat's part of the hunt's points is made by the first to score)
        HUNT_POINTS.get(context.chat_data).record(table.stats, standings, hand, total)
    saved = context.save_now(chat_id, standings[0][0]) if standings else True
    found = total - hunt.left
    news = publish(context, chat_id, alone(hunt, standings))
    head = [
        context.ngettext(
            "🏁 Solution Hunt over: {found} of {total} solution found.",
            "🏁 Solution Hunt over: {found} of {total} solutions found.",
            total,
        ).format(found=found, total=total)
    ]
    head += news
    rows = []
    if chat_id > 0:  # a user's id, so a private chat (groups' ids are negative): a solo game
        points = HUNT_POINTS.of(context.chat_data)
        best = 0 if points is None else points.best.get(hand, 0)
        head.append(
            _("Your best on {hand}: {best} of {total}.").format(hand=hand, best=best, total=total)
        )
    else:
        for place, (_user, name, count) in enumerate(standings, start=1):
            rows.append(player_line(html.escape(name), count, context, place))
    tail = []
    missed = hunt.missed()
    if missed:
        tail.append(_("Not found:") if chat_id > 0 else _("Nobody found:"))
        tail += [f"<code>{html.escape(s)}</code>" for s in missed[:MISSED_SHOWN]]
        if len(missed) > MISSED_SHOWN:
            more = len(missed) - MISSED_SHOWN
            tail.append(
                context.ngettext("… and {count} more", "… and {count} more", more).format(
                    count=more
                )
            )
    # However many found something, the end fits Telegram's 4096 characters: finders that
    # would not fit are counted, as at a Countdown's end.
    text = fit_list(head, rows, tail, limit=TEXT, more=lambda count: more_players(count, context))
    tell_saved(context, chat_id, text, saved, end=True)
    set_aside.remind(context, chat_id)


def alone(hunt: Hunt, standings: list[tuple[int, str, int]]) -> list[HuntAlone]:
    """Every solution found by one player alone, as a game's result: beyond the chat it
    counts at a person's pace (each find at least the hand's floor after the one before)
    and unspoiled."""
    if hunt.left or len(standings) != 1:
        return []
    player, name, count = standings[0]
    paced = at_pace([find.seconds for find in hunt.found.values()], floor_of(hunt.hand))
    counts = paced and player not in hunt.peeked
    return [HuntAlone(player=player, name=name, solutions=count, counts=counts)]


def restore(application: Application) -> int:
    """After a restart, the end of every hunt still on; returns how many."""
    return game_life.restore(application, HUNT)


def register(application: Application) -> None:
    """/hunt (and, in private, /stop and /giveup while a hunt is on), and the answers of a
    hunt while one is on."""
    application.add_handler(CommandHandler("hunt", for_messages(hunt_command)))
    alone = solo_games.alone_in(application, HUNT)  # a solo hunt ends as a round does
    application.add_handler(CommandHandler(solo_games.GIVE_UPS, for_messages(_stop), filters=alone))
    services(application).answers.add(Route(PRIORITY, claims, judge, hunting, pictures))


def help_lines(context: BotContext) -> tuple[HelpLine, ...]:
    """The hunt's line of /help."""
    _ = context._
    return (
        HelpLine(
            Help.GAMES,
            10,
            _(
                "/hunt: Solution Hunt, every distinct solution of one hand found together, "
                "a point for each new one (/hunt 120 for 120 seconds)"
            ),
        ),
    )


MENU = (MenuEntry(20, "hunt", N_("Solution Hunt: find every solution together")),)


def score_line(context: BotContext, chat: ChatData, user_id: int) -> str | None:
    """The player's points of Solution Hunt in the chat, for /score."""
    part = HUNT_POINTS.of(chat)
    count = 0 if part is None else part.of(user_id)
    if not count:
        return None
    return context.ngettext(
        "Solution Hunt: {count} point", "Solution Hunt: {count} points", count
    ).format(count=count)


def board(context: BotContext, chat: ChatData) -> Board:
    """Solution Hunt's board of the chat, for /top."""
    part = HUNT_POINTS.of(chat)
    return context._("<b>Solution Hunt</b>"), [] if part is None else part.top(chat.table.stats)


GAME = Game(
    "Solution Hunt",
    (Handlers(register),),  # before the rounds': a solo hunt's /stop and /giveup
    restore=restore,
    menu=MENU,
    on=refusals.on,
    busy=refusals.busy,
    kept=refusals.kept,
    given=refusals.given,
    help=help_lines,
    score=score_line,
    board=board,
    work=work.set_up,
    achievements=ACHIEVEMENTS,
)
