"""/hint, /reveal and /giveup while training, through the local Bot API: the ladder has no
hints, and its give-up is /skip, which the reply names for what it does."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON, train

pytestmark = pytest.mark.asyncio

SAID = (
    "Training has no hints, and /skip is its way to give up: it shows a solution and deals "
    "another hand (it counts as a miss)."
)


@pytest.mark.parametrize("command", ["/hint", "/reveal", "/giveup"])
async def test_training_says_its_give_up_is_skip(tmp_path: Path, command: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await train(api)
        reply = await reply_to(api, ANN, ANN, command)
    assert reply == SAID
