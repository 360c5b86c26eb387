"""The local Bot API's world: its users, chats and messages, the updates queued for the
bot, and waiting for what the bot does (:class:`World`).

Telegram's group privacy mode lives here (:meth:`World.visible_to_bot`): a bot that is not
an admin sees only commands, replies to it and mentions.  What people do is in
:mod:`bot.local_api.people`, what the bot calls in :mod:`bot.local_api.methods`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.local_api.checks import ApiError, utf16_len
from bot.local_api.flood import FloodLimits

BOT_ID = 700_000_001

DEFAULT_LEFT_OUT = {"chat_member", "message_reaction", "message_reaction_count"}
"""Update kinds Telegram sends only to a bot that asks for them by name."""


@dataclass
class Chat:
    """A chat the local server knows."""

    id: int
    type: str  # "private", "group" or "supergroup"
    title: str | None = None
    admins: set[int] = field(default_factory=set)
    bot_is_admin: bool = False
    photos: bool = True
    """Whether members (the bot among them) may send photos here."""
    texts: bool = True
    """Whether members (the bot among them) may send text messages here."""
    migrated_to: int | None = None
    """The supergroup a group was upgraded to, while the bot has not been told (see
    :meth:`~bot.local_api.people.People.migrate`): every method in it then answers 400 with
    the new id, as Telegram's do."""
    removed: bool = False
    """Whether the user blocked the bot (a private chat) or it was removed from the group:
    every method in the chat then answers 403, as Telegram's do."""

    def as_dict(self, users: dict[int, dict[str, Any]]) -> dict[str, Any]:
        if self.type == "private":
            user = users[self.id]
            return {"id": self.id, "type": "private", "first_name": user["first_name"]}
        return {"id": self.id, "type": self.type, "title": self.title}


