"""The solve-time chart, drawn with Pillow."""

from __future__ import annotations

import io

from PIL import Image

from bot.services.pictures.charts import BACKGROUND, GRID, MARGIN, TODAY, WIDTH, bar_chart


def test_the_chart_highlights_todays_bar() -> None:
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 1], 1)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY in colours


def test_the_chart_without_today_has_no_highlight() -> None:
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 1], None)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY not in colours


def test_the_chart_has_no_title_and_an_axis_of_counts() -> None:
    # The count is said in the caption, in words ("n = 3" drawn on it was jargon).
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 2], None, unit="m:ss")))
    title = picture.crop((0, 0, WIDTH, MARGIN))
    assert {colour for _count, colour in title.getcolors() or []} == {BACKGROUND}
    assert GRID in {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
