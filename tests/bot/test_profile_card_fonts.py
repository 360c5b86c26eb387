"""The profile card's name in other scripts (:mod:`bot.services.pictures.fonts`): drawn with
a host font that has all its letters (Noto Sans CJK for Chinese, DejaVu Sans for Persian,
Greek, Cyrillic), right to left only where Pillow has raqm, else the handle.  Tests of a font
the machine lacks are skipped (the image installs them: fonts-noto-cjk, fonts-dejavu-core)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.services.pictures import fonts
from bot.services.pictures.profile_card import Card, Tile, draw_card, render_card, title_of

HANDLE = "Player-3583DC"


def card(name: str) -> Card:
    return Card(name, (Tile("star", "1500"),), 0, (), handle=HANDLE)


def heading(picture: Image.Image) -> Image.Image:
    return picture.crop((0, 0, 700, 120))


def needs_font(text: str) -> None:
    if fonts.font_for(text) is None:
        pytest.skip(f"no font here draws {text!r}")


def test_a_chinese_name_is_drawn_with_a_chinese_font() -> None:
    needs_font("王小明")
    text, font = title_of(card("王小明"))
    assert (text, isinstance(font, ImageFont.FreeTypeFont)) == ("王小明", True)


def test_the_chinese_name_s_heading_is_not_the_handle_s() -> None:
    needs_font("王小明")
    drawn = heading(draw_card(card("王小明")))
    handle = heading(draw_card(Card(HANDLE, (Tile("star", "1500"),), 0, ())))
    assert ImageChops.difference(drawn, handle).getbbox() is not None


def test_a_chinese_name_is_drawn_in_ink() -> None:
    needs_font("王小明")
    band = heading(draw_card(card("王小明"))).convert("L")
    assert band.getextrema()[1] == 255  # white letters on the green band


def test_the_card_with_a_chinese_name_is_a_png() -> None:
    needs_font("王小明")
    picture = Image.open(io.BytesIO(render_card(card("王小明"))))
    assert picture.format == "PNG"


def test_a_greek_name_is_drawn() -> None:
    needs_font("ΑΝΝ")
    assert title_of(card("ΑΝΝ"))[0] == "ΑΝΝ"


def test_a_persian_name_is_drawn_where_pillow_shapes_it() -> None:
    if not fonts.shapes_right_to_left():
        pytest.skip("Pillow has no raqm here")
    needs_font("عمر")
    assert title_of(card("عمر"))[0] == "عمر"


def test_a_persian_name_is_the_handle_without_raqm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "shapes_right_to_left", lambda: False)
    fonts.font_for.cache_clear()
    try:
        assert title_of(card("عمر"))[0] == HANDLE
    finally:
        fonts.font_for.cache_clear()


def test_a_name_no_font_draws_is_the_handle() -> None:
    assert title_of(card("\ue000\ue001"))[0] == HANDLE  # private use: no font has them


def test_an_ascii_name_keeps_pillow_s_font() -> None:
    assert title_of(card("Annie"))[0] == "Annie"


def test_a_long_chinese_name_fits_left_of_the_trophies() -> None:
    needs_font("王小明")
    text, font = title_of(card("王小明" * 8))
    probe = Image.new("RGB", (1, 1))
    assert ImageDraw.Draw(probe).textlength(text, font=font) <= 960 - 80 - 150


def test_the_font_folder_is_looked_in_first(tmp_path: Path) -> None:
    found = fonts.font_files()
    if not found:
        pytest.skip("no font here")
    path, index = found[0]
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / path.name).symlink_to(path)  # a link: no font file is copied
    assert fonts.font_files(str(tmp_path / "fonts"))[0] == (tmp_path / "fonts" / path.name, index)
