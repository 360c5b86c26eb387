"""A chat's ``answers_to`` holding a word no game declares (a later release's) is read as
the chat's game: the chat can count as free (the daily reminder is sent there)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from bot.context import BotContext
from bot.games.daily.parts import ANSWERS_TO as DAILY
from bot.play import set_aside
from bot.state import CHATS_GAME, ChatData


def _context(*words: str) -> BotContext:
    games = [SimpleNamespace(answers_to=word, aside=None, on=None) for word in words]
    data = SimpleNamespace(games=games, dealing=set(), global_data=None)
    return cast(BotContext, SimpleNamespace(bot_data=data))


def test_a_word_no_game_declares_is_the_chats_game() -> None:
    chat = ChatData()
    chat.answers_to = "a-later-release's-game"
    assert set_aside.answers_to(_context(DAILY), chat) == CHATS_GAME


def test_a_declared_word_is_kept() -> None:
    chat = ChatData()
    chat.answers_to = DAILY
    assert set_aside.answers_to(_context(DAILY), chat) == DAILY


def test_a_chat_left_with_a_later_word_counts_as_free() -> None:
    chat = ChatData()
    chat.answers_to = "a-later-release's-game"
    assert set_aside.free(_context(DAILY), 1, chat)
