"""Hostile input for the answer checker (by either rules) and /solve's arguments: a long
dedicated run.

``pytest -m slow tests/test_hostile_input.py`` generates well over 100,000 inputs (the
default run skips it).  Nothing may raise, hang or recurse without bound, and every
rejection must say why.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.features.solve import RequestError, parse_solve
from solver import check

pytestmark = pytest.mark.slow

LONG = settings(
    max_examples=60_000, deadline=None, suppress_health_check=list(HealthCheck), database=None
)

pieces = st.sampled_from(
    [
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        "（",
        "）",
        "+",
        "-",
        "*",
        "/",
        "×",
        "÷",
        "−",
        "·",
        "x",
        "**",
        "^",
        "%",
        ".",
        ",",
        "=",
        "24",
        "3",
        "8",
        "33",
        "0",
        "A",
        "J",
        "Q",
        "K",
        "١",
        "٣",
        "８",
        "\u200b",
        "\u200f",
        "\u202e",
        "\ufeff",
        " ",
        "\n",
        "<b>",
        "</b>",
        "&",
        "<script>",
        "&amp;",
        "none",
        "无解",
        "sqrt",
        "countdown",
        "倒计时",
        "int",
        "10**1000",
        "9" * 50,
        "1e5",
        "½",
        "𝟠",
    ]
)
answers = st.one_of(
    st.lists(pieces, max_size=60).map("".join),
    st.text(max_size=120),
    st.integers(min_value=1, max_value=5000).map(lambda n: "(" * n + "8" + ")" * n),
    st.integers(min_value=1, max_value=5000).map(lambda n: "(" * n),
    st.integers(min_value=100, max_value=10_000).map(lambda n: "9" * n),
    st.integers(min_value=100, max_value=4000).map(lambda n: "3+" * n + "3"),
)
hands = st.lists(st.integers(min_value=1, max_value=13), min_size=2, max_size=6)


@LONG
@given(answers, hands, st.integers(min_value=0, max_value=100), st.booleans())
def test_check_survives_anything(text: str, hand: list[int], target: int, countdown: bool) -> None:
    verdict = check(text, hand, target, countdown=countdown)
    assert verdict.message
    if not verdict.is_claim:
        assert verdict.ok == (verdict.value == target)


@LONG
@given(st.one_of(st.lists(pieces, max_size=40).map(" ".join), st.text(max_size=200)))
def test_solve_arguments_survive_anything(text: str) -> None:
    try:
        numbers, target, _ = parse_solve(text)
    except RequestError as error:
        assert error.problem
        return
    assert 2 <= len(numbers) <= 8
    assert 0 <= target <= 1_000_000
