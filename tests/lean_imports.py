"""What the test run leaves unimported that the bot never uses.

httpx imports its command line (``httpx._main``: click, rich and pygments, 0.1 s of CPU in
each process) whenever those are installed, as the test tools bring them; the bot's image
has none of them, and httpx then goes without (its ``main`` says to install them).  The
test run's processes go without it too: this process and pytest-xdist's (:func:`lean`,
from ``tests/conftest.py``), and every process a test starts (:data:`SITE` on its
``PYTHONPATH``, whose ``sitecustomize`` does the same): the bot and console processes of
the process tests, about a hundred a run.
"""

from __future__ import annotations

import sys
from pathlib import Path

SITE = Path(__file__).resolve().parent / "site"
"""The folder of the ``sitecustomize`` module the processes tests start put on their path."""


def lean() -> None:
    """Leave httpx's command line unimported in this process."""
    sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
