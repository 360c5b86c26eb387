"""A view's words are its game's (docs/adding-a-game.md, *A game's page*): a game that exists
only in this test, declared with its ``page_texts`` and added to ``GAMES`` with nothing else
changed, has its words in the page's ``/app/catalogue.js``, as the running bot serves it, in
every language; one that would take a word already declared stops the bot at its start."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from bot import app
from bot.context import services
from bot.games import GAMES
from bot.i18n import N_, languages
from bot.play.registry import Game
from bot.settings import Settings
from tests.bot.harness import make_api, running_bot
from tests.bot.miniapp_data import APP_ENV

TOY_WORDS = {"toyTitle": N_("Toy of the day"), "toyDone": N_("The toy is done: {time}.")}
"""The words of the test's game's view (no catalogue translates them: English everywhere)."""


async def _served_tables(tmp_path: Path) -> dict[str, dict[str, object]]:
    """Each language's table of words in the catalogue.js the running bot serves."""
    async with running_bot(make_api(), tmp_path, env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            script = (await client.get(f"{base}/app/catalogue.js")).text
    catalogue = json.loads(script.split("const CATALOGUE = ", 1)[1].split(";\n", 1)[0])
    return {language: entry["texts"] for language, entry in catalogue.items()}


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The toy, added to the games as a new game is: one line in GAMES."""
    game = Game("toy", (), page_texts=TOY_WORDS)
    monkeypatch.setattr(app, "GAMES", (*GAMES, game))
    return game


@pytest.mark.asyncio
async def test_a_game_added_to_games_has_its_words_on_the_page(tmp_path: Path, toy: Game) -> None:
    tables = await _served_tables(tmp_path)
    assert {language: tables[language]["toyTitle"] for language in tables} == {
        language: "Toy of the day" for language in languages()
    }


@pytest.mark.asyncio
async def test_the_page_keeps_the_other_games_words_and_the_shared_ones(
    tmp_path: Path, toy: Game
) -> None:
    tables = await _served_tables(tmp_path)
    assert {"rushTitle", "trainTitle", "profile", "undo", "more"} <= set(tables["zh"])


def test_a_game_taking_a_shared_word_stops_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    late = Game("late toy", (), page_texts={"undo": N_("Undo the toy")})
    monkeypatch.setattr(app, "GAMES", (*GAMES, late))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    application = app.build_application(settings, token="42:TEST")
    with pytest.raises(ValueError, match="declared twice: undo"):
        app.app_server(application, serve_app=True)


def test_a_game_taking_another_games_word_stops_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    late = Game("late toy", (), page_texts={"rushTitle": N_("Rush")})
    monkeypatch.setattr(app, "GAMES", (*GAMES, late))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    application = app.build_application(settings, token="42:TEST")
    with pytest.raises(ValueError, match="declared twice: rushTitle"):
        app.app_server(application, serve_app=True)
