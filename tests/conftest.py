"""Shared fixtures: where the reference data lives, when it is there."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """``../shared/data``; tests that need it skip cleanly when it is absent."""
    if not (SHARED_DATA / "4nums_difficulty.csv").exists():
        pytest.skip("reference data ../shared/data is not present")
    return SHARED_DATA
