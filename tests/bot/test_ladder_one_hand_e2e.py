"""One rated training hand at a time, through the local Bot API and the Mini App's calls: the
page's Train tab deals none while a game of the player's is on in their private chat (a
training hand there), and /train there deals none while a hand of theirs is on the page."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.harness import ANN, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON, train
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio


async def test_the_page_deals_no_hand_while_the_chat_trains(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as app:
        await train(api)
        refused = await call(app, "POST", "train", body={})
    assert (refused.status_code, refused.json()["error"]) == (409, "busy")


async def test_the_chat_deals_no_hand_while_the_page_has_one_on(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as app:
        dealt = await call(app, "POST", "train", body={})
        assert dealt.status_code == 200
        told = plain_text(await reply_to(api, ANN, ANN, "/train"))
    assert told.startswith("Your training hand is on in the Mini App")


async def test_the_chat_trains_again_once_the_pages_hand_is_over(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as app:
        dealt = (await call(app, "POST", "train", body={})).json()
        await call(app, "POST", "train/skip", body={"number": dealt["number"]})
        picture = await train(api)
    assert "Make 24 from" in plain_text(picture["caption"])
