"""The console's run: the bot polling a :class:`LocalBotApi` in this process, the terminal's
lines fed to it one at a time, each shown with the bot's answers before the next is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import sys
import threading
from pathlib import Path
from typing import TextIO

from telegram.ext import Application

from bot.app import build_application, run_polling, telegram_game
from bot.console.numbers import MessageNumbers
from bot.console.session import GROUP_ID, Console
from bot.console.users import UserTable
from bot.context import services
from bot.local_api import LocalBotApi, LocalTransport
from bot.services.outbox import Outbox
from bot.settings import Settings

QUIET = 0.05
"""Seconds to let messages sent after an update's handlers (error reports) arrive."""
HELD_AT_END = 60.0
"""Seconds that the end of input waits at most for the replies Telegram's limits hold (a
group's window is a minute): a piped script gets every reply to its lines."""
INTERRUPTED = None
"""What :func:`_read_lines` gives on Ctrl-C (the end of input gives ``""``)."""
PICTURES = "pictures"
"""The folder, in the console's data folder, where the pictures the bot sends are kept."""


def picture_name(data: bytes) -> str:
    """A picture's file extension from its first bytes: the deals are JPEG, charts PNG."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return ".png"
    if data.startswith(b"\xff\xd8\xff"):
        return ".jpg"
    return ".bin"


class Pictures:
    """Keeps each picture the bot sends as a numbered file (``photo12.jpg``), numbered on
    from the files an earlier session kept."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        numbers = [
            int(path.stem.removeprefix("photo"))
            for path in folder.glob("photo*")
            if path.stem.removeprefix("photo").isdigit()
        ]
        self.last = max(numbers, default=0)

    def save(self, data: bytes) -> str:
        """Write one picture; returns its path."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.last += 1
        path = self.folder / f"photo{self.last}{picture_name(data)}"
        path.write_bytes(data)
        return str(path)


async def _wait_until_answered(
    api: LocalBotApi, application: Application, outbox: Outbox, timeout: float = 30
) -> None:
    """Wait until the bot has handled every update sent so far and sent the replies due
    now; not those that wait (a chat's limits, a status message's or a match's ``/score``
    hold): they come later, each with its chat's label, while the next typed line is read
    at once (it used to wait behind them, for up to half a minute)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not api.drained and loop.time() < deadline:
        await asyncio.sleep(0.02)
    # PTB marks an update done when its handling ends, however it ends: a handler that
    # stops the later groups (the owner's /admin does) is counted too.
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout_at(deadline):
            await application.update_queue.join()
    while outbox.busy() and loop.time() < deadline:
        await asyncio.sleep(0.02)
    await asyncio.sleep(QUIET)


async def _wait_for_held(outbox: Outbox, lines: asyncio.Queue[str | None], out: TextIO) -> None:
    """At the end of input, wait (:data:`HELD_AT_END` at most, or until Ctrl-C) for the
    replies that a chat's limits still hold, which stopping would drop."""
    if not outbox.pending():
        return
    print(
        f"(Waiting up to {HELD_AT_END:.0f} s for the replies Telegram's limits hold; "
        "Ctrl-C stops now.)",
        file=out,
    )
    out.flush()
    sent = asyncio.ensure_future(outbox.drained())
    interrupted = asyncio.ensure_future(lines.get())
    try:
        await asyncio.wait({sent, interrupted}, timeout=HELD_AT_END, return_when="FIRST_COMPLETED")
    finally:
        sent.cancel()
        interrupted.cancel()
    if sent.done() and not sent.cancelled():
        await asyncio.sleep(QUIET)


