"""The console game as a newcomer meets it: the real console, in this process, fed lines as
from a terminal, its data folder kept between sessions as on a player's disk."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.persistence import FILE_NAME, DataFileError
from bot.rules import pace
from solver import daily_number, solve
from tests.bot.console_data import Session, play
from tests.bot.harness import seed_tables

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "console-release-1.sqlite3"
"""A console folder's data file from the release before the console kept its users (commit
1d7ea72, ``bot/console.py``), written by its console with ``USER=alice``: ``/remind 20:00``,
``:user Bob``, ``/remind 21:00``, ``:group``, ``/score``.  Alice had id 10000, Bob 10001."""


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder, the console's own seeded with the default game's table; the
    console's player is Alice, in English."""
    monkeypatch.setenv("USER", "alice")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    seed_tables(tmp_path / "console")
    return tmp_path


NO_REMINDER = "You have no reminder."
REMINDS_AT = "I will remind you at {} (UTC)"


@pytest.mark.asyncio
async def test_a_name_is_the_same_user_in_every_session(data: Path) -> None:
    await play(data, ":user Bob\n/remind 20:00")
    second = await play(data, ":user Dave\n/remind")
    third = await play(data, ":user Zed\n/remind\n:user bob\n/remind")
    assert NO_REMINDER in second  # Dave is not Bob, who came first in the session before
    assert NO_REMINDER in third.split("(you are Bob")[0]  # nor is Zed
    assert REMINDS_AT.format("20:00") in third.split("(you are Bob")[1]  # bob is Bob


@pytest.mark.asyncio
async def test_an_earlier_releases_console_folder_still_loads(data: Path) -> None:
    shutil.copyfile(FIXTURE, data / "console" / FILE_NAME)
    out = await play(data, "/remind\n:user Dave\n/remind\n:user Bob\n/remind")
    alice, dave, bob = out.split("(you are ")
    assert REMINDS_AT.format("20:00") in alice  # the console's own player keeps her id
    assert NO_REMINDER in dave  # a new name gets nobody's data (Bob's id, by order of use)
    assert REMINDS_AT.format("21:00") in bob  # known by the name the group saw him with


@pytest.mark.asyncio
async def test_a_user_table_that_cannot_be_read_stops_the_console_and_is_kept(data: Path) -> None:
    table = data / "console" / "console-users.json"
    table.write_text('{"users": {"Bob": "twenty"}}')
    with pytest.raises(DataFileError, match=r"console-users\.json cannot be read"):
        await play(data, "/start")
    assert table.read_text() == '{"users": {"Bob": "twenty"}}'


@pytest.mark.asyncio
async def test_an_empty_inline_query_offers_todays_puzzle(data: Path) -> None:
    out = await play(data, ":inline")
    number = daily_number(dt.datetime.now(dt.UTC).date())
    # Then the console bot's Rush game, to share.
    assert f"(inline) Twenty-Four offers 2 (:send N sends one):\n    1. Daily #{number}: " in out
    assert "    2. (game) rush" in out


@pytest.mark.asyncio
async def test_the_console_says_who_is_the_groups_admin(data: Path) -> None:
    out = await play(data, ":group\n:user Bob\n:help")
    assert "(you are Alice, in the group chat, as its admin)" in out
    assert "(you are Bob, in the group chat; Alice is its admin)" in out
    assert "(privacy mode on, as on Telegram; Alice," in out  # in :help


@pytest.mark.asyncio
async def test_the_deals_pictures_are_kept_in_the_data_folder(data: Path) -> None:
    out = await play(data, "/play")
    path = data / "console" / "pictures" / "photo1.jpg"
    assert f"(photo: {path})" in out
    assert path.read_bytes().startswith(b"\xff\xd8\xff")  # a JPEG, still there after exit


