"""Messages sent through inline mode, for the local Bot API: a chosen result, posted "via" the
bot with only an ``inline_message_id``, edited by that id and pressed with no ``message``;
tests call :meth:`InlineMode.choose_inline_result` (docs/testing.md, *How the bot is tested*)."""

from __future__ import annotations

import itertools
import time
from typing import TYPE_CHECKING, Any

from bot.local_api.checks import MAX_TEXT, ApiError, check_reply_markup, check_text

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from bot.local_api.games_api import LocalGames

NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same"
)


class InlineMode:
    """The inline messages of a local Bot API, and the methods that edit them."""

    if TYPE_CHECKING:  # what this part uses of LocalBotApi
        users: dict[int, dict[str, Any]]
        bot_user: dict[str, Any]
        inline_answers: dict[str, dict[str, Any]]

        def _push(self, payload: dict[str, Any]) -> None: ...
        def _notify(self) -> None: ...
        def _record(self, message: dict[str, Any]) -> None: ...
        def _bot_message_to_edit(self, params: dict[str, Any]) -> tuple[Any, dict[str, Any]]: ...
        def _admit(self, chat: Any) -> None: ...
        def wants(self, kind: str) -> bool: ...
        @property
        def games(self) -> LocalGames: ...

    def __init__(self) -> None:
        self.inline_queries: dict[str, tuple[int, str, str]] = {}
        """Inline queries made, by id: (user id, query, chat type)."""
        self.inline_messages: dict[str, dict[str, Any]] = {}
        """Messages sent through inline mode with a keyboard, by inline message id; each
        keeps its ``text``, ``reply_markup``, ``chat_type`` and ``edits`` (how many)."""
        self._inline_ids: Iterator[int] = itertools.count(1)
        self._inline_listeners: list[Callable[[dict[str, Any]], None]] = []

    def on_inline_edit(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Call ``listener`` with each message sent through inline mode that the bot edits
        (it has an ``inline_message_id`` and no chat)."""
        self._inline_listeners.append(listener)

    def choose_inline_result(self, user_id: int, query_id: str, result_id: str) -> dict[str, Any]:
        """``user_id`` picks the result ``result_id`` of the bot's answer to their inline query
        ``query_id``: it is sent as their message via the bot, and the bot gets a
        ``chosen_inline_result`` update.  Returns the message as the chat shows it, with its
        ``inline_message_id`` when it has an inline keyboard (Telegram gives one only then).

        Text results (``input_message_content`` with ``message_text``) and games (an
        ``InlineQueryResultGame``: the game message, its Play button first, with an
        ``inline_message_id`` for ``setGameScore`` and Play) are supported.
        """
        asker, query, chat_type = self.inline_queries[query_id]
        if asker != user_id:
            raise ValueError(f"user {user_id} did not make inline query {query_id}")
        answer = self.inline_answers.get(query_id)
        if answer is None:
            raise ValueError(f"the bot has not answered inline query {query_id}")
        found = [r for r in answer.get("results") or [] if str(r.get("id")) == result_id]
        if not found:
            raise ValueError(f"no result {result_id!r} in the answer to {query_id}")
        result = found[0]
        if result.get("type") == "game":
            return self._choose_game(user_id, query, chat_type, result)
        content = result.get("input_message_content") or {}
        if "message_text" not in content:
            raise ValueError("only text results can be chosen here")
        message: dict[str, Any] = {
            "from": self.users[user_id],
            "via_bot": self.bot_user,
            "date": int(time.time()),
            "text": str(content["message_text"]),
            "chat_type": chat_type,
        }
        markup = result.get("reply_markup")
        chosen: dict[str, Any] = {"result_id": result_id, "from": self.users[user_id]}
        chosen["query"] = query
        if isinstance(markup, dict) and markup.get("inline_keyboard"):
            message["reply_markup"] = markup
            inline_id = f"AgAAA{next(self._inline_ids):06d}"
            message["inline_message_id"] = chosen["inline_message_id"] = inline_id
            self.inline_messages[inline_id] = dict(message, edits=0)
        if self.wants("chosen_inline_result"):
            self._push({"chosen_inline_result": chosen})
        return message

    def _choose_game(
        self, user_id: int, query: str, chat_type: str, result: dict[str, Any]
    ) -> dict[str, Any]:
        """A game result picked: the game message, sent via the bot; Play on it reaches the
        bot with its ``inline_message_id`` (:meth:`LocalGames.press_play_inline`)."""
        short_name = str(result.get("game_short_name"))
        inline_id = self.games.share_inline(short_name)
        game = self.games.games[short_name]
        markup = result.get("reply_markup") or {
            "inline_keyboard": [[{"text": f"Play {game.title}", "callback_game": {}}]]
        }
        message: dict[str, Any] = {
            "from": self.users[user_id],
            "via_bot": self.bot_user,
            "date": int(time.time()),
            "game": self.games._game_object(game),
            "chat_type": chat_type,
            "reply_markup": markup,
            "inline_message_id": inline_id,
        }
        chosen = {"result_id": str(result["id"]), "from": self.users[user_id], "query": query}
        chosen["inline_message_id"] = inline_id
        if self.wants("chosen_inline_result"):
            self._push({"chosen_inline_result": chosen})
        self._notify()
        return message

    def _edit_inline(self, params: dict[str, Any], *, text: bool) -> bool:
        """Edit a message sent through inline mode: its text (``text``) and its keyboard,
        or its keyboard alone."""
        message = self.inline_messages.get(str(params["inline_message_id"]))
        if message is None:
            raise ApiError(400, "Bad Request: MESSAGE_ID_INVALID")
        new_text = message["text"]
        if text:
            new_text = str(params.get("text", ""))
            if not new_text.strip():
                raise ApiError(400, "Bad Request: message text is empty")
            # As for inline results, Telegram passes the MTProto error name through.
            check_text(
                new_text,
                params.get("parse_mode"),
                limit=MAX_TEXT,
                too_long="Bad Request: MESSAGE_TOO_LONG",
            )
        markup = params.get("reply_markup")
        chat_type = message["chat_type"]
        check_reply_markup(markup, "private" if chat_type == "sender" else chat_type)
        if new_text == message["text"] and markup == message.get("reply_markup"):
            raise ApiError(400, NOT_MODIFIED)
        message["text"] = new_text
        message.pop("reply_markup", None)
        if markup:
            message["reply_markup"] = markup
        message["edits"] += 1
        message["edit_date"] = int(time.time())
        for listener in self._inline_listeners:
            listener(dict(message, inline_message_id=params["inline_message_id"]))
        self._notify()
        return True

    async def _m_editMessageReplyMarkup(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        if params.get("inline_message_id") is not None:
            return self._edit_inline(params, text=False)
        chat, old = self._bot_message_to_edit(params)
        markup = params.get("reply_markup")
        check_reply_markup(markup, chat.type)
        if old.get("reply_markup") == (markup or None):
            raise ApiError(400, NOT_MODIFIED)
        self._admit(chat)
        edited = dict(old, edit_date=int(time.time()), edited=True)
        edited.pop("reply_markup", None)
        if markup:
            edited["reply_markup"] = markup
        self._record(edited)
        return edited
