"""A duel invitation's buttons forged by a third user, in another chat: refused, with an
alert that names the invited player, or no name where there is none to give."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS
from tests.bot.duels import CAROL, DAVE, button_data, invite, players
from tests.bot.harness import ANN, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


async def test_a_forged_decline_of_a_group_invitation_names_its_invitee(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application)  # Ann invites Carol in the group
        await reply_to(api, DAVE, DAVE, "/help")
        api.press(DAVE, api.sent[-1], button_data(invitation, 1))  # in his own chat
        await settled(api, application)
        assert DUELS.get(application.bot_data.global_data).invitations  # still open
    assert api.callback_answers[-1]["text"] == "Only Carol can answer this invitation."


async def test_a_forged_withdrawal_of_a_private_invitation_names_nobody(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/duel")
        invitation = next(m for m in reversed(api.sent) if "reply_markup" in m)
        withdraw = invitation["reply_markup"]["inline_keyboard"][-1][0]["callback_data"]
        assert withdraw.startswith("duel:no:")
        await reply_to(api, CAROL, CAROL, "/help")
        api.press(CAROL, api.sent[-1], withdraw)
        await settled(api, application)
        assert DUELS.get(application.bot_data.global_data).invitations  # still open
    assert api.callback_answers[-1]["text"] == "This invitation is not yours to answer."
