"""The console's chat: what a typed line does (a message from the current user in the
current chat, or a ``:`` command that steers the simulation), and how the bot's messages,
button notices and inline results are shown.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from typing import Any, TextIO

from bot.console.users import UserTable, language, login_name, username
from bot.console.words import CONSOLE_HELP, bot_admin_line, held_line
from bot.i18n import without_isolates
from bot.local_api import BOT_ID, LocalBotApi, plain_text
from bot.services.web import launch_hash, sign_init_data

GROUP_ID = -1_001_000_000_001
INLINE_SHOWN = 10
"""Inline results printed for one query."""

ASCII = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "*", "÷": "/", "◀": "<", "▶": ">"})
"""How a button label may be typed on a keyboard without those signs."""


def _plain_label(label: str) -> str:
    """A button's label as it may be typed: ASCII signs, no marker of the current option."""
    return label.translate(ASCII).removeprefix("• ").strip().lower()


def _label_words(label: str) -> str:
    """A label without the emoji or signs it starts with, as a keyboard without them types
    it (``✅ Accept``: ``accept``); empty for a label that is only signs (``◀``)."""
    return re.sub(r"^\W+", "", _plain_label(label))


class Console:
    """One terminal session against a :class:`LocalBotApi`."""

    def __init__(
        self,
        api: LocalBotApi,
        out: TextIO,
        users: UserTable,
        token: str = "1:CONSOLE",
    ) -> None:
        self.api = api
        self.out = out
        self.token = token
        self.users = users
        self.web_address: str | None = None
        """Where the bot serves the Mini App, once it does."""
        self.user_id = self._user(login_name())
        for user_id in users.ids():
            # Each user of an earlier session has a private chat from the start, as on
            # Telegram: a hand, a duel's or an arena's, timed to their chat still reaches it.
            self._user(users.name_of(user_id))
        self.chat_id = self.user_id
        self.admin_id = self.user_id
        api.add_group(GROUP_ID, "Console group", admins={self.admin_id})
        api.on_sent(self._show)
        api.on_inline_edit(self._show_inline)
        self._answers_shown = 0
        self._inline_shown = 0
        self._offered: tuple[int, str, list[dict[str, Any]]] | None = None
        """The last inline answer shown: who asked, its query id and its results."""
        self._inline_messages: list[str] = []
        """Messages sent through inline mode, by their number here (i1 is the first)."""
        self._inline_games: dict[str, dict[str, Any]] = {}
        """Game messages sent through inline mode, by their inline id."""

    def adopt(self, group_members: dict[int, str]) -> None:
        """Take on the users of an earlier release's folder, by the names the console's
        group last saw them with (only when the user table is new: see :mod:`.users`)."""
        if self.users.new and group_members:
            self.users.adopt(group_members)

    def _user(self, name: str) -> int:
        """The user called ``name``: the same id in every session (see :mod:`.users`)."""
        user_id = self.users.id_of(name)
        if user_id not in self.api.users:
            name = self.users.name_of(user_id)
            self.api.add_user(user_id, name, language_code=language(), username=username(name))
        return user_id

    @property
    def name(self) -> str:
        """The current user's name."""
        return self.users.name_of(self.user_id)

    def help_text(self) -> str:
        """The console commands, naming the simulated group's admin."""
        return CONSOLE_HELP.format(admin=self.users.name_of(self.admin_id))

    def where_line(self) -> str:
        """Who and where the current user is (and, in the group, who its admin is)."""
        if self.chat_id != GROUP_ID:
            return f"(you are {self.name}, in the private chat)"
        if self.user_id == self.admin_id:
            return f"(you are {self.name}, in the group chat, as its admin)"
        admin = self.users.name_of(self.admin_id)
        return f"(you are {self.name}, in the group chat; {admin} is its admin)"

    def _show(self, message: dict[str, Any]) -> None:
        chat_id = message["chat"]["id"]
        where = "group" if chat_id == GROUP_ID else "private"
        if chat_id not in (GROUP_ID, self.user_id):
            # Another user's private chat (a private duel's rival): whose it is.
            owner = self.api.users.get(chat_id, {}).get("first_name", chat_id)
            where = f"private ({owner})"
        label = f"[#{message['message_id']} {where}{' edited' if message.get('edited') else ''}]"
        if "photo" in message:
            path = message.get("local_path") or "not saved"
            body = f"(photo: {path})\n{plain_text(message['caption'])}"
        elif "game" in message:
            body = _game_text(message["game"])
        else:
            body = plain_text(message["text"])
        print(f"{label} Twenty-Four: {without_isolates(body)}", file=self.out)
        for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
            labels = "  ".join(f"[{without_isolates(button['text'])}]" for button in row)
            print("    " + labels, file=self.out)
        self.out.flush()

    def _show_inline(self, message: dict[str, Any]) -> None:
        inline_id = message["inline_message_id"]
        if inline_id not in self._inline_messages:
            self._inline_messages.append(inline_id)
        number = self._inline_messages.index(inline_id) + 1
        where = "group" if message["chat_type"] in ("group", "supergroup") else "private"
        edited = " edited" if message.get("edits") else ""
        sender = message["from"]["first_name"]
        body = _game_text(message["game"]) if "game" in message else plain_text(message["text"])
        body = without_isolates(body)
        print(f"[i{number} {where}{edited}] {sender} via Twenty-Four: {body}", file=self.out)
        for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
            labels = "  ".join(f"[{without_isolates(button['text'])}]" for button in row)
            print("    " + labels, file=self.out)
        self.out.flush()

    def show_held(self, chat_id: int, seconds: float, why: str = "limit") -> None:
        """Say why the bot is silent in a chat: Telegram's limits hold its next message
        (the outbox tells, once per wait, and ``why``: see :func:`held_line`; the message
        comes later with its chat's label)."""
        owner = self.api.users.get(chat_id, {}).get("first_name", str(chat_id))
        print(held_line(None if chat_id == GROUP_ID else owner, seconds, why), file=self.out)
        self.out.flush()

    def show_button_answers(self) -> None:
        """Print what the bot said to button presses since last time (Telegram shows these
        as a pop-up or a brief notice, not as messages)."""
        for answer in self.api.callback_answers[self._answers_shown :]:
            if answer.get("text"):
                kind = "pop-up" if str(answer.get("show_alert")).lower() == "true" else "notice"
                print(f"({kind}) Twenty-Four: {answer['text']}", file=self.out)
            if answer.get("url"):
                # Telegram opens a game's page in its browser; here it is only shown.
                print(f"(the game opens; play it in a browser: {answer['url']})", file=self.out)
        self._answers_shown = len(self.api.callback_answers)
        self.out.flush()

    def handle(self, line: str) -> bool:
        """Act on one input line; returns False when the session should end."""
        text = line.strip()
        if not text:
            return True
        if text.startswith(":"):
            return self._command(text)
        message = self.api.send(self.user_id, self.chat_id, text)
        if "reply_to_message" not in message and not self.api.visible_to_bot(message):
            # Members' messages are numbered as the bot's are: this one's number is what
            # `:reply` needs to answer it (with /duel, say).
            number = message["message_id"]
            print(
                "(The bot cannot see that: in groups it sees only commands, replies to it "
                f"and mentions. Try :reply N TEXT, or @{self.api.username} TEXT. This is "
                f"message #{number}: :reply {number} TEXT replies to it.)",
                file=self.out,
            )
        return True

    def _command(self, text: str) -> bool:
        word, _, rest = text.partition(" ")
        if word in (":quit", ":exit", ":q"):
            return False
        if word == ":group":
            self.chat_id = GROUP_ID
        elif word == ":private":
            self.chat_id = self.user_id
        elif word == ":user" and rest.strip():
            self.user_id = self._user(rest.strip())
            if self.chat_id != GROUP_ID:
                self.chat_id = self.user_id
        elif word == ":reply" and rest.split(" ", 1)[0].isdigit() and " " in rest:
            number, reply = rest.split(" ", 1)
            if (self.chat_id, int(number)) not in self.api.messages:
                # Numbers go on across sessions, but the messages are not kept: an old
                # number looks valid and would be sent as no reply at all.
                print(
                    f"(There is no message #{int(number)} here to reply to: the console keeps "
                    "no messages between sessions. Reply to one of this session.)",
                    file=self.out,
                )
                return True
            self.api.send(self.user_id, self.chat_id, reply, reply_to=int(number))
            return True
        elif word == ":press" and re.fullmatch(r"i?\d+ .+", rest):
            number, label = rest.split(" ", 1)
            self._press(int(number) if number.isdigit() else number, label.strip())
            return True
        elif word == ":inline":
            # An empty query too: Telegram sends one as soon as "@bot " is typed.
            self.api.inline_query(self.user_id, rest.strip(), chat_type=self._chat_type())
            return True
        elif word == ":send" and rest.strip().isdigit():
            self._send_result(int(rest.strip()))
            return True
        elif word == ":app":
            print(self.app_line(), file=self.out)
            return True
        elif word == ":botadmin" and rest.strip().lower() in ("on", "off"):
            self._bot_admin(rest.strip().lower() == "on")
            return True
        else:
            print(self.help_text(), file=self.out)
            return True
        print(self.where_line(), file=self.out)
        return True

    def app_url(self) -> str | None:
        """The Mini App's address with launch data signed for the current user, as Telegram
        opens it (None before the server listens)."""
        if self.web_address is None:
            return None
        user = dict(self.api.users[self.user_id])
        user.pop("is_bot", None)
        fields = {
            "auth_date": str(int(time.time())),
            "query_id": secrets.token_hex(8),
            "user": json.dumps(user, ensure_ascii=False, separators=(",", ":")),
        }
        return f"{self.web_address}/app/{launch_hash(sign_init_data(self.token, fields))}"

    def app_line(self) -> str:
        """Where to play the Mini App, as the current user, for an hour (its launch data's
        life; ``:app`` gives a new address)."""
        url = self.app_url()
        if url is None:
            return "(the Mini App is not served)"
        return f"Play by tapping in a browser (as yourself, for an hour): {url}"

    def _bot_admin(self, admin: bool) -> None:
        """The group's admin makes the bot an admin of the group, or a member again."""
        already = self.api.chats[GROUP_ID].bot_is_admin == admin
        if not already:
            self.api.set_admin(GROUP_ID, BOT_ID, admin, by_user=self.admin_id)
        print(bot_admin_line(self.users.name_of(self.admin_id), admin, already), file=self.out)

    def _chat_type(self) -> str:
        return "supergroup" if self.chat_id == GROUP_ID else "sender"

    def _send_result(self, number: int) -> None:
        """Send result ``number`` of the current user's last inline query into the chat."""
        if self._offered is None or self._offered[0] != self.user_id:
            print("(no inline results to send: ask with :inline QUERY first)", file=self.out)
            return
        _, query_id, results = self._offered
        if not 1 <= number <= len(results):
            print(f"(there is no result {number}: choose 1 to {len(results)})", file=self.out)
            return
        result = results[number - 1]
        try:
            message = self.api.choose_inline_result(self.user_id, query_id, str(result["id"]))
        except ValueError as error:
            print(f"(that result cannot be sent here: {error})", file=self.out)
            return
        if "game" in message:
            self._inline_games[message["inline_message_id"]] = message
        if "inline_message_id" in message:
            self._show_inline(message)
        else:
            sender = message["from"]["first_name"]
            print(f"[{sender} via Twenty-Four] {plain_text(message['text'])}", file=self.out)

    def _press(self, number: int | str, label: str) -> None:
        if isinstance(number, str):
            self._press_inline(number, label)
            return
        message = self.api.messages.get((self.chat_id, number))
        buttons = [
            b
            for row in (message or {}).get("reply_markup", {}).get("inline_keyboard", [])
            for b in row
        ]
        if message is None or not buttons:
            print(f"(no buttons under message #{number} in this chat)", file=self.out)
            return
        button = _chosen(buttons, label)
        if button is None:
            labels = ", ".join(f"{i}: {b['text']}" for i, b in enumerate(buttons, 1))
            print(
                f"(no button {label!r} under message #{number}; there are {labels})", file=self.out
            )
            return
        if "callback_data" in button:
            self.api.press(self.user_id, message, button["callback_data"])
        elif "callback_game" in button:
            self.api.games.press_play(self.user_id, message)
        else:
            self._follow(button)

    def _press_inline(self, number: str, label: str) -> None:
        index = int(number[1:]) - 1
        if not 0 <= index < len(self._inline_messages):
            print(f"(no message {number} sent through inline mode)", file=self.out)
            return
        inline_id = self._inline_messages[index]
        message = self.api.inline_messages.get(inline_id) or self._inline_games[inline_id]
        buttons = [
            b for row in message.get("reply_markup", {}).get("inline_keyboard", []) for b in row
        ]
        button = _chosen(buttons, label)
        if button is None:
            labels = ", ".join(f"{i}: {b['text']}" for i, b in enumerate(buttons, 1))
            print(
                f"(no button {label!r} under message {number}; there are {labels})", file=self.out
            )
        elif "callback_data" in button:
            self.api.press_inline(self.user_id, inline_id, button["callback_data"])
        elif "callback_game" in button:
            self.api.games.press_play_inline(self.user_id, inline_id)
        else:
            self._follow(button)

    def _follow(self, button: dict[str, Any]) -> None:
        """What Telegram does for a button that is not the bot's to answer: a link to the
        bot with a start parameter opens the private chat and sends ``/start PARAMETER``
        (after the user taps Start); a button that shares an inline query lets the user
        pick a chat and types ``@bot QUERY`` there (here: the group, where allowed)."""
        url = button.get("url")
        start = f"https://t.me/{self.api.username}?start="
        if isinstance(url, str) and url.startswith(start):
            self.chat_id = self.user_id
            print(f"(the link opens your private chat with the bot: {url})", file=self.out)
            self.api.send(self.user_id, self.chat_id, f"/start {url.removeprefix(start)}")
        elif isinstance(url, str):
            # Any other link opens its address in Telegram; here it is only shown.
            print(f"(that button opens {url})", file=self.out)
        elif "switch_inline_query_chosen_chat" in button:
            chosen = button["switch_inline_query_chosen_chat"]
            self._share(chosen.get("query", ""), bool(chosen.get("allow_group_chats")))
        elif "switch_inline_query" in button:
            self._share(button["switch_inline_query"], True)
        else:
            print("(the console cannot press that button)", file=self.out)

    def _share(self, query: str, groups: bool) -> None:
        if groups:
            self.chat_id = GROUP_ID
        where = "the group" if groups else "your private chat"
        print(
            f"(you pick {where}; Telegram types @{self.api.username} {query} there)", file=self.out
        )
        self.api.inline_query(self.user_id, query, chat_type=self._chat_type())

    def show_inline_answers(self) -> None:
        """Print what the bot offered for inline queries since last time (Telegram shows
        these as a list above the keyboard; choosing one posts its text)."""
        for query_id, answer in list(self.api.inline_answers.items())[self._inline_shown :]:
            results = answer.get("results") or []
            asker = self.api.inline_queries[query_id][0]
            self._offered = (asker, query_id, results[:INLINE_SHOWN])
            print(f"(inline) Twenty-Four offers {len(results)} (:send N sends one):", file=self.out)
            for number, result in enumerate(results[:INLINE_SHOWN], 1):
                title = result.get("title") or f"(game) {result.get('game_short_name', '')}"
                print(f"    {number}. {title}", file=self.out)
                if result.get("description"):
                    print(f"      {result['description']}", file=self.out)
            if len(results) > INLINE_SHOWN:
                print(f"    … and {len(results) - INLINE_SHOWN} more", file=self.out)
        self._inline_shown = len(self.api.inline_answers)
        self.out.flush()


