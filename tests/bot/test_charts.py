"""The solve-time chart, drawn with Pillow."""

from __future__ import annotations

import io

from PIL import Image

from bot.services.charts import BACKGROUND, TODAY, WIDTH, bar_chart


def test_the_chart_highlights_todays_bar() -> None:
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 1], 1)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY in colours


def test_the_chart_without_today_has_no_highlight() -> None:
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 1], None)))
    colours = {colour for _count, colour in picture.getcolors(maxcolors=100_000) or []}
    assert TODAY not in colours


def test_the_chart_draws_no_title_its_font_could_not_write_in_chinese() -> None:
    picture = Image.open(io.BytesIO(bar_chart(["a", "b"], [1, 2], None)))
    above = picture.crop((0, 0, WIDTH, 20))
    assert {colour for _count, colour in above.getcolors() or []} == {BACKGROUND}
