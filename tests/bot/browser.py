"""Headless Chromium for the page's browser tests, driven by Playwright: Debian's
``chromium`` and the ``playwright`` package of the ``test`` extra (``.ci/run`` installs
both; no browser is downloaded).  A test module calls :func:`playwright_or_skip` as it is
imported, and asks for the session's ``browser`` fixture (``tests/bot/conftest.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import ModuleType

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    # Chromium on a closed network: no sandbox (root), no GPU, nothing fetched in the background.
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def playwright_or_skip() -> ModuleType:
    """``playwright.async_api``; skips the calling module where it or Chromium is missing."""
    playwright = pytest.importorskip(
        "playwright.async_api",
        reason="the playwright package is not installed (pip install -e '.[test]')",
    )
    if not Path(CHROMIUM).exists():
        pytest.skip(
            "Chromium is not installed (apt-get install -y chromium)", allow_module_level=True
        )
    return playwright
