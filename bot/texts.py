"""The wording of what the rules and the solver report: why an answer is wrong, why no hand
can be dealt, what is wrong with a /solve request, the hints; in the user's language.  Shared
by the games, it names none (tests/test_no_game_in_the_centre.py): a game's own wording stands
in its package's ``words.py``, and a game passes it where a shared text takes it (its reasons,
its stop votes, a refusal's wording)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from bot.i18n import N_, Translator
from bot.rules.requests import Limit, RequestError
from bot.rules.votes import Ballot
from bot.services.solving import DealRefused
from solver import Code, Verdict
from solver.hints import Hint
from solver.printing import SYMBOLS, friendly_value

REASONS = {
    # A wrong answer.
    Code.WRONG_VALUE: N_("that makes {value}"),
    Code.NO_SOLUTION_WRONG: N_("there is a solution"),
    Code.MISSING_CARD: N_("you did not use {cards}"),
    Code.CARD_TWICE: N_("{card} is used {used} times but dealt only {dealt}"),
    Code.NOT_DEALT: N_("{card} is not one of the cards"),
    Code.GLUED_DIGITS: N_("{number} glues cards together: write each card on its own"),
    Code.DIVISION_BY_ZERO: N_("the ÷ at column {column} divides by zero"),
    # A wrong answer under Countdown's rules.
    Code.NOT_OFFERED: N_("{number} is not one of the numbers"),
    Code.NUMBER_TWICE: N_("{number} is used {used} times but offered only {offered}"),
    Code.FRACTION_STEP: N_("{step} makes {value} (column {column}): no fractions on the way"),
    Code.NEGATIVE_STEP: N_(
        "{step} makes {value} (column {column}): no negative numbers on the way"
    ),
    Code.ZERO_STEP: N_("{step} makes 0 (column {column}): no zero on the way"),
    # Text that is not an answer.
    Code.EMPTY: N_("the answer is empty"),
    Code.TOO_LONG: N_("that is too long (over {limit} characters)"),
    Code.UNKNOWN_CHARACTER: N_("“{char}” (column {column}) is not part of an answer"),
    Code.WORD: N_("“{word}” is not a card: answer with the cards, + − × ÷ and brackets"),
    Code.POWER: N_("powers ({symbol}) are not allowed: only + − × ÷"),
    Code.PERCENT: N_("Percent (%) is not allowed: only + − × ÷"),
    Code.FACTORIAL: N_("factorials (!) are not allowed: only + − × ÷"),
    Code.DECIMAL: N_("{number}: decimals are not allowed; write a fraction instead, like 1/2"),
    Code.EXPONENT: N_("{number}: write numbers out in full, like 1000, not with an exponent"),
    Code.SIGN: N_(
        "a number can't start with {sign} (column {column}): the cards are used as dealt"
    ),
    Code.MISSING_NUMBER: N_("a number is missing before “{token}” (column {column})"),
    Code.MISSING_OPERATOR: N_("an operator is missing before “{token}” (column {column})"),
    Code.ENDS_EARLY: N_("the answer ends too early, after “{token}” (column {column})"),
    Code.UNOPENED_BRACKET: N_("the “)” at column {column} closes no bracket"),
    Code.UNCLOSED_BRACKET: N_("the “(” at column {column} is never closed"),
    Code.MISPLACED_EQUALS: N_("only “= {target}” may follow the expression (column {column})"),
    Code.WRONG_TARGET: N_("the target is {target}, not {given}"),
    # A /solve or inline request that cannot be read.
    Code.NO_NUMBERS: N_("give the numbers, like 3 3 8 8"),
    Code.TOO_FEW_NUMBERS: N_("give at least {minimum} numbers, like 3 3 8 8"),
    Code.TOO_MANY_NUMBERS: N_("at most {limit} numbers (you gave {count})"),
    Code.TARGET_MISSING: N_("the target is missing: write it at the end, like 1 2 3 4 7 25 = 573"),
    Code.TARGET_TWICE: N_("write the target once, at the end: 1 2 3 4 7 25 = 573"),
    Code.NUMBER_TOO_LONG: N_("{number} is too long to be a number"),
    Code.NOT_A_NUMBER: N_("{number} is not a number"),
    Code.NEGATIVE: N_("{number}: negative numbers are not allowed"),
    Code.GROUPED_DIGITS: N_(
        "{number}: “{group}” after a comma is no number; part the numbers with spaces or "
        "commas, and write a thousand as 1000 or 1,000"
    ),
    Code.UNCLEAR_GROUPS: N_(
        "{number} is unclear: is {group} one number or two? Part the numbers with spaces"
    ),
}
"""Why an answer is wrong or a request unreadable, for every solver code but a win and what
only a game's rules refuse (its ``request_reasons``); one wording for each idea, whether an
answer or a request has it."""

ONCE = {
    Code.CARD_TWICE: ("dealt", N_("{card} is used {used} times but dealt only once")),
    Code.NUMBER_TWICE: ("offered", N_("{number} is used {used} times but offered only once")),
}
"""The reasons that count how often a number was dealt, worded for a number dealt once."""

LIMITS = {
    Limit.NUMBER: N_("{number} is too big: numbers go up to {limit}"),
    Limit.TARGET: N_("the target {number} is too big: it goes up to {limit}"),
    Limit.NUMBER_DENOMINATOR: N_(
        "{number} has too big a denominator: denominators go up to {limit}"
    ),
    Limit.TARGET_DENOMINATOR: N_(
        "the target {number} has too big a denominator: denominators go up to {limit}"
    ),
}
"""The bot's own limits on /solve and inline requests."""


