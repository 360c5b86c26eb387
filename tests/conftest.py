"""Shared fixtures: where the reference data lives, when it is there."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.lean_imports import lean

lean()

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


LONG_FIRST = (
    "bot/test_host_process.py",
    "bot/test_process.py",
    "bot/test_slow_connections.py",
    "bot/test_webhook.py",
    "bot/test_start_up.py",
    "bot/test_console_limits.py",
    "bot/test_isolation.py",
    "bot/test_game_life_e2e.py",
    "bot/test_settings_e2e.py",
    "bot/test_solve_command.py",
)
"""Files whose tests wait longest (docs/testing.md: the slowest files).  Under pytest-xdist
each process starts with its share of them (:func:`_long_first`)."""


def _shared_start(item: pytest.Item) -> tuple[str, str] | None:
    """The module-scoped fixture ``item`` asks for, if any (its file and name): the tests of
    a file that share one started process (``test_webhook.py``'s ``hook``) start it once
    per pytest-xdist process that runs any of them."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for name in sorted(info.name2fixturedefs):
        if any(d.scope == "module" for d in info.name2fixturedefs[name]):
            return item.path.as_posix(), name
    return None


def _uses_browser(item: pytest.Item) -> bool:
    """Whether ``item`` asks for the test process's Chromium (``tests/bot/conftest.py``'s
    ``browser``), itself or through another fixture."""
    return "browser" in getattr(item, "fixturenames", ())


def _long_first(items: list[pytest.Item], processes: int) -> list[pytest.Item]:
    """``items`` reordered so that each of the ``processes`` starts with an even share of the
    tests of :data:`LONG_FIRST`, the rest in their order.  pytest-xdist's worksteal deals the
    tests out in contiguous runs, as even in count as can be, then moves what has not
    started from the end of one process's run to a process that has run out: a long test
    met near the end of a run holds the end of the whole while the others idle, and a
    process dealt every long test keeps them (only its last, short ones move).  The tests
    of a file that share a module-scoped fixture (one started bot process) stay together,
    in one process's share: dealt out one by one, every process would start its own.  So do
    the browser tests, first of all, so that one process starts Chromium (its driver and
    launch cost about 2.5 s of CPU in each process that starts it)."""
    files = {f"/tests/{name}": n for n, name in enumerate(LONG_FIRST)}

    def rank(item: pytest.Item) -> int:
        if _uses_browser(item):
            return -1
        path = item.path.as_posix()
        return next((n for suffix, n in files.items() if path.endswith(suffix)), len(files))

    long = sorted((item for item in items if rank(item) < len(files)), key=rank)
    units: dict[object, list[pytest.Item]] = {}
    for n, item in enumerate(long):
        unit: object = "browser" if rank(item) < 0 else _shared_start(item) or n
        units.setdefault(unit, []).append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(processes)]
    for unit in units.values():  # each to the process with the fewest so far
        min(shares, key=len).extend(unit)
    rest = iter([item for item in items if rank(item) == len(files)])
    ordered: list[pytest.Item] = []
    remaining = len(items)
    for k in range(processes):
        size = remaining // (processes - k)  # as worksteal deals them out
        remaining -= size
        share = shares[k]
        ordered += share + list(itertools.islice(rest, max(0, size - len(share))))
    ordered += list(rest)
    return ordered


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give `slow` tests longer than the default timeout (pyproject.toml); under
    pytest-xdist, share the longest tests out (:func:`_long_first`)."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
    worker = getattr(config, "workerinput", None)
    if worker is not None and worker.get("workercount", 1) > 1:
        items[:] = _long_first(items, worker["workercount"])


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
