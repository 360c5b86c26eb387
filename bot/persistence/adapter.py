"""PTB's persistence on the data file (:class:`SQLitePersistence`): how often PTB saves, and
which of its data is stored (chats', users' and conversations'; no bot or callback data)."""

from __future__ import annotations

from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

from telegram.ext import BasePersistence, PersistenceInput

from bot.persistence.data_file import DataFile
from bot.records import Saved
from bot.state import ChatData, UserData

# The shapes BasePersistence's methods take and give for conversations and callback data,
# as PTB documents them (its own aliases are in a private module).
ConversationKey = tuple[int | str, ...]
ConversationDict = MutableMapping[ConversationKey, object]
CDCData = tuple[list[tuple[str, float, dict[str, Any]]], dict[str, str]]


class SQLitePersistence(BasePersistence[UserData, ChatData, dict[str, Any]], DataFile):
    """Stores user and chat data (and conversations) as rows of records of a SQLite table.

    PTB calls :meth:`update_chat_data` and friends every ``update_interval`` seconds and on
    shutdown, all at once for every chat and user that had an update since.  Those writes
    are gathered into one transaction, and each call returns only once its transaction has
    committed, or has been refused by the disk: then its rows are kept in memory and written
    as soon as the disk takes them (:class:`~bot.persistence.data_file.DataFile`).  A won
    round is saved at once, before it is announced (:meth:`write_now`): see
    :mod:`bot.services.saving` when the disk refuses.

    Saving four times a second rather than every minute (PTB's default) keeps each save
    small: a save holds up the event loop while it turns what changed into records, so its
    length is the longest wait a player can feel (at 100 updates a second a save every
    second took 30-60 ms, one every quarter second 5-15 ms).  Bot data is not stored: the
    bot keeps none, and PTB would otherwise write it at every save, idle or not.
    """

    def __init__(self, directory: Path, *, update_interval: float = 0.25) -> None:
        BasePersistence.__init__(
            self,
            store_data=PersistenceInput(bot_data=False, callback_data=False),
            update_interval=update_interval,
        )
        DataFile.__init__(self, directory)

    async def get_user_data(self) -> dict[int, UserData]:
        return self._rows("user")

    async def get_chat_data(self) -> dict[int, ChatData]:
        return self._rows("chat")

    async def get_bot_data(self) -> dict[str, Any]:
        """Bot data is not stored (the bot keeps none)."""
        return {}

    async def get_callback_data(self) -> CDCData | None:
        return None

    async def get_conversations(self, name: str) -> ConversationDict:
        return self._rows(f"conversation:{name}")

    async def update_conversation(
        self, name: str, key: ConversationKey, new_state: object | None
    ) -> None:
        await self._put(f"conversation:{name}", key, new_state)

    async def update_user_data(self, user_id: int, data: UserData | Saved) -> None:
        await self._put("user", user_id, data)

    async def update_chat_data(self, chat_id: int, data: ChatData | Saved) -> None:
        await self._put("chat", chat_id, data)

    async def update_bot_data(self, data: dict[str, Any]) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def update_callback_data(self, data: CDCData) -> None:
        """Callback data is not stored (``arbitrary_callback_data`` is off)."""

    async def drop_chat_data(self, chat_id: int) -> None:
        await self._put("chat", chat_id, None)

    async def drop_user_data(self, user_id: int) -> None:
        await self._put("user", user_id, None)

    async def refresh_user_data(self, user_id: int, user_data: UserData) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_chat_data(self, chat_id: int, chat_data: ChatData) -> None:
        """Nothing to refresh: this process is the file's only writer."""

    async def refresh_bot_data(self, bot_data: dict[str, Any]) -> None:
        """Bot data is not stored (the bot keeps none)."""

    async def flush(self) -> None:
        """Write what waits and close the data file (PTB calls this on shutdown)."""
        await self.close()
