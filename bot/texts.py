"""Why an answer is wrong, in the user's language."""

from __future__ import annotations

from bot.context import BotContext
from bot.i18n import N_
from bot.services.solving import DealRefused
from solver import Code, Verdict

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

DIFFICULTY_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def deal_refusal(refused: DealRefused, context: BotContext) -> str:
    """Why no hand can be dealt, in the user's language (plain text)."""
    params = dict(refused.params)
    if "difficulty" in params:
        params["difficulty"] = context._(DIFFICULTY_NAMES.get(params["difficulty"], "any"))
    return context._(DEAL_REFUSALS[refused.problem]).format(**params)
