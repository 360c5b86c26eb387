"""One name for a player in each chat, through the local Bot API: after /name, a private
duel names each player in their own chat as /rating and /achievements there do (by their own
name) and the opponent by the public name they chose; the invitation shared into another chat
and its edit name both by their Telegram names (as that chat shows people)."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio

from bot.games.duel import play
from bot.local_api import LocalBotApi, plain_text
from tests.bot.harness import ANN, FakeClock, reply_to, running_bot
from tests.bot.private_duels import (
    CAROL,
    NOON,
    in_chat,
    invitation,
    open_link,
    players,
    share,
    win_hand,
)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def told(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Ann chooses the public name Zed and Carol Cee; Ann's invitation, shared into another
    chat, is taken up by Carol, who wins it; then Ann asks /rating and /achievements in private."""
    api = players()
    clock = FakeClock(NOON)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(play, "NEXT_HAND_SECONDS", 0.0)  # (the pause to read a result)
        return await _duel(api, clock, tmp_path_factory.mktemp("duel-names"))


async def _duel(api: LocalBotApi, clock: FakeClock, data: Path) -> dict[str, str]:
    async with running_bot(api, data, clock=clock) as application:
        await reply_to(api, ANN, ANN, "/name Zed")
        await reply_to(api, CAROL, CAROL, "/name Cee")
        message, token = await invitation(api, application)
        shared = await share(api, application, token)
        before = len(api.sent)
        carol_first = await open_link(api, application, CAROL, token)
        ann_first = in_chat(api, ANN, before)
        said = {
            "shared": plain_text(shared["text"]),
            "shared after": plain_text(api.inline_messages[shared["inline_message_id"]]["text"]),
            "invitation after": plain_text(api.messages[(ANN, message["message_id"])]["text"]),
            "carol": carol_first[0],
            "ann": next(text for text in ann_first if text.startswith("⚔️ Duel:")),
        }
        for _ in range(3):
            last = await win_hand(api, application, clock, CAROL)
        said |= {
            "end": in_chat(api, ANN, last)[-1],
            "rating": plain_text(await reply_to(api, ANN, ANN, "/rating")),
            "achievements": plain_text(await reply_to(api, ANN, ANN, "/achievements")),
        }
    return said


async def test_the_inviters_chat_names_them_by_their_own_name(told: dict[str, str]) -> None:
    assert told["ann"].startswith("⚔️ Duel: Ann vs Cee!")


async def test_the_duels_end_in_that_chat_names_them_alike(told: dict[str, str]) -> None:
    assert told["end"].startswith("🏆 Cee wins the duel: Ann 0 – 3 Cee")


async def test_rating_in_the_same_chat_names_them_alike(told: dict[str, str]) -> None:
    assert "Ann" in told["rating"] and "Zed" not in told["rating"]


async def test_achievements_in_the_same_chat_name_them_alike(told: dict[str, str]) -> None:
    assert "Ann" in told["achievements"].splitlines()[0]


async def test_the_opponent_sees_the_public_names(told: dict[str, str]) -> None:
    assert told["carol"].startswith("⚔️ Duel: Zed vs Carol!")


async def test_the_shared_invitation_names_the_inviter_as_its_chat_does(
    told: dict[str, str],
) -> None:
    assert told["shared"].startswith("⚔️ Ann invites you to a duel of 24!")


async def test_its_edit_names_both_as_that_chat_does(told: dict[str, str]) -> None:
    assert told["shared after"] == "⚔️ Carol took up Ann's duel."


async def test_the_inviters_own_copy_names_the_opponent_as_the_duel_there_does(
    told: dict[str, str],
) -> None:
    assert told["invitation after"] == "⚔️ Cee took up Ann's duel."
