"""What Rush says in a chat: a hand's caption, the news of the hand before it, a run's end
with its share line, the lines of /rush top (HTML unless said otherwise), its Telegram
game message's buttons, and what the owner's /admin fairplay is told of a player's runs."""

from __future__ import annotations

import html

from bot.i18n import N_, Translator
from bot.play.registry import Titled
from bot.rules.durations import clock_text
from bot.rules.pace import FLOOR, PLAUSIBLE_MEDIAN
from bot.rules.rush.best_runs import PersonalBest, RunRecord
from bot.rules.rush.chat_run import ChatRush
from bot.rules.rush.result import RUSH_SCORE
from bot.rules.rush.run import (
    CLOCK_MOST,
    RUN_MOST,
    SKIP_COST,
    SOLVE_BONUS,
    START_SECONDS,
    RunResult,
)
from bot.rules.rush.run_season import SEASON_MIN_RUN
from bot.rules.seasons.tables import Row as SeasonRow
from bot.rules.votes import Ballot
from bot.services.limits import TEXT, fit_list
from bot.texts import how_to_answer, more_players, player_line
from bot.typed_handlers import ChatContext

PLAY = N_("▶️ Play Rush")
"""The Telegram game message's first button (Telegram requires it first)."""
SHARE = N_("Share the game")
"""Its second button: the inline query that offers the game."""
NO_RUN = N_("Player {id} has no Rush run.")
"""What the owner's ``/admin fairplay run`` is told of a player who had none."""
ANSWER_SHOWN = 40
"""Characters of a winning answer shown over the next hand (an answer may have 200): the
caption keeps to Telegram's 1024 characters, whatever was typed."""


def seconds_text(seconds: float, context: ChatContext) -> str:
    """A hand's time: ``3.2 s``."""
    return context._("{seconds} s").format(seconds=f"{seconds:.1f}")


def caption(game: ChatRush, context: ChatContext, news: str | None, now: float) -> str:
    """The caption of the run's current hand: ``news`` of the hand before it (a solve, a
    skip), the clock, the score and the level, the hand, and how to answer."""
    _ = context._
    run = game.run
    private = not run.shared
    lines = [news] if news else []
    left = START_SECONDS if not game.clock_started else run.remaining(now)
    lines.append(
        _("⏱ <b>Rush</b> · {left} left · score {score} · level {level}/5").format(
            left=clock_text(left), score=run.score, level=run.hand.level
        )
    )
    cards = " ".join(map(str, sorted(run.hand.hand)))
    lines.append(_("Make {target} from <b>{hand}</b>").format(target=run.hand.target, hand=cards))
    if run.hand.number == 1:
        lines.append(
            _(
                "Each hand solved: +{bonus} s and a point; /skip: −{cost} s. /stop ends the run."
            ).format(bonus=int(SOLVE_BONUS), cost=int(SKIP_COST))
        )
    lines.append(how_to_answer(private, context))
    return "\n".join(lines)


def solved_news(name: str, answer: str, seconds: float, bonus: float, context: ChatContext) -> str:
    """The line over the next hand after a solve: who, how (the solver's pretty form of the
    answer, cut to :data:`ANSWER_SHOWN` characters), how fast, and the seconds it added (a
    full clock, :data:`~bot.rules.rush.run.CLOCK_MOST`, takes none)."""
    written = answer
    if len(written) > ANSWER_SHOWN:
        written = written[: ANSWER_SHOWN - 1] + "…"
    values = {
        "name": html.escape(name),
        "answer": html.escape(written),
        "time": seconds_text(seconds, context),
        "bonus": round(bonus),
        "most": clock_text(CLOCK_MOST),
    }
    if round(bonus) <= 0:
        return context._(
            "✅ {name}: <code>{answer}</code> · {time} · the clock is full ({most})"
        ).format(**values)
    return context._("✅ {name}: <code>{answer}</code> · {time} · +{bonus} s").format(**values)


