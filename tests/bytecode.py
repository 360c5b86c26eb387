"""Bytecode for a test run whose shell writes none (``PYTHONDONTWRITEBYTECODE``, as here).

Without it every process of the run compiled the bot and its tests from source, and pytest
rewrote every test module's asserts again: each pytest-xdist process spent about 4.5 s of
CPU collecting, 2 s with bytecode kept.  :func:`keep_bytecode` keeps it in :data:`PYCACHE`,
in the system's temporary folder (never in the checkout, which is what the setting guards),
for this process and every process it starts (the solver workers' fork server, the bot and
console processes of the process tests).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

PYCACHE = Path(tempfile.gettempdir()) / f"twentyfour-tests-pycache-{os.getuid()}"
"""Where the test run keeps bytecode when its shell writes none."""


def keep_bytecode(env: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Keep bytecode in :data:`PYCACHE` where ``env`` writes none: for this process and the
    processes it starts (``os.environ``), or for one started with ``env``."""
    if not env.get("PYTHONDONTWRITEBYTECODE") or env.get("PYTHONPYCACHEPREFIX"):
        return
    del env["PYTHONDONTWRITEBYTECODE"]
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    if env is os.environ:
        sys.dont_write_bytecode = False
        sys.pycache_prefix = str(PYCACHE)
