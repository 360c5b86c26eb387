"""The garbage collector is paused while a search runs, and left as it was found."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from solver.collector import paused


@pytest.fixture
def collector_restored() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


@paused
def _state() -> bool:
    return gc.isenabled()


@paused
def _fails() -> None:
    raise ValueError("inside")


def test_paused_while_running_and_back_on_after(collector_restored: None) -> None:
    gc.enable()
    assert not _state()
    assert gc.isenabled()


def test_back_on_after_an_exception(collector_restored: None) -> None:
    gc.enable()
    with pytest.raises(ValueError, match="inside"):
        _fails()
    assert gc.isenabled()


def test_left_off_when_it_was_off(collector_restored: None) -> None:
    gc.disable()
    _state()
    assert not gc.isenabled()
