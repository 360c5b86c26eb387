"""Telegram's Games API on the local Bot API: ``sendGame``, Play, ``setGameScore`` and
``getGameHighScores``, with Telegram's documented rules and errors
(https://core.telegram.org/bots/api#games; the list: docs/testing.md, *How the bot is
tested*).  The server's error class and keyboard check are passed in (:class:`LocalGames`)."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

SHORT_NAME = re.compile(r"[A-Za-z0-9_]{3,64}")
"""What @BotFather takes as a game's short name: letters, digits and underscores."""
NEIGHBOURS = 2
"""Players shown on each side of the target user in ``getGameHighScores``."""
TOP = 3
"""Players shown from the top of the table when the target user's part does not reach it."""
START_LINK = re.compile(r"(https?://)?(t\.me|telegram\.me|telegram\.dog)/(\w+)\?start=\S*")


class Server(Protocol):
    """What the games need of the local Bot API's server."""

    username: str
    users: dict[int, dict[str, Any]]
    chats: dict[int, Any]
    messages: dict[tuple[int, int], dict[str, Any]]
    bot_user: dict[str, Any]

    def _chat(self, params: dict[str, Any]) -> Any: ...
    def _admit(self, chat: Any) -> None: ...
    def _bot_message(
        self, chat: Any, params: dict[str, Any], content: dict[str, Any]
    ) -> dict[str, Any]: ...
    def _record(self, message: dict[str, Any]) -> None: ...
    def _push(self, payload: dict[str, Any]) -> None: ...


@dataclass
class Game:
    """A game the bot created with @BotFather."""

    short_name: str
    title: str
    description: str


@dataclass
class Table:
    """A high-score table: each player's score, and when it was first reached (an earlier
    score ranks above an equal later one)."""

    scores: dict[int, tuple[int, int]] = field(default_factory=dict)
    """User id → (score, order it was set in)."""

    def ranked(self) -> list[tuple[int, int]]:
        """(user id, score), best first."""
        rows = sorted(self.scores.items(), key=lambda item: (-item[1][0], item[1][1]))
        return [(user, score) for user, (score, _) in rows]