def too_fast_text(context: ChatContext, floor: float = FLOOR) -> str:
    """What a right answer faster than a person's pace is told (:mod:`bot.rules.pace`)."""
    return context._(
        "Too fast: that answer came within {floor} s of the hand reaching you, quicker than "
        "anyone reads four cards and types, so it counts for nothing, and this run now stays "
        "off the boards (it still counts among your runs). The hand is still on: answer it "
        "again."
    ).format(floor=f"{floor:g}")


def skipped_news(hand: tuple[int, ...], solution: str | None, context: Translator) -> str:
    """The line over the next hand after a skip: the skipped hand and one of its solutions."""
    cards = " ".join(map(str, sorted(hand)))
    if solution is None:
        return context._("⏭ Skipped {hand} · −{cost} s").format(hand=cards, cost=int(SKIP_COST))
    return context._("⏭ Skipped {hand}: {solution} · −{cost} s").format(
        hand=cards, solution=f"<code>{html.escape(solution)}</code>", cost=int(SKIP_COST)
    )


def last_hand(hand: tuple[int, ...], solution: str | None, context: ChatContext) -> str:
    """The line over a run's end: the hand that was on, and one of its solutions."""
    cards = " ".join(map(str, sorted(hand)))
    if solution is None:
        return context._("⏹ The last hand: {hand}").format(hand=cards)
    return context._("⏹ The last hand, {hand}: {solution}").format(
        hand=cards, solution=f"<code>{html.escape(solution)}</code>"
    )


def vote_text(stop: bool, ballot: Ballot, context: ChatContext) -> str:
    """What a shared run's skip or stop that did not take effect did: a bystander's request,
    or a player's vote."""
    _ = context._
    if not ballot.counted:
        if stop:
            return _(
                "Only players of this run can vote to stop it: try an answer with its cards "
                "first. Whoever started it, or an admin, can stop it at once."
            )
        return _(
            "Only players of this run can vote to skip a hand: try an answer with its cards "
            "first. Whoever started it, or an admin, can skip at once."
        )
    if stop:
        text = _(
            "A vote to stop the run: {votes} of {needed} players. Another player of this run "
            "can agree with /stop; whoever started it, or an admin, can stop it at once."
        )
    else:
        text = _(
            "A vote to skip this hand (−{cost} s): {votes} of {needed} players. Another "
            "player of this run can agree with /skip; whoever started it, or an admin, can "
            "skip at once."
        )
    return text.format(votes=ballot.votes, needed=ballot.needed, cost=int(SKIP_COST))


def record_text(record: RunRecord, context: ChatContext) -> str:
    """A run on a board: ``7 · best hand 3.2 s`` (a player's own run taken off the boards
    says so)."""
    if record.best_time is None:
        text = str(record.score)
    else:
        text = context._("{score} · best hand {time}").format(
            score=record.score, time=seconds_text(record.best_time, context)
        )
    if record.off_boards:
        text = context._("{run} (taken off the boards for fair play)").format(run=text)
    return text


def share_line(result: RunResult, players: int, context: ChatContext) -> str:
    """A run's result to share that gives nothing away (no hand, no expression; plain
    text): ``24点 Rush 🏁 7 solved · ⚡ 3.2 s``."""
    _ = context._
    line = _("24点 Rush 🏁 {score} solved").format(score=result.score)
    if result.best_time is not None:
        line = _("{line} · ⚡ {time}").format(
            line=line, time=seconds_text(result.best_time, context)
        )
    if result.shared:
        line = context.ngettext(
            "{line} · {count} player", "{line} · {count} players", players
        ).format(line=line, count=players)
    return line


def best_text(best: PersonalBest, result: RunResult, context: ChatContext) -> str | None:
    """How a run compares with the player's best before it (None: nothing to say, a first
    run with no point)."""
    _ = context._
    if best.new_best and best.previous is not None:
        return _("🏆 New personal best! Before: {before}.").format(
            before=record_text(best.previous, context)
        )
    if best.new_best:
        return _("🏆 Your first personal best.")
    if best.previous is not None:
        return _("Your personal best: {best}.").format(best=record_text(best.previous, context))
    return None


