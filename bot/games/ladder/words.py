"""What the ladder says: a hand's caption, the change a hand made ("✅ 14.2 s · +12 →
1534"), the end of a training, the board and the refusals (HTML unless said otherwise)."""

from __future__ import annotations

from bot.i18n import N_, Translator
from bot.rules.ladder.model import SLOW
from bot.rules.ladder.puzzle_rating import BOARD_MIN_RESULTS, REVIEW_DAYS, Change, Refused
from bot.rules.pace import PLAUSIBLE_MEDIAN, RECENT_KEPT
from bot.rules.rounds import Round
from bot.texts import how_to_answer


def signed(change: int) -> str:
    """A change of rating as people read it: ``+12``, ``−8``, ``±0``."""
    if not change:
        return "±0"
    return f"{change:+d}".replace("-", "−")


def caption(hand: Round, rating: int, hand_rating: int, review: bool, context: Translator) -> str:
    """A hand's caption: the player's puzzle rating (or that it is a review), the hand, its
    rating and time, and how to answer."""
    _ = context._
    cards = " ".join(map(str, sorted(hand.hand)))  # in the picture's order
    make = _("Make {target} from <b>{hand}</b>").format(target=hand.target, hand=cards)
    if review:  # no rating on show: a review moves none
        return "\n".join(
            [
                _("🔁 Review · a hand you missed or solved slowly: it changes no rating."),
                make,
                _("{seconds} s for this hand.").format(seconds=int(SLOW)),
                how_to_answer(True, context),
                _("/skip shows a solution and deals the next; /review stop ends."),
            ]
        )
    return "\n".join(
        [
            _("🪜 Training · your puzzle rating: {rating}").format(rating=rating),
            make,
            _("This hand is rated {rating} · {seconds} s.").format(
                rating=hand_rating, seconds=int(SLOW)
            ),
            how_to_answer(True, context),
            _("/skip counts as a miss; /train stop ends."),
        ]
    )


def change_text(
    change: Change, seconds: float | None, how: str, context: Translator, solution: str | None
) -> str:
    """What one hand did: ``✅ 14.2 s · +12 → 1534`` for a solve, ``⏭ skipped · −8 → 1492``
    for a miss (``how``: the miss's own words), with a solution of a hand missed."""
    _ = context._
    what = how if seconds is None else _("✅ {seconds} s").format(seconds=f"{seconds:.1f}")
    if change.refused is Refused.REVIEW:
        line = _("{what} · a review: no rating change").format(what=what)
    elif change.refused is Refused.GIVEN:
        line = _(
            "{what} · I had given that hand's solutions (/solve or inline mode) while you "
            "played it: no rating change"
        ).format(what=what)
    elif change.refused is Refused.TOO_FAST:
        line = _("{what} · too fast to count: no rating change").format(what=what)
    elif change.refused is Refused.STEADY:
        line = _(
            "{what} · no rating change: half or more of your last {count} solves came within "
            "{seconds} s, a script's steady pace. Ratings move again, and /train top shows "
            "you, once more than half of them take {seconds} s or more."
        ).format(what=what, count=RECENT_KEPT, seconds=f"{PLAUSIBLE_MEDIAN:g}")
    else:
        line = _("{what} · {change} → {rating}").format(
            what=what, change=signed(change.delta), rating=change.after
        )
    if solution is not None and seconds is None:
        line += "\n" + _("A solution: {solution}").format(solution=solution)
    return line


def skipped(context: Translator) -> str:
    return context._("⏭ skipped")


def missed(context: Translator) -> str:
    return context._("❌ missed")


def timed_out(context: Translator) -> str:
    return context._("⌛ time's up")


def stopped(context: Translator) -> str:
    return context._("🏁 stopped during the hand")


def too_fast_text(context: Translator, floor: float) -> str:
    """What a right answer faster than a person's pace is told (:mod:`bot.rules.pace`)."""
    return context._(
        "Too fast: an answer within {floor} s of the hand reaching you counts for nothing "
        "(nobody reads four cards and types an answer that quickly). The hand is still on, "
        "and your rating does not change."
    ).format(floor=f"{floor:g}")