class World:
    """The server's state: users, chats, messages, the queued updates; and the waits."""

    def __init__(
        self,
        *,
        username: str = "TwentyFourBot",
        privacy: bool = True,
        flood_limits: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """A server with no users or chats yet.

        ``privacy`` is the bot's group privacy mode.  ``flood_limits`` enforces Telegram's
        limits on how fast the bot sends (:mod:`bot.local_api.flood`); benchmarks of the bot's
        own speed turn them off.  ``clock`` gives monotonic seconds for those limits only (tests
        pass one they move by hand); message dates and long-poll timeouts use real time.
        """
        self.username = username
        self.privacy = privacy
        self.flood_limits = flood_limits
        self._flood = FloodLimits(clock)
        self.bot_user = {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Twenty-Four",
            "username": username,
        }
        self.users: dict[int, dict[str, Any]] = {}
        self.chats: dict[int, Chat] = {}
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.sent: list[dict[str, Any]] = []
        """Every message the bot sent or edited, in order (edits carry ``edited: True``)."""
        self.commands: dict[tuple[str, str], list[dict[str, str]]] = {}
        self.menu_buttons: dict[int | None, dict[str, Any]] = {}
        """The chat menu buttons set: by private chat, or (None) every private chat's."""
        self.calls: list[str] = []
        self.pushed = 0
        """How many updates were queued for the bot."""
        self.polls, self.longest_poll = 0, 5.0
        """``getUpdates`` calls the bot made, and the seconds a long poll may wait at most."""
        self.inline_answers: dict[str, dict[str, Any]] = {}
        self.callback_answers: list[dict[str, Any]] = []
        self.files_dir: Path | None = None
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._file_ids = itertools.count(1)
        self.photos: dict[str, str | None] = {}
        """Uploaded photos: file id → where the local copy was saved (if it was)."""
        self._message_ids: dict[int, int] = {}
        """Each chat's highest message number so far (the next is one more)."""
        self._poll_generation = 0
        self.allowed_updates: list[str] | None = None
        """The update kinds the bot last asked for (``None``: never said)."""
        self.webhook_url = ""
        """The webhook the bot set (``setWebhook``; empty: none, it polls)."""
        self._changed: asyncio.Event | None = None
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        # The other parts' state (inline mode: bot.local_api.inline_messages), as LocalBotApi's
        # bases come after this one.
        super().__init__()

    # --- waiting for the bot ----------------------------------------------------------------

    async def wait_for_inline_answer(self, query_id: str, *, timeout: float = 10) -> dict[str, Any]:
        """The bot's answer to an inline query."""
        deadline = time.monotonic() + timeout
        while query_id not in self.inline_answers:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer to inline query {query_id}")
            await self._wait_change(deadline - time.monotonic())
        return self.inline_answers[query_id]

    def on_sent(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Call ``listener`` with each message the bot sends or edits."""
        self._listeners.append(listener)

    async def wait_for_sent(self, count: int, *, timeout: float = 10) -> list[dict[str, Any]]:
        """Wait until the bot has sent at least ``count`` messages in all; return them all."""
        deadline = time.monotonic() + timeout
        while len(self.sent) < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"the bot sent {len(self.sent)} messages, not {count}")
            await self._wait_change(remaining)
        return self.sent

    async def wait_for_poll(self, count: int, *, timeout: float = 10) -> None:
        """Wait until the bot has made at least ``count`` ``getUpdates`` calls in all (the
        first of a run means it has started: see :attr:`polls`)."""
        deadline = time.monotonic() + timeout
        while self.polls < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"the bot polled {self.polls} times, not {count}")
            await self._wait_change(remaining)

    @property
    def drained(self) -> bool:
        """Whether the bot has fetched every update queued so far.

        The server forgets an update when a later ``getUpdates`` acknowledges it (by its
        offset), which PTB sends only after it has put the updates of the previous one into
        its update queue: once drained, every update is in the bot's hands.
        """
        return not self._updates

    # --- what the bot asked for, who is who -----------------------------------------------

    def _remember_allowed_updates(self, params: dict[str, Any]) -> None:
        # As on Telegram, a getUpdates or setWebhook without the list keeps the last one.
        if "allowed_updates" in params:
            self.allowed_updates = list(params["allowed_updates"])

    def wants(self, kind: str) -> bool:
        """Whether the bot asked for updates of ``kind`` (Telegram's default, with no list
        given: all but ``chat_member`` and message reactions)."""
        if self.allowed_updates is None or not self.allowed_updates:
            return kind not in DEFAULT_LEFT_OUT
        return kind in self.allowed_updates

    def _member(self, chat: Chat, user_id: int) -> dict[str, Any]:
        """A ChatMember object: what the user is in the chat."""
        user = self.bot_user if user_id == BOT_ID else self.users[user_id]
        if user_id in chat.admins:
            return {
                "status": "administrator",
                "user": user,
                "can_be_edited": False,
                "is_anonymous": False,
                "can_manage_chat": True,
                "can_delete_messages": True,
                "can_manage_video_chats": True,
                "can_restrict_members": True,
                "can_promote_members": False,
                "can_change_info": True,
                "can_invite_users": True,
                "can_post_stories": False,
                "can_edit_stories": False,
                "can_delete_stories": False,
            }
        return {"status": "member", "user": user}

    # --- messages and updates ---------------------------------------------------------------

    def _chat(self, params: dict[str, Any]) -> Chat:
        try:
            chat_id = int(params["chat_id"])
        except (KeyError, ValueError):
            raise ApiError(400, "Bad Request: chat_id is empty") from None
        if chat_id not in self.chats:
            raise ApiError(400, "Bad Request: chat not found")
        chat = self.chats[chat_id]
        if chat.migrated_to is not None:
            raise ApiError(
                400,
                "Bad Request: group chat was upgraded to a supergroup chat",
                migrate_to=chat.migrated_to,
            )
        if chat.removed and chat.type == "private":
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        if chat.removed:
            raise ApiError(403, "Forbidden: bot was kicked from the group chat")
        return chat

    def _bot_message_to_edit(self, params: dict[str, Any]) -> tuple[Chat, dict[str, Any]]:
        """The chat and the message of an edit's ``chat_id`` and ``message_id``: one the
        bot sent, as only the bot's own messages can be edited."""
        chat = self._chat(params)
        key = (chat.id, int(params["message_id"]))
        if key not in self.messages:
            raise ApiError(400, "Bad Request: message to edit not found")
        message = self.messages[key]
        if message["from"]["id"] != BOT_ID:
            raise ApiError(400, "Bad Request: message can't be edited")
        return chat, message

    def _entities(self, text: str) -> list[dict[str, Any]]:
        entities = []
        for match in re.finditer(
            r"(?<!\S)/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?|@[A-Za-z0-9_]{5,}", text
        ):
            kind = "bot_command" if match.group().startswith("/") else "mention"
            entities.append(
                {
                    "type": kind,
                    "offset": utf16_len(text[: match.start()]),
                    "length": utf16_len(match.group()),
                }
            )
        return entities

    def _new_message(
        self,
        chat_id: int,
        sender: dict[str, Any],
        text: str | None,
        reply_to: int | str | None,
        *,
        entities: bool = True,
    ) -> dict[str, Any]:
        number = self._message_ids.get(chat_id, 0) + 1
        self._message_ids[chat_id] = number
        message: dict[str, Any] = {
            "message_id": number,
            "date": int(time.time()),
            "chat": self.chats[chat_id].as_dict(self.users),
            "from": sender,
        }
        if text is not None:
            message["text"] = text
        if entities and text and self._entities(text):
            message["entities"] = self._entities(text)
        if reply_to is not None and (chat_id, int(reply_to)) in self.messages:
            message["reply_to_message"] = self.messages[(chat_id, int(reply_to))]
        self.messages[(chat_id, message["message_id"])] = message
        return message

    def number_on(self, last: Mapping[int, int]) -> None:
        """Number each chat's messages on from ``last`` (chat id → the highest number an
        earlier run gave there): an old message's number is never given to a new one, as
        on Telegram, so an edit of an old message finds none rather than a new one."""
        for chat_id, number in last.items():
            self._message_ids[chat_id] = max(self._message_ids.get(chat_id, 0), number)

    @property
    def last_numbers(self) -> dict[int, int]:
        """Each chat's highest message number so far (for :meth:`number_on`)."""
        return dict(self._message_ids)

    def visible_to_bot(self, message: dict[str, Any]) -> bool:
        """Whether Telegram would deliver this message to the bot (privacy mode)."""
        chat = self.chats[message["chat"]["id"]]
        if chat.type == "private" or not self.privacy or chat.bot_is_admin:
            return True
        text = message.get("text", "")
        command = re.match(r"/[A-Za-z0-9_]+(@[A-Za-z0-9_]+)?", text)
        if command:
            return command.group(1) is None or command.group(1)[1:].lower() == self.username.lower()
        replied = message.get("reply_to_message")
        if replied and replied["from"]["id"] == BOT_ID:
            return True
        return f"@{self.username.lower()}" in text.lower()

    def _record(self, message: dict[str, Any]) -> None:
        self.messages[(message["chat"]["id"], message["message_id"])] = message
        self.sent.append(message)
        for listener in self._listeners:
            listener(message)
        self._notify()

    def _push(self, payload: dict[str, Any]) -> None:
        self._updates.append({"update_id": next(self._update_ids), **payload})
        self.pushed += 1
        self._notify()

    def _notify(self) -> None:
        # Wake everyone waiting now; later waiters get a fresh event.
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    async def _wait_change(self, timeout: float) -> None:
        if self._changed is None:
            self._changed = asyncio.Event()
        event = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout=max(timeout, 0))
