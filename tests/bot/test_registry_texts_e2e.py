"""The shared texts that speak of the games are composed from what the games declare
(docs/adding-a-game.md, issue #39): a game that exists only in this test, added to ``GAMES``
with nothing else changed, has its line in /start's greetings and in the reply to an unknown
command (``Game.invitation``), and its setting's key in the list of the settings; the plain
game's words (``Game.busy``) are what another game's start is told while a round is on,
through the local Bot API."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bot import app
from bot.games import GAMES
from bot.i18n import Translator
from bot.local_api import plain_text
from bot.play.registry import Game, Invitation, Setting
from tests.bot.harness import ANN, GROUP, deal, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

PRIVATE = "/toy plays a toy with you."
IN_GROUP = "/toy plays a toy with everyone here."
BUSY = "A round of the toy's words is on."


def _toy() -> Game:
    """A game of its invitation and its setting only (its key ``toy``)."""
    setting = Setting(
        "toy",
        lambda _settings, _context: "Toy level: 1",
        lambda _settings, _context: (("toy 1", 1),),
        lambda _settings: 1,
        lambda _context: "The toy's level is 1, like /settings toy 1.",
        lambda _settings, value: value == "1",
    )
    return Game("toy", (), invitation=Invitation(30, PRIVATE, IN_GROUP), setting=setting)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy, added to the games as a new game is: one line in GAMES."""
    monkeypatch.setattr(app, "GAMES", (*GAMES, _toy()))


async def test_start_in_private_has_its_line_after_the_daily_puzzles(
    tmp_path: Path, toy: None
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/start")).splitlines()
    assert said[-3:-1] == ["/daily opens today's puzzle, the same for everyone.", PRIVATE]


async def test_start_in_a_group_has_its_group_line(tmp_path: Path, toy: None) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, GROUP, "/start")).splitlines()
    assert said[1:3] == ["/play deals a hand here: the first to make 24 wins.", IN_GROUP]


async def test_an_unknown_command_has_its_line(tmp_path: Path, toy: None) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/hello")).splitlines()
    assert said[-2] == PRIVATE


async def test_a_word_that_is_no_setting_lists_its_key(tmp_path: Path, toy: None) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/settings colour"))
    assert "countdown, toy, unsolvable, language:" in said


def _busy(_context: Translator, typed: bool, _hint: bool) -> str:
    return f"{BUSY} (typed: {typed})"


async def test_a_start_over_a_round_is_told_the_plain_games_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/duel in private says nothing of its own of a round: the plain game says it."""
    games = tuple(dataclasses.replace(g, busy=_busy) if g.plain else g for g in GAMES)
    monkeypatch.setattr(app, "GAMES", games)
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, ANN)
        said = await reply_to(api, ANN, ANN, "/duel")
    assert said == f"{BUSY} (typed: True)"


async def test_a_training_over_a_round_in_private_is_told_the_rounds_words(
    tmp_path: Path,
) -> None:
    """/train, /duel in private: the rounds' own busy words, where answers are typed."""
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, ANN)
        said = await reply_to(api, ANN, ANN, "/train")
    assert said == "A round is on: type your answer, or use /hint, /reveal or /skip."
