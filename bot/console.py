"""The console game: the real bot and its handlers, with a chat in the terminal.

Lines you type are messages from the current user in the current chat.  Lines that start
with ``:`` steer the simulation (``:help`` lists them).  Standard input may be a pipe, so a
session can be scripted; the console exits at end of input.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, TextIO

from telegram import Update
from telegram.ext import Application, TypeHandler

from bot.app import build_application, run_polling
from bot.context import services
from bot.local_api import LocalBotApi, LocalTransport, plain_text
from bot.services.miniapp import launch_hash, sign_init_data
from bot.services.outbox import Outbox
from bot.settings import Settings

GROUP_ID = -1_001_000_000_001
INLINE_SHOWN = 10
"""Inline results printed for one query."""
QUIET = 0.05
"""Seconds to let messages sent after an update's handlers (error reports) arrive."""
LAST_GROUP = 1_000

CONSOLE_HELP = """Console commands:
  :group            talk in the simulated group (privacy mode on, as on Telegram)
  :private          talk to the bot in private
  :user NAME        become another user (created on first use), e.g. :user Bob
  :reply N TEXT     reply to the bot's message #N
  :press N BUTTON   press a button under message #N, by its label or its number (1, 2, …)
  :inline QUERY     type @bot QUERY in the chat (inline mode): lists what the bot offers
  :app              the address that opens the Mini App in a browser, as the current user
  :help             this help
  :quit             leave (Ctrl-D and Ctrl-C do the same)"""

ASCII = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "*", "÷": "/", "◀": "<", "▶": ">"})
"""How a button label may be typed on a keyboard without those signs."""


def _name() -> str:
    """The console user's name: the login name (``alice`` gives Alice), else Player."""
    login = os.environ.get("USER", "") or os.environ.get("USERNAME", "")
    return login.capitalize() if login.isalpha() and login != "root" else "Player"


def _plain_label(label: str) -> str:
    """A button's label as it may be typed: ASCII signs, no marker of the current option."""
    return label.translate(ASCII).removeprefix("• ").strip().lower()


def _language() -> str:
    """The console user's language, from the terminal's locale (zh_CN.UTF-8 gives zh)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value in ("C", "POSIX") or value.startswith("C."):
            break  # no language: the locale of a bare system or a container
        if value:
            return value.split(".")[0].replace("_", "-").lower()
    return "en"


class Console:
    """One terminal session against a :class:`LocalBotApi`."""

    def __init__(self, api: LocalBotApi, out: TextIO, token: str = "1:CONSOLE") -> None:
        self.api = api
        self.out = out
        self.token = token
        self.web_address: str | None = None
        """Where the bot serves the Mini App, once it does."""
        self.users: dict[str, int] = {}
        self.user_id = self._user(_name())
        self.chat_id = self.user_id
        api.add_group(GROUP_ID, "Console group", admins={self.user_id})
        api.on_sent(self._show)
        self._answers_shown = 0
        self._inline_shown = 0

    def _user(self, name: str) -> int:
        if name not in self.users:
            user_id = 10_000 + len(self.users)
            self.api.add_user(user_id, name, language_code=_language())
            self.users[name] = user_id
        return self.users[name]

    def _where(self) -> str:
        return "group" if self.chat_id == GROUP_ID else "private"

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
                "and mentions. Try :reply N TEXT.)",
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
        elif word == ":inline" and rest.strip():
            self.api.inline_query(self.user_id, rest.strip(), chat_type=self._chat_type())
            return True
        elif word == ":app":
            print(self.app_line(), file=self.out)
            return True
        else:
            print(CONSOLE_HELP, file=self.out)
            return True
        names = {v: k for k, v in self.users.items()}
        print(f"(you are {names[self.user_id]}, in the {self._where()} chat)", file=self.out)
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
            if len(results) > INLINE_SHOWN:
                print(f"    … and {len(results) - INLINE_SHOWN} more", file=self.out)
        self._inline_shown = len(self.api.inline_answers)
        self.out.flush()


class _Progress:
    """Counts the updates the application has finished with."""

    def __init__(self) -> None:
        self.done = 0

    async def mark(self, update: object, context: object) -> None:
        """Runs after every other handler of an update (it sits in the last group)."""
        self.done += 1


async def _wait_until_answered(
    api: LocalBotApi, progress: _Progress, outbox: Outbox, timeout: float = 30
) -> None:
    """Wait until the bot has handled every update sent so far and sent its replies."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while progress.done < api.pushed and loop.time() < deadline:
        await asyncio.sleep(0.02)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(outbox.drained(), max(deadline - loop.time(), 0))
    await asyncio.sleep(QUIET)


