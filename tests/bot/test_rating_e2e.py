"""/rating and /rating top through the local Bot API, with ratings that duels made before
the bot started (written into its data file as the duels' code saves them)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot import records
from bot.games.duel.parts import RATINGS
from bot.local_api import plain_text
from bot.persistence import SQLitePersistence
from bot.rules.duel.rating import Ratings, Shown
from bot.rules.public_names import handle
from bot.state import ChatData, GlobalData
from tests.bot.harness import ANN, BOB, GROUP, FaultyBotApi, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

CAT, DAN, EVE, FAY = 503, 504, 505, 506
DAY = dt.date(2026, 11, 20)
KEY = "the handles' key"


def tag(user_id: int) -> str:
    """How a board names a player the chat does not know (no public name chosen)."""
    return handle(KEY, user_id)


def duels() -> GlobalData:
    """Ann: six rated duels (five won) and a friendly one; Cat and Dan: three rated each;
    Bob: one, won against Fay (provisional); Eve: none."""
    data = GlobalData()
    data.names.key = KEY
    ratings = RATINGS.get(data)
    for _ in range(3):
        ratings.record(ANN, CAT, ANN, DAY)
    ratings.record(CAT, ANN, CAT, DAY)  # the fourth of the day between them: friendly
    next_day = DAY + dt.timedelta(days=1)
    ratings.record(ANN, DAN, ANN, next_day)
    ratings.record(ANN, DAN, ANN, next_day)
    ratings.record(DAN, ANN, DAN, next_day)
    ratings.record(BOB, FAY, BOB, next_day)
    return data


async def seed(tmp_path: Path, data: GlobalData, group_members: dict[int, str]) -> None:
    """Write the global data, and the group's members as the bot has seen them, into the
    data file the bot then starts with."""
    persistence = SQLitePersistence(tmp_path)
    rows: dict[tuple[str, Any], object] = {("chat", GROUP): ChatData(members=group_members)}
    rows.update(records.global_rows(data))
    assert persistence.write_now(rows)
    await persistence.flush()


def make_people() -> FaultyBotApi:
    api = make_api()
    for user_id, name in ((CAT, "Cat"), (DAN, "Dan"), (EVE, "Eve"), (FAY, "Fay")):
        api.add_user(user_id, name, language_code="en")
    return api


def points(shown: Shown) -> str:
    return f"{shown.points} ± {shown.plus_minus}"


def signed(change: int) -> str:
    return f"{change:+d}".replace("-", "−")


async def test_a_rated_player_sees_rating_rank_duels_and_last_results(tmp_path: Path) -> None:
    data = duels()
    ann = RATINGS.get(data).of(ANN)
    await seed(tmp_path, data, {})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, ANN, "/rating"))
    changes = [signed(result.change) for result in ann.recent]
    assert not ann.shown.provisional
    assert text.splitlines() == [
        f"Ann: {points(ann.shown)}",
        "🏅 Rank 1 of 3 rated players",
        # the duels were in November, as the bot's day; against players not established
        "🗓 Season 2026-11: 0 of 3 rated duels against established players to be ranked",
        "⚔️ Duels: 5 won, 1 lost (and 1 friendly duel, not rated)",
        "Last 5 results:",
        f"❌ lost to {tag(DAN)}: {changes[0]}",
        f"✅ won against {tag(DAN)}: {changes[1]}",
        f"✅ won against {tag(DAN)}: {changes[2]}",
        f"❌ lost to {tag(CAT)} (friendly)",
        f"✅ won against {tag(CAT)}: {changes[4]}",
    ]


async def test_a_provisional_player_is_told_so_in_chinese(tmp_path: Path) -> None:
    data = duels()
    bob = RATINGS.get(data).of(BOB)
    await seed(tmp_path, data, {})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, BOB, BOB, "/rating"))
    assert text.splitlines() == [
        f"Bob：{points(bob.shown)}，定级中（定级赛已打 1/5 场）",
        "暂无排名：打满 3 场计分对决才会上榜。",
        "🗓 2026-11 赛季：已与等级分已稳定的玩家打 0/3 场计分对决，打满才会上榜",
        "⚔️ 对决：1 胜 0 负",
        "最近 1 场：",
        f"✅ 胜 {tag(FAY)}：{signed(bob.recent[0].change)}",
    ]


async def test_a_player_without_duels_is_told_how_to_play_one(tmp_path: Path) -> None:
    await seed(tmp_path, duels(), {})
    api = make_people()
    async with running_bot(api, tmp_path):
        in_private = await reply_to(api, EVE, EVE, "/rating")
        in_group = await reply_to(api, EVE, GROUP, "/rating")
    assert in_private == "No rated duels yet: /duel to play one."
    assert in_group == "No rated duels yet: /duel to play one."


async def test_in_a_group_a_reply_shows_the_other_players_rating_with_names_of_the_group(
    tmp_path: Path,
) -> None:
    data = duels()
    ann = RATINGS.get(data).of(ANN)
    # The group knows Ann, and Dan under the name he has there; not Cat.
    await seed(tmp_path, data, {ANN: "Ann", DAN: "Danny", EVE: "Eve"})
    api = make_people()
    async with running_bot(api, tmp_path):
        said = api.send(ANN, GROUP, "good game!")  # unseen by the bot: privacy mode
        text = plain_text(await reply_to(api, EVE, GROUP, "/rating", reply_to=said["message_id"]))
    lines = text.splitlines()
    assert lines[0] == f"Ann: {points(ann.shown)}"
    assert lines[5] == f"❌ lost to Danny: {signed(ann.recent[0].change)}"
    assert lines[6] == f"✅ won against Danny: {signed(ann.recent[1].change)}"
    assert lines[8] == f"❌ lost to {tag(CAT)} (friendly)"  # Cat is not known here
    assert lines[9] == f"✅ won against {tag(CAT)}: {signed(ann.recent[4].change)}"


async def test_a_reply_to_a_player_without_duels_or_to_the_bot(tmp_path: Path) -> None:
    await seed(tmp_path, duels(), {})
    api = make_people()
    async with running_bot(api, tmp_path):
        said = api.send(EVE, GROUP, "hello")
        none = await reply_to(api, ANN, GROUP, "/rating", reply_to=said["message_id"])
        bot_message = api.sent[-1]["message_id"]
        bots = await reply_to(api, ANN, GROUP, "/rating", reply_to=bot_message)
        by_name = await reply_to(api, ANN, GROUP, "/rating @eve")
        other = await reply_to(api, ANN, GROUP, "/rating everyone")
    assert none == "Eve has no rated duels yet."
    assert bots == "Bots do not duel, so they have no rating."
    assert by_name == (
        "I cannot look up @names: reply to one of their messages with /rating instead."
    )
    assert other == (
        "/rating: your duel rating; /rating top: the best players; "
        "as a reply to someone's message: their rating."
    )


async def test_top_in_private_names_only_the_player_who_asks(tmp_path: Path) -> None:
    data = duels()
    ratings = RATINGS.get(data)
    await seed(tmp_path, data, {})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, ANN, "/rating top"))
    names = {ANN: "Ann", CAT: tag(CAT), DAN: tag(DAN)}
    assert ratings.board() == [ANN, DAN, CAT]
    assert text.splitlines() == [
        "🌍 Top players (3 rated duels or more)",
        *(
            f"{place}. {names[player]}: {points(ratings.of(player).shown)}"
            for place, player in enumerate(ratings.board(), 1)
        ),
        "",
        "Ranked by rating − 3 × ±: a rating proven over many duels ranks higher.",
    ]


async def test_top_in_a_group_adds_its_members_board_under_the_groups_names(
    tmp_path: Path,
) -> None:
    data = duels()
    ratings = RATINGS.get(data)
    await seed(tmp_path, data, {ANN: "Ann", CAT: "Kitty", BOB: "Bob"})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, BOB, GROUP, "/rating top"))
    shown = {player: points(ratings.of(player).shown) for player in (ANN, CAT, DAN)}
    assert text.splitlines() == [
        "🌍 最强玩家（至少 3 场计分对决）",
        f"1. Ann：{shown[ANN]}",
        f"2. {tag(DAN)}：{shown[DAN]}",
        f"3. Kitty：{shown[CAT]}",
        "",
        "👥 Friends",
        f"1. Ann：{shown[ANN]}",
        f"2. Kitty：{shown[CAT]}",
        "",
        "按 等级分 − 3 × ± 排名：经多场对决验证的等级分排得更靠前。",
    ]


async def test_top_places_a_player_ranked_below_the_first_ten(tmp_path: Path) -> None:
    data = GlobalData()
    ratings = RATINGS.get(data)
    first = dt.date(2026, 11, 1)
    # Twelve players, each with three rated duels: the first eleven beat the twelfth.
    for player in range(1000, 1011):
        for day in range(3):
            ratings.record(player, EVE, player, first + dt.timedelta(days=day))
    await seed(tmp_path, data, {})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, EVE, EVE, "/rating top"))
    lines = text.splitlines()
    assert ratings.rank(EVE) == 12
    assert len(lines) == 1 + 10 + 1 + 2
    assert lines[11] == f"You: rank 12, {points(ratings.of(EVE).shown)}"


async def test_nobody_rated_yet(tmp_path: Path) -> None:
    data = GlobalData()
    RATINGS.put(data, Ratings())
    RATINGS.get(data).record(ANN, BOB, ANN, DAY)
    await seed(tmp_path, data, {})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = await reply_to(api, ANN, GROUP, "/rating top")
    assert text == "Nobody has 3 rated duels yet: /duel to play one."


async def test_names_with_markup_are_shown_as_written(tmp_path: Path) -> None:
    data = duels()
    await seed(tmp_path, data, {CAT: "<b>Cat</b> & Co"})
    api = make_people()
    async with running_bot(api, tmp_path):
        text = plain_text(await reply_to(api, ANN, GROUP, "/rating top"))
    assert f"3. <b>Cat</b> & Co: {points(RATINGS.get(data).of(CAT).shown)}" in text.splitlines()
