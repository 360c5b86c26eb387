"""A player's profile card (PNG), drawn with Pillow: their name, their numbers as tiles,
each under a drawn icon (the duel rating, the fastest hand, and the games' own: the daily
streak, the best Rush run...: a shared pictogram, or one a game draws itself), their
trophies, and a badge for each family of achievements with its tiers earned.

The card holds numbers and symbols, the same in every language, and the words go in the
caption; the name is drawn with Pillow's own font if it is printable ASCII, else with a font of
the host's that draws all of it (Chinese, Persian, Greek, Cyrillic: :mod:`.fonts`), else the
card shows the player's handle (:attr:`Card.handle`)."""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.services.pictures.fonts import font_for, sized

WIDTH, HEIGHT, MARGIN = 960, 540, 40
BACKGROUND, BAND, INK, SOFT = (250, 250, 247), (22, 110, 70), (40, 40, 45), (120, 120, 125)
TILE, GOLD, DIM = (236, 238, 232), (235, 180, 40), (205, 205, 200)
ICON = (200, 30, 45)
EMPTY = "-"
"""A tile's value none yet (an ASCII dash: the font has no en dash)."""
BADGE_COLOURS = (
    (230, 120, 30),
    (30, 70, 160),
    (200, 30, 45),
    (90, 60, 150),
    (22, 110, 70),
    (180, 130, 20),
    (40, 140, 160),
    (150, 90, 50),
    (200, 160, 30),
    (120, 120, 125),
)
"""A colour for each family's badge, in the families' order
(:func:`bot.rules.achievements.families`)."""


@dataclass(frozen=True, slots=True)
class Badge:
    """A family of achievements on the card: its tiers, and how many are earned."""

    tiers: int
    earned: int


Drawing = Callable[[ImageDraw.ImageDraw, float, float, float], None]
"""A tile's icon drawn by its game (a function of its package): on the card, centred on
``(cx, cy)``, within ``r`` of it: ``drawing(draw, cx, cy, r)``."""
ICONS = frozenset({"star", "bolt", "flame", "clock", "arrows", "medal"})
"""The shared pictograms, by name (any other name: a plain disc)."""


@dataclass(frozen=True, slots=True)
class Tile:
    """A number on the card under its icon, as drawn (``""``: none yet, a dash): a shared
    pictogram by its name (:data:`ICONS`), or a game's own :data:`Drawing` (one function,
    the same at each drawing: the card is kept by what it shows)."""

    icon: str | Drawing
    value: str


@dataclass(frozen=True, slots=True)
class Card:
    """What a profile card shows, its text as it is drawn."""

    name: str
    tiles: tuple[Tile, ...]
    trophies: int
    badges: tuple[Badge, ...]
    handle: str = ""
    """What is drawn if no font at hand draws :attr:`name` (the player's handle, ASCII)."""


TITLE_SIZE, TITLE_SMALLEST = 52, 24
TITLE_ROOM = WIDTH - 2 * MARGIN - 150
"""The name's width on the card, left of the trophies."""


def drawable(text: str) -> bool:
    """Whether Pillow's own font draws ``text``: printable ASCII (it has no accented,
    Chinese, Cyrillic or Persian letters, nor emoji; ``±`` is drawn apart)."""
    return all(" " <= c <= "~" for c in text)


def title_of(card: Card) -> tuple[str, ImageFont.FreeTypeFont | ImageFont.ImageFont]:
    """The card's heading and its font: the name in Pillow's font, or in a host font that
    draws it all (:func:`~bot.services.pictures.fonts.font_for`), else the handle; the
    largest size that fits :data:`TITLE_ROOM` (a long Chinese name takes the room of two
    Latin ones)."""
    found = None if drawable(card.name) else font_for(card.name)
    text = card.handle if found is None and not drawable(card.name) else card.name
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    size = TITLE_SIZE
    while True:
        font = ImageFont.load_default(size=size) if found is None else sized(found, size)
        if size <= TITLE_SMALLEST or probe.textlength(text, font=font) <= TITLE_ROOM:
            return text, font
        size -= 4


def _star(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, ...] | str
) -> None:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy - radius * math.sin(angle)))
    draw.polygon(points, fill=fill)


