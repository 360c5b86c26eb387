"""What the bot says to an answer in a private round: the win, and why a wrong one is wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.harness import ANN, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def _deal(api: LocalBotApi) -> tuple[int, ...]:
    """A round in Ann's private chat; its hand, as the picture's caption states it."""
    before = len(api.sent)
    api.send(ANN, ANN, "/play")
    caption = plain_text((await api.wait_for_sent(before + 1))[before]["caption"])
    numbers = re.search(r"(\d+(?: \d+)+)", caption.split("\n")[0])
    assert numbers, caption
    return tuple(int(n) for n in numbers.group(1).split())


async def test_a_win_written_with_its_target_is_not_listed_again(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        hand = await _deal(api)
        answer = solve(hand)[0]
        won = plain_text(await reply_to(api, ANN, ANN, f"/a {answer.text} = 24"))
    listed = won.split("\n")[2:]
    assert answer.pretty not in listed


async def test_a_wrong_answer_gets_the_solvers_precise_reason(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await _deal(api)
        signed = plain_text(await reply_to(api, ANN, ANN, "-1+25"))
        chat = plain_text(await reply_to(api, ANN, ANN, "hello"))
        unclosed = plain_text(await reply_to(api, ANN, ANN, "/a 12*2+(4-3"))
    assert signed == (
        "Not quite: a number can't start with − (column 1): the cards are used as dealt."
    )
    assert chat == (
        "Not quite: “hello” is not a card: answer with the cards, + − × ÷ and brackets."
    )
    assert unclosed == "Not quite: the “(” at column 6 is never closed."


async def test_a_target_too_big_for_solve_names_the_targets_limit(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, ANN, ANN, "/solve 3 3 8 8 = 2000000")
    assert plain_text(reply) == (
        "I could not read that: the target 2,000,000 is too big: it goes up to 1,000,000\n"
        "Try /solve 3 3 8 8"
    )
