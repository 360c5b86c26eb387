"""A view of the page is its game's own files (docs/adding-a-game.md, *A game's page*): a game
that exists only in this test, declared with its ``page_view`` (a script in a folder of its
own) and added to ``GAMES`` with nothing else changed, has its script's line in the page the
running bot serves, after the placed views', and its script served under its name with the
page's policy; one that would take a name already on the page stops the bot at its start."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
import pytest

from bot import app
from bot.context import services
from bot.games import GAMES
from bot.play.page_policy import PAGE_POLICY
from bot.play.registry import Game, PageView
from bot.settings import Settings
from tests.bot.harness import make_api, running_bot
from tests.bot.miniapp_data import APP_ENV

TOY_SCRIPT = 'registerView("toy", { open: () => {} });\n'


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    """The toy, its view's script in its own folder, added to the games as a new game is."""
    folder = tmp_path / "toy" / "page"
    folder.mkdir(parents=True)
    (folder / "toy.js").write_text(TOY_SCRIPT, encoding="utf-8")
    (folder / "toy.css").write_text(".toy-box { margin: 0; }\n", encoding="utf-8")
    game = Game("toy", (), page_view=PageView(folder, "toy.js", style="toy.css"))
    monkeypatch.setattr(app, "GAMES", (*GAMES, game))
    return game


async def _served(tmp_path: Path, *names: str) -> dict[str, httpx.Response]:
    async with running_bot(make_api(), tmp_path / "bot", env=APP_ENV) as application:
        base = services(application).web_address
        async with httpx.AsyncClient() as client:
            return {name: await client.get(f"{base}/app/{name}") for name in names}


def _scripts(page: str) -> list[str]:
    return re.findall(r'<script src="([\w.]+\.js)"', page)


@pytest.mark.asyncio
async def test_a_games_view_is_loaded_after_the_placed_ones(tmp_path: Path, toy: Game) -> None:
    page = (await _served(tmp_path, ""))[""].text
    assert _scripts(page)[-2:] == ["toy.js", "app.js"]


@pytest.mark.asyncio
async def test_a_games_stylesheet_is_linked_after_the_others(tmp_path: Path, toy: Game) -> None:
    page = (await _served(tmp_path, ""))[""].text
    assert re.findall(r'<link rel="stylesheet" href="([\w.]+\.css)">', page)[-1] == "toy.css"


@pytest.mark.asyncio
async def test_a_games_script_is_served_from_its_folder(tmp_path: Path, toy: Game) -> None:
    script = (await _served(tmp_path, "toy.js"))["toy.js"]
    assert (script.status_code, script.text) == (200, TOY_SCRIPT)


@pytest.mark.asyncio
async def test_a_games_script_has_the_pages_policy(tmp_path: Path, toy: Game) -> None:
    script = (await _served(tmp_path, "toy.js"))["toy.js"]
    assert (script.headers["Content-Security-Policy"], script.headers["Cache-Control"]) == (
        PAGE_POLICY,
        "no-cache",
    )


@pytest.mark.asyncio
async def test_the_other_views_stay(tmp_path: Path, toy: Game) -> None:
    page = (await _served(tmp_path, ""))[""].text
    assert {"daily.js", "train.js", "profile.js", "rush.js"} <= set(_scripts(page))


def test_a_game_taking_another_views_file_stops_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rush.js").write_text(TOY_SCRIPT, encoding="utf-8")
    late = Game("late toy", (), page_view=PageView(tmp_path, "rush.js"))
    monkeypatch.setattr(app, "GAMES", (*GAMES, late))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    application = app.build_application(settings, token="42:TEST")
    with pytest.raises(ValueError, match=r"rush\.js is declared twice"):
        app.app_server(application, serve_app=True)