async def run_console(
    settings: Settings, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout
) -> int:
    """Play in the terminal until ``:quit``, end of input or Ctrl-C; returns the exit status."""
    with tempfile.TemporaryDirectory(prefix="twentyfour-photos-") as photos:
        return await _play(settings, stdin, out, Path(photos))


async def _play(settings: Settings, stdin: TextIO, out: TextIO, photos: Path) -> int:
    api = LocalBotApi()

    def save(data: bytes) -> str:
        path = photos / f"photo{len(list(photos.iterdir())) + 1}.jpg"
        path.write_bytes(data)
        return str(path)

    console_settings = Settings(**{**settings.__dict__, "data_dir": settings.data_dir / "console"})
    # A token made here, never shown: the Mini App's launch data is signed with a key made
    # from it, so that nobody else can sign in as a console user.
    token = f"1:{secrets.token_hex(24)}"
    application = build_application(
        console_settings, token=token, transport=LocalTransport(api, save_files=save)
    )
    progress = _Progress()
    # Console only: a last-group handler tells when the bot is done with an update.
    application.add_handler(TypeHandler(Update, progress.mark), group=LAST_GROUP)
    console = Console(api, out, token)
    stop = asyncio.Event()
    # The Mini App on localhost (TWENTYFOUR_WEB_PORT, or any free port if it is taken);
    # with no public address no button points to it, and the console prints where it is.
    runner = asyncio.create_task(
        run_polling(application, stop, timeout=1, serve_app=True, any_port=True)
    )
    await _wait_for_address(application, runner)
    console.web_address = services(application).web_address
    if stdin.isatty():
        name = {v: k for k, v in console.users.items()}[console.user_id]
        print(
            f"Twenty-Four console. You are {name}, chatting with the bot in private; "
            "type /start, or :help for console commands, :quit to leave.\n"
            f"Your games are kept in {console_settings.data_dir} "
            "(delete that folder to start afresh).",
            file=out,
        )
    print(console.app_line(), file=out)
    out.flush()
    lines = _read_lines(stdin)
    while True:
        line = await lines.get()
        if not line or not console.handle(line):
            break
        await _wait_until_answered(api, progress, services(application).outbox)
        console.show_button_answers()
        console.show_inline_answers()
    stop.set()
    return await runner


async def _wait_for_address(application: Application, runner: asyncio.Task[int]) -> None:
    """Wait until the bot's web server listens (or the bot has stopped)."""
    while services(application).web_address is None and not runner.done():
        await asyncio.sleep(0.02)


def _read_lines(stdin: TextIO) -> asyncio.Queue[str]:
    """Lines of ``stdin`` as they are typed, then ``""`` at its end or on Ctrl-C.

    The reading happens in a daemon thread: a read blocked on the terminal must not keep
    the process alive once the console has stopped (an executor thread would).
    """
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def put(line: str) -> None:
        with contextlib.suppress(RuntimeError):  # the console has already closed its loop
            loop.call_soon_threadsafe(lines.put_nowait, line)

    def read() -> None:
        for line in iter(stdin.readline, ""):
            put(line)
        put("")

    threading.Thread(target=read, name="console input", daemon=True).start()
    # Ctrl-C ends the session like end of input: the bot stops cleanly and saves.
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGINT, lines.put_nowait, "")
    return lines
