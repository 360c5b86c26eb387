"""What duels say: the score, the refusals, a hand's result and a duel's end (HTML, in the
language of the chat it is said in)."""

from __future__ import annotations

import html

from bot.i18n import N_, NP_, Translator
from bot.play.registry import Titled
from bot.rules.duel.race import DUELS_WON, MOST_HANDS, WINS_NEEDED, Duel, End, Refusal
from bot.rules.duel.rated_season import SEASON_MIN_OPPONENTS, SEASON_MIN_RATED
from bot.rules.duel.rating import PAIR_CAP_PER_DAY, PROVISIONAL_GAIN_PER_DAY, RatingChange, Shown
from bot.rules.pace import FLOOR, PLAUSIBLE_MEDIAN
from bot.rules.rounds import Round
from bot.rules.seasons.tables import Row as SeasonRow

REFUSALS = {
    Refusal.SELF: N_("You cannot duel yourself: invite someone else."),
    Refusal.BOT: N_("Bots don't duel: invite a person."),
    Refusal.BUSY: N_("You are in a duel already: finish it first (/duel stop forfeits it)."),
    Refusal.OPPONENT_BUSY: N_("They are in another duel right now: try again later."),
    Refusal.INVITING: N_(
        "You have an invitation out already: wait for an answer, or for it to expire."
    ),
    Refusal.NOT_FOUND: N_("This invitation is no longer open."),
    Refusal.EXPIRED: N_("This invitation has expired."),
    Refusal.NOT_PLAYER: N_("You are not in a duel."),
    Refusal.OVER: N_("This duel is over."),
}
"""What each refusal of the rules says (a reply, or a button's alert)."""


def refusal_text(reason: Refusal, context: Translator) -> str:
    """The refusal in words."""
    return context._(REFUSALS.get(reason, REFUSALS[Refusal.NOT_FOUND]))


def name_of(duel: Duel, player: int, names: dict[int, str]) -> str:
    """A player's name as the chat shows it (HTML-escaped)."""
    return html.escape(names.get(player, "?"))


def score_line(duel: Duel, names: dict[int, str]) -> str:
    """``Ann 2 – 1 Bob``: the hands won, in the order of the players."""
    first, second = duel.players
    mine, theirs = duel.score
    return f"{name_of(duel, first, names)} {mine} – {theirs} {name_of(duel, second, names)}"


def rules_text(context: Translator, seconds: float) -> str:
    """The duel's rules in one line."""
    return context._(
        "First to {wins} hands (at most {most}), {seconds} s a hand; the first right answer "
        "wins the hand."
    ).format(wins=WINS_NEEDED, most=MOST_HANDS, seconds=round(seconds))


def begins_text(duel: Duel, names: dict[int, str], context: Translator) -> str:
    """The duel begins."""
    first, second = duel.players
    return (
        context._("⚔️ Duel: {first} vs {second}!").format(
            first=name_of(duel, first, names), second=name_of(duel, second, names)
        )
        + "\n"
        + rules_text(context, duel.hand_seconds)
    )


def hand_caption(duel: Duel, names: dict[int, str], how: str, context: Translator) -> str:
    """The caption of a hand's picture."""
    hand = duel.hand
    assert hand is not None
    cards = " ".join(map(str, sorted(hand.hand)))  # in the picture's order
    make = context._("Make {target} from <b>{hand}</b>").format(target=hand.target, hand=cards)
    lines = [
        context._("⚔️ Hand {number}: {score}").format(
            number=hand.number, score=score_line(duel, names)
        )
        + f" · {make}",
        context._("Time: {seconds} s.").format(seconds=round(duel.hand_seconds)),
        how,
    ]
    return "\n".join(lines)


def won_text(
    duel: Duel, names: dict[int, str], winner: int, seconds: float, text: str, context: Translator
) -> str:
    """A hand won: who, in how long, with what, and the score."""
    assert duel.hand is not None
    return (
        context._("✅ {name} wins hand {number} in {seconds} s: {answer}").format(
            name=name_of(duel, winner, names),
            number=duel.hand.number,
            seconds=f"{seconds:.1f}",
            answer=f"<code>{html.escape(text.strip())}</code>",
        )
        + "\n"
        + score_line(duel, names)
    )


def too_fast_text(context: Translator, floor: float = FLOOR) -> str:
    """What a right answer faster than a person's pace is told (:mod:`bot.rules.pace`)."""
    return context._(
        "Too fast: that answer came within {floor} s of the hand reaching you, quicker than "
        "anyone reads four cards and types, so it wins nothing. The hand is still on: answer "
        "it again. Because of that answer, this duel is not rated if you win or draw it (a "
        "loss still counts)."
    ).format(floor=f"{floor:g}")


