"""/me through the local Bot API: the profile card is a picture whose caption names the
player by their public name and tells their duel rating, streak, best times, trophies and
achievements; as a reply in a group, the replied-to player's; the Mini App's profile has the
same lines."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import records
from bot.games.duel.parts import RATINGS
from bot.games.ladder.parts import LADDER_RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.persistence import SQLitePersistence
from bot.rules.achievements import every
from bot.state import GlobalData
from solver import solve
from tests import established
from tests.bot.handles import tag
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
)
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

CAT, DAN = 503, 504
EVE, FAY = 505, 506
"""Players Ann and Cat met in rated duels (known to the ratings only)."""
DAY = dt.date(2026, 11, 20)


async def me(api: LocalBotApi, user: int, chat: int, reply_to: int | None = None) -> dict:
    """The bot's answer to ``/me`` (a message: a photo, if all is well)."""
    before = len(api.sent)
    api.send(user, chat, "/me", reply_to=reply_to)
    return (await api.wait_for_sent(before + 1))[before]


async def test_me_sends_the_profile_card_with_its_caption(tmp_path: Path) -> None:
    data = GlobalData()
    # The season's board asks for three rated duels against three different established
    # players.
    established.in_duels(RATINGS.get(data), ANN, CAT, EVE, FAY, day=DAY)
    for other in (CAT, EVE, FAY):
        RATINGS.get(data).record(ANN, other, ANN, DAY)
    for other in (EVE, FAY):
        RATINGS.get(data).record(CAT, other, other, DAY)
    persistence = SQLitePersistence(tmp_path)
    assert persistence.write_now(dict(records.global_rows(data)))
    await persistence.flush()
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")
    api.add_user(DAN, "Dan", language_code="en")
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, ANN, "/name Annie")
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 4.25
        await reply_to(api, ANN, GROUP, f"/a {solve(hand)[0].text}")
        card = await me(api, ANN, ANN)
        ratings = RATINGS.get(application.bot_data.global_data)
        shown, ranked = ratings.players[ANN].shown, ratings.ranked()
        # A group's round won is an attempt on the ladder too (a race's win).
        puzzle = LADDER_RATINGS.get(application.bot_data.global_data).player(ANN).shown
        said = api.send(ANN, GROUP, "good game!")  # unseen by the bot: privacy mode
        theirs = await me(api, CAT, GROUP, reply_to=said["message_id"])
        dans = await me(api, DAN, DAN)
    assert "photo" in card
    assert plain_text(card["caption"]).splitlines() == [
        "🪪 Annie",
        f"⚔️ Duel rating: {shown.points} ± {shown.plus_minus}, rank 1 of {ranked}",
        "⚡ Fastest hand: 4.2 s",
        "🗓 Season 2026-11: rank 1 of 2",
        "🔥 Daily streak: 0 (best 0)",
        f"🪜 Puzzle rating: {puzzle} (1 of 10 hands to be ranked)",
        "🏆 Trophies: 0",
        f"🎖️ Achievements: 2 of {len(every())} (/achievements)",
    ]
    assert "photo" in theirs
    assert plain_text(theirs["caption"]).splitlines()[0] == "🪪 Annie"
    assert plain_text(dans["caption"]).splitlines()[:2] == [
        f"🪪 {tag(application, DAN)}",
        "⚔️ Duel rating: no rated duels yet",
    ]


async def test_the_mini_apps_profile_has_the_same_lines(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        await reply_to(api, ANN, ANN, "/name Annie")
        hand = dealt(await deal(api, ANN, GROUP))
        clock.now += 4.25
        await reply_to(api, ANN, GROUP, f"/a {solve(hand)[0].text}")
        card = plain_text((await me(api, ANN, ANN))["caption"]).splitlines()
        listed = plain_text(await reply_to(api, ANN, ANN, "/achievements")).splitlines()
        page = await call(application, "GET", "profile")
        in_chinese = (await call(application, "GET", "profile", user=BOB)).json()
    assert page.status_code == 200
    assert [plain_text(line) for line in page.json()["card"]] == card
    assert [plain_text(line) for line in page.json()["achievements"]][1:] == listed[1:]
    assert in_chinese["card"][1] == "⚔️ 对决等级分：还没有计分对决"
