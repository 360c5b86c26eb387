"""The deal's picture: one per hand, drawn once, then re-sent by Telegram's file id."""

from __future__ import annotations

import io
import logging
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.services.pictures.cards import SUITS, render_hand, send_hand, suits_for
from tests.bot.harness import ANN, BOB, deal, dealt, make_api, reply_to, running_bot

ROOT = Path(__file__).resolve().parents[2]


def test_a_hand_has_one_picture_with_suits_a_real_deck_allows() -> None:
    assert render_hand((8, 3, 8, 3)) == render_hand((3, 3, 8, 8))
    picture = Image.open(io.BytesIO(render_hand((1, 5, 12, 13))))
    assert picture.format == "JPEG"
    assert picture.width > 4 * 200
    for hand in [(1, 1, 1, 1), (2, 2, 5, 5), (3, 3, 3, 9), (4, 6, 6, 6)]:
        suits = suits_for(hand)
        assert suits == suits_for(hand)
        assert set(suits) <= set(SUITS)
        for rank in set(hand):
            same = [suit for card, suit in zip(hand, suits, strict=True) if card == rank]
            assert len(set(same)) == len(same)  # no two 8♠ in one deal
    assert len({suits_for((1, 2, 3, n)) for n in range(4, 14)}) > 1


def test_the_readmes_picture_is_what_the_bot_draws(tmp_path: Path) -> None:
    drawn = tmp_path / "deal.png"
    script = ROOT / "docs" / "make_pictures.py"
    subprocess.run([sys.executable, str(script), str(drawn)], check=True, cwd=ROOT, timeout=60)
    with Image.open(drawn) as new, Image.open(ROOT / "docs" / "deal.png") as kept:
        assert new.tobytes() == kept.tobytes(), "docs/deal.png is stale: run that script"


@pytest.mark.asyncio
async def test_the_same_hand_is_re_sent_by_file_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        first = []
        for user in (ANN, BOB, ANN):
            application.bot_data.rng = random.Random(3)
            first.append(await deal(api, user, user))
            await reply_to(api, user, user, "/stop")
        assert len({dealt(m) for m in first}) == 1
        assert len(api.photos) == 1  # uploaded once
        assert {m["photo"][0]["file_id"] for m in first} == set(api.photos)
        # Telegram no longer knows the file id: the picture is uploaded again.
        api.photos.clear()
        application.bot_data.rng = random.Random(3)
        with caplog.at_level(logging.WARNING):
            again = await deal(api, ANN, ANN)
        assert dealt(again) == dealt(first[0])
        assert len(api.photos) == 1
        assert "wrong file identifier" in caplog.text.lower()


@pytest.mark.asyncio
async def test_countdowns_tiles_are_a_picture_of_their_own(tmp_path: Path) -> None:
    # Countdown draws numbers as tiles (its 1 is no ace): a card hand of the same numbers
    # must not be re-sent in its place by file id, nor the other way round.
    api = make_api()
    hand = (1, 2, 3, 5, 9, 10)
    async with running_bot(api, tmp_path) as application:
        file_ids = application.bot_data.file_ids
        for tiles in (False, True, False, True):
            await send_hand(application.bot, ANN, hand, file_ids, caption="x", tiles=tiles)
    assert len(api.photos) == 2
