"""The bot's log: plain lines, or one JSON object a line (``TWENTYFOUR_LOG_FORMAT=json``), at
``TWENTYFOUR_LOG_LEVEL``; what a line may hold (ids, counts, times, never what people wrote,
their names or the token) and why httpx is quietened: docs/operating.md, *Logs*."""

from __future__ import annotations

import logging
import sys
from typing import TextIO

from pythonjsonlogger.json import JsonFormatter

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JSON_FIELDS = "{levelname}{name}{message}"
RENAMED = {"levelname": "level", "name": "logger"}
QUIET = {"httpx": logging.WARNING, "httpcore": logging.WARNING, "apscheduler": logging.WARNING}
"""Libraries quietened below WARNING: httpx's INFO lines would name the token (Telegram's
addresses hold it), APScheduler's say every job added and removed (a few each round)."""

_installed: logging.Handler | None = None


def formatter(form: str) -> logging.Formatter:
    """The formatter of ``form`` (``text`` or ``json``)."""
    if form == "json":
        # "time": ISO 8601, in UTC.
        return JsonFormatter(JSON_FIELDS, style="{", rename_fields=RENAMED, timestamp="time")
    return logging.Formatter(TEXT_FORMAT)


def configure(level: str, form: str = "text", stream: TextIO | None = None) -> logging.Handler:
    """Send the log to ``stream`` (standard error by default) at ``level``, as ``form``;
    returns the handler (the root logger's only one)."""
    global _installed
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(formatter(form))
    root = logging.getLogger()
    if _installed is not None:
        root.removeHandler(_installed)
    _installed = handler
    root.addHandler(handler)
    root.setLevel(level)
    for name, quiet in QUIET.items():
        logging.getLogger(name).setLevel(max(quiet, logging.getLevelName(level)))
    return handler
