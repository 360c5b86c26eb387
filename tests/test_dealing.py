"""How a run's tests are dealt to its pytest-xdist processes (``tests/conftest.py``): the
longest files' tests shared out, a file's tests that share one started process (a
module-scoped fixture) kept in one process's share, and the browser tests of every file
first in one process's share."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tests.conftest import _long_first

ROOT = Path(__file__).resolve().parent


def _item(file: str, number: int, shared: str | None = None, browser: bool = False) -> pytest.Item:
    """A stand-in for a collected test of ``tests/file``, asking for the module-scoped
    fixture ``shared`` if given, for the session's ``browser`` if ``browser`` (and for a
    function-scoped one either way)."""
    fixtures: dict[str, Any] = {"tmp_path": [SimpleNamespace(scope="function")]}
    if shared is not None:
        fixtures[shared] = [SimpleNamespace(scope="module")]
    if browser:
        fixtures["browser"] = [SimpleNamespace(scope="session")]
    info = SimpleNamespace(name2fixturedefs=fixtures)
    return cast(
        "pytest.Item",
        SimpleNamespace(
            path=ROOT / file, name=f"{file}::{number}", _fixtureinfo=info, fixturenames=[*fixtures]
        ),
    )


def _runs(items: list[pytest.Item], processes: int) -> list[list[pytest.Item]]:
    """The contiguous runs worksteal deals the ordered ``items`` out in, as even as can be."""
    runs, start, remaining = [], 0, len(items)
    for k in range(processes):
        size = remaining // (processes - k)
        runs.append(items[start : start + size])
        start, remaining = start + size, remaining - size
    return runs


HOOKED = [_item("bot/test_webhook.py", n, shared="hook") for n in range(12)]
OWN = _item("bot/test_webhook.py", 12)  # a test of that file with its own process
PROCESS = [_item("bot/test_process.py", n) for n in range(10)]
REST = [_item("bot/test_rounds_e2e.py", n) for n in range(60)]
BROWSER = [_item(f"bot/test_{name}_browser.py", n, browser=True) for name in "ab" for n in range(3)]
PLAIN = _item("bot/test_a_browser.py", 3)  # a test of a browser file that opens no page
ITEMS = [*REST[:20], BROWSER[0], *REST[20:30], *PROCESS, *HOOKED, OWN, *BROWSER[1:], PLAIN]
ITEMS += REST[30:]


def test_every_test_is_dealt_once() -> None:
    ordered = _long_first(ITEMS, 6)
    assert sorted(map(id, ordered)) == sorted(map(id, ITEMS))


def test_the_tests_sharing_a_started_process_go_to_one_process() -> None:
    runs = _runs(_long_first(ITEMS, 6), 6)
    holding = [run for run in runs if any(item in HOOKED for item in run)]
    assert len(holding) == 1


def test_the_other_long_tests_are_shared_out() -> None:
    runs = _runs(_long_first(ITEMS, 6), 6)
    counts = [sum(item in PROCESS for item in run) for run in runs]
    assert max(counts) - min(counts) <= 2


def test_the_browser_tests_go_first_to_one_process() -> None:
    """One process starts Chromium, at its start (worksteal moves tests from a run's end)."""
    runs = _runs(_long_first(ITEMS, 6), 6)
    holding = [run for run in runs if any(item in BROWSER for item in run)]
    assert len(holding) == 1
    assert holding[0][: len(BROWSER)] == BROWSER


def test_each_process_starts_with_its_long_tests() -> None:
    long = {id(item) for item in [*HOOKED, OWN, *PROCESS, *BROWSER]}
    for run in _runs(_long_first(ITEMS, 6), 6):
        flags = [id(item) in long for item in run]
        assert flags == sorted(flags, reverse=True)