def _worded(
    template: str, position: int | None, params: dict[str, str], context: Translator
) -> str:
    return context._(template).format(column=position, **params)


def reason(verdict: Verdict, context: Translator, wording: Mapping[Code, str] | None = None) -> str:
    """Why an answer is wrong, in the user's language (plain text); a game's own ``wording``
    of some reasons (msgids by code) over :data:`REASONS`' (a game that offers numbers, not
    cards, speaks of numbers)."""
    template = REASONS[verdict.code]
    if wording is not None:
        template = wording.get(verdict.code, template)
    params = dict(verdict.params)
    count, once = ONCE.get(verdict.code, ("", ""))
    if params.get(count) == "1":
        template = once
    if verdict.code is Code.MISSING_CARD:  # listed as the user's language lists: 5、5
        params["cards"] = context._(", ").join(params["cards"].split(", "))
    return _worded(template, verdict.position, params, context)


def problem_text(
    error: RequestError, context: Translator, wording: Mapping[Code, str] | None = None
) -> str:
    """What is wrong with a /solve or inline request, in the user's language (plain text);
    the games' own ``wording`` of what only their rules refuse (msgids by code:
    :attr:`bot.play.registry.Game.request_reasons`) with :data:`REASONS`."""
    problem = error.problem
    reasons = {**REASONS, **(wording or {})}
    template = LIMITS[problem] if isinstance(problem, Limit) else reasons[problem]
    return _worded(template, None, error.params, context)


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


def deal_refusal(refused: DealRefused, context: Translator) -> str:
    """Why no hand can be dealt, in the user's language (plain text): in the refusal's own
    wording if it brings one (a game's), else in the services'."""
    params = dict(refused.params)
    if "difficulty" in params:
        params["difficulty"] = context._(DIFFICULTY_LABELS.get(params["difficulty"] or None, "any"))
    template = refused.wording or DEAL_REFUSALS[refused.problem]
    return context._(template).format(**params)


def hint_text(found: Hint, context: Translator) -> str:
    """A hint in the user's language."""
    _ = context._
    if not found.solution:  # bot.rules.rounds.NO_SOLUTION_HINT
        return _("Hint: this hand has no solution.")
    aim = found.aim
    if aim is not None:
        made = [
            _("{value} from {cards}").format(
                value=friendly_value(value), cards=_(", ").join(map(str, cards))
            )
            for value, cards in ((aim.left, aim.left_cards), (aim.right, aim.right_cards))
            if len(cards) > 1
        ]
        return _("Hint: aim for {left} {op} {right}; make {parts}.").format(
            left=friendly_value(aim.left),
            op=SYMBOLS[aim.op],
            right=friendly_value(aim.right),
            parts=_(" and ").join(made),
        )
    if found.level == 1:
        return _("Hint: start with {step}.").format(step=found.steps[0])
    steps = _("; ").join(str(s) for s in found.steps)
    return _("Hint: {steps}. Now finish it.").format(steps=steps)


StopVotes = tuple[str, str]
"""A game's wording (msgids) of what a request to stop it early did when it did not stop it:
a bystander's, then a player's vote (``{votes}`` of ``{needed}``); each game that is stopped
by a vote has its own, in its package."""


def stop_vote_text(votes: StopVotes, ballot: Ballot, context: Translator) -> str:
    """What a request to stop a game that did not take effect did, in the game's ``votes``."""
    bystander, vote = votes
    if not ballot.counted:
        return context._(bystander)
    return context._(vote).format(votes=ballot.votes, needed=ballot.needed)


def how_to_answer(private: bool, context: Translator) -> str:
    """How to answer a hand of cards, right for the chat: in private (``private``, or a group
    that shows the bot every message: :mod:`bot.play.visibility`) the bot reads every
    message; in a group (privacy mode) only commands and replies to it."""
    if private:
        return context._("Type your answer, like (8-2)*4.")
    return context._(
        "Answer with /a and your expression, like /a (8-2)*4, or reply to this picture."
    )


def player_line(name: str, value: object, context: Translator, place: int | None = None) -> str:
    """A player's line in a list, ``Ann: 0:42``, or with a ``place`` in a table,
    ``1. Ann: 42``, with the colon of the user's language; ``name`` as HTML."""
    if place is None:
        return context._("{name}: {value}").format(name=name, value=value)
    return context._("{place}. {name}: {value}").format(place=place, name=name, value=value)


def more_players(count: int, context: Translator) -> str:
    """The last line of a list of players cut to fit a message: how many were left out."""
    return context.ngettext(
        "… and {count} more player", "… and {count} more players", count
    ).format(count=count)


def duration_text(context: Translator, span: dt.timedelta) -> str:
    """``3 h 05 min`` (``42 min`` under an hour)."""
    minutes = max(0, int(span.total_seconds()) // 60)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return context._("{hours} h {minutes:02d} min").format(hours=hours, minutes=minutes)
    return context._("{minutes} min").format(minutes=minutes)
