"""A game is a plug-in (docs/adding-a-game.md): a game that exists only in this
test, declared as a ``Game`` and added to ``GAMES`` with nothing else changed, has its
handlers registered in its slot, its restore run at start-up, its work set up with the solving
service (a hand it keeps from every deal), and, while it is on, the other games refused in its
words, through the local Bot API."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram.ext import Application, CommandHandler

from bot import app
from bot.games import GAMES
from bot.i18n import Translator
from bot.play.registry import Game, Handlers, Slot
from bot.services.solving import Solving
from bot.state import ChatData, GlobalData
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages
from tests.bot.harness import ANN, GROUP, deal, make_api, reply_to, running_bot

BUSY = "A toy is on: /toy stop ends it."
KEPT = (1, 2, 3, 4)
"""The hand the toy keeps from every deal."""


class Toy:
    """A game of this test: /toy turns it on in a chat, /toy stop off."""

    def __init__(self) -> None:
        self.on_in: set[int] = set()
        """The chats' data (by ``id``) where it is on."""
        self.restored: list[Application] = []
        self.set_up: list[Solving] = []

    async def command(self, update: MessageUpdate, context: HandlerContext) -> None:
        """/toy, /toy stop."""
        if context.args == ["stop"]:
            self.on_in.discard(id(context.chat_data))
            context.reply(update, "Toy off.")
        else:
            self.on_in.add(id(context.chat_data))
            context.reply(update, "Toy on.")

    def register(self, application: Application) -> None:
        """/toy."""
        application.add_handler(CommandHandler("toy", for_messages(self.command)))

    def restore(self, application: Application) -> None:
        """Counts the restores."""
        self.restored.append(application)

    def on(self, chat: ChatData, _data: GlobalData) -> bool:
        """Whether the toy is on in the chat."""
        return id(chat) in self.on_in

    def work(self, solving: Solving) -> None:
        """Keeps its hand from every deal."""
        self.set_up.append(solving)
        solving.keep_from_deals(lambda _now: (KEPT,))

    def busy(self, _context: Translator, _private: bool, _hint: bool) -> str:
        """What another game's command is told."""
        return BUSY

    def game(self) -> Game:
        """The toy as a game."""
        return Game(
            "toy",
            (Handlers(self.register),),
            restore=self.restore,
            on=self.on,
            busy=self.busy,
            work=self.work,
        )


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Toy:
    """The toy, added to the games as a new game is: one line in GAMES."""
    toy = Toy()
    monkeypatch.setattr(app, "GAMES", (*GAMES, toy.game()))
    return toy


@pytest.mark.asyncio
async def test_a_game_added_to_games_takes_its_command(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, GROUP, "/toy")
    assert said == "Toy on."


@pytest.mark.asyncio
async def test_a_game_added_to_games_is_restored_at_start_up(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        restored = list(toy.restored)
    assert restored == [application]


@pytest.mark.asyncio
async def test_a_game_added_to_games_sets_up_its_work_with_the_solving_service(
    tmp_path: Path, toy: Toy
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        solving = application.bot_data.solving
    assert toy.set_up == [solving]


@pytest.mark.asyncio
async def test_the_hands_it_keeps_are_kept_from_every_deal(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        kept = await application.bot_data.solving.kept_hands()
    assert KEPT in kept


@pytest.mark.asyncio
async def test_while_it_is_on_a_round_is_refused_in_its_words(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/toy")
        refused = await reply_to(api, ANN, GROUP, "/play")
    assert refused == BUSY


@pytest.mark.asyncio
async def test_while_it_is_on_a_hunt_is_refused_in_its_words(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/toy")
        refused = await reply_to(api, ANN, GROUP, "/hunt")
    assert refused == BUSY


@pytest.mark.asyncio
async def test_once_it_is_off_a_round_is_dealt(tmp_path: Path, toy: Toy) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/toy")
        await reply_to(api, ANN, GROUP, "/toy stop")
        dealt = await deal(api, ANN, GROUP)
    assert len(dealt["caption"]) > 0


def test_its_handlers_stand_in_its_slot_before_the_scores(tmp_path: Path, toy: Toy) -> None:
    from bot.app import build_application
    from bot.settings import Settings

    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    handlers = build_application(settings, token="42:TEST").handlers[0]
    commands = [sorted(getattr(handler, "commands", ())) for handler in handlers]
    assert commands.index(["toy"]) < commands.index(["score"])


def test_a_game_in_the_last_slot_stands_after_the_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app import build_application
    from bot.settings import Settings

    toy = Toy()
    late = Game("late toy", (Handlers(toy.register, Slot.LAST),))
    monkeypatch.setattr(app, "GAMES", (*GAMES, late))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    handlers = build_application(settings, token="42:TEST").handlers[0]
    commands = [sorted(getattr(handler, "commands", ())) for handler in handlers]
    assert commands.index(["toy"]) > commands.index(["settings"])
