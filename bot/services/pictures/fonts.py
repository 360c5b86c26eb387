"""Fonts for a picture's words (a profile card's name): Pillow's own draws printable ASCII
only, so a name in Chinese, Persian, Greek or Cyrillic is drawn with a font of the host's
that has every one of its letters (Noto Sans CJK, DejaVu Sans: the image installs them,
docs/operating.md), found among the usual font folders and ``TWENTYFOUR_FONT_DIR``; None
where no such font is (the card then shows the player's handle).  Right-to-left letters
(Persian, Arabic, Hebrew) are drawn only where Pillow has raqm, which joins and orders them;
without it they would come out unjoined and backwards.  No font file is in the project.

Looking costs a walk of the font folders once per process, and a glyph test per letter of a
name (microseconds; the faces and the answers are kept): it runs where the card is drawn, off
the event loop."""

from __future__ import annotations

import os
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageFont, features

FONT_DIR_VARIABLE = "TWENTYFOUR_FONT_DIR"
"""A folder of font files looked in first (any of :data:`PREFERRED` there, or below)."""
FOLDERS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".local/share/fonts",
    Path.home() / ".fonts",
)
"""Where fontconfig keeps fonts on Debian (the image's ``fonts-*`` packages go there)."""
PREFERRED = {
    "DejaVuSans.ttf": 0,
    "NotoSans-Regular.ttf": 0,
    "NotoSansArabic-Regular.ttf": 0,
    "NotoSansCJK-Regular.ttc": 2,
    "NotoSansCJKsc-Regular.otf": 0,
    "NotoSansSC-Regular.otf": 0,
    "NotoSansSC-Regular.ttf": 0,
    "DroidSansFallbackFull.ttf": 0,
}
"""The font files used, best first, each with its face's index in the file (2: Noto Sans CJK
SC, the Simplified Chinese face of the collection)."""
RIGHT_TO_LEFT = {"R", "AL"}
"""Bidirectional classes of letters written right to left."""
NO_GLYPH = "\U0010ffff"
"""A code point no font draws: what a font draws for a letter it has not."""
TEST_SIZE = 40


@lru_cache(maxsize=1)
def font_files(extra: str | None = None) -> tuple[tuple[Path, int], ...]:
    """The font files found (and each one's face index), :data:`PREFERRED`'s order, those
    in ``extra`` (``TWENTYFOUR_FONT_DIR``) first."""
    folders = ([Path(extra)] if extra else []) + list(FOLDERS)
    found: list[tuple[int, int, Path]] = []
    names = list(PREFERRED)
    for rank, folder in enumerate(folders):
        if not folder.is_dir():
            continue
        for root, _dirs, files in os.walk(folder):
            for name in files:
                if name in PREFERRED:
                    found.append((rank, names.index(name), Path(root) / name))
    found.sort()
    seen: set[str] = set()
    kept: list[tuple[Path, int]] = []
    for _rank, _order, path in found:
        if path.name not in seen:
            seen.add(path.name)
            kept.append((path, PREFERRED[path.name]))
    return tuple(kept)


@lru_cache(maxsize=64)
def face(path: Path, index: int, size: int) -> ImageFont.FreeTypeFont:
    """The font of ``path`` (its face ``index``) at ``size`` (kept: opening one is cheap, but
    a card opens three)."""
    return ImageFont.truetype(str(path), size, index=index)


def _glyph(font: ImageFont.FreeTypeFont, letter: str) -> tuple[tuple[int, int], bytes]:
    mask = font.getmask(letter)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def _has(path: Path, index: int, letter: str) -> bool:
    font = face(path, index, TEST_SIZE)
    return _glyph(font, letter) != _glyph(font, NO_GLYPH)


def _needs_font(letter: str) -> bool:
    """Whether a letter must be drawn (spaces and invisible marks need no glyph)."""
    return not letter.isspace() and unicodedata.category(letter) not in ("Cf", "Cc")


def shapes_right_to_left() -> bool:
    """Whether Pillow can join and order right-to-left letters (it has raqm)."""
    return bool(features.check("raqm"))


@lru_cache(maxsize=256)
def font_for(text: str) -> tuple[Path, int] | None:
    """The first font found that draws every letter of ``text`` (and its face index); None
    if none does, or if ``text`` is written right to left and Pillow cannot shape it."""
    if not shapes_right_to_left() and any(
        unicodedata.bidirectional(c) in RIGHT_TO_LEFT for c in text
    ):
        return None
    letters = {c for c in text if _needs_font(c)}
    for path, index in font_files(os.environ.get(FONT_DIR_VARIABLE) or None):
        try:
            if all(_has(path, index, c) for c in letters):
                return path, index
        except OSError:  # not a font after all, or unreadable: the next one
            continue
    return None


def sized(found: tuple[Path, int], size: int) -> ImageFont.FreeTypeFont:
    """The font :func:`font_for` found, at ``size``."""
    return face(found[0], found[1], size)
