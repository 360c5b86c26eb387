"""A feature is a plug-in too (docs/adding-a-game.md): a feature that exists only
in this test, declared as a ``Feature`` and added to ``FEATURES`` and ``HANDLERS``, has its
command taken and its line in /help, through the local Bot API; and its menu entry stands
where its position puts it."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram.ext import Application, CommandHandler

from bot import app
from bot.features import FEATURES
from bot.games import GAMES
from bot.menus import commands_of
from bot.play.registry import Feature, Game, Help, HelpLine, Menu, MenuEntry
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages
from tests.bot.harness import ANN, make_api, reply_to, running_bot

LINE = "/gadget: a feature of this test"


async def gadget(update: MessageUpdate, context: HandlerContext) -> None:
    """/gadget."""
    context.reply(update, "Gadget here.")


def register(application: Application) -> None:
    """/gadget."""
    application.add_handler(CommandHandler("gadget", for_messages(gadget)))


GADGET = Feature(
    "gadget",
    register,
    menu=(MenuEntry(79, "gadget", "A feature of this test"),),
    help=lambda _context: [HelpLine(Help.TOOLS, 20, LINE)],
)


@pytest.fixture
def added(monkeypatch: pytest.MonkeyPatch) -> None:
    """The gadget, added as a new feature is: to FEATURES, and placed in HANDLERS."""
    monkeypatch.setattr(app, "FEATURES", (*FEATURES, GADGET))
    monkeypatch.setattr(app, "HANDLERS", (*app.HANDLERS, GADGET))


@pytest.mark.asyncio
@pytest.mark.usefixtures("added")
async def test_a_feature_added_takes_its_command(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, ANN, "/gadget")
    assert said == "Gadget here."


@pytest.mark.asyncio
@pytest.mark.usefixtures("added")
async def test_a_feature_added_has_its_line_last_in_its_section_of_help(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, ANN, "/help")
    tools = next(part for part in said.split("\n\n") if part.startswith("<b>Solving"))
    assert tools.splitlines()[-1] == LINE


def test_a_feature_added_has_its_menu_entry_by_its_position() -> None:
    declared: tuple[Game | Feature, ...] = (*GAMES, *FEATURES, GADGET)
    commands = [name for name, _text in commands_of(Menu.EVERYONE, declared)]
    assert commands[commands.index("me") + 1] == "gadget"
