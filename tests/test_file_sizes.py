"""The house rule "no file over 400 lines", for every code file the repository tracks under
the project's folders: Python, the page's JavaScript, CSS and HTML, and shell scripts (by
their name, or by their ``#!`` line for those without one, like ``.ci/run``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("bot", "solver", "tests", "bench", ".ci")
SUFFIXES = {".py", ".js", ".css", ".html", ".sh"}
MOST_LINES = 400


def _tracked() -> list[Path]:
    """The files git tracks under :data:`FOLDERS` (every file there, where git is missing)."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        return [path for folder in FOLDERS for path in (ROOT / folder).rglob("*") if path.is_file()]
    listed = subprocess.run(
        [git, "ls-files", "-z", "--", *FOLDERS],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def _is_code(path: Path) -> bool:
    if path.suffix in SUFFIXES:
        return True
    if path.suffix or not path.is_file():
        return False
    with path.open("rb") as file:
        first = file.readline(200)
    return first.startswith(b"#!") and first.rstrip().endswith((b"sh", b"bash"))


def _code_files() -> list[Path]:
    return sorted(path for path in _tracked() if path.exists() and _is_code(path))


def test_the_code_files_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _code_files()}
    for expected in ("bot/app.py", "bot/webapp/app.js", "bot/webapp/index.html", ".ci/run"):
        assert expected in names


@pytest.mark.parametrize("path", _code_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_code_file_is_over_400_lines(path: Path) -> None:
    with path.open("rb") as file:
        lines = sum(1 for _ in file)
    assert lines <= MOST_LINES
