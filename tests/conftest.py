"""Shared fixtures: where the reference data lives, when it is there."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.bytecode import keep_bytecode

keep_bytecode()  # before the bot and the test modules are imported

# Property tests take their size from a profile: quick by default, `thorough` on demand
# (pytest --hypothesis-profile=thorough -m "slow or not slow").
settings.register_profile(
    "default", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("default")

SLOW_TIMEOUT = 1800
"""Seconds a `slow` test (a property sweep, a load run) may take, unless it says otherwise."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give `slow` tests longer than the default timeout (pyproject.toml)."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))


SHARED_DATA = next(
    (
        folder / "shared" / "data"
        for folder in Path(__file__).resolve().parents[2:]
        if (folder / "shared" / "data" / "4nums_difficulty.csv").exists()
    ),
    Path(__file__).resolve().parents[2] / "shared" / "data",
)
"""``shared/data`` beside the checkout, or in a folder above it (a worktree's)."""


@pytest.fixture
def shared_data() -> Path:
    """``shared/data`` (:data:`SHARED_DATA`); tests that need it skip cleanly when it is
    absent."""
    if not (SHARED_DATA / "4nums_difficulty.csv").exists():
        pytest.skip("reference data ../shared/data is not present")
    return SHARED_DATA
