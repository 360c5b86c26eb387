"""The Bot API methods the local server answers (:class:`Methods`), each with Telegram's rules
and errors: a method the bot calls is ``_m_<name>``; one it lacks is a 404, as on Telegram."""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from bot.local_api.checks import (
    MAX_CAPTION,
    MAX_TEXT,
    ApiError,
    check_reply_markup,
    check_text,
    check_web_app,
    utf16_len,
)
from bot.local_api.world import BOT_ID, Chat, World

if TYPE_CHECKING:
    from bot.local_api.games_api import LocalGames

# Telegram's size limits for callback answers and inline results (text, captions and
# buttons: see bot.local_api.checks).
MAX_CALLBACK_ANSWER = 200
MAX_INLINE_RESULTS = 50


def commands_key(scope: dict[str, Any] | None, language_code: str | None) -> tuple[str, str]:
    """Where a world keeps a menu (:attr:`World.commands`): its scope as JSON (``default``
    when none), its language code (``""``: every other one)."""
    return json.dumps(scope or {"type": "default"}, sort_keys=True), language_code or ""


class Methods(World):
    """The bot's side: the Bot API methods (inline messages' edits are in
    :class:`~bot.local_api.inline_messages.InlineMode`)."""

    if TYPE_CHECKING:

        @property
        def games(self) -> LocalGames: ...  # the Games API, made by bot.local_api.bot_api

        def _edit_inline(self, params: dict[str, Any], *, text: bool) -> bool: ...

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
        self.webhook_url = ""
        return True

    async def _m_setWebhook(self, params: dict[str, Any]) -> bool:
        self._remember_allowed_updates(params)
        self.webhook_url = str(params.get("url", ""))
        return True

    async def _m_getWebhookInfo(self, params: dict[str, Any]) -> dict[str, Any]:
        # Nothing is ever posted to the webhook here: it has no errors to tell.
        return {"url": self.webhook_url, "has_custom_certificate": False, "pending_update_count": 0}

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
        scope = params.get("scope") or {}
        if scope.get("type") == "chat":  # a chat the bot does not know: as on Telegram
            self._chat(scope)
        code = params.get("language_code") or ""
        if code and not (len(code) == 2 and code.isascii() and code.isalpha()):
            raise ApiError(400, "Bad Request: invalid language code specified")  # ISO 639-1
        self.commands[commands_key(params.get("scope"), code)] = list(params["commands"])
        return True

    async def _m_getMyCommands(self, params: dict[str, Any]) -> list[dict[str, str]]:
        return self.commands.get(commands_key(params.get("scope"), params.get("language_code")), [])

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
        if not chat.texts:
            raise ApiError(400, "Bad Request: not enough rights to send text messages to the chat")
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
        chat, old = self._bot_message_to_edit(params)
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
            if result.get("type") == "game":
                self.games.check_inline_result(result)
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

    def _admit(self, chat: Chat) -> None:
        """Count one message the bot sends or edits in ``chat``, or refuse it with a 429
        (see :class:`~bot.local_api.flood.FloodLimits`).  Does nothing when flood limits are
        off."""
        if self.flood_limits:
            self._flood.admit(chat.id, group=chat.type in ("group", "supergroup"))
