"""The profile card's picture (:mod:`bot.services.pictures.profile_card`): a PNG of its size,
the name drawn only where the font has its letters, each family's badge coloured once a
tier of it is earned."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.games.ladder.profile import WOOD, ladder_icon
from bot.services.pictures.profile_card import (
    DIM,
    EMPTY,
    HEIGHT,
    MARGIN,
    WIDTH,
    Badge,
    Card,
    Tile,
    draw_card,
    drawable,
    render_card,
)

TILES = (
    Tile("star", "1550 ± 328"),
    Tile("bolt", "4.2 s"),
    Tile("flame", "3 / 12"),
    Tile("clock", "0:42"),
    Tile("arrows", ""),
)


def card(*badges: Badge, name: str = "Annie") -> Card:
    return Card(name, TILES, 1, badges)


def test_the_card_is_a_png_of_its_size() -> None:
    picture = Image.open(io.BytesIO(render_card(card(Badge(4, 1)))))
    assert (picture.format, picture.size) == ("PNG", (WIDTH, HEIGHT))


def test_only_printable_ascii_names_are_drawn() -> None:
    assert drawable("Annie Oakley-2")
    assert not drawable("Zoë")
    assert not drawable("安妮")
    assert not drawable("Ann 🎉")
    assert drawable(EMPTY)  # what a tile with no value yet shows


def test_a_badge_is_coloured_once_a_tier_is_earned() -> None:
    image = draw_card(card(Badge(3, 1), Badge(3, 0)))
    step = (WIDTH - 2 * MARGIN) / 2
    earned_edge = image.getpixel((int(MARGIN + step * 0.5) - 30, 420))
    none_edge = image.getpixel((int(MARGIN + step * 1.5) - 30, 420))
    assert none_edge == DIM
    assert earned_edge != DIM


def test_a_tile_of_an_icon_it_does_not_know_is_still_drawn() -> None:
    image = draw_card(Card("Ann", (Tile("laurel", "7"),), 0, ()))
    assert image.size == (WIDTH, HEIGHT)


def test_the_same_card_is_drawn_once() -> None:
    assert render_card(card(Badge(1, 1))) is render_card(card(Badge(1, 1)))


def test_a_games_own_drawing_is_drawn_on_its_tile() -> None:
    """A game's icon is its own function's (a ladder: bot/games/ladder/profile.py), given
    the card's drawing, its tile's centre and the icons' radius."""
    drawn: list[tuple[float, float, float]] = []

    def drawing(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
        drawn.append((cx, cy, r))

    draw_card(Card("Ann", (Tile("star", "1"), Tile(drawing, "2")), 0, ()))
    slot = (WIDTH - 2 * MARGIN) / 2
    assert drawn == [(MARGIN + slot + 8 + (slot - 16) / 2, 205, 30)]


def test_the_ladders_icon_is_its_own_drawing() -> None:
    """Its rails in its wood's colour, where the shared pictograms have none."""
    image = draw_card(Card("Ann", (Tile(ladder_icon, "1500"),), 0, ()))
    centre = MARGIN + 8 + (WIDTH - 2 * MARGIN - 16) / 2
    assert image.getpixel((int(centre - 15), 205)) == WOOD
