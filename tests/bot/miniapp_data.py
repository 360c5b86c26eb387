"""Launch data for the Mini App's tests, signed here as Telegram documents it, independently
of the bot's own code (``bot.services.launch_data``): the tests check the bot against this."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlencode

TOKEN = "42:TEST"
"""The token the test harness runs the bot with."""


def user_json(user_id: int, first_name: str = "Ann", language: str = "en") -> str:
    """A ``user`` field as Telegram writes it."""
    return json.dumps(
        {
            "id": user_id,
            "first_name": first_name,
            "language_code": language,
            "allows_write_to_pm": True,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def sign(fields: dict[str, str], token: str = TOKEN) -> str:
    """``fields`` with their ``hash``: hex HMAC-SHA256 of the sorted ``key=value`` lines,
    keyed with HMAC-SHA256(key="WebAppData", message=token); URL-encoded."""
    check_string = "\n".join(f"{key}={fields[key]}" for key in sorted(fields))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    digest = hmac.new(secret, check_string.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest})


def init_data(
    user_id: int,
    auth_date: float,
    *,
    first_name: str = "Ann",
    language: str = "en",
    token: str = TOKEN,
    **extra: str,
) -> str:
    """Launch data for a user, signed at ``auth_date`` (seconds) for the bot of ``token``."""
    fields = {
        "auth_date": str(int(auth_date)),
        "query_id": "AAHdF6IQAAAAAN0XohDhrOrc",
        "user": user_json(user_id, first_name, language),
        **extra,
    }
    return sign(fields, token)
