"""/me through the local Bot API with the parts a game and a feature give it: the season's
rank on its duel board and the season's trophies (the seasons feature's part), the puzzle
rating after a training hand (the ladder's); the Mini App's profile has the same lines, and
the same picture."""

from __future__ import annotations

import datetime as dt
import io
from pathlib import Path

import pytest
from PIL import Image

from bot.games.duel.parts import RATINGS
from bot.games.ladder.parts import LADDER_RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.duel.rated_season import RATED_BOARD
from bot.rules.rush.run_season import RUN_BOARD
from bot.rules.seasons.tables import SeasonTrophy
from bot.services.pictures.profile_card import HEIGHT, WIDTH, render_card
from tests import established
from tests.bot.harness import ANN, BOB, FakeClock, make_api, reply_to, running_bot
from tests.bot.ladder_play import NOON, answer, hand_on, next_picture, train
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

CAT = 503
DAN, EVE = 504, 505
"""Two more players Ann and Cat meet (known to the ratings only)."""
TROPHIES = [
    SeasonTrophy("2026-09", RUN_BOARD.name, 3),
    SeasonTrophy("2026-10", RATED_BOARD.name, 2),
    SeasonTrophy("2026-10", RUN_BOARD.name, 1),
    SeasonTrophy("2026-11", RATED_BOARD.name, 1),
]
"""As four seasons' ends left them (test_seasons_e2e plays a season's end)."""


async def caption(api: LocalBotApi, user: int) -> list[str]:
    """The lines of the caption of the card ``/me`` sends ``user``."""
    before = len(api.sent)
    api.send(user, user, "/me")
    card = (await api.wait_for_sent(before + 1))[before]
    assert "photo" in card, card
    return plain_text(card["caption"]).splitlines()


async def test_me_shows_the_season_rank_the_puzzle_rating_and_the_trophies(
    tmp_path: Path,
) -> None:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=APP_ENV) as application:
        before = await caption(api, ANN)
        ratings = RATINGS.get(application.bot_data.global_data)
        # As rated duels leave them (the duels' tests play them): the season's board asks
        # for three against three different players, so Ann and Cat each meet three.
        day = dt.date(2026, 11, 23)
        established.in_duels(ratings, ANN, CAT, DAN, EVE, day=day)
        for other in (CAT, DAN, EVE):
            ratings.record(ANN, other, ANN, day)
        for other in (DAN, EVE):
            ratings.record(CAT, other, other, day)
        ratings.record(BOB, CAT, BOB, dt.date(2026, 11, 23))
        application.user_data[ANN].trophies.extend(TROPHIES)
        await train(api)
        clock.now += 14.2  # above the pace floor
        await next_picture(api, answer(hand_on(application)))
        await reply_to(api, ANN, ANN, "/train stop")
        rating = LADDER_RATINGS.get(application.bot_data.global_data).players[ANN].shown
        after = await caption(api, ANN)
        cats = await caption(api, CAT)
        page = (await call(application, "GET", "profile")).json()
        in_chinese = (await call(application, "GET", "profile", user=BOB)).json()
    assert "🗓 Season 2026-11: 0 of 3 rated duels against established players to be ranked" in (
        before
    )
    assert "🪜 Puzzle rating: not yet (/train in private)" in before
    assert not [line for line in before if line.startswith("🏅")]
    assert "🗓 Season 2026-11: rank 1 of 2" in after
    assert f"🪜 Puzzle rating: {rating} (1 of 10 hands to be ranked)" in after
    assert (
        "🏅 Season trophies (4): 🥇 2026-11, the duel board; 🥇 2026-10, the Rush board; "
        "🥈 2026-10, the duel board; … and 1 more"
    ) in after
    assert "🗓 Season 2026-11: rank 2 of 2" in cats  # lost all three
    assert [plain_text(line) for line in page["card"]] == after
    assert (
        "🗓 2026-11 赛季：已与等级分已稳定的玩家打 1/3 场计分对决，打满才会上榜"
        in (in_chinese["card"])
    )


async def test_the_mini_apps_profile_gets_the_card_me_sends(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON), env=APP_ENV) as application:
        await caption(api, ANN)
        drawn = render_card.cache_info()
        picture = await call(application, "GET", "profile/card")
        again = render_card.cache_info()
        someone_elses = await call(application, "GET", "profile/card", user=BOB)
        refused = await call(application, "GET", "profile/card", data="user=forged")
    assert picture.status_code == 200
    assert picture.headers["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(picture.content))
    assert (image.format, image.size) == ("PNG", (WIDTH, HEIGHT))
    assert (again.hits, again.misses) == (drawn.hits + 1, drawn.misses)  # /me's, not drawn again
    assert someone_elses.content != picture.content
    assert refused.status_code == 401