@pytest.mark.asyncio
async def test_the_stats_chart_is_kept_as_a_png(data: Path) -> None:
    session = Session(data)
    session.keyboard.type("/daily")
    hand = (await session.shown(r"Daily #\d+: make 24 from ([\d ]+)\n")).group(1)
    session.keyboard.type(solve(tuple(int(card) for card in hand.split()))[0].text)
    await session.shown(r"✅")
    session.keyboard.type("/stats")
    chart = Path((await session.shown(r"\(photo: (\S+\.png)\)")).group(1))
    await session.end()
    assert chart.parent == data / "console" / "pictures"
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.asyncio
async def test_an_answer_after_the_bots_name_wins_in_the_consoles_group(data: Path) -> None:
    session = Session(data)
    session.keyboard.type(":group")
    session.keyboard.type("/play")
    hand = (await session.shown(r"Make 24 from ([\d ]+)\n")).group(1)
    answer = solve(tuple(int(card) for card in hand.split()))[0].text
    session.keyboard.type(f"@TwentyFourBot {answer}")
    await session.shown(r"🎉 Alice wins")
    out = await session.end()
    assert "The bot cannot see that" not in out


def test_python_m_bot_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    assert "``" not in shown  # no reStructuredText
    assert "Without TELEGRAM_BOT_TOKEN it starts\nthe console game" in shown


def test_python_m_bot_helps_example_can_be_pasted(capsys: pytest.CaptureFixture[str]) -> None:
    # The printf example shows its \n, as typed (it used to print a line break there).
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "  printf '/solve 3 3 8 8\\n' | .venv/bin/python -m bot\n" in capsys.readouterr().out


@pytest.mark.asyncio
async def test_a_rush_run_is_played_in_the_console(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The console keeps real time: its typed answer comes at once, faster than a person's
    # pace (tested in test_pace_e2e.py), which is not what this test is about.
    monkeypatch.setattr(pace, "FLOOR", 0.0)
    session = Session(data)
    session.keyboard.type("/rush")
    hand = (await session.shown(r"Make 24 from ([\d ]+)\n")).group(1)
    session.keyboard.type(solve(tuple(int(card) for card in hand.split()))[0].text)
    await session.shown(r"✅ Alice: .* \+10 s\n⏱ Rush · \d:\d\d left · score 1 ·")
    session.keyboard.type("/skip")
    await session.shown(r"⏭ Skipped [\d ]+")
    session.keyboard.type("/stop")
    out = await session.end()
    assert "🏁 Rush over! Score: 1\n" in out


@pytest.mark.asyncio
async def test_a_group_duel_is_offered_by_replying_to_a_members_message(data: Path) -> None:
    """A member's message the bot cannot see gets its number, for ``:reply N /duel``; the
    invitee accepts by the button's words, without its emoji."""
    session = Session(data)
    for line in (":group", ":user Bob", "anyone for a duel?"):
        session.keyboard.type(line)
    number = (await session.shown(r"This is message #(\d+): :reply \1 TEXT replies to it")).group(1)
    session.keyboard.type(":user Alice")
    session.keyboard.type(f":reply {number} /duel")
    invitation = (await session.shown(r"\[#(\d+) group\] Twenty-Four: ⚔️ Alice invites Bob")).group(
        1
    )
    session.keyboard.type(":user Bob")
    session.keyboard.type(f":press {invitation} Accept")
    out = await session.end()
    assert "⚔️ Bob took up Alice's duel." in out


@pytest.mark.asyncio
async def test_a_group_duel_is_offered_by_a_console_users_username(data: Path) -> None:
    """Carol's username is her name in lower case; the bot knows it once she has spoken."""
    session = Session(data)
    for line in (":group", ":user Carol", "/score", ":user Alice", "/duel @carol"):
        session.keyboard.type(line)
    await session.shown(r"\[#\d+ group\] Twenty-Four: ⚔️ Alice invites Carol to a duel!")
    await session.end()


@pytest.mark.asyncio
async def test_the_consoles_help_tells_how_to_see_chinese(data: Path) -> None:
    out = await play(data, ":help")
    assert (
        "Every user speaks the terminal's language, from LC_ALL or LANG: start the console with\n"
        "LANG=zh_CN.UTF-8 for Chinese, or send /language zh in a chat." in out
    )
