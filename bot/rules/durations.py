"""A span of seconds as a clock shows it (``0:42``), in every game's words."""

from __future__ import annotations


def clock_text(seconds: float) -> str:
    """``0:42``, ``12:05``, ``1:02:03``."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
