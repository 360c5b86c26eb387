"""Small charts drawn with Pillow (PNG): a bar chart of counts, one bar highlighted (the daily
puzzle's solve times are drawn as one)."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT, MARGIN = 840, 440, 56
BACKGROUND, BAR, TODAY, INK = (250, 250, 247), (150, 160, 175), (230, 120, 30), (40, 40, 45)
GRID = (222, 222, 218)
TICKS = 4
"""Gridlines over the zero line at most (fewer when the tallest bar is lower)."""


def _ticks(tallest: int) -> list[int]:
    """Whole counts for the y axis's gridlines, evenly spaced, the last at least ``tallest``."""
    step = max(1, -(-tallest // TICKS))
    return list(range(step, step * -(-tallest // step) + 1, step))


def bar_chart(
    labels: Sequence[str], counts: Sequence[int], highlight: int | None, unit: str = ""
) -> bytes:
    """A bar chart as PNG: one bar per label with its count above it, the bar ``highlight``
    (today's) in another colour, a y axis of counts with gridlines, the x axis's ``unit``
    under its right end, and no title (the caption says how many were counted).

    Pillow's font draws Latin letters, digits and signs only (Chinese would come out as
    boxes): the picture holds digits and symbols, the same in every language, and the
    words go in the caption."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = ImageFont.load_default(size=18)
    top, bottom = MARGIN + 30, HEIGHT - MARGIN - 10
    left_edge, right_edge = MARGIN + 20, WIDTH - MARGIN
    tallest = max(counts, default=0)
    ticks = _ticks(tallest)
    scale = max(ticks[-1], 1)
    for tick in [0, *ticks]:
        y = bottom - (bottom - top) * tick / scale
        if tick:
            draw.line([left_edge, y, right_edge, y], fill=GRID, width=1)
        draw.text((left_edge - 10, y), str(tick), fill=INK, font=small, anchor="rm")
    slot = (right_edge - left_edge) / max(1, len(counts))
    for index, count in enumerate(counts):
        left = left_edge + index * slot + slot * 0.15
        right = left + slot * 0.7
        height = (bottom - top) * count / scale
        colour = TODAY if index == highlight else BAR
        if count:
            draw.rectangle([left, bottom - height, right, bottom], fill=colour)
            centre = (left + right) / 2
            draw.text((centre, bottom - height - 12), str(count), fill=INK, font=small, anchor="mm")
        draw.text(
            ((left + right) / 2, bottom + 16), labels[index], fill=INK, font=small, anchor="mm"
        )
    draw.line([left_edge, bottom, right_edge, bottom], fill=INK, width=2)
    draw.line([left_edge, top - 10, left_edge, bottom], fill=INK, width=2)
    if unit:
        draw.text((right_edge, bottom + 40), unit, fill=INK, font=small, anchor="rm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
