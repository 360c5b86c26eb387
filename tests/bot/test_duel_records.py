"""A chat's part in duels as saved: the chat row keeps the duel played there, its players'
names, its open invitations' messages and the usernames seen; rows of the release before
duels load with none of them."""

from __future__ import annotations

import json
from pathlib import Path

from bot import records
from bot.games.duel.parts import DUEL_CHAT, DuelChat, InvitationMessage
from bot.state import ChatData

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ANN, CAROL = 1, 3


def test_a_chats_duel_survives_the_round_trip() -> None:
    chat = ChatData()
    chat.usernames["carol_c"] = CAROL
    DUEL_CHAT.put(
        chat,
        DuelChat(
            token="AbCdEfGhIj",
            names={ANN: "Ann", CAROL: "Carol"},
            deal_message_id=7,
            told=[9],
            invitations={"KlMnOpQrSt": InvitationMessage(3, "AgAAA000001", "Ann", "")},
        ),
    )
    loaded = records.load("chat", records.saved("chat", chat).text)
    assert loaded == chat


def test_a_chat_row_of_the_release_before_duels_loads_without_one() -> None:
    rows = json.loads((FIXTURES / "records-release-2.json").read_text())
    chat = records.load("chat", rows["chat"])
    assert isinstance(chat, ChatData)
    assert DUEL_CHAT.of(chat) is None
    assert chat.usernames == {}
