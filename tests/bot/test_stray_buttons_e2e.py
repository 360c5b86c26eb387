"""Button presses no feature takes (empty data, data no button carries): answered quietly,
never a traceback in the log or an apology to the user."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS
from tests.bot import duels
from tests.bot.harness import ANN, GROUP, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("data", ["", "xyz", "duel:yes:", "cfg:", "a" * 64])
async def test_a_press_no_feature_takes_is_answered_quietly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, data: str
) -> None:
    api = duels.players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/help")
        message = api.sent[-1]
        sent, answered = len(api.sent), len(api.callback_answers)
        with caplog.at_level(logging.WARNING):
            api.press(ANN, message, data)
            await settled(api, application)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert len(api.callback_answers) == answered + 1
    assert set(api.callback_answers[-1]) == {"callback_query_id"}  # no text, no alert
    assert api.sent[sent:] == []


async def test_an_empty_press_under_a_duel_invitation_changes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = duels.players()
    async with running_bot(api, tmp_path) as application:
        invitation = await duels.invite(api, application)
        sent, answered = len(api.sent), len(api.callback_answers)
        with caplog.at_level(logging.WARNING):
            api.press(duels.CAROL, invitation, "")
            await settled(api, application)
        assert DUELS.get(application.bot_data.global_data).duel_of(ANN) is None
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    assert len(api.callback_answers) == answered + 1
    assert api.sent[sent:] == []
