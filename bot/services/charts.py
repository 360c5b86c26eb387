"""Small charts drawn with Pillow (PNG): the daily puzzle's solve-time distribution."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT, MARGIN = 720, 400, 40
BACKGROUND, BAR, TODAY, INK = (250, 250, 247), (150, 160, 175), (230, 120, 30), (40, 40, 45)


def bar_chart(labels: Sequence[str], counts: Sequence[int], highlight: int | None) -> bytes:
    """A bar chart as PNG: one bar per label with its count above it, the bar ``highlight``
    (today's) in another colour.  No title: Pillow's font draws Latin letters, digits and
    signs only (Chinese would come out as boxes), so words go in the caption."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    small = ImageFont.load_default(size=20)
    top, bottom = MARGIN + 10, HEIGHT - MARGIN - 10
    slot = (WIDTH - 2 * MARGIN) / max(1, len(counts))
    tallest = max(counts, default=0) or 1
    for index, count in enumerate(counts):
        left = MARGIN + index * slot + slot * 0.15
        right = left + slot * 0.7
        height = (bottom - top) * count / tallest
        colour = TODAY if index == highlight else BAR
        if count:
            draw.rectangle([left, bottom - height, right, bottom], fill=colour)
        centre = (left + right) / 2
        draw.text((centre, bottom - height - 14), str(count), fill=INK, font=small, anchor="mm")
        draw.text((centre, bottom + 18), labels[index], fill=INK, font=small, anchor="mm")
    draw.line([MARGIN, bottom, WIDTH - MARGIN, bottom], fill=INK, width=2)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
