"""Fixtures the bot's tests ask for by name."""

from __future__ import annotations

import pytest

from bot.services import outbox as outbox_module


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three messages per 0.3 s in a group, so that tests see the limit quickly."""
    monkeypatch.setattr(outbox_module, "GROUP_LIMIT", 3)
    monkeypatch.setattr(outbox_module, "GROUP_PERIOD", 0.3)
