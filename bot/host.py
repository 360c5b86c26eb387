"""The host's commands (docs/operating.md): ``python -m bot health`` asks the running bot's
``/healthz`` and ``/readyz`` (the image's ``HEALTHCHECK``: no curl in a slim image),
``python -m bot backup PATH`` backs its data file up while it runs, and ``python -m bot
restore PATH`` makes a backup the data file of a stopped bot.  Each prints one line a fact
and exits 0 when all went well."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import httpx

from bot.services.watch import LATE
from bot.settings import Settings

HEALTHZ_WAIT = LATE + 0.5
"""Seconds ``/healthz`` has to answer: the loop must, within a second."""
READYZ_WAIT = 5.0
"""Seconds ``/readyz`` has to answer: its look at the workers takes up to their budget
(:data:`bot.play.monitoring.WORKERS_BUDGET`, 3 s).  The health check imports none of the
bot's application (the backups import its data file's code when asked), so that it starts
in a moment every half minute."""


def web_root(settings: Settings) -> str | None:
    """Where the running bot's web server answers on this machine (None: on no fixed port)."""
    if settings.webhook_url:
        address, port = settings.webhook_listen, settings.webhook_port
    else:
        address, port = settings.web_listen, settings.web_port
    if port == 0:
        return None
    if address in ("", "0.0.0.0"):
        address = "127.0.0.1"
    elif address == "::":
        address = "::1"
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def health_command(settings: Settings) -> int:
    """``python -m bot health``: 0 if the bot is healthy and ready, else 1 (each check said)."""
    root = web_root(settings)
    if root is None:
        print("error: the web port is chosen at start-up (TWENTYFOUR_WEB_PORT=0)", file=sys.stderr)
        return 2
    fine = True
    for path, wait in (("/healthz", HEALTHZ_WAIT), ("/readyz", READYZ_WAIT)):
        try:
            answer = httpx.get(root + path, timeout=wait)
        except httpx.TimeoutException:
            print(f"{path}: no answer within {wait:.1f} s")
            return 1  # (a loop that does not answer /healthz answers nothing else)
        except httpx.HTTPError as error:
            print(f"{path}: cannot be reached at {root} ({error})")
            return 1
        try:
            body = answer.json()
        except ValueError:
            body = {}
        said = [
            f"{name} {'ok' if part.get('ok') else 'FAILS'}: {part.get('said', '')}"
            for name, part in body.items()
            if isinstance(part, dict)
        ] or [str(body.get("loop", answer.reason_phrase))]
        print(f"{path}: {answer.status_code}; " + "; ".join(said))
        fine = fine and answer.status_code == 200
    return 0 if fine else 1


def backup_command(settings: Settings, path: str) -> int:
    """``python -m bot backup PATH``: back the data file up, while the bot may run."""
    from bot.persistence import FILE_NAME, DataFileError
    from bot.persistence.backups import backup

    data_file = settings.data_dir / FILE_NAME
    target = Path(path)
    if path.endswith(("/", os.sep)) or target.is_dir():  # a folder: made if new
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            print(f"error: cannot make the folder {target} ({error.strerror})", file=sys.stderr)
            return 2
    elif not target.parent.is_dir():
        print(
            f"error: there is no folder {target.parent}: make it first, or end PATH with / "
            "for a new folder to back up into",
            file=sys.stderr,
        )
        return 2
    try:
        written = backup(data_file, target)
    except DataFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"Backed {data_file} up to {written} ({written.stat().st_size // 1024} KiB)")
    return 0


def restore_command(settings: Settings, path: str) -> int:
    """``python -m bot restore PATH``: the backup becomes the data file (bot stopped)."""
    from bot.persistence import FILE_NAME, DataFileError, DataFolderInUse
    from bot.persistence.backups import restore

    data_file = settings.data_dir / FILE_NAME
    try:
        kept = restore(Path(path), settings.data_dir)
    except DataFolderInUse as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except DataFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    replaced = f"; the file it replaced is kept as {kept}" if kept is not None else ""
    print(f"Restored {path} as {data_file}{replaced}")
    return 0
