"""/solve of numbers written as people write them, through the local Bot API: a decimal
read as its fraction, a fraction shown as typed (½, no extra brackets), commas that could
group digits or part numbers refused as unclear, a full stop after a rule's word."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.harness import ANN, BOB, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def _solve(tmp_path: Path, text: str, user: int = ANN) -> str:
    api = make_api()
    async with running_bot(api, tmp_path):
        return plain_text(await reply_to(api, user, user, f"/solve {text}"))


async def test_a_decimal_is_read_as_the_fraction_it_is(tmp_path: Path) -> None:
    reply = await _solve(tmp_path, "2.5 3 4 5")
    assert reply.splitlines()[0].startswith("2½ 3 4 5 → 24: ")


async def test_a_fraction_of_the_hand_is_shown_as_typed_in_the_solutions(tmp_path: Path) -> None:
    reply = await _solve(tmp_path, "2 1/2 5 5")
    assert reply.splitlines()[1:] == ["5×5−2×½", "(5+5+2)÷½"]


async def test_the_closest_values_show_a_fraction_in_one_form(tmp_path: Path) -> None:
    """Not "22½ = (7+(1/2))×3": the value and the number in the expression alike."""
    reply = await _solve(tmp_path, "7 1/2 3")
    assert reply.splitlines()[1:] == [
        "Closest below: 22½ = (7+½)×3",
        "Closest above: 24½ = 7×(3+½)",
    ]


async def test_commas_that_may_group_a_thousand_are_refused_as_unclear(tmp_path: Path) -> None:
    reply = await _solve(tmp_path, "1,234,5,6")
    assert reply.splitlines()[0] == (
        "I could not read that: 1,234,5,6 is unclear: is 1,234 one number or two? Part the "
        "numbers with spaces"
    )


async def test_commas_refused_as_unclear_in_chinese(tmp_path: Path) -> None:
    reply = await _solve(tmp_path, "1,234,5,6", BOB)
    assert "1,234,5,6 看不明白：1,234 是一个数还是两个数？请用空格把数隔开" in reply


async def test_a_rule_word_with_a_full_stop(tmp_path: Path) -> None:
    reply = await _solve(tmp_path, "3 3 8 8 int.")
    assert reply.splitlines()[0] == "3 3 8 8 cannot make 24 (whole numbers only)."
