"""Scheduled backups of the data file (``TWENTYFOUR_BACKUP_DIR``): every
``TWENTYFOUR_BACKUP_HOURS`` hours an online backup (:mod:`bot.persistence.backups`) is
written into the folder, in a thread of its own while the bot serves, and the oldest beyond
``TWENTYFOUR_BACKUP_KEEP`` are removed.  The next one is due that long after the newest in
the folder, so that a bot restarted more often than that still backs up on time."""

from __future__ import annotations

import asyncio
import logging
import time

from telegram.ext import Application

from bot.context import BotContext, services
from bot.persistence import FILE_NAME, DataFileError
from bot.persistence.backups import backup, newest, prune
from bot.typed_handlers import jobs_of

logger = logging.getLogger(__name__)

FIRST_AFTER = 60.0
"""Seconds after start-up of the first backup when one is due already (or none was made)."""


def schedule(application: Application) -> None:
    """Schedule the backups, if a folder is set."""
    settings = services(application).settings
    folder = settings.backup_dir
    if folder is None:
        return
    every = settings.backup_hours * 3600
    try:
        folder.mkdir(parents=True, exist_ok=True)
        last = newest(folder)
        due = FIRST_AFTER if last is None else last.stat().st_mtime + every - time.time()
    except OSError as error:
        logger.error("Cannot use the backup folder %s (%s)", folder, error)
        due = every
    jobs_of(application).run_repeating(
        back_up, interval=every, first=max(FIRST_AFTER, due), name="backup"
    )


async def back_up(context: BotContext) -> None:
    """Job: write a backup, and keep the newest ones only."""
    data = context.bot_data
    settings = data.settings
    assert settings.backup_dir is not None
    try:
        path = await asyncio.to_thread(backup, settings.data_dir / FILE_NAME, settings.backup_dir)
        gone = await asyncio.to_thread(prune, settings.backup_dir, settings.backup_keep)
    except (DataFileError, OSError) as error:
        data.backups["failed"] = data.backups.get("failed", 0) + 1
        logger.error("Backup failed: %s", error)
        return
    data.backups["ok"] = data.backups.get("ok", 0) + 1
    data.backups["last"] = time.time()
    logger.info(
        "Backed the data up to %s (%d KiB; %d older removed)",
        path,
        path.stat().st_size // 1024,
        len(gone),
    )
