"""Why an answer is wrong, in the user's language."""

from __future__ import annotations

from bot.context import BotContext
from bot.i18n import N_
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