class LocalGames:
    """The Games API of one local server; ``error(code, description)`` makes the server's
    API error, ``check_markup(markup, chat_type)`` checks a keyboard as the server does."""

    def __init__(
        self,
        server: Server,
        error: Callable[[int, str], Exception],
        check_markup: Callable[[object, str], None],
    ) -> None:
        self.server = server
        self.error = error
        self.check_markup = check_markup
        self.games: dict[str, Game] = {}
        self.tables: dict[tuple[object, ...], Table] = {}
        self.inline: dict[str, tuple[str, dict[str, Any] | None]] = {}
        """Inline game messages: id → (short name, the edited message shown, if any)."""
        self.play_queries: dict[str, str] = {}
        """Callback queries from a Play button: query id → game short name."""
        self._order = itertools.count()
        self._ids = itertools.count(1)

    # --- the developer's and the people's side -----------------------------------------------

    def register(self, short_name: str, title: str, description: str = "") -> Game:
        """The bot gets a game, as with @BotFather's ``/newgame``."""
        if not SHORT_NAME.fullmatch(short_name):
            raise ValueError(f"not a game short name: {short_name!r}")
        game = self.games[short_name] = Game(short_name, title, description)
        return game

    def press_play(self, user_id: int, message: dict[str, Any]) -> str:
        """A user presses the Play button of a game message; returns the query id."""
        return self._play(user_id, message["local_game_short_name"], message=message)

    def share_inline(self, short_name: str) -> str:
        """A user sends the bot's game into a chat through inline mode (an
        ``InlineQueryResultGame`` chosen); returns the message's inline id."""
        if short_name not in self.games:
            raise KeyError(short_name)
        inline_id = f"game-inline-{next(self._ids)}"
        self.inline[inline_id] = (short_name, None)
        return inline_id

    def press_play_inline(self, user_id: int, inline_message_id: str) -> str:
        """A user presses Play on a game message sent through inline mode."""
        short_name, _ = self.inline[inline_message_id]
        return self._play(user_id, short_name, inline_message_id=inline_message_id)

    def _play(
        self,
        user_id: int,
        short_name: str,
        *,
        message: dict[str, Any] | None = None,
        inline_message_id: str | None = None,
    ) -> str:
        query_id = f"game{next(self._ids) * 7919}"
        query: dict[str, Any] = {
            "id": query_id,
            "from": self.server.users[user_id],
            "game_short_name": short_name,
        }
        if message is not None:
            query["message"] = message
            query["chat_instance"] = str(message["chat"]["id"])
        else:
            query["inline_message_id"] = inline_message_id
            query["chat_instance"] = inline_message_id
        self.play_queries[query_id] = short_name
        self.server._push({"callback_query": query})
        return query_id

    # --- the bot's side ------------------------------------------------------------------------

    def handler(self, method: str) -> Callable[[dict[str, Any]], Awaitable[Any]] | None:
        """The games' handler of a Bot API method, if it is one of theirs."""
        return {
            "sendGame": self._send_game,
            "setGameScore": self._set_game_score,
            "getGameHighScores": self._get_game_high_scores,
        }.get(method)

    def check_callback_answer(self, params: dict[str, Any]) -> None:
        """``answerCallbackQuery``'s ``url``: a game's address only for a Play query, else
        only a link that starts this bot."""
        url = params.get("url")
        if url is None:
            return
        url = str(url)
        if str(params.get("callback_query_id")) in self.play_queries:
            if re.match(r"https?://\S+$", url):
                return
        else:
            link = START_LINK.fullmatch(url)
            if link and link.group(3).lower() == self.server.username.lower():
                return
        raise self.error(400, "Bad Request: URL_INVALID")

    def check_inline_result(self, result: dict[str, Any]) -> None:
        """An ``InlineQueryResultGame`` in ``answerInlineQuery``: one of the bot's games, and
        a keyboard, if any, that starts with its Play button (as for ``sendGame``)."""
        short_name = str(result.get("game_short_name") or "")
        if not SHORT_NAME.fullmatch(short_name):
            raise self.error(400, "Bad Request: GAME_SHORTNAME_INVALID")
        if short_name not in self.games:
            raise self.error(400, "Bad Request: wrong game short name specified")
        markup = result.get("reply_markup")
        if markup:
            self._check_game_markup(markup, "private")

    async def _send_game(self, params: dict[str, Any]) -> dict[str, Any]:
        chat = self.server._chat(params)
        short_name = str(params.get("game_short_name") or "")
        if not short_name:
            raise self.error(400, "Bad Request: game_short_name is empty")
        if not SHORT_NAME.fullmatch(short_name):
            raise self.error(400, "Bad Request: GAME_SHORTNAME_INVALID")
        game = self.games.get(short_name)
        if game is None:
            raise self.error(400, "Bad Request: wrong game short name specified")
        if chat.type == "channel":
            raise self.error(400, "Bad Request: BOT_GAMES_DISABLED")
        markup = params.get("reply_markup")
        if markup:
            self._check_game_markup(markup, chat.type)
        else:
            markup = {"inline_keyboard": [[{"text": f"Play {game.title}", "callback_game": {}}]]}
        self.server._admit(chat)
        content = {"game": self._game_object(game), "local_game_short_name": short_name}
        return self.server._bot_message(chat, dict(params, reply_markup=markup), content)

    def _check_game_markup(self, markup: object, chat_type: str) -> None:
        self.check_markup(markup, chat_type)
        rows = markup.get("inline_keyboard") if isinstance(markup, dict) else None
        buttons = [b for row in rows or [] for b in row]
        if not any("callback_game" in b for b in buttons):
            raise self.error(400, "Bad Request: REPLY_MARKUP_GAME_EMPTY")
        if "callback_game" not in buttons[0]:
            raise self.error(400, "Bad Request: BUTTON_POS_INVALID")

    @staticmethod
    def _game_object(game: Game, text: str | None = None) -> dict[str, Any]:
        photo = {"file_id": f"game-{game.short_name}", "file_unique_id": game.short_name}
        shown: dict[str, Any] = {
            "title": game.title,
            "description": game.description,
            "photo": [dict(photo, width=640, height=360)],
        }
        if text:
            shown["text"] = text
        return shown

    def _target(self, params: dict[str, Any]) -> tuple[tuple[object, ...], dict[str, Any] | None]:
        """The table a score call is about, and the chat message (None: an inline one)."""
        inline_id = params.get("inline_message_id")
        if inline_id is not None:
            if str(inline_id) not in self.inline:
                raise self.error(400, "Bad Request: MESSAGE_ID_INVALID")
            return ("inline", str(inline_id)), None
        chat = self.server._chat(params)
        try:
            message = self.server.messages[(chat.id, int(params["message_id"]))]
        except (KeyError, ValueError):
            raise self.error(400, "Bad Request: MESSAGE_ID_INVALID") from None
        if "game" not in message:
            raise self.error(400, "Bad Request: message is not a game")
        return ("chat", chat.id, message["local_game_short_name"]), message

    def _user(self, params: dict[str, Any]) -> int:
        try:
            user_id = int(params["user_id"])
        except (KeyError, ValueError):
            raise self.error(400, "Bad Request: USER_ID_INVALID") from None
        if user_id not in self.server.users:
            raise self.error(400, "Bad Request: USER_ID_INVALID")
        return user_id

    async def _set_game_score(self, params: dict[str, Any]) -> dict[str, Any] | bool:
        user_id = self._user(params)
        try:
            score = int(params["score"])
        except (KeyError, ValueError):
            raise self.error(400, "Bad Request: SCORE_INVALID") from None
        if score < 0:
            raise self.error(400, "Bad Request: SCORE_INVALID")
        key, message = self._target(params)
        table = self.tables.setdefault(key, Table())
        old = table.scores.get(user_id)
        force = bool(params.get("force"))
        if old is not None and (score == old[0] or (score < old[0] and not force)):
            raise self.error(400, "Bad Request: BOT_SCORE_NOT_MODIFIED")
        edit = not params.get("disable_edit_message")
        if edit and message is not None:
            # The edit counts against the chat's flood limit; a refused one sets nothing.
            self.server._admit(self.server.chats[message["chat"]["id"]])
        table.scores[user_id] = (score, next(self._order))
        if not edit:
            return message if message is not None else True
        text = "\n".join(
            f"{place}. {self.server.users[user]['first_name']}: {points}"
            for place, (user, points) in enumerate(table.ranked(), 1)
        )
        if message is None:
            short_name, _ = self.inline[str(params["inline_message_id"])]
            self.inline[str(params["inline_message_id"])] = (
                short_name,
                {"game": self._game_object(self.games[short_name], text)},
            )
            return True
        game = self.games[message["local_game_short_name"]]
        edited = dict(message, game=self._game_object(game, text), edited=True)
        edited["edit_date"] = int(time.time())
        self.server._record(edited)
        return edited

    async def _get_game_high_scores(self, params: dict[str, Any]) -> list[dict[str, Any]]:
        user_id = self._user(params)
        key, _ = self._target(params)
        ranked = self.tables.get(key, Table()).ranked()
        users = [user for user, _ in ranked]
        if user_id in users:
            at = users.index(user_id)
            shown = set(range(max(0, at - NEIGHBOURS), min(len(ranked), at + NEIGHBOURS + 1)))
        else:
            shown = set()
        shown |= set(range(min(TOP, len(ranked))))
        return [
            {"position": n + 1, "user": self.server.users[ranked[n][0]], "score": ranked[n][1]}
            for n in sorted(shown)
        ]
