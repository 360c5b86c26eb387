"""Errors the bot logs, counted since start and gathered for the owner's report (sent at
most once a minute: :mod:`bot.features.admin`): a logging handler on the root logger, at
level ERROR, that keeps the count and the first error since the last report."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

SUMMARY_CHARS = 300
"""Characters of an error's first line kept for the report."""


@dataclass(frozen=True)
class ErrorReport:
    """Errors since the last report: how many, the first of them, and all since start."""

    count: int
    first: str
    total: int


class ErrorWatch(logging.Handler):
    """Counts the records of level ERROR and above (logged from any thread)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.total = 0
        self._count = 0
        self._first = ""
        self._reported_at = float("-inf")
        self._guard = threading.Lock()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            what = (record.getMessage().splitlines() or [""])[0]
        except Exception:  # a record whose arguments do not fit its message
            self.handleError(record)
            what = str(record.msg)
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            what = f"{what}: {type(error).__name__}: {error}".strip(": ")
        with self._guard:
            self.total += 1
            self._count += 1
            if self._count == 1:
                self._first = f"{record.name}: {what}"[:SUMMARY_CHARS]

    def take(self, now: float, every: float) -> ErrorReport | None:
        """The errors since the last report, if any and if that report was made ``every``
        seconds before ``now`` or more (monotonic seconds): then they are reported."""
        with self._guard:
            if not self._count or now - self._reported_at < every:
                return None
            report = ErrorReport(self._count, self._first, self.total)
            self._count, self._first, self._reported_at = 0, "", now
            return report

    def attach(self) -> None:
        """Watch every logger (through the root's handlers)."""
        logging.getLogger().addHandler(self)

    def detach(self) -> None:
        """Stop watching."""
        logging.getLogger().removeHandler(self)
