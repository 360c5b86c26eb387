"""Helpers for the games' tests: start a game and look at the one a chat plays."""

from __future__ import annotations

from telegram.ext import Application

from bot.game.hunt import Hunt
from bot.local_api import LocalBotApi


def the_hunt(application: Application, chat: int) -> Hunt:
    """The Solution Hunt on in ``chat`` (failing the test if there is none)."""
    hunt = application.chat_data[chat].table.hunt
    assert hunt is not None
    return hunt


async def start(api: LocalBotApi, user: int, chat: int, command: str = "/hunt") -> dict:
    """``user`` sends ``command`` in ``chat``; returns the game's picture."""
    before = len(api.sent)
    api.send(user, chat, command)
    deal = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert "photo" in deal, deal
    return deal
