"""Challenge offers: what a "Challenge a friend" button carries, signed by the bot, read back by
:func:`read_offer`; the challenge is made only when the offer is shared.  What each check
prevents: docs/games.md, *Challenges* ("The button carries a signed offer")."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import string
from dataclasses import dataclass

from bot.services.web import secret_key

OFFER_SECONDS = 7 * 86_400.0
"""Seconds an offer stays good: a week after the solve, its button makes no challenge."""
PREFIX = "ch "
"""How the button's inline query starts."""
TOKEN_LENGTH = 10
_ALPHABET = string.ascii_letters + string.digits
_SIGNATURE_BYTES = 12


@dataclass(frozen=True, slots=True)
class Offer:
    """A solve offered as a challenge."""

    user_id: int
    hand: tuple[int, ...]
    target: int
    seconds: float
    daily: int
    """The daily puzzle's number; 0 for a practice hand."""
    issued: int
    """When the solve was (seconds of the bot's clock)."""
    token: str
    """The challenge's token, the same each time this offer is read."""


def _key(bot_token: str) -> bytes:
    return hmac.new(secret_key(bot_token), b"ChallengeOffer", hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _token(key: bytes, payload: bytes) -> str:
    digest = hmac.new(key, b"token:" + payload, hashlib.sha256).digest()
    return "".join(_ALPHABET[byte % len(_ALPHABET)] for byte in digest[:TOKEN_LENGTH])


def make_offer(
    bot_token: str,
    user_id: int,
    hand: tuple[int, ...],
    target: int,
    seconds: float,
    daily: int | None,
    now: float,
) -> str:
    """The inline query of a "Challenge a friend" button for this solve."""
    fields = [
        str(user_id),
        "-".join(map(str, hand)),
        str(target),
        str(round(seconds * 1000)),
        str(daily or 0),
        str(int(now)),
    ]
    payload = ".".join(fields).encode()
    signature = hmac.new(_key(bot_token), payload, hashlib.sha256).digest()[:_SIGNATURE_BYTES]
    return f"{PREFIX}{_b64(payload)}.{_b64(signature)}"


def read_offer(query: str, bot_token: str, now: float) -> Offer | None:
    """The offer an inline query carries, if the bot signed it and it is still good (None
    for anything else)."""
    if not query.startswith(PREFIX) or len(query) > 256:
        return None
    try:
        encoded, given = query[len(PREFIX) :].strip().split(".")
        payload, signature = _unb64(encoded), _unb64(given)
    except (ValueError, binascii.Error):
        return None
    key = _key(bot_token)
    expected = hmac.new(key, payload, hashlib.sha256).digest()[:_SIGNATURE_BYTES]
    if not hmac.compare_digest(expected, signature):
        return None
    try:
        user, cards, target, millis, daily, issued = payload.decode().split(".")
        offer = Offer(
            int(user),
            tuple(int(card) for card in cards.split("-")),
            int(target),
            int(millis) / 1000,
            int(daily),
            int(issued),
            _token(key, payload),
        )
    except ValueError:
        return None
    if not 0 <= now - offer.issued <= OFFER_SECONDS:
        return None
    return offer
