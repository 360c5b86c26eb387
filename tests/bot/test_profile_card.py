"""The profile card's picture (:mod:`bot.services.pictures.profile`): a PNG of its size,
the name drawn only where the font has its letters, each family's badge coloured once a
tier of it is earned."""

from __future__ import annotations

import io

from PIL import Image

from bot.services.pictures.profile import (
    DIM,
    HEIGHT,
    MARGIN,
    WIDTH,
    Badge,
    Card,
    draw_card,
    drawable,
    render_card,
)


def card(*badges: Badge, name: str = "Annie") -> Card:
    return Card(name, "1550 ± 328", "3", "12", "4.2 s", "0:42", "23", 1, badges)


def test_the_card_is_a_png_of_its_size() -> None:
    picture = Image.open(io.BytesIO(render_card(card(Badge(4, 1)))))
    assert (picture.format, picture.size) == ("PNG", (WIDTH, HEIGHT))


def test_only_printable_ascii_names_are_drawn() -> None:
    assert drawable("Annie Oakley-2")
    assert not drawable("Zoë")
    assert not drawable("安妮")
    assert not drawable("Ann 🎉")


def test_a_badge_is_coloured_once_a_tier_is_earned() -> None:
    image = draw_card(card(Badge(3, 1), Badge(3, 0)))
    step = (WIDTH - 2 * MARGIN) / 2
    earned_edge = image.getpixel((int(MARGIN + step * 0.5) - 30, 420))
    none_edge = image.getpixel((int(MARGIN + step * 1.5) - 30, 420))
    assert none_edge == DIM
    assert earned_edge != DIM


def test_the_same_card_is_drawn_once() -> None:
    assert render_card(card(Badge(1, 1))) is render_card(card(Badge(1, 1)))
