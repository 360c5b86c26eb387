"""Judging an answer to a round: a win (saved, then announced with the other solutions),
a wrong answer (in groups, on the round's status message), one too late, and a wrong "no
solution", which puts its player out of the round (in private, the round is lost)."""

from __future__ import annotations

import html

from telegram import Update
from telegram.constants import ChatType
from telegram.helpers import mention_html

from bot.context import BotContext
from bot.games.rounds import group_status, play, solutions_shown
from bot.games.rounds.parts import ROUND_MESSAGES
from bot.games.rounds.solutions_shown import solutions_text
from bot.play.after_solve import offer_markup
from bot.play.hand_record_line import count_solve
from bot.play.result_listeners import publish
from bot.rules.pace import floor_of, scripted, too_fast
from bot.rules.results import Solved, outpaced
from bot.rules.rounds import (
    HAND_SOURCE,
    ROUND_GAME,
    ROUND_SEAT,
    Outcome,
    Round,
    may_be_unsolvable,
    record_no_winner,
    record_win,
)
from bot.rules.table import Table
from bot.rules.votes import is_attempt
from bot.texts import player_line, reason
from bot.typed_handlers import HandlerContext, MessageUpdate
from solver import Code, check, is_claim, solution_of
from solver.parsing import ParseError


def _name(update: Update) -> str:
    user = update.effective_user
    return user.full_name if user else "?"


LATE_WINDOW = 10.0
"""Seconds after a deal in which an answer that is an attempt at the hand before, and not at
the new one, is taken as meant for the one before (typed before the new picture came)."""


def for_previous(table: Table, text: str, now: float) -> bool:
    """Whether a typed answer is meant for the chat's round before the current one: it came
    just after the new deal and writes the old hand's cards, not the new one's (in a group,
    a match's next round comes at once with the win)."""
    previous, game = ROUND_SEAT.previous(table), ROUND_SEAT.of(table)
    if previous is None or game is None or now - game.started >= LATE_WINDOW:
        return False
    before = check(text, previous.hand, previous.target)
    return is_attempt(before) and not is_attempt(check(text, game.hand, game.target))


def _for_previous(update: MessageUpdate, context: HandlerContext, text: str, now: float) -> bool:
    """Whether an answer is meant for the chat's round before the current one: it replies to
    that round's picture, or :func:`for_previous` says so."""
    replied = update.effective_message.reply_to_message
    if replied is not None:
        rounds = ROUND_MESSAGES.of(context.chat_data)
        return rounds is not None and replied.message_id == rounds.previous_message_id
    return for_previous(play.table_of(context), text, now)