def solo_end(result: RunResult, best: PersonalBest, context: ChatContext) -> str:
    """The end of a run in private: score, hands, best hand, personal best, share line."""
    _ = context._
    lines = [
        _("🏁 Rush over! Score: <b>{score}</b>").format(score=result.score),
        (
            context.ngettext(
                "{solved} of {dealt} hand solved in {time}, {skips} skipped.",
                "{solved} of {dealt} hands solved in {time}, {skips} skipped.",
                result.hands,
            )
            if result.skips
            else context.ngettext(
                "{solved} of {dealt} hand solved in {time}.",
                "{solved} of {dealt} hands solved in {time}.",
                result.hands,
            )
        ).format(
            solved=result.score,
            dealt=result.hands,
            time=clock_text(result.seconds),
            skips=result.skips,
        ),
    ]
    if result.best_time is not None:
        lines.append(_("Best hand: {time}.").format(time=seconds_text(result.best_time, context)))
    lines += end_notes(result, context)
    said = best_text(best, result, context)
    if said is not None:
        lines.append(said)
    lines.append(_("Share: {line}").format(line=html.escape(share_line(result, 1, context))))
    lines.append(_("/rush for another run, /rush top for the best runs."))
    return "\n".join(lines)


def lasted_text(context: ChatContext) -> str:
    """Why a run ended with time on its clock: it lasted its most."""
    return context._("The run has reached its end: {most} of play.").format(
        most=clock_text(RUN_MOST)
    )


def end_notes(result: RunResult, context: ChatContext) -> list[str]:
    """Why a run ended with time on its clock, and why it stays off the boards."""
    _ = context._
    notes = []
    if result.lasted_most:
        notes.append(lasted_text(context))
    if result.too_fast:
        notes.append(
            _(
                "⚠️ An answer came within {floor} s of its hand, faster than a person reads "
                "four cards and types, so this run counts among your runs, but on no board and "
                "as no personal best. A run with no answer that fast goes on the boards as "
                "usual."
            ).format(floor=f"{result.floor or FLOOR:g}")
        )
    elif result.implausible:
        notes.append(
            _(
                "⚠️ Half your answers or more came within {median} s of their hand, a "
                "script's steady pace, so this run counts among your runs, but on no board and "
                "as no personal best. A run in which at least half the answers take {median} s "
                "or more goes on the boards as usual."
            ).format(median=f"{PLAUSIBLE_MEDIAN:g}")
        )
    return notes


def group_end(rows: list[tuple[str, RunResult, PersonalBest]], context: ChatContext) -> str:
    """The end of a shared run: the hands solved together, the ranking (with each new
    personal best), a share line."""
    _ = context._
    first = rows[0][1]
    total = sum(result.score for _name, result, _best in rows)
    head = [
        context.ngettext(
            "🏁 Rush over! {solved} hand solved together in {time}.",
            "🏁 Rush over! {solved} hands solved together in {time}.",
            total,
        ).format(solved=total, time=clock_text(first.seconds))
    ]
    if first.lasted_most:
        head.append(lasted_text(context))
    items = []
    for name, result, best in rows:
        value = str(result.score)
        if result.best_time is not None:
            value = _("{score} · best hand {time}").format(
                score=result.score, time=seconds_text(result.best_time, context)
            )
        if best.new_best:
            value = _("{value} · 🏆 new personal best").format(value=value)
        if result.too_fast:
            value = _("{value} · off the boards (an answer too fast)").format(value=value)
        elif result.implausible:
            value = _("{value} · off the boards (a script's pace)").format(value=value)
        items.append(player_line(html.escape(name), value, context, result.place))
    shared = RunResult(total, None, first.seconds, first.hands, first.skips, True, 1)
    tail = [
        _("Share: {line}").format(line=html.escape(share_line(shared, len(rows), context))),
        _("/rush for another run, /rush top for the best runs."),
    ]
    return fit_list(head, items, tail, limit=TEXT, more=lambda count: more_players(count, context))


