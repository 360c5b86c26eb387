"""The season's boards, a group's week and standing are the games' (docs/adding-a-game.md): a
game that exists only in this test, added to ``GAMES`` with nothing else changed, has its
board on /season in its place and words, wins its trophies at the season's end
(``Game.season_boards``, its rules a ``SeasonBoard`` the season keeps a state for), its share
of /groups top (``Game.group_share``) and establishes a player (``Game.establishes``),
through the local Bot API."""

from __future__ import annotations

import datetime as dt
from collections.abc import Container, Iterator
from pathlib import Path

import pytest

from bot import app
from bot.context import BotContext
from bot.games import GAMES
from bot.i18n import Translator
from bot.local_api import LocalBotApi, plain_text
from bot.play.registry import Game, GroupShare, SeasonBoardShown
from bot.play.standing import established
from bot.rules.results import GameResult
from bot.rules.seasons.tables import BOARDS, Row, SeasonBoard, SeasonTrophy
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
)

pytestmark = pytest.mark.asyncio

END = dt.datetime(2026, 12, 1, tzinfo=dt.UTC).timestamp()
"""The end of season 2026-11 (the bot's time zone is UTC)."""


def _rows(points: dict[int, int], _season: str, off: Container[int]) -> list[Row]:
    ranked = sorted((-value, player) for player, value in points.items() if player not in off)
    return [Row(player, -value) for value, player in ranked]


def _hear(_points: dict[int, int], _result: GameResult, _day: dt.date) -> bool:
    return False


def _toys(context: Translator, count: int) -> str:
    return f", {count} toys" if count else ""


def _established(_context: BotContext, player: int, _day: dt.date) -> bool:
    return player == BOB


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[SeasonBoard[dict[int, int]]]:
    """A game of this test, added to the games as a new game is (one line in GAMES): a
    season's board of its points by player, kept by the season (declared here, and taken
    off the boards after the test), a share of the groups' week, its established player."""
    board = SeasonBoard[dict[int, int]](
        "toys", 99, _rows, kind=dict[int, int], new=dict, hear=_hear
    )
    shown = SeasonBoardShown(
        board,
        lambda _t: "<b>🧸 Toys</b>",
        lambda _t: "the toy board",
        lambda _t, row: f"{row.value} toys",
    )
    share = GroupShare(30, lambda _context, chat, _day: 5 if chat == GROUP else 0, _toys)
    game = Game("toy", (), season_boards=(shown,), group_share=share, establishes=_established)
    monkeypatch.setattr(app, "GAMES", (*GAMES, game))
    yield board
    del BOARDS[board.name]


async def test_its_board_is_on_the_season_after_the_others(
    tmp_path: Path, toy: SeasonBoard[dict[int, int]]
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(END - 3600)) as application:
        application.bot_data.global_data.seasons.state(toy)[ANN] = 7
        said = plain_text(await reply_to(api, ANN, ANN, "/season"))
    assert said.endswith("\n\n🧸 Toys\n1. 🥇 Ann: 7 toys")


async def _season_ended_with_ann_first(
    api: LocalBotApi,
    application: BotApplication,
    clock: FakeClock,
    toy: SeasonBoard[dict[int, int]],
) -> None:
    """Ann leads the toy board with 7 when the season ends; /season then closes it."""
    application.bot_data.global_data.seasons.state(toy)[ANN] = 7
    clock.now = END + 60
    await reply_to(api, ANN, ANN, "/season")


async def test_its_board_wins_its_trophies_at_the_seasons_end(
    tmp_path: Path, toy: SeasonBoard[dict[int, int]]
) -> None:
    api = make_api()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await _season_ended_with_ann_first(api, application, clock, toy)
        trophies = application.user_data[ANN].trophies
        kept = application.bot_data.global_data.seasons.kept["2026-11"]
    assert trophies == [SeasonTrophy("2026-11", "toys", 1)]
    assert kept.board("toys") == [Row(ANN, 7)]


async def test_its_trophy_is_named_in_its_words(
    tmp_path: Path, toy: SeasonBoard[dict[int, int]]
) -> None:
    api = make_api()
    clock = FakeClock(END - 3600)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await _season_ended_with_ann_first(api, application, clock, toy)
        said = plain_text(await reply_to(api, ANN, ANN, "/season"))
    assert said.endswith("🏆 Your trophies: 🥇 2026-11, the toy board")


async def test_its_share_of_a_listed_groups_week_is_shown(
    tmp_path: Path, toy: SeasonBoard[dict[int, int]]
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(END - 3600)):
        await reply_to(api, ANN, GROUP, "/settings groups on")
        said = plain_text(await reply_to(api, ANN, ANN, "/groups top"))
    assert said.splitlines()[1:] == ["1. Friends: 0 daily puzzles solved, 5 toys"]


async def test_a_player_it_establishes_is_established(
    tmp_path: Path, toy: SeasonBoard[dict[int, int]]
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        context = BotContext(application)
        day = context.today()
        assert established(context, BOB, day)
        assert not established(context, ANN, day)
