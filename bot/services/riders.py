"""Replies that ride in a game message (a picture's caption, or a match's end) instead of
costing a message of their own (docs/design-groups.md, *A round at Telegram's pace*)."""

from __future__ import annotations

from bot.services.limits import CAPTION, visible_length
from bot.services.outbox import Outbox


class Riders:
    """A picture's caption with the replies that ride in it, taken when it is first asked
    for: when the picture is sent (once: sent again after a network error, it keeps them)."""

    def __init__(self, outbox: Outbox, chat_id: int, caption: str, limit: int = CAPTION) -> None:
        """``caption``: the picture's (HTML); ``limit``: its size (a text message's, for the
        end of a match, which has no picture)."""
        self._outbox, self._chat_id, self._caption = outbox, chat_id, caption
        self._limit = limit
        self._riders: list[str] | None = None

    def _fits(self, texts: list[str]) -> bool:
        return visible_length("\n\n".join([self._caption, *texts])) <= self._limit

    def __call__(self) -> str:
        if self._riders is None:
            self._riders = self._outbox.take_riders(self._chat_id, self._fits)
        head, _, last = self._caption.rpartition("\n\n")
        return "\n\n".join([part for part in (head, *self._riders) if part] + [last])
