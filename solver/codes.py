"""What the solver says about a text it read: one code for each distinct reason.

A code comes with ``params``, the pieces its wording needs, as text (named after each member
below), and often a column (``position``, 1-based).  The solver words codes in English
(:mod:`solver.messages`); a caller words them in any language from the same code and params.
"""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """The outcome of :func:`~solver.checking.check`, or why a text could not be read."""

    # A verdict on an answer that reads.
    CORRECT = "correct"
    """The answer makes the target: ``value``."""
    NO_SOLUTION_RIGHT = "no_solution_right"
    """The player said there is no solution, and there is none."""
    NO_SOLUTION_WRONG = "no_solution_wrong"
    """The player said there is no solution, but there is one."""
    WRONG_VALUE = "wrong_value"
    """The answer makes ``value``, not ``target``."""

    # The cards an answer uses.
    MISSING_CARD = "missing_card"
    """Dealt cards the answer does not use: ``cards``, a comma-separated list."""
    CARD_TWICE = "card_twice"
    """``card`` is used ``used`` times but was dealt only ``dealt`` times."""
    NOT_DEALT = "not_dealt"
    """``card`` is not one of the cards."""
    GLUED_DIGITS = "glued_digits"
    """``number`` is cards written side by side (33 from 3 and 3)."""
    DIVISION_BY_ZERO = "division_by_zero"
    """The division at the column divides by zero."""

    # An answer under Countdown's rules: each number at most once, every step's result a
    # positive whole number.  (``step`` is an operation as players read it: ``7 ÷ 2``.)
    NOT_OFFERED = "not_offered"
    """``number`` is not one of the numbers."""
    NUMBER_TWICE = "number_twice"
    """``number`` is used ``used`` times but offered only ``offered``."""
    FRACTION_STEP = "fraction_step"
    """``step`` (its operator at the column) makes ``value``, which is not whole."""
    NEGATIVE_STEP = "negative_step"
    """``step`` (its operator at the column) makes ``value``, which is below 0."""
    ZERO_STEP = "zero_step"
    """``step`` (its operator at the column) makes 0."""

    # What an answer is written with.
    EMPTY = "empty"
    """The answer is empty."""
    TOO_LONG = "too_long"
    """The answer has more than ``limit`` characters."""
    UNKNOWN_CHARACTER = "unknown_character"
    """``char`` (at the column) is not part of any answer."""
    WORD = "word"
    """``word`` (at the column) is not a card: a function name, or chat."""
    POWER = "power"
    """A power, written ``symbol`` (``^`` or ``**``), at the column."""
    PERCENT = "percent"
    """A ``%`` at the column."""
    FACTORIAL = "factorial"
    """A ``!`` at the column."""
    DECIMAL = "decimal"
    """``number`` in a request is a decimal (in an answer, a decimal is a number that is no
    card: :attr:`NOT_DEALT`, or :attr:`NOT_OFFERED`)."""
    EXPONENT = "exponent"
    """``number`` is written with an exponent (``1e3``, at the column in an answer)."""
    SIGN = "sign"
    """A number starts with ``sign`` (``−`` or ``+``) at the column: -1+25."""

    # How an answer is put together.
    MISSING_NUMBER = "missing_number"
    """A number is missing before ``token`` (at the column)."""
    MISSING_OPERATOR = "missing_operator"
    """An operator is missing before ``token`` (at the column): 1 2 3 4."""
    ENDS_EARLY = "ends_early"
    """The answer ends after ``token`` (at the column), where a number is still due."""
    UNOPENED_BRACKET = "unopened_bracket"
    """The ``)`` at the column closes no bracket."""
    UNCLOSED_BRACKET = "unclosed_bracket"
    """The ``(`` at the column is never closed."""
    MISPLACED_EQUALS = "misplaced_equals"
    """An ``=`` (at the column) other than a trailing ``= target``."""
    WRONG_TARGET = "wrong_target"
    """The answer ends ``= given`` (at the column), but the target is ``target``."""

    # What people ask the solver (numbers and a target, as /solve 3 3 8 8 = 24 has them).
    NO_NUMBERS = "no_numbers"
    """No numbers were given."""
    TOO_FEW_NUMBERS = "too_few_numbers"
    """Fewer than ``minimum`` numbers were given."""
    TOO_MANY_NUMBERS = "too_many_numbers"
    """``count`` numbers were given, more than ``limit``."""
    TARGET_MISSING = "target_missing"
    """An ``=`` (or ``target``) with no target after it."""
    TARGET_TWICE = "target_twice"
    """More than one word after the ``=``."""
    NUMBER_TOO_LONG = "number_too_long"
    """``number`` (shortened) is too long to be a number."""
    NOT_A_NUMBER = "not_a_number"
    """``number`` is not a number."""
    NEGATIVE = "negative"
    """``number`` is negative."""
    NOT_POSITIVE_WHOLE = "not_positive_whole"
    """``number`` is not a whole number from 1 up, as Countdown's numbers are."""
    GROUPED_DIGITS = "grouped_digits"
    """``number`` has a comma followed by ``group``, digits starting with 0 that no number
    written alone has: commas grouping digits (1,000) mixed with commas parting numbers
    (1,000,2,3), or a group cut short (1,00)."""
    UNCLEAR_GROUPS = "unclear_groups"
    """``number`` starts as a number grouped by threes (``group``: 1,234) but goes on as
    numbers parted by commas (1,234,5,6): one number or two, the reader cannot tell."""
