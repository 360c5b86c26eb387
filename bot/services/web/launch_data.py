"""The Mini App's launch data (``initData``), as Telegram documents it in "Validating data
received via the Mini App": signed with a key made from the bot's token, checked here
(:func:`check_init_data`) before anything it says is believed, and signed here too, as
Telegram would, for the console and the tests (:func:`sign_init_data`, :func:`launch_hash`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlencode

MAX_AGE = 3600.0
"""Seconds launch data stays good (``auth_date`` older than that: 401).  The page sends it
with every call while it is open: a copy of it (from a shared address, a log) is of use
for an hour at most."""


@dataclass(frozen=True)
class AppUser:
    """The player, as the checked launch data gives them."""

    id: int
    first_name: str
    language_code: str | None = None
    start_param: str | None = None
    """What a ``t.me/<bot>/<app>?startapp=…`` link passed (``daily``, ``practice``)."""


def secret_key(token: str) -> bytes:
    """The key launch data is signed with: HMAC-SHA256 of the bot's token, keyed with the
    text ``WebAppData`` (Telegram's "Validating data received via the Mini App")."""
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def check_init_data(
    raw: str, token: str, now: float, *, max_age: float = MAX_AGE
) -> AppUser | None:
    """The player of launch data signed for the bot with ``token`` and at most ``max_age``
    seconds old at ``now``; None for anything else (a field changed, another bot's, old,
    unreadable).

    The hash is the hex HMAC-SHA256, keyed with :func:`secret_key`, of the other fields as
    ``key=value`` lines sorted by key, values URL-decoded.
    """
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    given = fields.pop("hash", "")
    if len(fields) + 1 != len(pairs) or not given:
        return None  # no hash, or a field twice: which one was signed?
    lines = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    expected = hmac.new(secret_key(token), lines.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace")):
        return None
    try:
        signed_at = int(fields["auth_date"])
        user = json.loads(fields["user"])
        user_id = user["id"]
    except (KeyError, ValueError, TypeError):
        return None
    if now - signed_at > max_age or not isinstance(user_id, int) or isinstance(user_id, bool):
        return None
    language = user.get("language_code")
    return AppUser(
        user_id,
        str(user.get("first_name", "")),
        language if isinstance(language, str) else None,
        fields.get("start_param"),
    )


def sign_init_data(token: str, fields: dict[str, str]) -> str:
    """Launch data with ``fields`` (``user`` as JSON, ``auth_date``...) signed as Telegram
    signs it for the bot with ``token``: the console signs its player's with its own key."""
    lines = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    digest = hmac.new(secret_key(token), lines.encode(), hashlib.sha256).hexdigest()
    return urlencode({**fields, "hash": digest}, quote_via=quote)


def launch_hash(init_data: str, theme: dict[str, str] | None = None) -> str:
    """The fragment Telegram adds to the app's address when it opens it:
    ``#tgWebAppData=…&tgWebAppVersion=…&tgWebAppThemeParams=…``."""
    parts = {"tgWebAppData": init_data, "tgWebAppVersion": "8.0", "tgWebAppPlatform": "web"}
    if theme is not None:
        parts["tgWebAppThemeParams"] = json.dumps(theme, separators=(",", ":"))
    return "#" + urlencode(parts, quote_via=quote)