async def run_console(
    settings: Settings, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout
) -> int:
    """Play in the terminal until ``:quit``, end of input or Ctrl-C; returns the exit status."""
    api = LocalBotApi()
    # The console's bot has the first Telegram game a game declares, as if made with
    # @BotFather's /newgame (under TWENTYFOUR_GAME_SHORT_NAME, if set).
    made = telegram_game()
    game = settings.game_short_name or (made.short_name if made is not None else None)
    if made is not None and game is not None:
        api.games.register(game, made.title, made.description)
    console_settings = Settings(
        **{**settings.__dict__, "data_dir": settings.data_dir / "console", "game_short_name": game}
    )
    pictures = Pictures(console_settings.data_dir / PICTURES)
    users = UserTable(console_settings.data_dir)  # one that cannot be read stops us here
    numbers = MessageNumbers(console_settings.data_dir)  # so does this one
    api.number_on(numbers.last)  # on from the last session's: an old message is not a new one
    # A token made here, never shown: the Mini App's launch data is signed with a key made
    # from it, so that nobody else can sign in as a console user.
    token = f"1:{secrets.token_hex(24)}"
    application = build_application(
        console_settings, token=token, transport=LocalTransport(api, save_files=pictures.save)
    )
    # After build_application, which holds the data folder's lock: no other console writes
    # the user table meanwhile.
    console = Console(api, out, users, token)
    # The outbox tells when Telegram's limits hold the bot's messages; the console says so.
    outbox = services(application).outbox
    outbox.on_held = lambda chat_id, seconds: console.show_held(
        chat_id, seconds, outbox.held_by(chat_id)
    )
    stop = asyncio.Event()
    earlier = EarlierMessages(out)
    outbox_log = logging.getLogger("bot.services.outbox")
    outbox_log.addFilter(earlier)
    # A game's own warnings about such a message (a shared challenge's edit) come from its
    # own logger: the handlers that print them take the filter too.
    printers = list(logging.getLogger().handlers)
    for printer in printers:
        printer.addFilter(earlier)
    # The Mini App on localhost (TWENTYFOUR_WEB_PORT, or any free port if it is taken);
    # with no public address no button points to it, and the console prints where it is.
    # No command menus: nothing shows them, and the in-process Bot API forgets them when
    # the session ends (publishing them, every language's, took a third of the start-up).
    runner = asyncio.create_task(
        run_polling(application, stop, timeout=1, serve_app=True, any_port=True, menus=False)
    )
    await _wait_for_address(application, runner)
    if runner.done():  # it could not start: its status says why
        return await runner
    try:
        # What the bot read from the data file at start-up: who played here before.
        console.users.in_use([*application.user_data, *application.chat_data])
        group = application.chat_data.get(GROUP_ID)
        if group is not None:
            console.adopt(group.members)
        console.web_address = services(application).web_address
        if stdin.isatty():
            print(
                f"Twenty-Four console. You are {console.name}, chatting with the bot in "
                "private; type /start, or :help for console commands, :quit to leave.\n"
                "Your games, your users and the pictures the bot sends are kept in "
                f"{console_settings.data_dir} (delete that folder to start afresh).",
                file=out,
            )
        print(console.app_line(), file=out)
        out.flush()
        lines = _read_lines(stdin)
        while True:
            line = await lines.get()
            if line == "":
                await _wait_for_held(outbox, lines, out)
                break
            if line is INTERRUPTED or not console.handle(line):
                break
            await _wait_until_answered(api, application, services(application).outbox)
            numbers.save(api.last_numbers)  # a few bytes, written only when a number grew
            console.show_button_answers()
            console.show_inline_answers()
    finally:
        stop.set()  # the bot stops cleanly and saves, whatever ended the session
    try:
        return await runner
    finally:
        numbers.save(api.last_numbers)  # with those sent as the bot stopped
        outbox_log.removeFilter(earlier)
        for printer in printers:
            printer.removeFilter(earlier)


EARLIER = ("message to edit not found", "message to delete not found", "message_id_invalid")
"""What the console's server answers to an edit or a deletion of a message it does not have
(``MESSAGE_ID_INVALID``: one sent through inline mode): in the console, one of an earlier
session's (the console keeps no messages between sessions; the bot's data does, and edits
them when their game ends: an invitation that expired, a standings message, a challenge
shared in a chat)."""


class EarlierMessages(logging.Filter):
    """The outbox's warnings about messages of an earlier console session (see
    :data:`EARLIER`): not this session's trouble, so they are told in one line, once, on
    the console's output, and not logged."""

    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self.out = out
        self.told = False

    def filter(self, record: logging.LogRecord) -> bool:
        if not any(words in record.getMessage().lower() for words in EARLIER):
            return True
        if not self.told:
            self.told = True
            print(
                "(The bot updated messages of an earlier console session, such as a duel "
                "invitation that expired meanwhile: the console keeps no messages between "
                "sessions, so they are left out.)",
                file=self.out,
            )
            self.out.flush()
        return False


async def _wait_for_address(application: Application, runner: asyncio.Task[int]) -> None:
    """Wait until the bot's web server listens (or the bot has stopped)."""
    while services(application).web_address is None and not runner.done():
        await asyncio.sleep(0.02)


def _read_lines(stdin: TextIO) -> asyncio.Queue[str | None]:
    """Lines of ``stdin`` as they are typed, then ``""`` at its end, or
    :data:`INTERRUPTED` on Ctrl-C.

    The reading happens in a daemon thread: a read blocked on the terminal must not keep
    the process alive once the console has stopped (an executor thread would).
    """
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def put(line: str) -> None:
        with contextlib.suppress(RuntimeError):  # the console has already closed its loop
            loop.call_soon_threadsafe(lines.put_nowait, line)

    def read() -> None:
        for line in iter(stdin.readline, ""):
            put(line)
        put("")

    threading.Thread(target=read, name="console input", daemon=True).start()
    # Ctrl-C ends the session at once, without waiting for held replies; the bot still
    # stops cleanly and saves.
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGINT, lines.put_nowait, INTERRUPTED)
    return lines
