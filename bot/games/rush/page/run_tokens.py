"""The game tokens that started a Rush run on the game's page: each starts one
(:class:`TokenBook`; the tokens themselves: :mod:`bot.services.web.game_tokens`)."""

from __future__ import annotations

from bot.services.web import CLOCK_SKEW, TOKEN_AGE, GameToken

MAX_CLAIMED = 100_000
"""Tokens a :class:`TokenBook` remembers at most; when it is full of live tokens, a new one
is refused (the player presses Play again a little later) rather than forgetting one that
could then be used twice."""


class TokenBook:
    """The tokens that started a run: each may start one (see :meth:`claim`)."""

    def __init__(self, max_age: float = TOKEN_AGE, size: int = MAX_CLAIMED) -> None:
        self.max_age = max_age
        self.size = size
        self._claimed: dict[str, int] = {}
        """Nonce → issue time, oldest claim first."""

    def claim(self, token: GameToken, now: float) -> bool:
        """Take ``token`` for a run at ``now``: False if it already started one, or if the
        book is full of tokens still good (then nothing is forgotten)."""
        self._forget_expired(now)
        if token.nonce in self._claimed or len(self._claimed) >= self.size:
            return False
        self._claimed[token.nonce] = token.issued
        return True

    def claimed(self, token: GameToken) -> bool:
        """Whether ``token`` has started a run (and is still remembered)."""
        return token.nonce in self._claimed

    def _forget_expired(self, now: float) -> None:
        # A token past its age is refused by check_game_token: its claim is no longer needed.
        # Claims are roughly in issue order; stop at the first one still good.
        for nonce, issued in list(self._claimed.items()):
            if now - issued <= self.max_age + CLOCK_SKEW:
                break
            del self._claimed[nonce]

    def __len__(self) -> int:
        return len(self._claimed)
