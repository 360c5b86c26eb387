"""A round keeps the rules it was dealt with: a change of the chat's settings meanwhile is
for the next round."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.rounds import ROUND_SEAT
from tests.bot.harness import ANN, BOB, GROUP, deal, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


async def test_unsolvable_hands_turned_on_mid_round_leave_a_no_solution_claim_free(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        chat = application.chat_data[GROUP]
        chat.language.chosen = "en"
        await deal(api, ANN, GROUP)  # dealt where every hand has a solution
        await reply_to(api, ANN, GROUP, "/settings unsolvable on")
        await settled(api, application)
        assert chat.table.settings.unsolvable
        claim = plain_text(await reply_to(api, BOB, GROUP, "/a none"))
        await settled(api, application)
        game = ROUND_SEAT.of(chat.table)
        assert game is not None
        assert game.out == []
    assert claim == "Every hand here has a solution (this chat deals no others): keep looking!"
