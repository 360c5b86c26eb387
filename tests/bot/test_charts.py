"""The solve-time chart, drawn with Pillow."""

from __future__ import annotations

import io

from PIL import Image

from bot.services.charts import TODAY, bar_chart


def test_the_chart_highlights_todays_bar() -> None:
    picture = Image.open(io.BytesIO(bar_chart("Solve times", ["a", "b"], [1, 1], 1)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY in colours


def test_the_chart_without_today_has_no_highlight() -> None:
    picture = Image.open(io.BytesIO(bar_chart("Solve times", ["a", "b"], [1, 1], None)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY not in colours
