"""Throwaway accounts buy no trophy, through the local Bot API, to the season's end on a test
clock: an arena won over an account made for it gives no trophy, podium, achievement nor
arena played (the newcomer still plays and places in the group); with two established
players, the trophy and podium go to them, the newcomer's place stays in the group; duels
won over fresh accounts put nobody on the season's duel board (docs/fair-play.md,
*Established players*)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.games.arena import group as arena_group
from bot.games.arena.parts import ARENA_CHAT
from bot.games.duel.parts import RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.arena.podium_season import ARENAS_PLAYED, PODIUM_BOARD
from bot.rules.duel.rated_season import RATED_BOARD
from bot.rules.results import GameResult, Podium
from bot.rules.seasons.tables import SeasonTrophy
from tests import established
from tests.bot import duels
from tests.bot.arena_play import (
    hearing,
    joined,
    solve_one,
    stop,
    text_of,
)
from tests.bot.arena_play import regulars as arena_regulars
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    reply_to,
    running_bot,
    settled,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

END = dt.datetime(2026, 12, 1, tzinfo=dt.UTC).timestamp()
"""The end of season 2026-11 (the bot's time zone is UTC)."""
BEFORE_END = END - 3600
CAROL, DAVE = duels.CAROL, duels.DAVE
NIA = 505
"""A third fresh account (Dave's like)."""


def newcomers() -> LocalBotApi:
    api = duels.players()
    api.add_user(NIA, "Nia", language_code="en")
    return api


async def arena(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, scores: dict[int, int]
) -> str:
    """Ann announces an arena; each player of ``scores`` joins and solves that many hands
    at a person's pace; Ann stops it.  Returns the group's final standings."""
    await joined(api, tuple(scores))
    for user, solved in scores.items():
        for _ in range(solved):
            await solve_one(api, application, clock, user)
    final = await stop(api)
    await settled(api, application)
    return plain_text(text_of(final))


async def season_end(
    api: LocalBotApi, application: BotApplication, clock: FakeClock
) -> dict[int, str]:
    """The season's end rings on the test clock; what each chat was told of it."""
    (job,) = application.job_queue.get_jobs_by_name("season-end")
    before = len(api.sent)
    clock.now = END + 1
    await job.run(application)
    await settled(api, application)
    return {
        m["chat"]["id"]: plain_text(m["text"])
        for m in api.sent[before:]
        if "Season 2026-11 is over" in m.get("text", "")
    }


def podiums(heard: Sequence[GameResult]) -> list[tuple[int, int]]:
    return [(r.player, r.place) for r in heard if isinstance(r, Podium)]


async def test_an_arena_won_over_an_account_made_for_it_wins_nothing(tmp_path: Path) -> None:
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        heard = hearing(application)
        arena_regulars(application, ANN)  # Ann has played; Dave's account is a minute old
        final = await arena(api, application, clock, {ANN: 4, DAVE: 1})
        season = plain_text(await reply_to(api, ANN, ANN, "/season"))
        ann = ARENA_CHAT.of(application.chat_data[ANN])
        tally = dict(application.bot_data.global_data.seasons.state(PODIUM_BOARD))
        played = dict(application.bot_data.global_data.groups.tallies.get(ARENAS_PLAYED.name, {}))
        told = await season_end(api, application, clock)
        trophies = {user: application.user_data[user].trophies for user in (ANN, DAVE)}
    assert "\n1. Ann: 12 points\n2. Dave: 2 points\n" in final  # Dave plays and places in the group
    assert (
        "No trophy this time: an arena's trophy and podium need 2 established players who "
        "scored, or more." in final
    )
    assert (
        "Dave: not established yet (the daily puzzle solved on 3 days, or five duels played "
        "out against five players over a week), so this arena counts for them in this group "
        "only." in final
    )
    assert podiums(heard) == []  # no podium: no achievement, no season board
    assert ann is None or ann.trophies == []
    assert tally == {}
    assert played == {}  # not an arena played on /groups top
    assert "🏟" not in season
    assert told == {}
    assert trophies == {ANN: [], DAVE: []}


async def test_two_established_players_take_the_podium_a_newcomer_tops(tmp_path: Path) -> None:
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        heard = hearing(application)
        arena_regulars(application, ANN)
        ratings = RATINGS.get(application.bot_data.global_data)
        established.in_duels(ratings, CAROL, day=dt.date(2026, 11, 30))  # by her duels
        before = len(api.sent)
        final = await arena(api, application, clock, {DAVE: 3, ANN: 2, CAROL: 1})
        dave_told = [
            plain_text(m.get("text") or "") for m in api.sent[before:] if m["chat"]["id"] == DAVE
        ]
        ann = ARENA_CHAT.of(application.chat_data[ANN])
        tally = set(application.bot_data.global_data.seasons.state(PODIUM_BOARD))
        played = dict(application.bot_data.global_data.groups.tallies.get(ARENAS_PLAYED.name, {}))
        told = await season_end(api, application, clock)
        trophies = {user: application.user_data[user].trophies for user in (ANN, CAROL, DAVE)}
    assert "\n1. Dave: 8 points\n" in final  # first in the group's standings, no medal
    assert "\n2. 🥇 Ann: 4 points\n3. 🥈 Carol: 2 points\n" in final  # the trophy's podium
    assert "🏆 Ann wins the arena's trophy (trophies won: 1)." in final
    assert "Dave: not established yet" in final
    assert podiums(heard) == [(ANN, 1), (CAROL, 2)]
    assert ann is not None and [t.score for t in ann.trophies] == [4]
    assert tally == {ANN, CAROL}  # the season's arena board
    assert played == {"2026-11-30": {GROUP: 1}}  # an arena played, for /groups top
    assert any(t.startswith("🏁 The arena is over: you placed 1 of 3") for t in dave_told)
    assert told[ANN].splitlines()[1] == "🥇 1st on the arena board"
    assert told[CAROL].splitlines()[1] == "🥈 2nd on the arena board"
    assert DAVE not in told
    assert trophies[ANN] == [SeasonTrophy("2026-11", PODIUM_BOARD.name, 1)]
    assert trophies[DAVE] == []


async def duel_won(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, winner: int, loser: int
) -> list[str]:
    """A group duel ``winner`` wins 3–0 over ``loser`` (who is invited); its last words."""
    invitation = await duels.invite(api, application, winner, loser)
    await duels.accept(api, application, invitation, loser)
    said: list[str] = []
    for _ in range(3):
        said = await duels.win_hand(api, application, clock, winner)
    return said


async def test_duels_won_over_fresh_accounts_win_no_place_on_the_duel_board(
    tmp_path: Path,
) -> None:
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        duels.establish(application, BOB)
        await duel_won(api, application, clock, BOB, ANN)  # Ann loses to Bob, an established player
        await duel_won(api, application, clock, ANN, DAVE)  # then beats two accounts made for it
        await duel_won(api, application, clock, ANN, NIA)
        season = plain_text(await reply_to(api, ANN, ANN, "/season"))
        rating = plain_text(await reply_to(api, ANN, ANN, "/rating"))
        ann = RATINGS.get(application.bot_data.global_data).of(ANN)
        told = await season_end(api, application, clock)
        trophies = application.user_data[ANN].trophies
    assert (ann.season_rated, ann.season_counted, ann.season_against) == (3, 1, [BOB])
    assert (
        "⚔️ Duels (3 rated duels this season or more, against 3 established players or more)"
        "\nNobody yet." in season
    )
    assert "🗓 Season 2026-11: 1 of 3 rated duels against established players to be ranked" in (
        rating
    )
    assert told == {}
    assert trophies == []


async def test_duels_won_over_established_players_put_one_on_the_duel_board(
    tmp_path: Path,
) -> None:
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for player in (BOB, DAVE, NIA):
            duels.establish(application, player)
        await duel_won(api, application, clock, BOB, ANN)
        await duel_won(api, application, clock, ANN, DAVE)
        await duel_won(api, application, clock, ANN, NIA)
        season = plain_text(await reply_to(api, ANN, ANN, "/season"))
        told = await season_end(api, application, clock)
        trophies = application.user_data[ANN].trophies
    assert "\n1. 🥇 Ann: " in season
    assert told[ANN].splitlines()[1] == "🥇 1st on the duel board"
    assert trophies == [SeasonTrophy("2026-11", RATED_BOARD.name, 1)]


async def test_the_end_pictures_the_podium_the_medals_are_worn_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictured: list[list[int]] = []
    real = arena_group.podium_picture

    def drawn(scores: Sequence[int]) -> bytes:  # the real picture, its podium noted
        pictured.append(list(scores))
        return real(scores)

    monkeypatch.setattr(arena_group, "podium_picture", drawn)
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        arena_regulars(application, ANN)
        established.in_duels(
            RATINGS.get(application.bot_data.global_data), CAROL, day=dt.date(2026, 11, 30)
        )
        await arena(api, application, clock, {DAVE: 3, ANN: 2, CAROL: 1})
    assert pictured == [[4, 2]]  # Ann's and Carol's, not the newcomer Dave's 8 on top


async def test_an_arena_that_wins_nothing_pictures_no_podium(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pictured: list[list[int]] = []
    real = arena_group.podium_picture

    def drawn(scores: Sequence[int]) -> bytes:
        pictured.append(list(scores))
        return real(scores)

    monkeypatch.setattr(arena_group, "podium_picture", drawn)
    api = newcomers()
    clock = FakeClock(BEFORE_END)
    async with running_bot(api, tmp_path, clock=clock) as application:
        arena_regulars(application, ANN)
        await arena(api, application, clock, {ANN: 4, DAVE: 1})
    assert pictured == []