def expired_text(duel: Duel, names: dict[int, str], context: Translator) -> str:
    """A hand nobody solved in time: its solutions, and the score."""
    hand = duel.hand
    assert hand is not None
    solutions = hand.solutions or ()
    lines = [
        context._("⌛ Nobody solved hand {number} in {seconds} s.").format(
            number=hand.number, seconds=round(duel.hand_seconds)
        )
    ]
    if solutions:
        # Listed as the reader's language lists: a, b in English, a、b in Chinese.
        shown = context._(", ").join(f"<code>{html.escape(s)}</code>" for s in solutions[:3])
        lines.append(context._("Solutions: {solutions}").format(solutions=shown))
    lines.append(score_line(duel, names))
    return "\n".join(lines)


def last_hand_text(hand: Round, context: Translator) -> str:
    """The hand that was on when a duel was stopped, with its first solutions."""
    cards = " ".join(map(str, sorted(hand.hand)))
    solutions = hand.solutions or ()
    if not solutions:
        return context._("⏹ Hand {number} was {hand}.").format(number=hand.number, hand=cards)
    shown = context._(", ").join(f"<code>{html.escape(s)}</code>" for s in solutions[:3])
    return context._("⏹ Hand {number} was {hand}: {solutions}").format(
        number=hand.number, hand=cards, solutions=shown
    )


def _points(shown: Shown, change: int, context: Translator) -> str:
    points = f"{change:+d}".replace("-", "−")
    if shown.provisional:
        return context._("{rating} ({change}), provisional").format(
            rating=shown.points, change=points
        )
    return context._("{rating} ({change})").format(rating=shown.points, change=points)


def _weighed_note(duel: Duel, player: int, change: RatingChange, context: Translator) -> str:
    """Why ``player``'s win moved their rating little (a ``{name}`` to fill)."""
    if change.before[duel.other(player)].provisional:
        return context._(
            "A win over a provisional player (in their first duels) moves {name}'s rating "
            "little, so that new accounts cannot lift it: a win over an established player "
            "counts in full."
        )
    if player in change.unestablished:
        return context._(
            "A win over a player not yet established (five duels played out against five "
            "players, over a week) moves {name}'s rating little, so that new accounts cannot "
            "lift it: a win over an established player counts in full."
        )
    return context._(
        "A win by forfeit (the duel not played to its end) moves {name}'s rating little, so "
        "that forfeits cannot lift it: a duel played to its end counts as usual."
    )


def rating_lines(
    duel: Duel, names: dict[int, str], change: RatingChange | None, context: Translator
) -> list[str]:
    """Both players' rating change, or why there is none."""
    if change is None and duel.end is not None and not duel.contested:
        return [context._("Not rated: the duel ended before a hand reached you both.")]
    if change is None and duel.favours_too_fast:
        fast = context._(", ").join(name_of(duel, player, names) for player in duel.too_fast)
        return [
            context._(
                "Not rated: {names} answered a hand faster than a person can (that answer "
                "won nothing), and a duel never counts in favour of such an answer, so no "
                "rating changes, for either player. A duel with every answer at a person's "
                "pace counts as usual."
            ).format(names=fast)
        ]
    if change is None and duel.winner is not None and duel.winner in duel.steady:
        return [
            context._(
                "Not rated: {name} won every hand within {seconds} s of it reaching them, a "
                "script's steady pace, so this duel changes no rating, for either player. "
                "A duel with any hand won in {seconds} s or more counts as usual (a person "
                "that fast on every hand is rare)."
            ).format(name=name_of(duel, duel.winner, names), seconds=f"{PLAUSIBLE_MEDIAN:g}")
        ]
    if change is None and duel.end in (End.CUT_OFF, End.REMOVED):
        return [context._("Not rated: it was level.")]
    if change is None:
        return [context._("Not rated: no rating changes.")]
    if not change.rated:
        return [
            context._(
                "A friendly duel: you two have played {cap} rated duels today already (the "
                "most a day, so that two accounts cannot farm each other), so no rating "
                "changes. Your duels together count again tomorrow."
            ).format(cap=PAIR_CAP_PER_DAY)
        ]
    rows = [
        context._("{name}: {points}").format(
            name=name_of(duel, player, names),
            points=_points(change.after[player], change.change(player), context),
        )
        for player in duel.players
    ]
    notes = []
    for player in duel.players:
        name = name_of(duel, player, names)
        if player in change.capped and change.change(player) > 0:
            notes.append(
                context.ngettext(
                    "{name} has now gained {cap} points today from forfeits and new players, "
                    "the most a day, so this win adds only {points} point to their rating (the "
                    "loser's changes as usual). Wins played out against established players "
                    "still count today, and the allowance starts again tomorrow.",
                    "{name} has now gained {cap} points today from forfeits and new players, "
                    "the most a day, so this win adds only {points} points to their rating (the "
                    "loser's changes as usual). Wins played out against established players "
                    "still count today, and the allowance starts again tomorrow.",
                    change.change(player),
                ).format(name=name, cap=PROVISIONAL_GAIN_PER_DAY, points=change.change(player))
            )
        elif player in change.capped:
            notes.append(
                context._(
                    "{name} has gained {cap} points today from forfeits and new players, the "
                    "most a day, so this win adds nothing more to their rating (the loser's "
                    "still changes). Wins played out against established players still count "
                    "today, and the allowance starts again tomorrow."
                ).format(name=name, cap=PROVISIONAL_GAIN_PER_DAY)
            )
        elif player in change.weighed:
            notes.append(_weighed_note(duel, player, change, context).format(name=name))
    return [context._("Rating:"), *rows, *notes]


