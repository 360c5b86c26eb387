"""The shared server of a Telegram game's page: each game serves its calls under its page's
mode, one route each (bot/play/game_page.py); Rush's calls through it: test_rush_game_e2e."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest
from telegram.ext import Application

from bot.context import GameReply, GameRequest
from bot.play.game_page import game_address, serve_game
from bot.services.web.game_tokens import TOKEN_AGE


async def call(request: GameRequest) -> GameReply:
    return 200, {}


def application() -> Application:
    """As much of an application as serving a page touches: its BotData's pages."""
    return cast(Application, SimpleNamespace(bot_data=SimpleNamespace(game_pages={})))


def pages(app: Application) -> dict[str, Any]:
    return cast(dict[str, Any], app.bot_data.game_pages)


def test_a_game_serves_its_calls_under_its_mode() -> None:
    app = application()
    serve_game(app, "rush", {"POST start": call}, max_age=TOKEN_AGE)
    assert pages(app)["rush"].calls == {"POST start": call}
    assert pages(app)["rush"].max_age == TOKEN_AGE


def test_two_games_may_not_serve_one_mode() -> None:
    app = application()
    serve_game(app, "rush", {"POST start": call}, max_age=TOKEN_AGE)
    with pytest.raises(ValueError, match="served already"):
        serve_game(app, "rush", {"GET state": call}, max_age=TOKEN_AGE)


@pytest.mark.parametrize("mode", ["", "Rush", "rush/start", "a b", "r1"])
def test_a_mode_is_lower_case_letters(mode: str) -> None:
    with pytest.raises(ValueError, match="lower-case"):
        serve_game(application(), mode, {}, max_age=TOKEN_AGE)


def test_a_pages_calls_are_taken_at_least_as_long_as_its_token_opens_it() -> None:
    with pytest.raises(ValueError, match="at least"):
        serve_game(application(), "rush", {}, max_age=TOKEN_AGE - 1)


def test_play_opens_the_page_in_the_games_mode_with_the_token_in_the_fragment() -> None:
    address = game_address("https://example.org/app/", "rush", "u=1&hash=ab", "es")
    assert address == "https://example.org/app/?mode=rush&lang=es#game=u%3D1%26hash%3Dab"
