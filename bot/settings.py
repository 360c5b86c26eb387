"""The bot's settings, read from the environment (see the table in docs/deploying.md)."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class SettingsError(ValueError):
    """A setting with a value the bot cannot use; the message names it."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment."""

    token: str | None
    api_url: str | None
    webhook_url: str | None
    webhook_listen: str
    webhook_port: int
    webhook_secret: str | None
    data_dir: Path
    timezone: ZoneInfo
    log_level: str
    webapp_url: str | None = None
    """The Mini App's public HTTPS address (its page, served at ``/app/``); None: no button
    or link points to the app, and with polling no web server runs."""
    webapp_name: str | None = None
    """The Mini App's short name given to @BotFather's /newapp, for ``t.me/<bot>/<name>``
    links in groups (where Telegram allows no web-app buttons)."""
    game_short_name: str | None = None
    """The short name of the bot's Telegram game created with @BotFather's /newgame (the one
    a game declares, ``Game.telegram_game``: Rush's ``/game`` and inline mode send it), whose
    Play button opens the page served under ``/app/`` in the game's mode (so it needs
    :attr:`webapp_url` too); None: the game says how to enable it."""
    web_listen: str = "127.0.0.1"
    """Where the web server listens with long polling (with a webhook, the webhook's)."""
    web_port: int = 8080
    worker_memory: int | None = 256
    """MiB each solver worker may grow by (:mod:`bot.services.workers.pool`); None: no cap."""
    log_format: str = "text"
    """``text`` (one line a record, for a terminal) or ``json`` (one JSON object a line)."""
    metrics_token: str | None = None
    """A bearer token ``/metrics`` asks for (None: it answers anyone who reaches the port)."""
    backup_dir: Path | None = None
    """Where the scheduled online backups go (None: no scheduled backups)."""
    backup_hours: float = 24.0
    """Hours between two scheduled backups."""
    backup_keep: int = 7
    """Scheduled backups kept in :attr:`backup_dir` (the oldest go first)."""
    owner_id: int | None = None
    """The Telegram user id of the bot's owner, who alone has ``/admin`` (None: nobody)."""
    cache_dir: Path | None = None
    """Where the compiled catalogues are kept across starts (:func:`bot.i18n.keep_compiled`);
    None: compiled at every start."""
    start_retry: float = 1.0
    """Seconds before the first new try to reach the Bot API at start-up, doubled before
    each next one (:data:`bot.start_up.START_RETRIES` times it: 1, 2 and 4 s)."""

    @property
    def base_url(self) -> str | None:
        """PTB's ``base_url`` for a self-hosted or fake Bot API server, if one is set."""
        return f"{self.api_url.rstrip('/')}/bot" if self.api_url else None

    @property
    def base_file_url(self) -> str | None:
        """PTB's ``base_file_url`` to match :attr:`base_url`."""
        return f"{self.api_url.rstrip('/')}/file/bot" if self.api_url else None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read and check every setting; raise :class:`SettingsError` naming a bad one."""
        env = os.environ if env is None else env
        token = env.get("TELEGRAM_BOT_TOKEN", "").strip() or None
        api_url = env.get("TELEGRAM_API_URL", "").strip() or None
        if api_url and not api_url.startswith(("http://", "https://")):
            raise SettingsError(f"TELEGRAM_API_URL must start with http:// or https://: {api_url}")
        webhook_url = env.get("TELEGRAM_WEBHOOK_URL", "").strip() or None
        secret = env.get("TELEGRAM_WEBHOOK_SECRET", "").strip() or None
        if webhook_url and not secret:
            raise SettingsError("TELEGRAM_WEBHOOK_SECRET is required with TELEGRAM_WEBHOOK_URL")
        port_text = env.get("TELEGRAM_WEBHOOK_PORT", "8443").strip()
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise SettingsError(f"TELEGRAM_WEBHOOK_PORT must be a port number: {port_text}")
        zone_name = env.get("TWENTYFOUR_TIMEZONE", "UTC").strip() or "UTC"
        try:
            timezone = ZoneInfo(zone_name)
        except (ZoneInfoNotFoundError, ValueError):
            raise SettingsError(
                f"TWENTYFOUR_TIMEZONE is not a known time zone: {zone_name}"
            ) from None
        webapp_url = env.get("TWENTYFOUR_WEBAPP_URL", "").strip() or None
        if webapp_url and not webapp_url.startswith("https://"):
            # Telegram opens Mini Apps over HTTPS only (it refuses the buttons otherwise).
            raise SettingsError(f"TWENTYFOUR_WEBAPP_URL must start with https://: {webapp_url}")
        webapp_name = env.get("TWENTYFOUR_WEBAPP_NAME", "").strip() or None
        if webapp_name and not re.fullmatch(r"[A-Za-z0-9_]{3,30}", webapp_name):
            raise SettingsError(
                "TWENTYFOUR_WEBAPP_NAME must be the app's short name (3 to 30 letters, digits "
                f"or _): {webapp_name}"
            )
        game = env.get("TWENTYFOUR_GAME_SHORT_NAME", "").strip() or None
        if game and not re.fullmatch(r"[A-Za-z0-9_]{3,64}", game):
            raise SettingsError(
                "TWENTYFOUR_GAME_SHORT_NAME must be the game's short name given to @BotFather's "
                f"/newgame (3 to 64 letters, digits or _): {game}"
            )
        web_port = env.get("TWENTYFOUR_WEB_PORT", "8080").strip()
        if not web_port.isdigit() or not 0 <= int(web_port) < 65536:
            raise SettingsError(f"TWENTYFOUR_WEB_PORT must be a port number: {web_port}")
        memory = env.get("TWENTYFOUR_WORKER_MEMORY_MB", "256").strip() or "256"
        if not memory.isdigit() or 0 < int(memory) < 32:
            raise SettingsError(
                f"TWENTYFOUR_WORKER_MEMORY_MB must be 0 (no cap) or at least 32: {memory}"
            )
        # TWENTYFOUR_LOG_LEVEL, or LOG_LEVEL as earlier releases read it.
        level_name = "TWENTYFOUR_LOG_LEVEL" if env.get("TWENTYFOUR_LOG_LEVEL") else "LOG_LEVEL"
        level = env.get(level_name, "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise SettingsError(f"{level_name} must be DEBUG, INFO, WARNING or ERROR: {level}")
        log_format = env.get("TWENTYFOUR_LOG_FORMAT", "text").strip().lower() or "text"
        if log_format not in {"text", "json"}:
            raise SettingsError(f"TWENTYFOUR_LOG_FORMAT must be text or json: {log_format}")
        backup_text = env.get("TWENTYFOUR_BACKUP_DIR", "").strip()
        hours = env.get("TWENTYFOUR_BACKUP_HOURS", "24").strip() or "24"
        try:
            backup_hours = float(hours)
        except ValueError:
            backup_hours = 0.0
        if not 0.01 <= backup_hours <= 24 * 366:  # (nan fails both)
            raise SettingsError(
                f"TWENTYFOUR_BACKUP_HOURS must be a number of hours, at least 0.01: {hours}"
            )
        keep = env.get("TWENTYFOUR_BACKUP_KEEP", "7").strip() or "7"
        if not keep.isdigit() or int(keep) < 1:
            raise SettingsError(
                f"TWENTYFOUR_BACKUP_KEEP must be a whole number, at least 1: {keep}"
            )
        retry_text = env.get("TWENTYFOUR_START_RETRY_SECONDS", "1").strip() or "1"
        try:
            start_retry = float(retry_text)
        except ValueError:
            start_retry = -1.0
        if not 0.01 <= start_retry <= 600:  # (nan fails both)
            raise SettingsError(
                "TWENTYFOUR_START_RETRY_SECONDS must be a number of seconds, 0.01 to 600: "
                f"{retry_text}"
            )
        owner = env.get("TWENTYFOUR_OWNER_ID", "").strip()
        if owner and not (owner.isdigit() and 0 < int(owner) < 2**53):
            # A user's id is a positive number (a group's is negative: no chat owns the bot).
            raise SettingsError(
                f"TWENTYFOUR_OWNER_ID must be a Telegram user's id (a positive number): {owner}"
            )
        return cls(
            token=token,
            api_url=api_url,
            webhook_url=webhook_url,
            webhook_listen=env.get("TELEGRAM_WEBHOOK_LISTEN", "0.0.0.0").strip() or "0.0.0.0",
            webhook_port=int(port_text),
            webhook_secret=secret,
            data_dir=Path(env.get("TWENTYFOUR_DATA_DIR", "").strip() or "./data"),
            timezone=timezone,
            log_level=level,
            webapp_url=webapp_url,
            webapp_name=webapp_name,
            game_short_name=game,
            web_listen=env.get("TWENTYFOUR_WEB_LISTEN", "127.0.0.1").strip() or "127.0.0.1",
            web_port=int(web_port),
            worker_memory=int(memory) or None,
            log_format=log_format,
            metrics_token=env.get("TWENTYFOUR_METRICS_TOKEN", "").strip() or None,
            backup_dir=Path(backup_text) if backup_text else None,
            backup_hours=backup_hours,
            backup_keep=int(keep),
            owner_id=int(owner) if owner else None,
            start_retry=start_retry,
            cache_dir=_cache_dir(env),
        )


def _cache_dir(env: Mapping[str, str]) -> Path | None:
    """``TWENTYFOUR_CACHE_DIR``, else ``twenty-four`` in ``XDG_CACHE_HOME`` or ``~/.cache``
    (None where there is no home)."""
    chosen = env.get("TWENTYFOUR_CACHE_DIR", "").strip()
    if chosen:
        return Path(chosen)
    base = env.get("XDG_CACHE_HOME", "").strip()
    if base:
        return Path(base) / "twenty-four"
    try:
        return Path.home() / ".cache" / "twenty-four"
    except RuntimeError:  # no HOME, no entry in the user database
        return None
