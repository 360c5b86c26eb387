"""The deal as a picture of playing cards (JPEG), drawn with Pillow, and sent to Telegram
once per picture: later deals of the same hand re-send it by the file id Telegram gave it."""

from __future__ import annotations

import asyncio
import io
import logging
import random
from functools import lru_cache
from itertools import groupby
from typing import Any

from PIL import Image, ImageDraw, ImageFont
from telegram import Bot, Message
from telegram.error import BadRequest, InvalidToken, NetworkError

from bot.services.sending import calls_seen

logger = logging.getLogger(__name__)

SUITS = ("spades", "hearts", "diamonds", "clubs")
RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}
CARD_W, CARD_H, GAP, MARGIN = 220, 320, 28, 32
"""Card size in pixels: four cards make a 1,000-pixel-wide picture, crisp on a phone."""
RED, BLACK, FELT = (200, 30, 45), (25, 25, 30), (22, 110, 70)
TILE, TILE_BOARD, TARGET = (30, 70, 160), (15, 30, 70), (235, 180, 40)
TARGET_H = 150
"""Height of the target's plate over Countdown's tiles."""
FileKey = tuple[tuple[int, ...], bool, int | None]
"""A picture, as its file id is kept: (sorted hand, drawn as tiles, Countdown's target)."""


def suits_for(hand: tuple[int, ...]) -> tuple[str, ...]:
    """Suits for the cards of a sorted hand: the same hand always gets the same suits, and
    equal ranks get different suits, as in a real deck."""
    rng = random.Random(" ".join(map(str, hand)))
    suits: list[str] = []
    for _rank, cards in groupby(hand):
        count = len(list(cards))
        suits += (rng.sample(SUITS, len(SUITS)) * count)[:count]
    return tuple(suits)


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


@lru_cache(maxsize=32)
def _tile(value: int) -> Image.Image:
    """One number tile (Countdown's numbers are numbers, not cards: 1 is no ace)."""
    image = Image.new("RGB", (CARD_W + 1, CARD_H + 1), TILE_BOARD)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=104 if value < 100 else 84)
    draw.rounded_rectangle([0, 0, CARD_W, CARD_H], 22, fill=TILE, outline=(20, 40, 90), width=3)
    draw.text((CARD_W / 2, CARD_H / 2), str(value), fill="white", font=font, anchor="mm")
    return image


def draw_hand(
    hand: tuple[int, ...], *, tiles: bool = False, target: int | None = None
) -> Image.Image:
    """The cards, in rank order, side by side on green felt; a hand has one picture (see
    :func:`suits_for`).  With ``tiles``, Countdown's numbers as plain tiles on blue, under
    a gold plate with the ``target``, if given."""
    hand = tuple(sorted(hand))
    width = MARGIN * 2 + CARD_W * len(hand) + GAP * (len(hand) - 1)
    top = MARGIN if target is None else MARGIN + TARGET_H + GAP
    image = Image.new("RGB", (width, top + CARD_H + MARGIN), TILE_BOARD if tiles else FELT)
    faces = [_tile(v) for v in hand] if tiles else map(_card, hand, suits_for(hand))
    for i, face in enumerate(faces):
        image.paste(face, (MARGIN + i * (CARD_W + GAP), top))
    if target is not None:
        # Digits only: the picture is the same in every language.
        draw = ImageDraw.Draw(image)
        plate = [width / 2 - 240, MARGIN, width / 2 + 240, MARGIN + TARGET_H]
        draw.rounded_rectangle(plate, 22, fill=TARGET, outline=(120, 85, 10), width=3)
        font = ImageFont.load_default(size=112)
        draw.text(
            (width / 2, MARGIN + TARGET_H / 2), str(target), fill=BLACK, font=font, anchor="mm"
        )
    return image


