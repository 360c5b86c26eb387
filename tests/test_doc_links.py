"""Every relative link of the README and the pages under ``docs/`` leads somewhere: its file
exists and its ``#anchor`` is one of that page's headings, as GitHub names them.  A page split
in two, or a heading renamed, otherwise leaves links that open the wrong place or none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\]\(([^()\s]*)\)|<img [^>]*src=\"([^\"]+)\"")


def _outside_code(text: str) -> list[str]:
    """The lines of ``text`` that are not in a fenced block of code."""
    lines, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside:
            lines.append(line)
    return lines


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading's text: lower case, its markup and punctuation dropped
    (letters, digits, ``_`` and ``-`` kept), each space a ``-``."""
    text = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings, a repeated one numbered as GitHub numbers it."""
    found: set[str] = set()
    for line in _outside_code(page.read_text()):
        heading = re.match(r"#{1,6} (.+)", line)
        if heading is None:
            continue
        name = anchor(heading.group(1))
        numbered, count = name, 0
        while numbered in found:
            count += 1
            numbered = f"{name}-{count}"
        found.add(numbered)
    return found


def _links(page: Path) -> list[str]:
    return [
        target
        for line in _outside_code(page.read_text())
        for match in LINK.finditer(re.sub(r"`[^`]*`", "", line))
        for target in match.groups()
        if target and not re.match(r"[a-z]+:", target)
    ]


def test_the_anchor_of_a_heading_is_githubs() -> None:
    assert anchor("/solve and inline mode") == "solve-and-inline-mode"
    assert anchor("A game's life") == "a-games-life"
    assert anchor("Every normal form in C (core-forms)") == "every-normal-form-in-c-core-forms"


def _leads_somewhere(page: Path, target: str) -> bool:
    name, _, fragment = target.partition("#")
    path = (page.parent / name).resolve() if name else page
    if not path.exists():
        return False
    return not fragment or path.suffix != ".md" or fragment in anchors(path)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_of_the_page_leads_somewhere(page: Path) -> None:
    assert [target for target in _links(page) if not _leads_somewhere(page, target)] == []
