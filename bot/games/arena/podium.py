"""An arena's podium drawn with Pillow (PNG): the first three's blocks, each with its place
and points; the names go in the caption (as Rush's and the rounds' card pictures, it draws
no word: only the profile card draws a name, in a host font where needed,
:mod:`bot.services.pictures.fonts`)."""

from __future__ import annotations

import io
from collections.abc import Sequence

WIDTH, HEIGHT, FLOOR = 720, 420, 60
BACKGROUND, INK = (250, 250, 247), (40, 40, 45)
COLOURS = ((230, 180, 40), (170, 175, 185), (195, 125, 70))
"""Gold, silver, bronze."""
HEIGHTS = (220, 160, 115)
"""Each place's block, in pixels."""
ORDER = (1, 0, 2)
"""The blocks from left to right: second, first, third."""


def podium_picture(scores: Sequence[int]) -> bytes:
    """The podium of up to three places, best first (``scores``: their points), as PNG."""
    # Pillow imported here, at a tournament's end, not at every start of the bot (the arena
    # imports this module); bot.services.pictures's modules import it at their top.
    from PIL import Image, ImageDraw, ImageFont

    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    big = ImageFont.load_default(size=56)
    small = ImageFont.load_default(size=30)
    width = WIDTH // 4
    gap = (WIDTH - 3 * width) // 4
    base = HEIGHT - FLOOR
    draw.line([(gap // 2, base), (WIDTH - gap // 2, base)], fill=INK, width=3)
    for slot, place in enumerate(ORDER):
        if place >= len(scores):
            continue
        left = gap + slot * (width + gap)
        top = base - HEIGHTS[place]
        draw.rectangle([left, top, left + width, base], fill=COLOURS[place], outline=INK, width=2)
        centre = left + width // 2
        draw.text(
            (centre, top + HEIGHTS[place] // 2), str(place + 1), fill=INK, font=big, anchor="mm"
        )
        draw.text((centre, top - 24), str(scores[place]), fill=INK, font=small, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