def end_text(
    duel: Duel,
    names: dict[int, str],
    change: RatingChange | None,
    context: Translator,
    last: Round | None = None,
) -> str:
    """A duel's end: the hand on when it was stopped (``last``), how it ended, who won, the
    score and both rating changes."""
    score = score_line(duel, names)
    winner = name_of(duel, duel.winner, names) if duel.winner is not None else ""
    loser = name_of(duel, duel.loser, names) if duel.loser is not None else ""
    _ = context._
    if duel.end is End.STOPPED:
        head = _("🏳 {loser} stopped: {winner} wins the duel. {score}")
    elif duel.end is End.LEFT and duel.chat_id is not None:
        head = _(
            "🚫 {loser} cut the bot off in the group (removed it, or took its right to write): "
            "{winner} wins the duel. {score}"
        )
    elif duel.end is End.LEFT:
        head = _("🚫 {loser} blocked the bot: {winner} wins the duel. {score}")
    elif duel.end is End.CUT_OFF and duel.winner is not None:
        head = _(
            "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
            "stands, and {winner} wins. {score}"
        )
    elif duel.end is End.CUT_OFF:
        head = _(
            "🔌 The bot can no longer play in this duel's group: the duel is decided as it "
            "stands, level. {score}"
        )
    elif duel.end is End.REMOVED and duel.winner is not None:
        head = _(
            "🔌 A player can no longer play in this duel's group (removed or restricted by "
            "an admin): the duel is decided as it stands, and {winner} wins. {score}"
        )
    elif duel.end is End.REMOVED:
        head = _(
            "🔌 A player can no longer play in this duel's group (removed or restricted by "
            "an admin): the duel is decided as it stands, level. {score}"
        )
    elif duel.end is End.QUIT:
        head = _("🚪 {loser} left the duel's group: {winner} wins the duel. {score}")
    elif duel.end is End.IDLE:
        head = _("⌛ {loser} let two hands in a row pass: {winner} wins the duel. {score}")
    elif duel.end is End.ABANDONED:
        head = _("⌛ Nobody answered two hands in a row: the duel is abandoned. {score}")
    elif duel.winner is None:
        head = _("🤝 The duel is a draw: {score}")
    else:
        head = _("🏆 {winner} wins the duel: {score}")
    lines = [last_hand_text(last, context)] if last is not None else []
    lines.append(head.format(winner=winner, loser=loser, score=score))
    lines += rating_lines(duel, names, change if duel.rated else None, context)
    return "\n".join(lines)


ACHIEVEMENTS = (Titled(DUELS_WON, NP_("⚔️ {count} duel won", "⚔️ {count} duels won")),)
"""Its families of achievements' titles (``Game.achievements``)."""


def season_heading(context: Translator) -> str:
    """The season's duel board's heading on /season."""
    return context._(
        "<b>⚔️ Duels</b> ({count} rated duels this season or more, against "
        "{opponents} established players or more)"
    ).format(count=SEASON_MIN_RATED, opponents=SEASON_MIN_OPPONENTS)


def season_called(context: Translator) -> str:
    """The season's duel board, as a trophy's line names it."""
    return context._("the duel board")


def season_value(_context: Translator, row: SeasonRow) -> str:
    """A row of the season's duel board: the rating as shown, and its ±."""
    return f"{row.value} ± {round(row.second or 0)}"
