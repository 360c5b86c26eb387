"""A game keeps its state with nothing central changed (docs/adding-a-game.md): a game that
exists only in this test declares its seat at the table and its parts of a chat's and a
user's data, is added to ``GAMES``, and what it keeps is saved, survives a restart, and is
read back as its kinds, through the local Bot API."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from telegram.ext import Application, CommandHandler

from bot import app
from bot.games import GAMES
from bot.i18n import Translator
from bot.play.registry import Game, Handlers
from bot.rules.seats import Seat
from bot.state import ChatData, ChatPart, GlobalData, UserPart
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages
from tests.bot.harness import ANN, BOB, GROUP, make_api, reply_to, running_bot

BUSY = "A tally is on: /tally stop ends it."


@dataclass(slots=True)
class Tally:
    """The game at the table: counts on until stopped."""

    number: int = 0
    count: int = 0
    on: bool = True


@dataclass(slots=True)
class TallyMessages:
    """The chat's part: the id of the tally's last message."""

    last_message_id: int | None = None


@dataclass(slots=True)
class TallyPlayer:
    """A user's part: how often they counted, in every chat."""

    counted: int = 0


TALLY_SEAT = Seat("tally-of-the-test", Tally)
TALLY_MESSAGES = ChatPart("tally-of-the-test", TallyMessages)
TALLY_PLAYER = UserPart("tally-of-the-test", TallyPlayer)


async def tally_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/tally counts one (dealing a tally if none is on), /tally stop ends it."""
    table = context.chat_data.table
    tally = TALLY_SEAT.of(table)
    if context.args == ["stop"]:
        if tally is not None:
            tally.on = False
        context.reply(update, "Tally over.")
        return
    if tally is None or not tally.on:
        tally = TALLY_SEAT.deal(table, lambda number: Tally(number))
    tally.count += 1
    player = TALLY_PLAYER.get(context.user_data)
    player.counted += 1
    messages = TALLY_MESSAGES.get(context.chat_data)
    last = "none" if messages.last_message_id is None else "one"
    messages.last_message_id = update.effective_message.message_id
    context.reply(update, f"Tally {tally.count}, yours {player.counted}, last message: {last}.")


def register(application: Application) -> None:
    """/tally."""
    application.add_handler(CommandHandler("tally", for_messages(tally_command)))


def on(chat: ChatData, _data: GlobalData) -> bool:
    """Whether a tally is on in the chat."""
    return TALLY_SEAT.on(chat.table)


def busy(_context: Translator, _private: bool, _hint: bool) -> str:
    """What another game's command is told."""
    return BUSY


@pytest.fixture(autouse=True)
def tally_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tally, added to the games as a new game is: one line in GAMES."""
    monkeypatch.setattr(
        app, "GAMES", (*GAMES, Game("tally", (Handlers(register),), on=on, busy=busy))
    )


@pytest.mark.asyncio
async def test_its_game_at_the_table_counts_on_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/tally")
        await reply_to(api, BOB, GROUP, "/tally")
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, GROUP, "/tally")
    assert said.startswith("Tally 3,")


@pytest.mark.asyncio
async def test_its_part_of_a_users_data_survives_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/tally")
        await reply_to(api, BOB, GROUP, "/tally")
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, GROUP, "/tally")
    assert "yours 2," in said


@pytest.mark.asyncio
async def test_its_part_of_a_chats_data_survives_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/tally")
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, GROUP, "/tally")
    assert said.endswith("last message: one.")


@pytest.mark.asyncio
async def test_a_chat_it_never_played_in_has_no_part(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = await reply_to(api, ANN, GROUP, "/tally")
    assert said.endswith("last message: none.")


@pytest.mark.asyncio
async def test_its_game_read_back_after_a_restart_refuses_a_round(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/tally")
    async with running_bot(api, tmp_path):
        refused = await reply_to(api, ANN, GROUP, "/play")
    assert refused == BUSY


@pytest.mark.asyncio
async def test_once_it_is_over_a_round_is_dealt_after_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, GROUP, "/tally")
        await reply_to(api, ANN, GROUP, "/tally stop")
    async with running_bot(api, tmp_path):
        before = len(api.sent)
        api.send(ANN, GROUP, "/play")
        dealt = (await api.wait_for_sent(before + 1, timeout=10))[before]
    assert "photo" in dealt or "caption" in dealt
