"""Seasons through the local Bot API on a test clock: a season's end on the clock (trophies
saved before they are told, the ratings' uncertainty regained, the tables kept, the boards
reset), a season the bot was down over ending at start-up, /rating's season line, /season's
refusals, and /groups top without the groups not listed."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from bot.games.duel.parts import RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.arena.podium_season import PODIUM_BOARD, add_podium
from bot.rules.duel.rated_season import RATED_BOARD
from bot.rules.results import SEASON, GameResult, Trophy
from bot.rules.rush.run_season import RUN_BOARD
from bot.rules.seasons.tables import SeasonTrophy
from solver import solve
from tests import established
from tests.bot.daily_habit_data import DAY, NOON, answer_of
from tests.bot.games import start
from tests.bot.handles import tag
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    settled,
    until,
)
from tests.bot.rush_play import CAROL, next_picture, players, ring, the_run

pytestmark = pytest.mark.asyncio

END = dt.datetime(2026, 12, 1, tzinfo=dt.UTC).timestamp()
"""The end of season 2026-11 (the bot's time zone is UTC)."""
STRANGERS = (601, 602)
"""Two players Ann duels besides Bob (the season's duel board asks for three opponents)."""
ANA = 603
"""A Spanish-speaking player."""
OTHERS = -1_003_000
"""A second group, not listed on /groups top."""


async def rush_run(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, user: int, solves: int
) -> None:
    """``user`` plays a Rush run in private, solving ``solves`` hands 5 s each, to its end."""
    await start(api, user, user, "/rush")
    game = the_run(application, user)
    for _ in range(solves):
        clock.now += 5
        await next_picture(api, user, user, solve(game.hand, 24)[0].pretty)
    clock.now = game.deadline
    await ring(api, application, user, game)
    await settled(api, application)


async def november(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> None:
    """Ann's best run of the season (21 hands) and duels won over three players; Carol's
    run (20)."""
    await rush_run(api, application, clock, ANN, 21)
    await rush_run(api, application, clock, CAROL, 20)
    three_duels(application)


def three_duels(application: BotApplication, opponents: Sequence[int] = (BOB, *STRANGERS)) -> None:
    """Ann wins a duel over each of ``opponents``, established players, as rated duels leave
    them (the duels' own tests play them)."""
    ratings = RATINGS.get(application.bot_data.global_data)
    established.in_duels(ratings, *opponents, day=dt.date(2026, 11, 30))
    for opponent in opponents:
        ratings.record(ANN, opponent, ANN, dt.date(2026, 11, 30))


def season_news(api: LocalBotApi) -> list[dict[str, Any]]:
    return [m for m in api.sent if "Season 2026-11 is over" in m.get("text", "")]


async def test_a_seasons_end_on_the_clock(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await november(api, application, clock)
        sigma = RATINGS.get(application.bot_data.global_data).players[ANN].sigma
        (job,) = application.job_queue.get_jobs_by_name("season-end")
        set_for = job.next_t
        assert set_for is not None
        on_disk: dict[int, list[SeasonTrophy]] = {}

        def read_when_told(message: dict[str, Any]) -> None:
            if "Season 2026-11 is over" in message.get("text", ""):
                chat = message["chat"]["id"]
                on_disk[chat] = saved_record(tmp_path, "user", chat).trophies

        api.on_sent(read_when_told)
        published: list[tuple[GameResult, list[SeasonTrophy]]] = []

        def hear(_context: object, _chat: int | None, results: Sequence[GameResult]) -> list[str]:
            on_file = saved_record(tmp_path, "user", ANN).trophies  # what the disk holds then
            published.extend((result, on_file) for result in results if result.player == ANN)
            return []

        application.bot_data.result_listeners.append(hear)
        clock.now = END + 1
        await job.run(application)  # the job rings, as it would at the season's end
        await settled(api, application)
        (next_job,) = application.job_queue.get_jobs_by_name("season-end")
        ended = plain_text(await reply_to(api, ANN, ANN, "/season 2026-11"))
        now = plain_text(await reply_to(api, ANN, ANN, "/season"))
        rating = plain_text(await reply_to(api, ANN, ANN, "/rating"))
        after = RATINGS.get(application.bot_data.global_data).players[ANN].sigma
    assert 3000 < (set_for - dt.datetime.now(dt.UTC)).total_seconds() <= 3601
    assert [plain_text(m["text"]) for m in season_news(api) if m["chat"]["id"] == ANN] == [
        "🏆 Season 2026-11 is over: you won 2 trophies!\n"
        "🥇 1st on the duel board\n"
        "🥇 1st on the Rush board\n"
        "🎖️ New achievement: 🏆 A season's trophy\n"
        "\n"
        "/season 2026-11: the final tables."
    ]
    assert on_disk[ANN] == [
        SeasonTrophy("2026-11", RATED_BOARD.name, 1),
        SeasonTrophy("2026-11", RUN_BOARD.name, 1),
    ]
    assert (
        SeasonTrophy("2026-11", RUN_BOARD.name, 2) in saved_record(tmp_path, "user", CAROL).trophies
    )
    assert [(r.game, r.season, r.place) for r, _ in published if isinstance(r, Trophy)] == [
        (SEASON, "2026-11", 1),
        (SEASON, "2026-11", 1),
    ]
    assert all(len(on_file) == 2 for _r, on_file in published)  # published once saved
    assert sigma < after
    assert "\n1. 🥇 Ann: 21 · best hand 5.0 s\n2. 🥈 " in ended
    assert now.startswith("🗓 Season 2026-12, until 2027-01-01 00:00 (UTC)")
    assert "⚡ Rush: the best run of each player (20 hands or more)\nNobody yet." in now
    assert now.endswith(
        "\n\n🏆 Your trophies: 🥇 2026-11, the Rush board; 🥇 2026-11, the duel board"
    )
    assert "🗓 Season 2026-12: 0 of 3 rated duels against established players to be ranked" in (
        rating
    )
    assert next_job.next_t is not None and next_job.next_t > set_for


async def test_the_season_ends_by_its_own_job(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 1)  # the job rings in a second and a half (again, if early)
    async with running_bot(api, tmp_path, clock=clock) as application:
        three_duels(application)
        clock.now = END + 1
        await until(lambda: season_news(api), timeout=10)
        await settled(api, application)
        (next_job,) = application.job_queue.get_jobs_by_name("season-end")
    assert application.bot_data.global_data.seasons.current == "2026-12"
    assert next_job.next_t is not None
    assert (next_job.next_t - dt.datetime.now(dt.UTC)).total_seconds() > 3600


async def test_trophies_are_told_once_the_disk_takes_them(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await rush_run(api, application, clock, ANN, 20)
        (job,) = application.job_queue.get_jobs_by_name("season-end")
        refuse_writes(application)
        clock.now = END + 1
        await job.run(application)
        await settled(api, application)
        while_refused = season_news(api)
        refuse_writes(application, False)  # the disk takes writes again: the kept save retried
        await until(lambda: season_news(api), timeout=10)
        on_disk = saved_record(tmp_path, "user", ANN).trophies
    assert while_refused == []
    assert on_disk == [SeasonTrophy("2026-11", RUN_BOARD.name, 1)]


async def test_a_season_the_bot_was_down_over_ends_at_start_up(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await rush_run(api, application, clock, ANN, 20)
    clock.now = END + 3 * 86_400  # the bot was down over the month's end
    async with running_bot(api, tmp_path, clock=clock) as application:
        await settled(api, application)
        kept = application.bot_data.global_data.seasons.kept
    assert [plain_text(m["text"]).splitlines()[1] for m in season_news(api)] == [
        "🥇 1st on the Rush board"
    ]
    assert [row.player for row in kept["2026-11"].board(RUN_BOARD.name)] == [ANN]


async def test_rating_shows_the_seasons_rank(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await november(api, application, clock)
        rating = plain_text(await reply_to(api, ANN, ANN, "/rating"))
    assert rating.splitlines()[2] == "🗓 Season 2026-11: rank 1 of 1"


async def test_a_short_run_and_duels_against_one_account_win_no_place(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await rush_run(api, application, clock, CAROL, 1)
        three_duels(application, (BOB, BOB, BOB))  # one second account, three times
        season = plain_text(await reply_to(api, ANN, ANN, "/season"))
        rating = plain_text(await reply_to(api, ANN, ANN, "/rating"))
        clock.now = END + 1
        (job,) = application.job_queue.get_jobs_by_name("season-end")
        await job.run(application)
        await settled(api, application)
    assert (
        "⚔️ Duels (3 rated duels this season or more, against 3 established players or more)"
        "\nNobody yet." in season
    )
    assert "⚡ Rush: the best run of each player (20 hands or more)\nNobody yet." in season
    assert (
        "🗓 Season 2026-11: rated duels against 3 different established players to be ranked"
        in rating
    )
    assert season_news(api) == []


async def test_season_answers_what_it_cannot_show(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(END - 3600)):
        words = plain_text(await reply_to(api, ANN, ANN, "/season soon"))
        future = plain_text(await reply_to(api, ANN, ANN, "/season 2027-03"))
        none = plain_text(await reply_to(api, ANN, ANN, "/season 2026-10"))
    assert words.startswith("/season: this season's boards")
    assert future == "Season 2027-03 has not begun: /season shows this one."
    assert none == "No tables are kept for season 2026-10: nobody was on its boards."


async def solve_daily(api: LocalBotApi, clock: FakeClock, user: int, day: dt.date) -> None:
    """``user`` solves ``day``'s puzzle in 30 s, the clock set to that day's noon."""
    clock.now = NOON + (day - DAY).days * 86_400
    await reply_to(api, user, user, "/daily")
    clock.now += 30
    await reply_to(api, user, user, answer_of(day))


async def test_groups_top_shows_only_listed_groups(tmp_path: Path) -> None:
    api = players()
    api.add_group(OTHERS, "Others", admins={BOB})
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        listed = plain_text(await reply_to(api, ANN, GROUP, "/settings groups on"))
        await reply_to(api, CAROL, GROUP, "/groups top")  # Carol is seen in the group
        await reply_to(api, BOB, OTHERS, "/groups top")  # Bob is seen in the other group
        for user in (ANN, BOB):  # three days of the week before: they count this week
            for before in (4, 3, 2):
                await solve_daily(api, clock, user, DAY - dt.timedelta(days=before))
        for user in (ANN, BOB, CAROL):  # Carol's first daily puzzle: not yet
            await solve_daily(api, clock, user, DAY)
        top = plain_text(await reply_to(api, CAROL, CAROL, "/groups top"))
        there = plain_text(await reply_to(api, BOB, OTHERS, "/groups top"))
        await settled(api, application)
    assert "Listed on /groups top: on" in listed
    assert top == (
        "🏘 This week's groups (from Monday 2026-11-23)\n1. Friends: 1 daily puzzle solved"
    )
    assert there.endswith("本群未上榜：管理员可以在 /settings 中选择上榜。")  # Bob reads Chinese


async def test_only_admins_list_a_group_by_its_button(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        before = len(api.sent)
        api.send(ANN, GROUP, "/settings")
        menu = (await api.wait_for_sent(before + 1))[before]
        api.press(BOB, menu, "cfg:groups:on")  # Bob is no admin of the group
        await settled(api, application)
        after_bob = dict(application.bot_data.global_data.groups.listed)
        api.press(ANN, menu, "cfg:groups:on")
        await settled(api, application)
        after_ann = dict(application.bot_data.global_data.groups.listed)
        edited = plain_text(api.sent[-1]["text"])
    assert after_bob == {}
    assert after_ann == {GROUP: "Friends"}
    assert "\nListed on /groups top: on\n" in edited


async def test_a_listed_group_is_shown_under_its_new_title(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, GROUP, "/settings groups on")
        api.chats[GROUP].title = "Friends & Co"  # renamed on Telegram
        await reply_to(api, ANN, GROUP, "/groups top")
        listed = dict(application.bot_data.global_data.groups.listed)
    assert listed == {GROUP: "Friends & Co"}


async def test_a_group_titled_with_a_link_is_not_listed(tmp_path: Path) -> None:
    api = players()
    api.chats[GROUP].title = "Prizes at t.me/spam"
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        refused = plain_text(await reply_to(api, ANN, GROUP, "/settings groups on"))
        listed = dict(application.bot_data.global_data.groups.listed)
    assert refused == "A group whose title holds a link or an @ is not listed on /groups top."
    assert listed == {}


async def test_the_arena_board_counts_wins_and_podiums_each_in_its_plural(tmp_path: Path) -> None:
    api = players()
    api.add_user(ANA, "Ana", language_code="es")
    async with running_bot(api, tmp_path, clock=FakeClock(END - 3600)) as application:
        seasons = application.bot_data.global_data.seasons
        for place in (1, 2, 3):  # one arena won, three podiums (a win is one)
            add_podium(seasons.state(PODIUM_BOARD), ANN, place)
        spanish = plain_text(await reply_to(api, ANA, ANA, "/season"))
        english = plain_text(await reply_to(api, ANN, ANN, "/season"))
    assert ": 1 ganada, 3 podios" in spanish
    assert "Ann: 1 won, 3 podiums" in english


async def test_the_season_names_a_player_as_every_board_does(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await november(api, application, clock)
        stranger = plain_text(await reply_to(api, ANN, ANN, "/season"))
        application.user_data[ANN].met[CAROL] = "Caz"  # as a duel or a challenge leaves it
        met = plain_text(await reply_to(api, ANN, ANN, "/season"))
    assert f"\n2. 🥈 {tag(application, CAROL)}: 20" in stranger
    assert "\n2. 🥈 Caz: 20" in met  # in private, a player met by the name seen then
