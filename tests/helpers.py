"""Facts and strategies shared by the solver's and the rules' tests."""

from __future__ import annotations

from hypothesis import strategies as st

FRACTION_HANDS = {
    (1, 3, 4, 6), (1, 4, 5, 6), (1, 5, 5, 5), (1, 6, 6, 8), (1, 8, 12, 12), (2, 2, 11, 11),
    (2, 2, 13, 13), (2, 3, 5, 12), (2, 4, 10, 10), (2, 5, 5, 10), (2, 7, 7, 10), (3, 3, 7, 7),
    (3, 3, 8, 8), (4, 4, 7, 7), (5, 5, 7, 11), (5, 7, 7, 11),
}  # fmt: skip
"""The 16 hands of 1..13 that make 24 only through a fraction (3 3 8 8 → 8/(3−8/3))."""

answer_alphabet = st.sampled_from([*list("0123456789+-*/()[]{}=xX×÷−·.,^%!AJQKa  （）＋－"), "**"])
"""Characters of answers as players type them (and some they should not), for fuzzing."""
