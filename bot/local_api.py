"""A small Bot API server that lives in this process: the console game and the tests use it.

It behaves like Telegram where bots get hurt: group privacy mode (a bot sees only commands,
replies to it and mentions, unless it is an admin), ``bot_command`` entities measured in
UTF-16 code units, HTML that must parse, "message is not modified", "message can't be
edited" (another's message), messages that a user or an admin deletes ("message to edit not
found" afterwards), 409 when a second poller appears, Telegram's flood limits (20 messages a
minute in a group, 30 a second in all; 429 with ``retry_after`` past them, or on demand) and
its size limits (text, captions, buttons, callback answers, inline results), and Telegram's
Games API (:mod:`bot.local_games`).  The bot
reaches it through PTB's own HTTP stack, either in-process (:class:`LocalTransport`, an httpx
transport) or over loopback HTTP (:func:`serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import httpx

# The checks live in their own module; tests and the console import them from here too.
from bot.local_api_checks import (  # noqa: F401
    MAX_CAPTION,
    MAX_TEXT,
    ApiError,
    check_html,
    check_reply_markup,
    check_text,
    check_web_app,
    plain_text,
    utf16_len,
    visible_length,
)
from bot.local_api_inline import InlineMode
from bot.local_games import LocalGames

BOT_ID = 700_000_001
# Telegram's size limits for callback answers and inline results (text, captions and
# buttons: see bot.local_api_checks).
MAX_CALLBACK_ANSWER = 200
MAX_INLINE_RESULTS = 50

DEFAULT_LEFT_OUT = {"chat_member", "message_reaction", "message_reaction_count"}
"""Update kinds Telegram sends only to a bot that asks for them by name."""

# Telegram's flood limits: messages in one group, and messages in all chats together.
GROUP_MESSAGES, GROUP_SECONDS = 20, 60.0
ALL_MESSAGES, ALL_SECONDS = 30, 1.0


class SlidingWindow:
    """At most ``limit`` events in any ``seconds`` long stretch of time.

    An event at time ``t`` counts until ``t + seconds`` and no longer.  Times come from the
    caller (one monotonic clock), never decrease, and are in seconds.
    """

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds
        self._times: deque[float] = deque()

    def wait(self, now: float) -> float:
        """Seconds from ``now`` until one more event fits (0 if it fits now)."""
        while self._times and self._times[0] + self.seconds <= now:
            self._times.popleft()
        if len(self._times) < self.limit:
            return 0.0
        return self._times[0] + self.seconds - now

    def add(self, now: float) -> None:
        """Count an event at ``now``; the caller has checked that :meth:`wait` is 0."""
        self._times.append(now)


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

    def as_dict(self, users: dict[int, dict[str, Any]]) -> dict[str, Any]:
        if self.type == "private":
            user = users[self.id]
            return {"id": self.id, "type": "private", "first_name": user["first_name"]}
        return {"id": self.id, "type": self.type, "title": self.title}


class LocalBotApi(InlineMode):
    """The server's state and its Bot API methods (messages sent through inline mode:
    :class:`~bot.local_api_inline.InlineMode`)."""

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
        limits on how fast the bot sends (see :meth:`_admit`); benchmarks of the bot's own
        speed turn them off.  ``clock`` gives monotonic seconds for those limits only (tests
        pass one they move by hand); message dates and long-poll timeouts use real time.
        """
        self.username = username
        self.privacy = privacy
        self.flood_limits = flood_limits
        self._clock = clock
        self._all_chats = SlidingWindow(ALL_MESSAGES, ALL_SECONDS)
        self._group_windows: dict[int, SlidingWindow] = {}
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
        self._message_ids: dict[int, itertools.count] = {}
        self._poll_generation = 0
        self.allowed_updates: list[str] | None = None
        """The update kinds the bot last asked for (``None``: never said)."""
        self._changed: asyncio.Event | None = None
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        super().__init__()
        self.games = LocalGames(self, ApiError, check_reply_markup)
        """The Games API (:mod:`bot.local_games`): the bot's games, scores, Play presses."""

    # --- the people's side ------------------------------------------------------------------

    def add_user(
        self,
        user_id: int,
        first_name: str,
        *,
        last_name: str | None = None,
        language_code: str = "en",
        username: str | None = None,
    ) -> dict[str, Any]:
        """A user, known from now on; returns the User object."""
        user = {
            "id": user_id,
            "is_bot": False,
            "first_name": first_name,
            "language_code": language_code,
        }
        if last_name:
            user["last_name"] = last_name
        if username:
            user["username"] = username
        self.users[user_id] = user
        self.chats.setdefault(user_id, Chat(user_id, "private"))
        return user

    def add_group(
        self,
        chat_id: int,
        title: str,
        *,
        admins: set[int] | None = None,
        supergroup: bool = False,
        photos: bool = True,
    ) -> Chat:
        """A group chat with the bot in it (``photos``: whether its members may send photos)."""
        chat = Chat(chat_id, "supergroup" if supergroup else "group", title, set(admins or ()))
        chat.photos = photos
        self.chats[chat_id] = chat
        return chat

    def send(
        self, user_id: int, chat_id: int, text: str, *, reply_to: int | None = None
    ) -> dict[str, Any]:
        """A user writes ``text`` in a chat; the bot gets it only if Telegram would show it."""
        message = self._new_message(chat_id, self.users[user_id], text, reply_to)
        if self.visible_to_bot(message):
            self._push({"message": message})
        return message

    def send_sticker(self, user_id: int, chat_id: int) -> dict[str, Any]:
        """A user sends a sticker (a message with no text)."""
        message = self._new_message(chat_id, self.users[user_id], None, None, entities=False)
        message["sticker"] = {
            "file_id": "sticker",
            "file_unique_id": "sticker",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "type": "regular",
        }
        if self.visible_to_bot(message):
            self._push({"message": message})
        return message

    def edit(self, message: dict[str, Any], text: str) -> None:
        """A user edits a message they sent."""
        edited = dict(message, text=text, edit_date=int(time.time()))
        edited["entities"] = self._entities(text)
        self.messages[(message["chat"]["id"], message["message_id"])] = edited
        if self.visible_to_bot(edited):
            self._push({"edited_message": edited})

    def delete(self, user_id: int, message: dict[str, Any]) -> None:
        """A user deletes a message: their own, or in a group, as an admin, anyone's (the
        bot's too).  Telegram tells the bot nothing; editing it afterwards fails."""
        chat = self.chats[message["chat"]["id"]]
        if message["from"]["id"] != user_id and user_id not in chat.admins:
            raise PermissionError(f"user {user_id} may not delete this message")
        self.messages.pop((chat.id, message["message_id"]), None)

    def add_bot(self, chat_id: int, by_user: int) -> None:
        """A user adds the bot to a group (Telegram sends a ``my_chat_member`` update)."""
        member = {"status": "member", "user": self.bot_user}
        self._push(
            {
                "my_chat_member": {
                    "chat": self.chats[chat_id].as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": {"status": "left", "user": self.bot_user},
                    "new_chat_member": member,
                }
            }
        )

    def inline_query(self, user_id: int, query: str, chat_type: str = "sender") -> str:
        """A user types ``@Bot query`` in a chat of ``chat_type`` (``sender``: their chat with
        the bot; ``private``, ``group``, ``supergroup``); returns the query id."""
        query_id = str(next(self._update_ids) * 104729)
        self.inline_queries[query_id] = (user_id, query, chat_type)
        self._push(
            {
                "inline_query": {
                    "id": query_id,
                    "from": self.users[user_id],
                    "query": query,
                    "offset": "",
                    "chat_type": chat_type,
                }
            }
        )
        return query_id

    async def wait_for_inline_answer(self, query_id: str, *, timeout: float = 10) -> dict[str, Any]:
        """The bot's answer to an inline query."""
        deadline = time.monotonic() + timeout
        while query_id not in self.inline_answers:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer to inline query {query_id}")
            await self._wait_change(deadline - time.monotonic())
        return self.inline_answers[query_id]

    def migrate(self, chat_id: int, new_chat_id: int) -> None:
        """Telegram upgrades a group to a supergroup with a new id (both service messages)."""
        old = self.chats.pop(chat_id)
        self.chats[new_chat_id] = Chat(new_chat_id, "supergroup", old.title, old.admins)
        self.chats[chat_id] = old
        creator = self.users[next(iter(old.admins))] if old.admins else self.bot_user
        to_new = self._new_message(chat_id, creator, None, None, entities=False)
        to_new["migrate_to_chat_id"] = new_chat_id
        self._push({"message": to_new})
        from_old = self._new_message(new_chat_id, creator, None, None, entities=False)
        from_old["migrate_from_chat_id"] = chat_id
        self._push({"message": from_old})

    def press(self, user_id: int, message: dict[str, Any], data: str) -> None:
        """A user presses an inline button of a bot message."""
        self._push(
            {
                "callback_query": {
                    "id": str(next(self._update_ids) * 7919),
                    "from": self.users[user_id],
                    "message": message,
                    "chat_instance": str(message["chat"]["id"]),
                    "data": data,
                }
            }
        )

    def set_admin(self, chat_id: int, user_id: int, admin: bool, *, by_user: int) -> None:
        """``by_user`` promotes ``user_id`` to admin of a group or demotes them.  Telegram
        tells the bot (a ``chat_member`` update) only where the bot is an admin itself, and
        only if it asked for such updates (see :meth:`wants`)."""
        chat = self.chats[chat_id]
        old = self._member(chat, user_id)
        if admin:
            chat.admins.add(user_id)
        else:
            chat.admins.discard(user_id)
        new = self._member(chat, user_id)
        if old["status"] == new["status"] or not chat.bot_is_admin or not self.wants("chat_member"):
            return
        self._push(
            {
                "chat_member": {
                    "chat": chat.as_dict(self.users),
                    "from": self.users[by_user],
                    "date": int(time.time()),
                    "old_chat_member": old,
                    "new_chat_member": new,
                }
            }
        )

    def press_inline(self, user_id: int, inline_message_id: str, data: str) -> str:
        """A user presses a button of a message sent through inline mode: the callback query
        has no message (and no chat), only the message's inline id.  Returns the query id."""
        query_id = str(next(self._update_ids) * 7919)
        self._push(
            {
                "callback_query": {
                    "id": query_id,
                    "from": self.users[user_id],
                    "inline_message_id": inline_message_id,
                    "chat_instance": inline_message_id,
                    "data": data,
                }
            }
        )
        return query_id

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

    # --- the bot's side: the Bot API ------------------------------------------------------

    async def call(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        """Run one Bot API method; returns the HTTP status and the JSON body."""
        self.calls.append(method)
        try:
            handler = getattr(self, f"_m_{method}", None) or self.games.handler(method)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            result = await handler(params)
        except ApiError as error:
            return error.code, error.body()
        return 200, {"ok": True, "result": result}

    async def _m_getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        return dict(
            self.bot_user,
            can_join_groups=True,
            can_read_all_group_messages=not self.privacy,
            supports_inline_queries=True,
        )

    async def _m_deleteWebhook(self, params: dict[str, Any]) -> bool:
        return True

    async def _m_setWebhook(self, params: dict[str, Any]) -> bool:
        self._remember_allowed_updates(params)
        return True

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

    async def _m_getUpdates(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        # Like Telegram, a new getUpdates ends the one still waiting, which gets a 409: two
        # instances polling with one token keep knocking each other out.
        self._remember_allowed_updates(params)
        self._poll_generation += 1
        self.polls += 1
        generation = self._poll_generation
        self._notify()
        offset = int(params.get("offset") or 0)
        timeout = min(float(params.get("timeout") or 0), self.longest_poll)
        self._updates = [u for u in self._updates if u["update_id"] >= offset]
        deadline = time.monotonic() + timeout
        while not self._updates and time.monotonic() < deadline:
            await self._wait_change(deadline - time.monotonic())
            if generation != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; make "
                    "sure that only one bot instance is running",
                )
        limit = int(params.get("limit") or 100)
        return self._updates[:limit]

    async def _m_setMyCommands(self, params: dict[str, Any]) -> bool:
        key = (
            json.dumps(params.get("scope") or {"type": "default"}, sort_keys=True),
            params.get("language_code") or "",
        )
        self.commands[key] = list(params["commands"])
        return True

    async def _m_getMyCommands(self, params: dict[str, Any]) -> list[dict[str, str]]:
        key = (
            json.dumps(params.get("scope") or {"type": "default"}, sort_keys=True),
            params.get("language_code") or "",
        )
        return self.commands.get(key, [])

    async def _m_setChatMenuButton(self, params: dict[str, Any]) -> bool:
        # Without chat_id: the default button of every private chat.
        button = params.get("menu_button") or {"type": "default"}
        kind = button.get("type") if isinstance(button, dict) else None
        if kind not in ("commands", "web_app", "default"):
            raise ApiError(400, "Bad Request: can't parse menu button: unknown type")
        if kind == "web_app":
            if not str(button.get("text") or "").strip():
                raise ApiError(400, "Bad Request: can't parse menu button: text is empty")
            check_web_app(button.get("web_app"), "menu button")
        chat_id = None
        if params.get("chat_id") is not None:
            chat = self._chat(params)
            if chat.type != "private":
                raise ApiError(400, "Bad Request: chat not found")
            chat_id = chat.id
        self.menu_buttons[chat_id] = button
        return True

    async def _m_getChatMenuButton(self, params: dict[str, Any]) -> dict[str, Any]:
        chat_id = int(params["chat_id"]) if params.get("chat_id") is not None else None
        button = self.menu_buttons.get(chat_id) or self.menu_buttons.get(None)
        # Telegram answers with what the button is: "default" is not one of them.
        if button is None or button.get("type") == "default":
            return {"type": "commands"}
        return button

    async def _m_sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        text = str(params.get("text", ""))
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        check_text(
            text,
            params.get("parse_mode"),
            limit=MAX_TEXT,
            too_long="Bad Request: message is too long",
        )
        check_reply_markup(params.get("reply_markup"), chat.type)
        self._admit(chat)
        return self._bot_message(chat, params, {"text": text})

    async def _m_sendPhoto(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self._chat(params)
        if not chat.photos:
            raise ApiError(400, "Bad Request: not enough rights to send photos to the chat")
        caption = str(params.get("caption", ""))
        check_text(
            caption,
            params.get("parse_mode"),
            limit=MAX_CAPTION,
            too_long="Bad Request: message caption is too long",
        )
        check_reply_markup(params.get("reply_markup"), chat.type)
        uploaded = not isinstance(params.get("photo"), str)
        if uploaded:
            file_id = f"photo{next(self._file_ids)}"
        else:
            # A file id from an earlier upload (Telegram ids are per bot; here, per server).
            file_id = params["photo"]
            if file_id not in self.photos:
                raise ApiError(400, "Bad Request: wrong file identifier/HTTP URL specified")
        self._admit(chat)
        if uploaded:
            # Only a photo that was sent gets a file id the bot can use again.
            self.photos[file_id] = params.get("photo_path")
        photo = {"file_id": file_id, "file_unique_id": file_id, "width": 512, "height": 512}
        return self._bot_message(
            chat,
            params,
            {"caption": caption, "photo": [photo], "local_path": self.photos[file_id]},
        )

    def _bot_message(
        self, chat: Chat, params: dict[str, Any], content: dict[str, Any]
    ) -> dict[str, Any]:
        """Record a message the bot sends, with its reply and buttons (already checked)."""
        reply_to = (params.get("reply_parameters") or {}).get("message_id") or params.get(
            "reply_to_message_id"
        )
        message = self._new_message(chat.id, self.bot_user, None, reply_to, entities=False)
        message.update(content)
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        self._record(message)
        return message

    async def _m_editMessageText(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id") is not None:
            return self._edit_inline(params, text=True)
        chat = self._chat(params)
        key = (chat.id, int(params["message_id"]))
        if key not in self.messages:
            raise ApiError(400, "Bad Request: message to edit not found")
        old = self.messages[key]
        if old["from"]["id"] != BOT_ID:
            raise ApiError(400, "Bad Request: message can't be edited")
        text = str(params.get("text", ""))
        check_text(
            text,
            params.get("parse_mode"),
            limit=MAX_TEXT,
            too_long="Bad Request: message is too long",
        )
        markup = params.get("reply_markup")
        check_reply_markup(markup, chat.type)
        if old.get("text") == text and old.get("reply_markup") == markup:
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message "
                "content and reply markup are exactly the same",
            )
        self._admit(chat)
        edited = dict(old, text=text, edit_date=int(time.time()), edited=True)
        edited.pop("reply_markup", None)
        if markup:
            edited["reply_markup"] = markup
        self._record(edited)
        return edited

    async def _m_deleteMessage(self, params: dict[str, Any]) -> bool:
        chat = self._chat(params)
        key = (chat.id, int(params["message_id"]))
        if key not in self.messages:
            raise ApiError(400, "Bad Request: message to delete not found")
        mine = self.messages[key]["from"]["id"] == BOT_ID
        if not mine and chat.type != "private" and not chat.bot_is_admin:
            raise ApiError(400, "Bad Request: message can't be deleted")
        del self.messages[key]
        return True

    async def _m_answerCallbackQuery(self, params: dict[str, Any]) -> bool:
        # Telegram passes the MTProto error name through here, not a sentence.
        if utf16_len(str(params.get("text") or "")) > MAX_CALLBACK_ANSWER:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        self.games.check_callback_answer(params)
        self.callback_answers.append(params)
        return True

    async def _m_answerInlineQuery(self, params: dict[str, Any]) -> bool:
        results = params.get("results") or []
        if len(results) > MAX_INLINE_RESULTS:
            raise ApiError(400, "Bad Request: RESULTS_TOO_MUCH")
        ids = [r.get("id", "") for r in results]
        if len(set(ids)) != len(ids) or any(len(i.encode()) > 64 for i in ids):
            raise ApiError(400, "Bad Request: RESULT_ID_DUPLICATE")
        for result in results:
            content = result.get("input_message_content") or {}
            if "message_text" in content:
                # As for callback answers, inline errors are MTProto names.
                check_text(
                    str(content["message_text"]),
                    content.get("parse_mode"),
                    limit=MAX_TEXT,
                    too_long="Bad Request: MESSAGE_TOO_LONG",
                )
            check_reply_markup(result.get("reply_markup"))
        self.inline_answers[str(params["inline_query_id"])] = params
        self._notify()
        return True

    async def _m_sendChatAction(self, params: dict[str, Any]) -> bool:
        return True

    async def _m_getChat(self, params: dict[str, Any]) -> dict[str, Any]:
        return dict(
            self._chat(params).as_dict(self.users), accent_color_id=0, max_reaction_count=11
        )

    async def _m_getChatMember(self, params: dict[str, Any]) -> dict[str, Any]:
        return self._member(self._chat(params), int(params["user_id"]))

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

    # --- internals ----------------------------------------------------------------------------

    def _admit(self, chat: Chat) -> None:
        """Count one message the bot sends or edits in ``chat``, or refuse it with a 429.

        Telegram allows a bot at most 20 messages a minute in each group or supergroup and
        30 a second in all chats together; an edit counts like a new message.  Both are
        sliding windows here.  A refused message is not counted, and its 429 says in whole
        seconds (rounded up, at least 1) when the oldest message leaves the window it broke
        (the later one if it broke both), as Telegram's ``retry_after`` does.  Does nothing
        when flood limits are off.
        """
        if not self.flood_limits:
            return
        now = self._clock()
        windows = [self._all_chats]
        if chat.type in ("group", "supergroup"):
            windows.append(
                self._group_windows.setdefault(
                    chat.id, SlidingWindow(GROUP_MESSAGES, GROUP_SECONDS)
                )
            )
        wait = max(window.wait(now) for window in windows)
        if wait > 0:
            retry_after = max(1, math.ceil(wait))
            raise ApiError(
                429, f"Too Many Requests: retry after {retry_after}", retry_after=retry_after
            )
        for window in windows:
            window.add(now)

    def _chat(self, params: dict[str, Any]) -> Chat:
        try:
            chat_id = int(params["chat_id"])
        except (KeyError, ValueError):
            raise ApiError(400, "Bad Request: chat_id is empty") from None
        if chat_id not in self.chats:
            raise ApiError(400, "Bad Request: chat not found")
        return self.chats[chat_id]

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
        counter = self._message_ids.setdefault(chat_id, itertools.count(1))
        message: dict[str, Any] = {
            "message_id": next(counter),
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


# --- transports ---------------------------------------------------------------------------


def _decode_params(request_body: bytes, content_type: str) -> dict[str, Any]:
    """Bot API parameters from a request body (form, JSON or multipart), JSON values decoded."""
    params: dict[str, Any] = {}
    if content_type.startswith("application/json"):
        params = json.loads(request_body or b"{}")
    elif content_type.startswith("multipart/form-data"):
        params = _decode_multipart(request_body, content_type)
    else:
        params = dict(parse_qsl(request_body.decode("utf-8"), keep_blank_values=True))
    for key, value in list(params.items()):
        if isinstance(value, str) and value[:1] in "[{":
            with contextlib.suppress(ValueError):
                params[key] = json.loads(value)
    return params


def _decode_multipart(body: bytes, content_type: str) -> dict[str, Any]:
    boundary = content_type.split("boundary=", 1)[1].strip('"').encode()
    params: dict[str, Any] = {}
    for part in body.split(b"--" + boundary):
        head, sep, content = part.partition(b"\r\n\r\n")
        if not sep:
            continue
        name = re.search(rb'name="([^"]+)"', head)
        if not name:
            continue
        content = content.removesuffix(b"\r\n")
        if b"filename=" in head:
            params[name.group(1).decode()] = content
        else:
            params[name.group(1).decode()] = content.decode("utf-8")
    return params


class LocalTransport(httpx.AsyncBaseTransport):
    """An httpx transport that hands PTB's requests to a :class:`LocalBotApi` in-process."""

    def __init__(
        self, api: LocalBotApi, *, save_files: Callable[[bytes], str] | None = None
    ) -> None:
        self.api = api
        self.save_files = save_files

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()
        method = request.url.path.rsplit("/", 1)[-1]
        params = _decode_params(body, request.headers.get("content-type", ""))
        for key, value in list(params.items()):
            if isinstance(value, bytes):
                params[f"{key}_path"] = self.save_files(value) if self.save_files else None
        status, reply = await self.api.call(method, params)
        return httpx.Response(status, json=reply)


async def serve(api: LocalBotApi, host: str = "127.0.0.1", port: int = 0) -> tuple[Any, int]:
    """Serve ``api`` over HTTP on loopback (``/bot<token>/<method>``); returns (server, port)."""
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets
    from tornado.web import Application, RequestHandler

    class MethodHandler(RequestHandler):
        async def post(self, method: str) -> None:
            params = _decode_params(self.request.body, self.request.headers.get("Content-Type", ""))
            status, reply = await api.call(method, params)
            self.set_status(status)
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(reply))

        get = post

    sockets = bind_sockets(port, address=host)
    server = HTTPServer(Application([(r"/bot[^/]+/(\w+)", MethodHandler)]))
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]
