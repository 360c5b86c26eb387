"""Times of day that no clock shows, typed to /remind and /subscribe: a friendly reply in the
user's language, never "Sorry, something went wrong"."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from bot.rules.daily.puzzle import post_time
from tests.bot.harness import ANN, BOB, make_api, reply_to, running_bot

HUGE = "99999999999999999999:00"

REMIND = {
    ANN: (
        "Use /remind 20:00 (24-hour time), optionally with a time zone: "
        "/remind 20:00 Asia/Shanghai; /remind off."
    ),
    BOB: (
        "用法：/remind 20:00（24 小时制），可加时区：/remind 20:00 Asia/Shanghai；"
        "/remind off 关闭。"
    ),
}
SUBSCRIBE = {
    ANN: (
        "Use /subscribe 09:00 (24-hour time), optionally with a time zone: /subscribe 09:00 "
        "Asia/Shanghai."
    ),
    BOB: "用法：/subscribe 09:00（24 小时制），可加时区：/subscribe 09:00 Asia/Shanghai。",
}


@pytest.mark.asyncio
@pytest.mark.parametrize("user", [ANN, BOB], ids=["en", "zh"])
async def test_a_huge_hour_to_remind_gets_the_usage(tmp_path: Path, user: int) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, user, user, f"/remind {HUGE}"))
    assert reply == REMIND[user]


@pytest.mark.asyncio
@pytest.mark.parametrize("user", [ANN, BOB], ids=["en", "zh"])
async def test_a_huge_hour_to_subscribe_gets_the_usage(tmp_path: Path, user: int) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, user, user, f"/subscribe {HUGE}"))
    assert reply == SUBSCRIBE[user]


@pytest.mark.parametrize("text", [HUGE, "00:99999999999999999999", "-1:00", "24:00", "9:60"])
def test_a_time_no_clock_shows_is_a_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        post_time(text)


def test_a_time_of_one_digit_reads() -> None:
    assert post_time("9:05").strftime("%H:%M") == "09:05"