def _game_text(game: dict[str, Any]) -> str:
    """A game message as the chat shows it: the game, and its high scores once set."""
    shown = f"(game) {game['title']}: {game.get('description', '')}"
    return f"{shown}\n{game['text']}" if game.get("text") else shown


def _chosen(buttons: list[dict[str, Any]], label: str) -> dict[str, Any] | None:
    """The button with ``label`` (as it may be typed), or the ``label``-th one; ``Play``
    is a game message's Play button, whatever its label.  Emoji may be left out, and the
    words after the first ones typed: ``Challenge`` is ``⚔️ Challenge a friend`` when no
    other button starts so."""
    wanted = _plain_label(label)
    chosen = [b for b in buttons if _plain_label(b["text"]) == wanted]
    words = _label_words(label)
    if not chosen and words:
        chosen = [b for b in buttons if _label_words(b["text"]) == words]
    if not chosen and wanted == "play":
        chosen = [b for b in buttons if "callback_game" in b]
    if not chosen and label.isdigit() and 1 <= int(label) <= len(buttons):
        chosen = [buttons[int(label) - 1]]
    if not chosen and words:  # the first words of one button's label (a number is a number)
        starting = [b for b in buttons if f"{_label_words(b['text'])} ".startswith(f"{words} ")]
        chosen = starting if len(starting) == 1 else []
    return chosen[0] if chosen else None