async def judge(update: MessageUpdate, context: HandlerContext, text: str) -> None:
    """Judge an answer to the running round and say what it did."""
    _ = context._
    table = play.table_of(context)
    game = ROUND_SEAT.of(table)
    if game is None:
        context.reply(update, _("No round is running: /play deals a hand."))
        return
    now = context.now()
    previous = ROUND_SEAT.previous(table)
    if previous is not None and _for_previous(update, context, text, now):
        game = previous  # over: a right answer to it is late, a wrong one says nothing
    free = game.solvable and not may_be_unsolvable(table) and not game.overdue(now)
    if is_claim(text) and free and ROUND_SEAT.on(table):
        # Where only solvable hands are dealt, "no solution" is a newcomer's guess, not a
        # claim to stake the round on: said so, at no cost (by the round's own rules, which
        # a change of the chat's settings meanwhile does not touch).
        context.reply(
            update, _("Every hand here has a solution (this chat deals no others): keep looking!")
        )
        return
    outcome = game.answer(update.effective_user.id, text, now)
    chat_id = update.effective_chat.id
    private = update.effective_chat.type == ChatType.PRIVATE
    if outcome.expired:
        # After the deadline, its alarm late (a busy loop, a clock step, a restart): the
        # round ended by its clock, and its time-up is told now, as the alarm would.
        await play.timed_out(chat_id, context, game)
        return
    # Round.answer marks only a right answer as too late (the round was won or ended before
    # it): a wrong one to a round that is over answers nothing; to a round on, it is wrong.
    if outcome.too_late:
        if private:
            context.reply(update, _("Right, but the round is already over."))
        elif game.winner is not None:
            user_id = update.effective_user.id
            group_status.late_answer(context, chat_id, game, user_id, _name(update))
        # Else the round ended with no winner (its time-up, a reveal, a stop: after a
        # restart its restored alarm may ring before answers sent meanwhile are read): that
        # end, just told to the whole group with the solutions, answers it; "Also right,
        # but too late" would name a winner there was not.
        return
    if game is previous:
        return  # a wrong answer to a round that is over answers nothing
    if not ROUND_SEAT.on(table) and not outcome.won:
        context.reply(update, _("No round is running: /play deals a hand."))
        return
    if outcome.out:
        await _out(update, context, game, outcome, private)
        return
    if not outcome.won:
        why = html.escape(reason(outcome.verdict, context))
        if private:
            context.reply(update, _("Not quite: {reason}.").format(reason=why))
        else:
            line = player_line(html.escape(_name(update)), why, context)
            group_status.wrong_answer(context, chat_id, game.number, line)
        return
    play.cancel_timers(context, chat_id)
    day = context.today()
    floor = floor_of(game.hand, game.target)
    # Beyond the chat a win counts at a person's pace, unspoiled (a hint is no spoiler);
    # a "no solution" claim solves no hand.
    paced = not too_fast(outcome.seconds, floor)
    record_win(
        table,
        outcome.points,
        outcome.seconds,
        update.effective_user.id,
        _name(update),
        day,
        timed=paced,
    )
    # A score must survive a crash: save it before it is announced (bot.services.saving).
    saved = context.save_now(chat_id, update.effective_user.id)
    record, hand_saved = count_solve(
        context,
        chat_id,
        game.hand,
        game.target,
        update.effective_user.id,
        outcome.seconds,
        HAND_SOURCE,
        helped=game.hints > 0,  # a hinted win is a time of following the hints
        given=bool(game.peeked),  # someone was given its solutions: they may have passed them on
        pace_told=not paced,
    )
    who = mention_html(update.effective_user.id, _name(update))
    head = context.ngettext(
        "🎉 {who} wins in {seconds} s: +{points} point!",
        "🎉 {who} wins in {seconds} s: +{points} points!",
        outcome.points,
    ).format(who=who, seconds=f"{outcome.seconds:.1f}", points=outcome.points)
    if outcome.verdict.is_claim:
        others = _("Indeed, this hand has no solution.")
    else:
        try:
            mine = solution_of(text, game.target).pretty
        except (ParseError, ZeroDivisionError):
            mine = None
        others = await solutions_text(game, context, mine, solutions_shown.others)
    lines = [head, record, others] if record else [head, others]
    if not paced and not outcome.verdict.is_claim:
        lines.append(_too_fast_line(context, floor, private))
    markup = None
    # A practice hand solved unhelped: challenge a friend (a time after the hints is none
    # to beat, nor one of a hand the bot solved for someone while it was live; one faster
    # than a person's pace, or by a player at a script's steady pace, would put a script's
    # time on the card).
    fair = (
        game.hints == 0
        and paced
        and not game.peeked
        and not scripted(context.application.user_data[update.effective_user.id].paces)
    )
    if private and not outcome.verdict.is_claim and fair:
        user_id = update.effective_user.id
        markup = offer_markup(context, user_id, game.hand, game.target, outcome.seconds)
    saved = saved and hand_saved
    counts = paced and not game.peeked and not outcome.verdict.is_claim
    won = Solved(
        player=update.effective_user.id,
        name=_name(update),
        game=ROUND_GAME,
        seconds=outcome.seconds,
        level=game.level,
        counts=counts,
        hand=tuple(sorted(game.hand)),
        target=game.target,
        hinted=game.hints > 0,
    )
    # A group's round is a race: who answered and had not solved it by now is censored.
    behind = [] if private else game.outpaced()
    rivals = outpaced(
        behind,
        ROUND_GAME,
        game.hand,
        game.target,
        outcome.seconds,
        counts=counts and not game.hints,
    )
    lines += publish(context, chat_id, [won, *rivals])
    text = "\n".join(lines)
    await play.round_over(chat_id, context, text, update=update, saved=saved, reply_markup=markup)


def _too_fast_line(context: BotContext, floor: float, private: bool) -> str:
    """What a win under the hand's floor says, once: it stands in the chat, and counts
    nowhere beyond it (docs/fair-play.md, *A person's pace*)."""
    _ = context._
    if private:
        return _(
            "⏱ That answer came within {floor} s of the hand reaching you, quicker than anyone "
            "reads four cards and types: the win is yours here, but it counts nowhere else "
            "(no hand record, no achievement, no challenge to send)."
        ).format(floor=f"{floor:g}")
    return _(
        "⏱ That answer came within {floor} s of the hand, quicker than anyone reads four "
        "cards and types: the point stands in this group, but it counts nowhere else (no "
        "hand record, no achievement)."
    ).format(floor=f"{floor:g}")


async def _out(
    update: MessageUpdate, context: HandlerContext, game: Round, outcome: Outcome, private: bool
) -> None:
    """A wrong "no solution", or an answer of a player who made one: the player is out of
    the round.  In private the round is theirs alone: it is lost, and its solutions shown."""
    _ = context._
    chat_id = update.effective_chat.id
    table = play.table_of(context)
    if private:
        if game.reveal():
            play.cancel_timers(context, chat_id)
            record_no_winner(table)
        text = await solutions_text(game, context, None, _lost)
        await play.round_over(chat_id, context, text, update=update)
        return
    if outcome.verdict.code is Code.NO_SOLUTION_WRONG:
        why = _("there is a solution: out of this round")
    else:
        why = _("out of this round (you said it had no solution)")
    line = player_line(html.escape(_name(update)), why, context)
    group_status.wrong_answer(context, chat_id, game.number, line)


def _lost(context: BotContext, count: int) -> str:
    """The header of a private round lost by a wrong "no solution"."""
    return context.ngettext(
        "There is a solution, so this round is lost. The solution:",
        "There is a solution, so this round is lost. The solutions:",
        count,
    )
