"""The wording of what the rules and the solver report: why an answer is wrong, why no hand
can be dealt, what is wrong with a /solve request, the hints; in the user's language."""

from __future__ import annotations

from bot.context import BotContext
from bot.game.requests import RequestError
from bot.i18n import N_
from bot.services.solving import DealRefused
from solver import Code, Verdict
from solver.derivation import SYMBOLS
from solver.hints import Hint
from solver.printing import friendly_value

REASONS = {
    Code.WRONG_VALUE: N_("that makes {value}"),
    Code.MISSING_CARD: N_("you did not use {cards}"),
    Code.CARD_TWICE: N_("{card} is used more often than dealt"),
    Code.NOT_DEALT: N_("{card} is not one of the cards"),
    Code.GLUED_DIGITS: N_("{number} glues cards together: write each card on its own"),
    Code.DIVISION_BY_ZERO: N_("that divides by zero"),
    Code.SYNTAX: N_("the expression breaks at column {column}"),
    Code.NOT_ALLOWED: N_("only + − × ÷ and brackets are allowed (column {column})"),
    Code.TOO_LONG: N_("that is too long"),
    Code.EMPTY: N_("the answer is empty"),
    Code.WRONG_TARGET: N_("the target is {target}"),
    Code.NO_SOLUTION_WRONG: N_("there is a solution"),
}


def reason(verdict: Verdict, context: BotContext) -> str:
    """Why an answer is wrong, in the user's language (plain text)."""
    params = dict(verdict.params)
    params.setdefault("column", str(verdict.position or "?"))
    template = REASONS.get(verdict.code)
    return context._(template).format(**params) if template else verdict.message


DEAL_REFUSALS = {
    "unrated": N_(
        "Difficulty levels are rated for hands of 3 or 4 cards, not {cards}: "
        "choose difficulty any, or 3 or 4 cards."
    ),
    "no_hands": N_(
        "No {difficulty} hands of {cards} cards make {target}: choose another difficulty or target."
    ),
    "none_solvable": N_(
        "I found no hand with a solution for these settings: try another target, "
        "or allow unsolvable hands."
    ),
    "busy": N_("I am busy dealing other hands: try again in a moment."),
}

DIFFICULTY_LABELS = {
    None: N_("any"),
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
}
"""Each difficulty setting's name, for menus and refusals."""


def deal_refusal(refused: DealRefused, context: BotContext) -> str:
    """Why no hand can be dealt, in the user's language (plain text)."""
    params = dict(refused.params)
    if "difficulty" in params:
        params["difficulty"] = context._(DIFFICULTY_LABELS.get(params["difficulty"] or None, "any"))
    return context._(DEAL_REFUSALS[refused.problem]).format(**params)


# The parser's problems, and the bot's own, in words for the user.
PROBLEMS = {
    "target": N_("write the target once, at the end: 1 2 3 4 7 25 = 573"),
    "empty": N_("give the numbers, like 3 3 8 8"),
    "too_many": N_("at most {limit} numbers"),
    "too_few": N_("give at least two numbers"),
    "too_long": N_("{number} is too long to be a number"),
    "too_big": N_("{number} is too big: numbers go up to {limit}"),
    "not_a_number": N_("{number} is not a number"),
    "negative": N_("{number}: negative numbers are not allowed"),
    "decimal": N_("{number}: decimals are not allowed; fractions like 1/2 are fine"),
}


def problem_text(error: RequestError, context: BotContext) -> str:
    """What is wrong with a /solve or inline request, in the user's language."""
    return context._(PROBLEMS[error.problem]).format(**error.params)


def hint_text(found: Hint, context: BotContext) -> str:
    """A hint in the user's language."""
    _ = context._
    if found.level == 1:
        return _("Hint: start with {step}.").format(step=found.steps[0])
    if found.level == 2 and found.aim is not None:
        made = [
            _("{value} from {cards}").format(
                value=friendly_value(value), cards=", ".join(map(str, cards))
            )
            for value, cards in zip(found.aim, found.parts, strict=True)
            if len(cards) > 1
        ]
        symbol = SYMBOLS[found.op or "+"]
        return _("Hint: aim for {left} {op} {right}; make {parts}.").format(
            left=friendly_value(found.aim[0]),
            op=symbol,
            right=friendly_value(found.aim[1]),
            parts=_(" and ").join(made),
        )
    steps = "; ".join(str(s) for s in found.steps)
    return _("Hint: {steps}. Now finish it.").format(steps=steps)
