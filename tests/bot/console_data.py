"""The console as the console's tests drive it: a keyboard the test types on, a session of
the real console in this process, a script played through one, and a wait for what a console
printed (``test_console*.py``)."""

from __future__ import annotations

import asyncio
import io
import queue
import re
from pathlib import Path
from typing import TextIO, cast

from bot.console import run_console
from bot.settings import Settings
from tests.bot.data_files import seed_tables


class Keyboard(io.TextIOBase):
    """Standard input that the test types on, line by line, while the console runs."""

    def __init__(self) -> None:
        self._lines: queue.Queue[str] = queue.Queue()

    def type(self, line: str) -> None:
        self._lines.put(line + "\n")

    def close(self) -> None:
        """End of input (Ctrl-D)."""
        self._lines.put("")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        return self._lines.get()

    def isatty(self) -> bool:
        return False


class Session:
    """One console session: what was typed and what it printed."""

    def __init__(self, data: Path, environment: dict[str, str] | None = None) -> None:
        self.keyboard = Keyboard()
        self.out = io.StringIO()
        settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data), **(environment or {})})
        self.task = asyncio.create_task(
            run_console(settings, cast(TextIO, self.keyboard), self.out)
        )

    async def shown(self, pattern: str, timeout: float = 30) -> re.Match[str]:
        """Wait until the console has printed something that matches ``pattern``."""
        try:
            async with asyncio.timeout(timeout):
                while (found := re.search(pattern, self.out.getvalue())) is None:
                    if self.task.done():
                        raise AssertionError(f"the console ended: {self.out.getvalue()}")
                    await asyncio.sleep(0.02)
        except TimeoutError:
            self.keyboard.close()  # the console stops and saves; the test fails
            raise AssertionError(f"{pattern!r} never shown: {self.out.getvalue()}") from None
        return found

    async def end(self) -> str:
        """End the input and wait for the console to save and stop; its whole output."""
        self.keyboard.close()
        assert await asyncio.wait_for(self.task, timeout=30) == 0
        return self.out.getvalue()


async def play(data: Path, script: str, environment: dict[str, str] | None = None) -> str:
    """A session (with ``environment``) that types ``script`` and ends; what it printed."""
    session = Session(data, environment)
    for line in script.splitlines():
        session.keyboard.type(line)
    return await session.end()


async def served(data: Path, script: str) -> str:
    """:func:`play` in a console with its tables seeded and its web server on a free port
    (the page's address printed, served)."""
    seed_tables(data / "console")
    return await play(data, script, {"TWENTYFOUR_WEB_PORT": "0"})


async def shown(out: io.StringIO, task: asyncio.Task[int], pattern: str, since: int = 0) -> str:
    """Wait (30 s at most) until the console run by ``task`` has printed ``pattern`` after
    ``since``: its first group (or the whole match where it has none)."""
    async with asyncio.timeout(30):
        while (found := re.search(pattern, out.getvalue()[since:])) is None:
            assert not task.done(), out.getvalue()
            await asyncio.sleep(0.02)
    return found.group(1) if found.groups() else found.group(0)
