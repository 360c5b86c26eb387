"""The cyclic garbage collector, paused while a search runs.

A search makes millions of tuples, sets and fractions, none of them in a reference cycle, and
its caches keep many of them.  Each of the collector's runs walks every one of those objects
and frees nothing: 10 to 20 % of a search's time, and pauses of tens of milliseconds in a
long-lived process whose caches have grown.  Pausing it for the length of a search loses
nothing (there is no cycle to collect); it runs again as usual afterwards.
"""

from __future__ import annotations

import functools
import gc

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from collections.abc import Callable
    from typing import ParamSpec, TypeVar

    P = ParamSpec("P")
    R = TypeVar("R")


def paused(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` with the collector paused while it runs (and left as it was found:
    a program that has switched it off keeps it off)."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return wrapper
