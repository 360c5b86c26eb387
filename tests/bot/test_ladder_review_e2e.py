"""/review's and /train's wording through the local Bot API, as a play-tester read it: a
review's hand shows no rating and says how it ends, a command during it says "reviewing",
/review stop ends it, /review in a group opens /review in private, and a hand stopped as it
came is announced as kept for the next /train."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.hand_records import hand_key
from bot.rules.ladder.puzzle_rating import Attempt, PuzzlePlayer
from tests.bot.harness import (
    ANN,
    GROUP,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import DAY, NOON, next_picture, train, training

pytestmark = pytest.mark.asyncio

MISSED = [(1, 1, 1, 8), (1, 2, 3, 4)]


def missed(application: BotApplication) -> None:
    """Ann missed two hands today."""
    application.bot_data.global_data.ladder.players[ANN] = PuzzlePlayer(
        history=[Attempt(hand_key(hand, 24), DAY.isoformat(), None) for hand in MISSED]
    )


async def test_a_review_hand_shows_no_rating_and_says_how_it_ends(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        missed(application)
        picture, _ = await next_picture(api, "/review")
    caption = plain_text(picture["caption"])
    assert "rated" not in caption
    assert caption.endswith(
        "120 s for this hand.\nType your answer, like (8-2)*4.\n"
        "/skip shows a solution and deals the next; /review stop ends."
    )


async def test_a_command_during_a_review_says_reviewing(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        missed(application)
        await next_picture(api, "/review")
        said = [plain_text(await reply_to(api, ANN, ANN, text)) for text in ("/train", "/play")]
    reviewing = (
        "You are reviewing: type your answer, /skip the hand (no rating change) or /review stop."
    )
    assert said == [reviewing, reviewing]


async def test_review_stop_ends_a_review(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        missed(application)
        await next_picture(api, "/review")
        clock.now += 10
        api.send(ANN, ANN, "/review stop")
        await settled(api, application)
        over = not training(application).live
    texts = [plain_text(m.get("text", "")) for m in api.sent[-2:]]
    assert texts[-1] == (
        "🏁 Review over: reviews change no rating. /review deals those hands again, /train "
        "hands at your level."
    )
    assert over


async def test_review_in_a_group_opens_review_in_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        missed(application)
        before = len(api.sent)
        api.send(ANN, GROUP, "/review")
        reply = (await api.wait_for_sent(before + 1))[before]
        picture, _ = await next_picture(api, "/start review")
    button = reply["reply_markup"]["inline_keyboard"][0][0]
    assert (button["text"], button["url"].rsplit("?", 1)[1]) == (
        "Review in private",
        "start=review",
    )
    assert plain_text(picture["caption"]).startswith("🔁 Review · ")


async def test_a_hand_stopped_as_it_came_is_announced_as_kept(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await train(api)
        clock.now += 1
        end = plain_text(await reply_to(api, ANN, ANN, "/train stop"))
    assert end.endswith(
        "The hand you stopped as it came is kept: your next /train deals it again, its clock anew."
    )


async def test_a_hand_stopped_later_is_not_announced_as_kept(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        clock.now += 10
        api.send(ANN, ANN, "/train stop")
        await settled(api, application)
    texts = [plain_text(m.get("text", "")) for m in api.sent[-2:]]
    assert "kept" not in texts[-1]


async def test_a_review_hands_button_skips_with_no_miss_said(tmp_path: Path) -> None:
    """A review changes no rating: its Skip button does not call the skip a miss."""
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        missed(application)
        picture, _ = await next_picture(api, "/review")
    (row,) = picture["reply_markup"]["inline_keyboard"]
    assert [button["text"] for button in row] == ["⏭ Skip"]


async def test_a_training_hands_button_still_says_a_miss(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        picture = await train(api)
    (row,) = picture["reply_markup"]["inline_keyboard"]
    assert [button["text"] for button in row] == ["⏭ Skip (a miss)"]