@lru_cache(maxsize=8)
def render_hand(hand: tuple[int, ...], *, tiles: bool = False, target: int | None = None) -> bytes:
    """JPEG bytes of the picture of a hand (:func:`draw_hand`).

    Only the last few are kept here (about 40 KB each): once sent, a picture is re-sent by
    its Telegram file id.
    """
    image = draw_hand(hand, tiles=tiles, target=target)
    out = io.BytesIO()
    # JPEG encodes several times faster than PNG, and Telegram recompresses photos to JPEG.
    image.save(out, format="JPEG", quality=92)
    return out.getvalue()


FILE_IDS_KEPT = 20_000
PICTURE_TRIES = 2
"""Tries of a picture the Bot API answers with a server error (5xx) before the hand is
sent as text; a 404 (no ``sendPhoto``) is not tried again."""
PICTURE_PAUSE = 1.0
"""Seconds between those tries."""


async def send_hand(
    bot: Bot,
    chat_id: int,
    hand: tuple[int, ...],
    file_ids: dict[FileKey, str],
    *,
    caption: str,
    tiles: bool = False,
    target: int | None = None,
    **kwargs: Any,
) -> Message:
    """Send the picture of ``hand`` with its ``caption`` and ``kwargs`` (reply_markup, …);
    as a text message, the caption alone, where the chat allows no photos, or when the Bot
    API answers the picture with a server error twice (:data:`PICTURE_TRIES`) or "method
    not found" (the caption gives the numbers, so the hand is played from the text rather
    than lost).  A picture that got no answer at all (the network) raises: the outbox tries
    it again.

    The first time, the picture is drawn and uploaded; after that it is sent by the file id
    Telegram returned (kept in ``file_ids`` by :data:`FileKey`; ids are valid for one bot),
    which saves drawing, uploading and Telegram's processing.  ``tiles``: Countdown's
    numbers as tiles (a picture of its own, never a card hand's with the same numbers),
    with its ``target`` over them.
    """
    for attempt in range(1, PICTURE_TRIES + 1):
        with calls_seen() as seen:
            try:
                return await _send_picture(
                    bot,
                    chat_id,
                    hand,
                    file_ids,
                    tiles=tiles,
                    target=target,
                    caption=caption,
                    **kwargs,
                )
            except BadRequest as error:
                # A group's admins may forbid photos ("not enough rights to send photos to
                # the chat"): the caption gives the numbers, so the hand is played from text.
                if "rights to send photos" not in error.message.lower():
                    raise
                logger.info("Chat %s allows no photos: the hand is sent as text", chat_id)
                break
            except (NetworkError, InvalidToken) as error:
                # PTB raises InvalidToken for any 404: here, a Bot API without sendPhoto.
                status = seen[-1][1] if seen else None
                if status is None or (status < 500 and status != 404):
                    raise  # no answer (the network): the outbox tries again
                if status != 404 and attempt < PICTURE_TRIES:
                    await asyncio.sleep(PICTURE_PAUSE)  # a server error may pass
                    continue
                logger.warning("Picture for chat %s not sent (%s): sent as text", chat_id, error)
                break
    return await bot.send_message(chat_id, caption, **kwargs)


async def _send_picture(
    bot: Bot,
    chat_id: int,
    hand: tuple[int, ...],
    file_ids: dict[FileKey, str],
    *,
    tiles: bool,
    target: int | None,
    **kwargs: Any,
) -> Message:
    key = (tuple(sorted(hand)), tiles, target)
    file_id = file_ids.get(key)
    if file_id is not None:
        try:
            return await bot.send_photo(chat_id, file_id, **kwargs)
        except BadRequest as error:
            # A file id can stop working (Telegram says "wrong file identifier"): upload anew.
            if "file" not in error.message.lower():
                raise
            logger.warning("Picture of %s not re-sent by file id: %s", hand, error)
            file_ids.pop(key, None)
    sent = await bot.send_photo(chat_id, render_hand(hand, tiles=tiles, target=target), **kwargs)
    if sent.photo:
        if len(file_ids) >= FILE_IDS_KEPT:
            file_ids.clear()
        # The largest size: Telegram re-sends it as it is, the others it would scale up.
        file_ids[key] = sent.photo[-1].file_id
    return sent