def _icon(draw: ImageDraw.ImageDraw, icon: str | Drawing, cx: float, cy: float, r: float) -> None:
    """A tile's icon (see :class:`Tile`)."""
    if callable(icon):
        icon(draw, cx, cy, r)
    elif icon == "star":
        _star(draw, cx, cy, r, GOLD)
    elif icon == "flame":
        draw.ellipse([cx - r * 0.7, cy - r * 0.1, cx + r * 0.7, cy + r], fill=(230, 120, 30))
        draw.polygon(
            [(cx - r * 0.7, cy + r * 0.45), (cx, cy - r), (cx + r * 0.7, cy + r * 0.45)],
            fill=(230, 120, 30),
        )
        draw.ellipse([cx - r * 0.35, cy + r * 0.3, cx + r * 0.35, cy + r * 0.95], fill=GOLD)
    elif icon == "bolt":
        draw.polygon(
            [
                (cx + r * 0.2, cy - r),
                (cx - r * 0.6, cy + r * 0.15),
                (cx - r * 0.05, cy + r * 0.15),
                (cx - r * 0.2, cy + r),
                (cx + r * 0.6, cy - r * 0.15),
                (cx + r * 0.05, cy - r * 0.15),
            ],
            fill=GOLD,
        )
    elif icon == "clock":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], outline=(30, 70, 160), width=5)
        draw.line([cx, cy, cx, cy - r * 0.65], fill=(30, 70, 160), width=5)
        draw.line([cx, cy, cx + r * 0.5, cy], fill=(30, 70, 160), width=5)
    elif icon == "medal":
        draw.polygon([(cx - r * 0.55, cy - r), (cx, cy), (cx - r * 0.05, cy - r)], fill=ICON)
        draw.polygon([(cx + r * 0.55, cy - r), (cx, cy), (cx + r * 0.05, cy - r)], fill=ICON)
        draw.ellipse([cx - r * 0.6, cy - r * 0.2, cx + r * 0.6, cy + r], fill=GOLD)
    elif icon == "arrows":
        for dx in (-r * 0.6, 0.0):
            draw.polygon(
                [(cx + dx, cy - r * 0.8), (cx + dx + r * 0.8, cy), (cx + dx, cy + r * 0.8)],
                fill=ICON,
            )
    else:
        draw.ellipse([cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7], fill=SOFT)


def _trophy(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.pieslice([cx - r, cy - r * 1.2, cx + r, cy + r * 0.6], 0, 180, fill=GOLD)
    draw.rectangle([cx - r * 0.12, cy - r * 0.3, cx + r * 0.12, cy + r * 0.7], fill=GOLD)
    draw.rectangle([cx - r * 0.55, cy + r * 0.7, cx + r * 0.55, cy + r * 0.9], fill=GOLD)


def draw_card(card: Card) -> Image.Image:
    """The card as an image (see :func:`render_card`)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    name, title = title_of(card)
    big = ImageFont.load_default(size=40)
    middle = ImageFont.load_default(size=30)
    small = ImageFont.load_default(size=22)
    tiny = ImageFont.load_default(size=16)
    draw.rectangle([0, 0, WIDTH, 120], fill=BAND)
    draw.text((MARGIN, 60), name, fill="white", font=title, anchor="lm")
    _trophy(draw, WIDTH - MARGIN - 80, 56, 26)
    draw.text((WIDTH - MARGIN, 60), str(card.trophies), fill="white", font=big, anchor="rm")
    slot = (WIDTH - 2 * MARGIN) / max(1, len(card.tiles))
    for index, tile in enumerate(card.tiles):
        value = tile.value
        left = MARGIN + index * slot + 8
        draw.rounded_rectangle([left, 150, left + slot - 16, 330], 18, fill=TILE)
        centre = left + (slot - 16) / 2
        _icon(draw, tile.icon, centre, 205, 30)
        room = slot - 28  # the tile's width, less a margin each side
        fits = [f for f in (big, middle, small) if draw.textlength(value or EMPTY, font=f) <= room]
        font = fits[0] if fits else tiny
        draw.text(
            (centre, 285), value or EMPTY, fill=INK if value else SOFT, font=font, anchor="mm"
        )
    count = max(1, len(card.badges))
    step = (WIDTH - 2 * MARGIN) / count
    for index, badge in enumerate(card.badges):
        cx, cy, r = MARGIN + step * (index + 0.5), 420, min(36.0, step / 2 - 6)
        colour = BADGE_COLOURS[index % len(BADGE_COLOURS)] if badge.earned else DIM
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        if badge.earned:
            _star(draw, cx, cy, r * 0.6, "white")
        for tier in range(badge.tiers):
            x = cx + (tier - (badge.tiers - 1) / 2) * 16
            fill = colour if tier < badge.earned else DIM
            draw.ellipse([x - 5, cy + r + 12, x + 5, cy + r + 22], fill=fill)
    return image


@lru_cache(maxsize=64)
def render_card(card: Card) -> bytes:
    """PNG bytes of a profile card: tens of milliseconds, so drawn off the event loop
    (``asyncio.to_thread``) by whoever sends it; the last few are kept (a player asking
    again and again costs one drawing)."""
    out = io.BytesIO()
    draw_card(card).save(out, format="PNG")
    return out.getvalue()
