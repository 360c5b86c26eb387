"""A game's own part of a chat's or user's data (bot.state.ChatPart, UserPart): declared in
its package, saved beside the data's fields by its name, and kept as it was by a version (or
a process) that has not declared it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from bot import records
from bot.rules.unread import Unread
from bot.state import ChatData, ChatPart, UserData, UserPart


@dataclass(slots=True)
class Tiles:
    """A game's part only these tests declare."""

    placed: list[int] = field(default_factory=list)


TILES = ChatPart("tiles-of-the-test", Tiles)
PLAYER_TILES = UserPart("tiles-of-the-test", Tiles)


def test_a_part_is_none_until_made() -> None:
    assert TILES.of(ChatData()) is None


def test_get_makes_a_part_new() -> None:
    chat = ChatData()
    TILES.get(chat).placed.append(3)
    assert TILES.of(chat) == Tiles([3])


def test_a_part_is_saved_by_its_name_beside_the_fields() -> None:
    chat = ChatData()
    TILES.put(chat, Tiles([1, 2]))
    assert records.chat_record(chat)["tiles-of-the-test"] == {"placed": [1, 2]}


def test_a_chat_with_no_part_saves_none() -> None:
    assert "tiles-of-the-test" not in records.chat_record(ChatData())


def test_a_part_is_read_back_as_its_kind() -> None:
    chat = ChatData()
    TILES.put(chat, Tiles([5]))
    loaded = records.load("chat", records.saved("chat", chat).text)
    assert loaded.parts["tiles-of-the-test"] == Tiles([5])


def test_a_users_part_is_read_back_as_its_kind() -> None:
    user = UserData()
    PLAYER_TILES.put(user, Tiles([7]))
    loaded = records.load("user", records.saved("user", user).text)
    assert PLAYER_TILES.of(loaded) == Tiles([7])


def test_a_part_never_declared_is_kept_unread() -> None:
    text = json.dumps({"v": records.VERSION, "a-game-of-a-later-version": {"held": [1]}})
    assert isinstance(records.load("chat", text).parts["a-game-of-a-later-version"], Unread)


def test_a_part_never_declared_is_written_back_as_it_was() -> None:
    text = json.dumps({"v": records.VERSION, "a-game-of-a-later-version": {"held": [1]}})
    written = json.loads(records.saved("chat", records.load("chat", text)).text)
    assert written["a-game-of-a-later-version"] == {"held": [1]}


def test_a_part_declared_after_its_record_was_read_is_read_when_asked_for() -> None:
    text = json.dumps({"v": records.VERSION, "tiles-declared-late": {"placed": [4]}})
    chat = records.load("chat", text)
    late = ChatPart("tiles-declared-late", Tiles)
    assert late.of(chat) == Tiles([4])


def test_a_part_written_as_null_by_an_earlier_release_is_none() -> None:
    text = json.dumps({"v": records.VERSION, "tiles-of-the-test": None})
    assert TILES.of(records.load("chat", text)) is None


def test_two_kinds_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="tiles-of-the-test"):
        ChatPart("tiles-of-the-test", dict)


def test_a_chats_part_and_a_users_may_share_a_name() -> None:
    assert ChatPart.declared[TILES.name] is not UserPart.declared[PLAYER_TILES.name]


def test_a_part_named_as_a_field_is_refused() -> None:
    with pytest.raises(ValueError, match="members"):
        ChatPart("members", Tiles)


def test_a_table_keeps_a_game_no_seat_declared_and_writes_it_back() -> None:
    record = records.chat_record(ChatData())
    record["table"]["games"] = {"a-game-of-a-later-version": {"on": True}}
    written = records.chat_record(records.load("chat", json.dumps(record)))
    assert written["table"]["games"] == {"a-game-of-a-later-version": {"on": True}}


def test_a_game_no_seat_declared_is_not_on() -> None:
    record = records.chat_record(ChatData())
    record["table"]["games"] = {"a-game-of-a-later-version": {"on": True}}
    assert not records.load("chat", json.dumps(record)).table.game_on


@dataclass(slots=True)
class Marked:
    """A game's class with a field it does not save."""

    kept: int = 0
    seen: list[int] = field(default_factory=list, metadata={"saved": False})


MARKED = ChatPart("marked-of-the-test", Marked)


def test_a_field_marked_not_saved_is_left_out_of_the_record() -> None:
    chat = ChatData()
    MARKED.put(chat, Marked(1, [2]))
    assert records.chat_record(chat)["marked-of-the-test"] == {"kept": 1}


def test_a_field_marked_not_saved_is_read_back_as_its_default() -> None:
    chat = ChatData()
    MARKED.put(chat, Marked(1, [2]))
    assert MARKED.of(records.load("chat", records.saved("chat", chat).text)) == Marked(1, [])
