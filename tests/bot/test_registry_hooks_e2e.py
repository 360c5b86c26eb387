"""The hooks a game declares reach the features that go over the games
(docs/adding-a-game.md): a game that exists only in this test, added to ``GAMES`` with nothing
else changed, keeps a hand from /solve in its words (``Game.keeps``), has its row in
/settings (``Game.setting``), its lines in the owner's /admin overview (``Game.overview``),
its section of the fair-play review (``Game.review``), its board of players, which the owner
takes a player off and puts back (``Game.players``), and its two parts of /me, apart
(``Game.profile``), through the local Bot API."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import app
from bot.context import BotContext
from bot.games import GAMES
from bot.local_api import plain_text
from bot.play.registry import Game, PlayerBoards, ProfilePart, Setting
from bot.rules.spoilers import Numbers
from bot.rules.table import GameSettings
from bot.state import UserData
from tests.bot.harness import ANN, OWNER, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

KEPT = "No spoilers: the toy keeps 1 2 3 4."
HAND = (1, 2, 3, 4)
TOY_PLAYER = 77
"""A player only the toy's board knows."""


class Toy:
    """A game of this test: it keeps one hand from /solve and has a setting of its own."""

    def __init__(self) -> None:
        self.level = 1
        self.off: set[int] = set()
        """The players the owner took off its board."""

    async def keeps(
        self, numbers: Numbers, _user_id: int, _in_group: bool, _context: BotContext
    ) -> str | None:
        """Its hand, kept from everyone."""
        return KEPT if tuple(sorted(numbers)) == HAND else None

    def apply(self, _settings: GameSettings, value: str) -> bool:
        """``/settings toy N``, N from 1 to 3."""
        if value in ("1", "2", "3"):
            self.level = int(value)
            return True
        return False

    def setting(self) -> Setting:
        """The toy's level, a setting of the chat."""
        return Setting(
            "toy",
            lambda _settings, _context: f"Toy level: {self.level}",
            lambda _settings, _context: (("toy 1", 1), ("toy 2", 2), ("toy 3", 3)),
            lambda _settings: self.level,
            lambda _context: "The toy's level is 1, 2 or 3, like /settings toy 2.",
            self.apply,
        )

    def overview(self, _context: BotContext) -> tuple[str, ...]:
        """Its line of /admin."""
        return (f"Toys today: {self.level}",)

    def review(self, _context: BotContext, _today: dt.date) -> list[str]:
        """Its section of /admin fairplay."""
        return ["<b>Toys</b>", "None this week."]

    def take_off(self, _context: BotContext, user_id: int) -> dict[str, list[object]]:
        """A player off its board (nothing of the global data's rows changed)."""
        self.off.add(user_id)
        return {}

    def put_back(self, _context: BotContext, user_id: int) -> dict[str, list[object]]:
        """A player back on its board."""
        self.off.discard(user_id)
        return {}

    def profile(
        self, _context: BotContext, _user_id: int, _data: UserData
    ) -> tuple[ProfilePart, ...]:
        """Its two parts of /me: one before the season's rank (5), one after the games'."""
        return (ProfilePart(3, ("Toy first",)), ProfilePart(95, ("Toy last",)))

    def game(self) -> Game:
        """The toy as a game."""
        return Game(
            "toy",
            (),
            keeps=self.keeps,
            setting=self.setting(),
            overview=self.overview,
            review=self.review,
            profile=self.profile,
            players=PlayerBoards(
                lambda _context, user_id: user_id == TOY_PLAYER, self.take_off, self.put_back
            ),
        )


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Toy:
    """The toy, added to the games as a new game is: one line in GAMES."""
    toy = Toy()
    monkeypatch.setattr(app, "GAMES", (*GAMES, toy.game()))
    return toy


async def test_solve_keeps_its_hand_in_its_words(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, ANN, "/solve 1 2 3 4")
    assert said == KEPT


async def test_solve_answers_another_hand(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/solve 3 3 8 8"))
    assert said.startswith("3 3 8 8 → 24")


async def test_its_setting_is_a_line_of_the_settings(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/settings toy 3"))
    assert "Toy level: 3" in said


async def test_its_setting_has_its_row_of_buttons(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings")
        rows = api.sent[-1]["reply_markup"]["inline_keyboard"]
    toys = [b["text"] for row in rows for b in row if b["callback_data"].startswith("cfg:toy:")]
    assert toys == ["• toy 1", "toy 2", "toy 3"]


async def test_its_setting_out_of_range_is_told_its_usage(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/settings toy 9"))
    assert said == "The toy's level is 1, 2 or 3, like /settings toy 2."


async def test_the_owners_overview_has_its_line(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        said = plain_text(await reply_to(api, ANN, ANN, "/admin"))
    assert "Toys today: 1" in said.splitlines()


async def test_the_fair_play_review_has_its_section(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        said = plain_text(await reply_to(api, ANN, ANN, "/admin fairplay"))
    assert "Toys" in said.splitlines()


async def test_a_player_its_board_knows_is_known_to_the_owner(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        said = plain_text(await reply_to(api, ANN, ANN, f"/admin fairplay player {TOY_PLAYER}"))
    assert said.startswith(f"Player {TOY_PLAYER} is off every board")


async def test_the_owner_takes_a_player_off_its_board(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        await reply_to(api, ANN, ANN, f"/admin fairplay player {TOY_PLAYER}")
    assert toy.off == {TOY_PLAYER}


async def test_undo_puts_the_player_back_on_its_board(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=OWNER):
        await reply_to(api, ANN, ANN, f"/admin fairplay player {TOY_PLAYER}")
        await reply_to(api, ANN, ANN, "/admin fairplay undo")
    assert toy.off == set()


async def test_its_parts_of_the_profile_stand_apart(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        before = len(api.sent)
        api.send(ANN, ANN, "/me")
        card = (await api.wait_for_sent(before + 1))[before]
    lines = plain_text(card["caption"]).splitlines()
    ours = [line for line in lines if line.startswith(("Toy", "🗓 Season"))]
    marks = ["toy" if line.startswith("Toy") else "season" for line in ours]
    assert marks == ["toy", "season", "toy"]
