"""Signed game tokens for a Telegram game's page: who plays, from which game message, since
when, on which page's mode (what a token may start, and how often, is the game's to say).
What each check prevents: docs/games.md, *Rush: the rules* ("Game tokens"), and
docs/design-games.md, *Rush as a Telegram game*."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote, urlencode

from bot.services.web.launch_data import secret_key

TOKEN_AGE = 600.0
"""Seconds a token is good for after it was issued (ten minutes: time to open the page and
start; a game may take a started one's calls longer, :func:`check_game_token`'s ``max_age``)."""
CLOCK_SKEW = 5.0
"""Seconds a token may seem to come from the future (another process's clock)."""
GAME_TOKEN_HEADER = "X-Game-Token"
FIELDS = frozenset({"u", "c", "m", "i", "t", "n", "g"})
"""user, chat, message, inline message, issue time, nonce, the page's mode."""


@dataclass(frozen=True)
class GameMessage:
    """A game message: ``chat_id`` and ``message_id``, or ``inline_message_id``."""

    chat_id: int | None = None
    message_id: int | None = None
    inline_message_id: str | None = None

    def __post_init__(self) -> None:
        chat = self.chat_id is not None and self.message_id is not None
        inline = self.inline_message_id is not None
        if chat == inline or (not chat and (self.chat_id, self.message_id) != (None, None)):
            raise ValueError("a game message is a chat and message id, or an inline message id")


@dataclass(frozen=True)
class GameToken:
    """A checked token."""

    user_id: int
    message: GameMessage
    issued: int
    """When the bot signed it (Unix time, seconds)."""
    nonce: str
    mode: str | None = None
    """The page's mode it opens (the game's: its calls take no other's token)."""


def token_key(bot_token: str) -> bytes:
    """The key tokens are signed with: the Mini App's key, signed with ``GameToken``."""
    return hmac.new(secret_key(bot_token), b"GameToken", hashlib.sha256).digest()


def _digest(bot_token: str, fields: dict[str, str]) -> str:
    lines = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    return hmac.new(token_key(bot_token), lines.encode(), hashlib.sha256).hexdigest()


def sign_game_token(
    bot_token: str,
    user_id: int,
    message: GameMessage,
    now: float,
    nonce: str | None = None,
    *,
    mode: str | None = None,
) -> str:
    """A token for ``user_id`` playing from ``message``, issued at ``now`` (for the page's
    ``mode``, if given)."""
    fields = {"u": str(user_id), "t": str(int(now)), "n": nonce or secrets.token_urlsafe(12)}
    if mode is not None:
        fields["g"] = mode
    if message.inline_message_id is not None:
        fields["i"] = message.inline_message_id
    else:
        fields["c"], fields["m"] = str(message.chat_id), str(message.message_id)
    return urlencode({**fields, "hash": _digest(bot_token, fields)}, quote_via=quote)


def check_game_token(
    raw: str,
    bot_token: str,
    now: float,
    *,
    user_id: int | None = None,
    max_age: float = TOKEN_AGE,
    mode: str | None = None,
) -> GameToken | None:
    """The token ``raw`` if the bot with ``bot_token`` signed it, at most ``max_age``
    seconds before ``now`` (and for ``user_id`` and the page's ``mode``, if given); None for
    anything else."""
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        return None
    fields = dict(pairs)
    given = fields.pop("hash", "")
    if len(fields) + 1 != len(pairs) or not given or not set(fields) <= FIELDS:
        return None  # no hash, a field twice or one we never sign
    expected = _digest(bot_token, fields)
    if not hmac.compare_digest(expected.encode(), given.encode("utf-8", "replace")):
        return None
    try:
        token = GameToken(
            int(fields["u"]),
            GameMessage(
                int(fields["c"]) if "c" in fields else None,
                int(fields["m"]) if "m" in fields else None,
                fields.get("i"),
            ),
            int(fields["t"]),
            fields["n"],
            fields.get("g"),
        )
    except (KeyError, ValueError):
        return None
    if not -CLOCK_SKEW <= now - token.issued <= max_age:
        return None
    if user_id is not None and token.user_id != user_id:
        return None
    if mode is not None and token.mode != mode:
        return None
    return token
