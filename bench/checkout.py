"""Benchmarks measure another checkout of the bot with ``--bot-path DIR`` (e.g. the previous
version, extracted with ``git worktree add /tmp/prev <commit>``), so that two versions are
compared in the same session with the same script."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def use_checkout(path: str | None) -> None:
    """Import ``bot`` and ``solver`` from ``path`` from now on (call before importing them)."""
    if path is None:
        return
    root = Path(path).resolve()
    if not (root / "bot" / "app.py").is_file():
        raise SystemExit(f"--bot-path: no bot package in {root}")
    sys.path.insert(0, str(root))
    # An editable install of this checkout would add its own directory to ``bot`` (a
    # namespace package in older versions), so a module missing from ``root`` would quietly
    # come from here: only ``root`` may provide ``bot`` and ``solver``.
    sys.meta_path[:] = [
        finder
        for finder in sys.meta_path
        if not getattr(finder, "__module__", "").startswith("__editable__")
    ]
    sys.path[:] = [entry for entry in sys.path if not entry.startswith("__editable__")]
    # Worker processes are started afresh, and multiprocessing's forkserver imports the
    # modules it preloads (``solver``) before it is given any ``sys.path``: from the current
    # directory first.  Make that the checkout, or they would be this checkout's modules.
    os.chdir(root)


def strays(root: Path) -> list[str]:
    """Modules of ``bot`` or ``solver`` loaded from anywhere but ``root``."""
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in ("bot", "solver")
        and (file := getattr(module, "__file__", None))
        and not Path(file).resolve().is_relative_to(root)
    )


def bot_path_argument(argv: list[str]) -> str | None:
    """The value of ``--bot-path`` in ``argv``, read before the bot is imported."""
    for index, word in enumerate(argv):
        if word == "--bot-path" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--bot-path="):
            return word.split("=", 1)[1]
    return None
