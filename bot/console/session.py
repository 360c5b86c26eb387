"""The console's chat: what a typed line does (a message from the current user in the
current chat, or a ``:`` command that steers the simulation), and how the bot's messages,
button notices and inline results are shown.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any, TextIO

from bot.console.users import UserTable, language, login_name
from bot.local_api import LocalBotApi, plain_text
from bot.services.launch_data import launch_hash, sign_init_data

GROUP_ID = -1_001_000_000_001
INLINE_SHOWN = 10
"""Inline results printed for one query."""

CONSOLE_HELP = """Console commands:
  :group            talk in the simulated group (privacy mode on, as on Telegram; {admin},
                    the user you start as, is its admin)
  :private          talk to the bot in private
  :user NAME        become another user (created on first use, the same one in every
                    session), e.g. :user Bob
  :reply N TEXT     reply to the bot's message #N
  :press N BUTTON   press a button under message #N, by its label or its number (1, 2, …)
  :inline QUERY     type @bot QUERY in the chat (inline mode): lists what the bot offers;
                    :inline alone offers today's puzzle to share
  :app              the address that opens the Mini App in a browser, as the current user
  :help             this help
  :quit             leave (Ctrl-D and Ctrl-C do the same)"""

ASCII = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "*", "÷": "/", "◀": "<", "▶": ">"})
"""How a button label may be typed on a keyboard without those signs."""


def _plain_label(label: str) -> str:
    """A button's label as it may be typed: ASCII signs, no marker of the current option."""
    return label.translate(ASCII).removeprefix("• ").strip().lower()


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
        self.chat_id = self.user_id
        self.admin_id = self.user_id
        api.add_group(GROUP_ID, "Console group", admins={self.admin_id})
        api.on_sent(self._show)
        self._answers_shown = 0
        self._inline_shown = 0

    def adopt(self, group_members: dict[int, str]) -> None:
        """Take on the users of an earlier release's folder, by the names the console's
        group last saw them with (only when the user table is new: see :mod:`.users`)."""
        if self.users.new and group_members:
            self.users.adopt(group_members)

    def _user(self, name: str) -> int:
        """The user called ``name``: the same id in every session (see :mod:`.users`)."""
        user_id = self.users.id_of(name)
        if user_id not in self.api.users:
            self.api.add_user(user_id, self.users.name_of(user_id), language_code=language())
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
        where = "group" if message["chat"]["id"] == GROUP_ID else "private"
        label = f"[#{message['message_id']} {where}{' edited' if message.get('edited') else ''}]"
        if "photo" in message:
            path = message.get("local_path") or "not saved"
            body = f"(photo: {path})\n{plain_text(message['caption'])}"
        else:
            body = plain_text(message["text"])
        print(f"{label} Twenty-Four: {body}", file=self.out)
        for row in (message.get("reply_markup") or {}).get("inline_keyboard", []):
            print("    " + "  ".join(f"[{button['text']}]" for button in row), file=self.out)
        self.out.flush()

    def show_button_answers(self) -> None:
        """Print what the bot said to button presses since last time (Telegram shows these
        as a pop-up or a brief notice, not as messages)."""
        for answer in self.api.callback_answers[self._answers_shown :]:
            if answer.get("text"):
                kind = "pop-up" if str(answer.get("show_alert")).lower() == "true" else "notice"
                print(f"({kind}) Twenty-Four: {answer['text']}", file=self.out)
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
            print(
                "(The bot cannot see that: in groups it sees only commands, replies to it "
                f"and mentions. Try :reply N TEXT, or @{self.api.username} TEXT.)",
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
            self.api.send(self.user_id, self.chat_id, reply, reply_to=int(number))
            return True
        elif word == ":press" and rest.split(" ", 1)[0].isdigit() and " " in rest:
            number, label = rest.split(" ", 1)
            self._press(int(number), label.strip())
            return True
        elif word == ":inline":
            # An empty query too: Telegram sends one as soon as "@bot " is typed.
            self.api.inline_query(self.user_id, rest.strip(), chat_type=self._chat_type())
            return True
        elif word == ":app":
            print(self.app_line(), file=self.out)
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

    def _chat_type(self) -> str:
        return "supergroup" if self.chat_id == GROUP_ID else "sender"

    def _press(self, number: int, label: str) -> None:
        message = self.api.messages.get((self.chat_id, number))
        buttons = [
            b
            for row in (message or {}).get("reply_markup", {}).get("inline_keyboard", [])
            for b in row
        ]
        if message is None or not buttons:
            print(f"(no buttons under message #{number} in this chat)", file=self.out)
            return
        wanted = _plain_label(label)
        chosen = [b for b in buttons if _plain_label(b["text"]) == wanted]
        if not chosen and label.isdigit() and 1 <= int(label) <= len(buttons):
            chosen = [buttons[int(label) - 1]]
        if not chosen:
            labels = ", ".join(f"{i}: {b['text']}" for i, b in enumerate(buttons, 1))
            print(
                f"(no button {label!r} under message #{number}; there are {labels})", file=self.out
            )
            return
        button = chosen[0]
        if "url" in button:
            # A link button opens its address in Telegram; here it is only shown.
            print(f"(that button opens {button['url']})", file=self.out)
        else:
            self.api.press(self.user_id, message, button["callback_data"])

    def show_inline_answers(self) -> None:
        """Print what the bot offered for inline queries since last time (Telegram shows
        these as a list above the keyboard; choosing one posts its text)."""
        for answer in list(self.api.inline_answers.values())[self._inline_shown :]:
            results = answer.get("results") or []
            print(f"(inline) Twenty-Four offers {len(results)}:", file=self.out)
            for result in results[:INLINE_SHOWN]:
                print(f"    {result.get('title', '')}", file=self.out)
                if result.get("description"):
                    print(f"      {result['description']}", file=self.out)
            if len(results) > INLINE_SHOWN:
                print(f"    … and {len(results) - INLINE_SHOWN} more", file=self.out)
        self._inline_shown = len(self.api.inline_answers)
        self.out.flush()
