"""The deal as a picture of playing cards (JPEG), drawn with Pillow and cached."""

from __future__ import annotations

import io
import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
CARD_W, CARD_H, GAP, MARGIN = 220, 320, 28, 32
"""Card size in pixels: four cards make a 1,000-pixel-wide picture, crisp on a phone."""
RED, BLACK, FELT = (200, 30, 45), (25, 25, 30), (22, 110, 70)


def random_suits(rng: random.Random, count: int) -> tuple[str, ...]:
    """Suits for the cards of a deal (as a real deck would give, at random)."""
    return tuple(rng.choice(SUITS) for _ in range(count))


def rank_text(value: int) -> str:
    """How a card shows its rank: A, 2 … 10, J, Q, K (larger numbers as digits)."""
    return RANKS.get(value, str(value))


def _suit(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, r: float) -> None:
    """Draw a suit symbol centred on (cx, cy), ``r`` its half-size."""
    colour = RED if suit in ("hearts", "diamonds") else BLACK
    if suit == "diamonds":
        draw.polygon([(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)], colour)
    elif suit == "hearts":
        draw.ellipse([cx - r, cy - r * 0.75, cx, cy + r * 0.1], colour)
        draw.ellipse([cx, cy - r * 0.75, cx + r, cy + r * 0.1], colour)
        draw.polygon(
            [(cx - r * 0.97, cy - r * 0.2), (cx + r * 0.97, cy - r * 0.2), (cx, cy + r)], colour
        )
    elif suit == "spades":
        draw.ellipse([cx - r, cy - r * 0.3, cx, cy + r * 0.55], colour)
        draw.ellipse([cx, cy - r * 0.3, cx + r, cy + r * 0.55], colour)
        draw.polygon(
            [(cx - r * 0.97, cy + r * 0.2), (cx + r * 0.97, cy + r * 0.2), (cx, cy - r)], colour
        )
        draw.polygon([(cx, cy + r * 0.2), (cx - r * 0.4, cy + r), (cx + r * 0.4, cy + r)], colour)
    else:
        for dx, dy in ((0, -r * 0.5), (-r * 0.5, r * 0.1), (r * 0.5, r * 0.1)):
            draw.ellipse(
                [cx + dx - r * 0.45, cy + dy - r * 0.45, cx + dx + r * 0.45, cy + dy + r * 0.45],
                colour,
            )
        draw.polygon([(cx, cy), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)], colour)


@lru_cache(maxsize=128)
def _card(value: int, suit: str) -> Image.Image:
    """One card on its patch of felt, drawn once and reused (pasting it needs no mask)."""
    image = Image.new("RGB", (CARD_W + 1, CARD_H + 1), FELT)
    draw = ImageDraw.Draw(image)
    big = ImageFont.load_default(size=104)
    small = ImageFont.load_default(size=44)
    draw.rounded_rectangle([0, 0, CARD_W, CARD_H], 22, fill="white", outline=(60, 60, 60), width=3)
    colour = RED if suit in ("hearts", "diamonds") else BLACK
    rank = rank_text(value)
    draw.text((18, 10), rank, fill=colour, font=small)
    _suit(draw, suit, 36, 86, 16)
    draw.text((CARD_W / 2, CARD_H / 2 - 12), rank, fill=colour, font=big, anchor="mm")
    _suit(draw, suit, CARD_W / 2, CARD_H - 70, 34)
    return image


@lru_cache(maxsize=8)
def render_hand(hand: tuple[int, ...], suits: tuple[str, ...]) -> bytes:
    """JPEG bytes of the cards side by side on green felt (the same deal, the same bytes).

    Only the last few pictures are kept (about 40 KB each): a day's daily puzzle is drawn
    once, while the random suits of a round's deal seldom come twice.
    """
    width = MARGIN * 2 + CARD_W * len(hand) + GAP * (len(hand) - 1)
    image = Image.new("RGB", (width, CARD_H + MARGIN * 2), FELT)
    for i, (value, suit) in enumerate(zip(hand, suits, strict=True)):
        image.paste(_card(value, suit), (MARGIN + i * (CARD_W + GAP), MARGIN))
    out = io.BytesIO()
    # JPEG encodes several times faster than PNG, and Telegram recompresses photos to JPEG.
    image.save(out, format="JPEG", quality=92)
    return out.getvalue()