def given_away(context: Translator) -> str:
    """Why a right answer to a Rush run's hand scores nothing: the bot had solved it for
    someone else while it was played."""
    return context._(
        "I had given that hand's solutions to someone else (/solve or inline mode) while you "
        "played it: it scores nothing."
    )


ACHIEVEMENTS = (Titled(RUSH_SCORE, (N_("🏃 A Rush score of {count}"),) * 2),)
"""Its families of achievements' titles (``Game.achievements``)."""


PAGE_TEXTS = {
    "rushTitle": N_("Rush"),
    "rushRules": N_(
        "Rush: 120 seconds on the clock. Each hand solved: +10 s and a point (the clock holds at "
        "most 3:00); each skip: −20 s. The hands get harder as you score, and a run lasts at most "
        "10 minutes. Answers faster than a person can (1.5 s, up to 2.1 s for the hardest hands) "
        "count for nothing."
    ),
    "skip": N_("Skip −20 s"),
    "rushScore": N_("Score {score} · level {level}"),
    "rushSolved": N_("Solved in {time} s! +{bonus} s"),
    "rushFull": N_("Solved in {time} s! The clock is full (3:00)."),
    "rushTooFast": N_(
        "Too fast: that answer came within {floor} s of the hand reaching you, quicker than anyone "
        "reads four cards and taps, so it counts for nothing, and this run now stays off the "
        "boards (it still counts among your runs). The hand is still on: answer it again."
    ),
    "rushOffBoards": N_(
        "An answer came faster than a person can, so this run counts among your runs, but on no "
        "high-score table, no board and as no personal best. A run with no answer that fast goes "
        "on them as usual."
    ),
    "rushScriptPace": N_(
        "Half your answers or more came within 3 s of their hand, a script's steady pace, so this "
        "run counts among your runs, but on no high-score table, no board and as no personal "
        "best. A run in which at least half the answers take 3 s or more goes on them as usual."
    ),
    "rushLasted": N_("The run has reached its end: 10:00 of play."),
    "rushOut": N_("{reason} Skip to go on."),
    "rushStale": N_("That hand was already over: here is the current one."),
    "rushOver": N_("Time! Your score: {score}"),
    "rushHands": N_("Hands solved: {hands} · skips: {skips} · {time}"),
    "rushFastest": N_("Fastest hand: {time} s"),
    "rushNewBest": N_("A new personal best!"),
    "rushBest": N_("Your best: {best}"),
    "rushUnsaved": N_("Your run is counted; it is written as soon as the bot's disk takes it."),
    "rushTable": N_("High scores of this game message:"),
    "rushTableRow": N_("{position}. {name}: {score}"),
    "rushTableWait": N_("The high scores are on their way…"),
    "rushAgain": N_("Press Play in the chat to run again."),
    "rushToken": N_("This game link has expired or was used up: press Play in the chat again."),
}
"""Rush's words on the Mini App's page, the run played there (its ``Game.page_texts``)."""


def season_heading(context: Translator) -> str:
    """The season's Rush board's heading on /season."""
    return context._("<b>⚡ Rush</b>: the best run of each player ({count} hands or more)").format(
        count=SEASON_MIN_RUN
    )


def season_called(context: Translator) -> str:
    """The season's Rush board, as a trophy's line names it."""
    return context._("the Rush board")


def season_value(context: Translator, row: SeasonRow) -> str:
    """A row of the season's Rush board: the run's hands and its fastest hand."""
    if row.second is None:
        return str(row.value)
    time = context._("{seconds} s").format(seconds=f"{row.second:.1f}")
    return context._("{score} · best hand {time}").format(score=row.value, time=time)
