"""The house rule "no file over 600 lines", for every code file the repository tracks under
the project's folders: Python, the page's JavaScript, CSS and HTML, and shell scripts (by
their name, or by their ``#!`` line for those without one, like ``.ci/run``); and for the
documents: ``README.md`` and every page under ``docs/``, but for the exceptions named in
:data:`EXCEPTIONS`, each with why."""

from __future__ import annotations

import shutil
import subprocess
from fnmatch import fnmatch
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("bot", "solver", "tests", "bench", ".ci")
SUFFIXES = {".py", ".js", ".css", ".html", ".sh"}
MOST_LINES = 600
# (Not the translation catalogues: gettext and Babel keep one file per domain and language,
# so a language's texts stay in one file however many there are.)
DOCUMENTS = ("README.md", "docs/*.md")
EXCEPTIONS: dict[str, str] = {}
"""Files allowed over the limit, each with why (none today)."""


def _tracked(*patterns: str) -> list[Path]:
    """The files git tracks that match ``patterns`` (folders, or globs from the top folder;
    found by walking the tree where git is missing)."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        return sorted({path for pattern in patterns for path in _walk(pattern)})
    listed = subprocess.run(
        [git, "ls-files", "-z", "--", *patterns],
        cwd=ROOT,
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name]


def _walk(pattern: str) -> list[Path]:
    """The files that ``pattern`` names, matched as git matches a pathspec: ``*`` crosses
    folders (``docs/*.md`` is every page under ``docs/``)."""
    if (ROOT / pattern).is_file():
        return [ROOT / pattern]
    if "*" not in pattern:
        return [path for path in (ROOT / pattern).rglob("*") if path.is_file()]
    folder = ROOT / pattern.split("*")[0].rpartition("/")[0]
    return [
        path
        for path in folder.rglob("*")
        if path.is_file() and fnmatch(path.relative_to(ROOT).as_posix(), pattern)
    ]


def _is_code(path: Path) -> bool:
    if path.suffix in SUFFIXES:
        return True
    if path.suffix or not path.is_file():
        return False
    with path.open("rb") as file:
        first = file.readline(200)
    return first.startswith(b"#!") and first.rstrip().endswith((b"sh", b"bash"))


def _code_files() -> list[Path]:
    return sorted(path for path in _tracked(*FOLDERS) if path.exists() and _is_code(path))


def _documents() -> list[Path]:
    return sorted(
        path
        for path in _tracked(*DOCUMENTS)
        if path.exists() and path.relative_to(ROOT).as_posix() not in EXCEPTIONS
    )


def _lines(path: Path) -> int:
    with path.open("rb") as file:
        return sum(1 for _ in file)


def test_the_code_files_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _code_files()}
    for expected in ("bot/app.py", "bot/webapp/app.js", "bot/webapp/index.html", ".ci/run"):
        assert expected in names


@pytest.mark.parametrize("path", _code_files(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_code_file_is_over_600_lines(path: Path) -> None:
    assert _lines(path) <= MOST_LINES


def test_the_documents_are_found() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _documents()}
    for expected in ("README.md", "docs/design.md", "docs/performance.md"):
        assert expected in names


@pytest.mark.parametrize("path", _documents(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_document_is_over_600_lines(path: Path) -> None:
    """A longer page is split by topic, its parts linked from where it was."""
    assert _lines(path) <= MOST_LINES


@pytest.mark.parametrize("name", sorted(EXCEPTIONS))
def test_each_exception_is_still_a_file_over_600_lines(name: str) -> None:
    """An exception left behind by a rename or a split would hide the next long file."""
    assert _lines(ROOT / name) > MOST_LINES