def end_text(
    played: int, began: int, rating: int, context: Translator, *, held: bool = False
) -> str:
    """The end of a training: hands counted, and the rating before and now; ``held``: the
    hand on was stopped as it came, and is kept for the next ``/train``."""
    hands = context.ngettext(
        "🏁 Training over: {count} hand counted", "🏁 Training over: {count} hands counted", played
    ).format(count=played)
    lines = [
        hands,
        context._("Your puzzle rating: {began} → {rating}. /train to go on.").format(
            began=began, rating=rating
        ),
    ]
    if held:
        lines.append(
            context._(
                "The hand you stopped as it came is kept: your next /train deals it again, "
                "its clock anew."
            )
        )
    return "\n".join(lines)


def review_end(context: Translator) -> str:
    """A review stopped before its last hand."""
    return context._(
        "🏁 Review over: reviews change no rating. /review deals those hands again, /train "
        "hands at your level."
    )


def time_up_end(context: Translator) -> str:
    return context._("You did not answer in time: training paused. /train deals another hand.")


def review_start(count: int, context: Translator) -> str:
    return context.ngettext(
        "🔁 {count} hand to review, the misses first: reviews change no rating.",
        "🔁 {count} hands to review, the misses first: reviews change no rating.",
        count,
    ).format(count=count)


def nothing_to_review(context: Translator) -> str:
    return context._(
        "Nothing to review: no hand missed or solved slowly in the last {days} days. /train "
        "deals hands at your level."
    ).format(days=REVIEW_DAYS)


def review_done(context: Translator) -> str:
    return context._("🔁 Review done. /train deals hands at your level, each moving your rating.")


def not_training(context: Translator) -> str:
    return context._("You are not training: /train deals a hand at your level.")


def training_on(context: Translator, reviewing: bool = False) -> str:
    """What a command is told while a hand of the chat's training (or review) is on."""
    if reviewing:
        return context._(
            "You are reviewing: type your answer, /skip the hand (no rating change) or "
            "/review stop."
        )
    return context._("You are training: type your answer, /skip the hand (a miss) or /train stop.")


def on_the_page(context: Translator) -> str:
    """What /train in the chat is told while a hand of the player's is on the Mini App's
    page: one training hand at a time."""
    return context._(
        "Your training hand is on in the Mini App: answer or skip it there first, then /train."
    )


def in_private(context: Translator) -> str:
    return context._(
        "Training deals you hands at your level one after another, in our private chat."
    )


def review_in_private(context: Translator) -> str:
    return context._(
        "/review deals you again the hands you missed or solved slowly, in our private chat."
    )


def no_hints(context: Translator) -> str:
    return context._(
        "Training has no hints, and /skip is its way to give up: it shows a solution and "
        "deals another hand (it counts as a miss)."
    )


def board_heading(context: Translator) -> str:
    return context._("<b>🪜 Puzzle ratings</b> ({count} hands or more)").format(
        count=BOARD_MIN_RESULTS
    )


def board_empty(context: Translator) -> str:
    return context._("Nobody has {count} hands counted yet: /train to start.").format(
        count=BOARD_MIN_RESULTS
    )


def board_you(rating: int, results: int, context: Translator, steady: bool = False) -> str:
    if steady:
        return context._(
            "You: {rating} (off the board while half or more of your last {count} solves come "
            "within {seconds} s, a script's steady pace)"
        ).format(rating=rating, count=RECENT_KEPT, seconds=f"{PLAUSIBLE_MEDIAN:g}")
    if results >= BOARD_MIN_RESULTS:
        return context._("You: {rating}").format(rating=rating)
    return context._("You: {rating} ({count} of {needed} hands to be ranked)").format(
        rating=rating, count=results, needed=BOARD_MIN_RESULTS
    )


def usage(context: Translator) -> str:
    return context._(
        "Use /train to train at your level, /train stop to end, /train top for the board, "
        "/review for the hands you missed."
    )


def review_usage(context: Translator) -> str:
    return context._("Use /review to deal again the hands you missed, /review stop to end.")


PAGE_TEXTS = {
    "train": N_("Train"),
    "trainTitle": N_("🪜 Training · your puzzle rating: {rating}"),
    "trainHand": N_("This hand is rated {rating} · {seconds} s."),
    "trainSkip": N_("⏭ Skip (a miss)"),
}
"""The training view's words on the Mini App's page (its ``Game.page_texts``)."""
