"""``python -m bot`` with no token: the console game with a terminal or lines piped in; with
neither (the image under ``docker run`` without ``-it``: standard input at its end at once),
an exit with status 2 and one line saying a token is needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.__main__ import NO_TOKEN
from tests.bot.harness import ROOT, _env


def test_no_token_no_terminal_and_no_input_exits_saying_a_token_is_needed(tmp_path: Path) -> None:
    """As the image starts under ``docker run`` without ``-it``: standard input at its end
    at once.  A console that read it and exited 0 would loop under a restart policy."""
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.DEVNULL,
        env=_env(tmp_path),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.splitlines() == [NO_TOKEN]
    assert done.stdout == ""
