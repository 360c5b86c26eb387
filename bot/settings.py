"""The bot's settings, read from the environment (see the README's table)."""

from __future__ import annotations

import os
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
        level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR: {level}")
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
        )
