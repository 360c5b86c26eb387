"""The bot under ``bench/isolation_bench.py``: the numbers it is held to, its code loaded from a
checkout, and what it sends, watched."""

from __future__ import annotations

import asyncio
import contextlib
import html
import importlib
import inspect
import re
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checkout import strays, use_checkout

PROBE, ATTACKER, MEMBER = 101, 666, 102
PROBES = (PROBE, 103, 104, 105)
"""The probe users, who take turns."""
GROUP = -1_000_100
"""The group the attacker floods, where the member then deals."""
ATTACK_GROUP = -1_000_666
"""The attacker's own group, where the /solve commands go."""
SIGTERM_USERS = [201, 202, 203, 204, 205]
SIGTERM_PINGER = 200
SIGTERM_GROUP = -1_000_200

PROBE_EVERY = 0.25
PROBE_WINDOW = 10.0
"""A probe with no reply this long after it was due counts as unanswered."""
FLOOD = 300
SOLVES = 30
INLINE = 30
SIGTERM_REPLIES = 500
STARTUP_LIMIT = 60.0
"""Seconds the bot has to answer its first /start (in-process and as a process)."""
ATTACK_REPLY_LIMIT = 30.0
"""Seconds the attacker waits for each reply before giving up on the rest."""
DEAL_GRACE = 2.0
"""After a text reply to a deal command, seconds to wait for a picture all the same."""
GROUP_DEAL_LIMIT = 120.0
STOP_LIMIT = 30.0
SIGTERM_LIMIT = 60.0
FIRST_REPLY_LIMIT = 30.0

P99_TARGET_MS = 100.0
MAX_TARGET_MS = 500.0
GROUP_DEAL_TARGET = 5.0
SIGTERM_TARGET = 5.0

ATTACK_SEQUENCE: list[tuple[str, bool]] = [
    ("/settings cards 6", False),
    ("/settings difficulty easy", False),
    ("/play", True),
    ("/settings cards 4", False),
    ("/settings target 100", False),
    ("/settings difficulty easy", False),
    ("/skip", True),
    ("/skip", True),
    ("/skip", True),
]
"""The attacker's private chat: (command, whether it deals)."""


def say(text: str) -> None:
    """Progress, on standard error."""
    print(text, file=sys.stderr, flush=True)


# --- the bot under test -------------------------------------------------------------------


@dataclass
class BotCode:
    """The bot's public interface, imported from one checkout."""

    root: Path
    build_application: Callable[..., Any]
    run_polling: Callable[..., Any]
    settings_class: Any
    api_class: Any
    transport_class: Any
    serve: Callable[..., Any]
    flood_limits: bool

    def new_api(self) -> Any:
        """A local Bot API, with Telegram's flood limits where this version has them."""
        return self.api_class(flood_limits=True) if self.flood_limits else self.api_class()

    def build(self, data: Path, api: Any) -> Any:
        """The real application, talking to ``api`` in-process, with outgoing limits on."""
        settings = self.settings_class.from_env({"TWENTYFOUR_DATA_DIR": str(data)})
        kwargs: dict[str, Any] = {"token": "42:BENCH", "transport": self.transport_class(api)}
        if "rate_limited" in inspect.signature(self.build_application).parameters:
            kwargs["rate_limited"] = True
        return self.build_application(settings, **kwargs)


def load_bot(path: str | None) -> BotCode:
    """Import the bot, its local Bot API and the solver, from ``path`` when given."""
    use_checkout(path)
    modules = {
        name: importlib.import_module(name)
        for name in ("bot.app", "bot.local_api", "bot.settings", "solver")
    }
    app, local_api = modules["bot.app"], modules["bot.local_api"]
    if app.__file__ is None:
        raise SystemExit(f"bot.app has no file: {app}")
    found = Path(app.__file__).resolve().parent.parent
    if strays(found):
        raise SystemExit(f"modules not from {found}: {', '.join(strays(found))}")
    return BotCode(
        root=found,
        build_application=app.build_application,
        run_polling=app.run_polling,
        settings_class=modules["bot.settings"].Settings,
        api_class=local_api.LocalBotApi,
        transport_class=local_api.LocalTransport,
        serve=local_api.serve,
        flood_limits="flood_limits" in inspect.signature(local_api.LocalBotApi).parameters,
    )


# --- watching what the bot sends ------------------------------------------------------------


@dataclass
class Seen:
    """A message the bot sent, and when (``time.perf_counter()``)."""

    at: float
    message: dict[str, Any]

    @property
    def photo(self) -> bool:
        return "photo" in self.message

    def text(self) -> str:
        """What a client shows: tags dropped, entities decoded."""
        raw = self.message.get("text") or self.message.get("caption") or ""
        return html.unescape(re.sub(r"<[^<>]*>", "", raw))

    def line(self, about: str = "") -> str:
        """One line of the message for the report: the first line mentioning ``about``
        (case-insensitive), else the first; a picture is marked as such."""
        lines = [line.strip() for line in self.text().splitlines() if line.strip()] or [""]
        chosen = next((x for x in lines if about and about.lower() in x.lower()), lines[0])
        chosen = chosen if len(chosen) <= 70 else chosen[:69] + "…"
        return f"[picture] {chosen}" if self.photo else chosen


class Watch:
    """Every message the bot sends, by chat, through ``api.on_sent``; waits are event-driven."""

    def __init__(self, api: Any) -> None:
        self.log: dict[int, list[Seen]] = defaultdict(list)
        self.edits = 0
        self.hooks: dict[int, Callable[[Seen], None]] = {}
        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._changed = asyncio.Event()
        api.on_sent(self._sent)

    def _sent(self, message: dict[str, Any]) -> None:
        at = time.perf_counter()
        if message.get("edited"):
            self.edits += 1
            return
        seen = Seen(at, message)
        chat = message["chat"]["id"]
        self.log[chat].append(seen)
        hook = self.hooks.get(chat)
        if hook is not None:
            hook(seen)
        if threading.get_ident() == self._thread:
            self.pulse()
        else:
            self._loop.call_soon_threadsafe(self.pulse)

    def pulse(self) -> None:
        """Wake everyone waiting in :meth:`until`."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def until(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Wait until ``condition()`` holds (checked at each message) or ``deadline``."""
        while True:
            changed = self._changed
            if condition():
                return True
            left = deadline - time.perf_counter()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), left)


def first_photo(log: list[Seen], start: int) -> Seen | None:
    return next((seen for seen in log[start:] if seen.photo), None)
