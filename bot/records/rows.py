"""Rows of the data file: a chat's, user's or conversation's value as JSON text and back,
and their keys."""

from __future__ import annotations

import copyreg
import itertools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.records.codec import Record, RecordError, json_text
from bot.records.migrations import upgrade
from bot.records.schema import (
    VERSION,
    chat_from_record,
    chat_record,
    global_from_record,
    global_record,
    item_from_record,
    item_kinds,
    item_record,
    user_from_record,
    user_record,
)
from bot.state import ChatData, GlobalData, GlobalPart, ItemRows, UserData

Key = int | tuple[int | str, ...]
"""A row's key: a chat's or user's id, or a conversation's key."""


_stamps = itertools.count()


@dataclass(frozen=True, slots=True)
class Saved:
    """A chat's or user's data as the data file stores it: its record as JSON text, made at
    once, so that later changes to the data cannot reach it.

    It is what ``copy.deepcopy`` makes of chat and user data (:mod:`bot.state`): PTB
    deep-copies them only to hand the copies to the persistence, and this text is the one
    copy the data file needs."""

    text: str
    made: int = field(default_factory=lambda: next(_stamps), compare=False)
    """When it was made, in the order of every record made (see :func:`stamp`): a copy made
    before a newer one was written is out of date."""


def stamp() -> int:
    """A mark in the order :attr:`Saved.made` counts: a copy made before it has a smaller
    :attr:`~Saved.made`."""
    return next(_stamps)


def to_record(kind: str, value: Any) -> Record:
    """The record of a row's value: ``kind`` is ``chat``, ``user``, ``global`` or one of
    :func:`~bot.records.schema.item_kinds` (the bot's data across all chats: see
    :func:`global_rows`) or ``conversation:…``."""
    if kind == "chat":
        return chat_record(value)
    if kind == "user":
        return user_record(value)
    if kind == "global":
        return global_record(value)
    if kind in item_kinds():
        return item_record(kind, value)
    if kind.startswith("conversation:"):
        return {"v": VERSION, "state": value}
    raise ValueError(f"no records of kind {kind!r}")


def from_record(kind: str, record: Record) -> Any:
    """The value a row's record holds (of this version: see :func:`upgrade`)."""
    if kind == "chat":
        return chat_from_record(record)
    if kind == "user":
        return user_from_record(record)
    if kind == "global":
        return global_from_record(record)
    if kind in item_kinds():
        return item_from_record(kind, record)
    if kind.startswith("conversation:"):
        return record.get("state")
    raise ValueError(f"no records of kind {kind!r}")


def saved(kind: str, value: Any) -> Saved:
    """``value`` as the data file stores it, made now (``value`` may already be
    :class:`Saved`, as PTB's copies of chat and user data are)."""
    if isinstance(value, Saved):
        return value
    if kind == "user" and value == _NEW_USER:
        # Most users' data is as new (they never played the daily puzzle), and is saved
        # after each of their updates: comparing costs a tenth of writing the record.
        return _NEW_USER_SAVED
    return Saved(json_text(to_record(kind, value)))


_NEW_USER = UserData()
"""A user's data as new (never changed: compared with, never handed out)."""
_NEW_USER_SAVED = Saved(json_text(user_record(_NEW_USER)))


def load(kind: str, text: str) -> Any:
    """A row's value from its JSON text; :class:`RecordError` if it cannot be read."""
    try:
        return from_record(kind, upgrade(kind, json.loads(text)))
    except RecordError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        raise RecordError(f"a {kind} record that does not fit ({error!r})") from error


def stored_key(key: Key) -> int | str:
    """A row's key as the data file stores it: an id as an integer, a conversation's key
    as JSON text."""
    if isinstance(key, tuple):
        return json.dumps(list(key), ensure_ascii=False)
    return key


def key_from_stored(stored: int | str) -> Key:
    """A row's key from what :func:`stored_key` made of it."""
    if isinstance(stored, int):
        return stored
    return tuple(json.loads(stored))


# PTB deep-copies chat and user data only to hand the copy to the persistence, at every save
# of a chat that changed (four times a second).  The record's JSON text, made then, is that
# copy: later changes to the data cannot reach it, and the data file needs nothing else (a
# copy as objects, made through the record, was turned into the same text again to be
# written: twice the work, at every save).  ``copy`` (and ``pickle``, which nothing uses
# for them any more) take a class's reduction from copyreg: a Saved, rebuilt from its text.


def _as_saved(kind: str) -> Callable[[Any], tuple[Any, tuple[str]]]:
    """The reduction of a chat's or user's data: its :class:`Saved` record, made now."""
    return lambda data: (Saved, (saved(kind, data).text,))


copyreg.pickle(ChatData, _as_saved("chat"))
copyreg.pickle(UserData, _as_saved("user"))


def global_rows(data: GlobalData) -> dict[tuple[str, Key], object]:
    """Every row of the bot's data across all chats: the global row (key 0), each hand's
    record (by ``(hand key,)``), and each item of the global parts kept in rows of their own
    (a player's duel rating by id, a challenge by ``(token,)``...: :class:`~bot.state.
    ItemRows`).  A save after a change writes only the rows it touched (a rated duel: the
    global row and its two players'), and deletes those of the items dropped
    (:meth:`~bot.state.GlobalData.changed_rows`)."""
    rows: dict[tuple[str, Key], object] = {("global", 0): data}
    rows.update({("hand", (key,)): r for key, r in data.hand_records.hands.items()})
    for kind, (part, kept) in GlobalPart.row_kinds.items():
        items = kept.items(part.get(data))
        rows.update({(kind, kept.row_key(key)): item for key, item in items.items()})
    return rows


def global_from_rows(rows: Mapping[str, Mapping[Key, Any]]) -> GlobalData:
    """The bot's data across all chats from its rows, by kind then key (as
    :func:`global_rows` makes them; a file with none gives new data)."""
    data = rows.get("global", {}).get(0)
    if not isinstance(data, GlobalData):
        data = GlobalData()
    data.hand_records.hands = {_item_key(k): v for k, v in rows.get("hand", {}).items()}
    for kind, (part, kept) in GlobalPart.row_kinds.items():
        items = {_one_key(k, kept): v for k, v in rows.get(kind, {}).items()}
        kept.put(part.get(data), items)
    return data


def _one_key(key: Key, kept: ItemRows[Any]) -> Any:
    if kept.plain_key:
        if type(key) is not kept.key:
            raise RecordError(f"not the key of an item: {key!r}")
        return key
    if not isinstance(key, tuple) or len(key) != 1 or type(key[0]) is not kept.key:
        raise RecordError(f"not the key of an item: {key!r}")
    return key[0]


def plain_keyed(kind: str) -> bool:
    """Whether rows of ``kind`` are keyed by an id (a chat's, a user's, the global row's 0,
    an item's of rows keyed so: :attr:`~bot.state.ItemRows.plain_key`)."""
    if kind in ("chat", "user", "global"):
        return True
    declared = GlobalPart.row_kinds.get(kind)
    return declared is not None and declared[1].plain_key


def _item_key(key: Key) -> str:
    if not isinstance(key, tuple) or len(key) != 1 or not isinstance(key[0], str):
        raise RecordError(f"not the key of an item: {key!r}")
    return key[0]
