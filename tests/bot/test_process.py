"""``python -m bot`` as a real process: loopback HTTP, a second instance, bad data, console."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from bot.local_api import LocalBotApi, serve
from bot.persistence import FILE_NAME
from bot.services.outbox import GROUP_GAME_ROOM, GROUP_LIMIT
from bot.services.polling import NEWCOMER_CUT
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    ROOT,
    _bot_process,
    _env,
    make_api,
    until,
)


@dataclass
class Polling:
    """A ``python -m bot`` process polling its own local Bot API, shared by the tests that
    only look at what it does (it is started once, not once each: half a second of CPU and
    seconds of wall on a busy machine); the tests that stop or cut it keep their own."""

    api: LocalBotApi
    env: dict[str, str]
    data: Path
    """Its data folder."""


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def polling(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Polling]:
    """The shared process; it must stop with status 0 on SIGTERM once the tests are done."""
    tmp_path = tmp_path_factory.mktemp("polling")
    api = make_api()
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    process = await _bot_process(env)
    assert process.stderr is not None
    stderr = asyncio.create_task(process.stderr.read())  # read as it comes: a pipe can fill up
    try:
        yield Polling(api, env, tmp_path / "data")
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=20)
        err = await asyncio.wait_for(stderr, timeout=5)
        server.stop()
    assert process.returncode == 0, err.decode()


@pytest.mark.asyncio(loop_scope="module")
async def test_real_process_answers_over_loopback_http(polling: Polling) -> None:
    api = polling.api
    before = len(api.sent)
    api.send(ANN, ANN, "/start")
    api.send(BOB, GROUP, "/help@TwentyFourBot")
    sent = (await api.wait_for_sent(before + 2, timeout=30))[before:]
    assert {m["chat"]["id"] for m in sent} == {ANN, GROUP}
    texts = {m["chat"]["id"]: m["text"] for m in sent}
    assert "Hi Ann!" in texts[ANN]
    assert "隐私模式" in texts[GROUP]  # Bob asked for help, and reads Chinese
    assert "setMyCommands" in api.calls
    assert (polling.data / FILE_NAME).exists()  # (and it stops with 0: the fixture's end)


@pytest.mark.asyncio
async def test_sigterm_with_a_backlog_stops_within_five_seconds(tmp_path: Path) -> None:
    api = make_api()
    players = range(5000, 5060)
    for user in players:
        api.add_user(user, f"P{user}")
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    process = await _bot_process(env)
    try:
        api.send(ANN, ANN, "/start")
        await api.wait_for_sent(1, timeout=30)
        # Sixty players ask in one group: three times its 20 messages a minute.  Replies
        # like these may take all but the room kept for the game: the first players, each
        # answered before the next asks, fill that; the others' replies are left waiting
        # (the newest few: asked at once, the others are dropped).
        cheap = GROUP_LIMIT - GROUP_GAME_ROOM
        for user in players[:cheap]:
            api.send(user, GROUP, f"/solve {user % 13 + 1} 2 3 4")
            await api.wait_for_sent(len(api.sent) + 1, timeout=30)
        for user in players[cheap:]:
            api.send(user, GROUP, f"/solve {user % 13 + 1} 2 3 4")
        await until(lambda: api.drained, timeout=30)
        started = asyncio.get_running_loop().time()
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), timeout=60)
        stopped_in = asyncio.get_running_loop().time() - started
    finally:
        if process.returncode is None:
            process.kill()
        server.stop()
    assert process.returncode == 0, err.decode()
    # The target is 5 s (bench/isolation_bench.py measures it); the bound here is generous
    # because the test shares two cores with the rest of the suite.
    assert stopped_in < 10, err.decode()
    assert len(api.sent) == 1 + GROUP_LIMIT - GROUP_GAME_ROOM  # the waiting replies dropped


@pytest.mark.asyncio
async def test_network_outage_while_polling_is_survived(tmp_path: Path) -> None:
    api = make_api()
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    process = await _bot_process(env)
    assert process.stderr is not None
    logged: list[bytes] = []

    async def polling_errors(count: int) -> None:
        """Read the bot's log until it has said ``count`` times that a poll failed."""
        assert process.stderr is not None
        while sum(b"Polling error (will retry)" in line for line in logged) < count:
            line = await process.stderr.readline()
            assert line, b"".join(logged).decode()  # the bot ended
            logged.append(line)

    try:
        api.send(ANN, ANN, "/start")
        await api.wait_for_sent(1, timeout=30)
        # The server goes away, long poll and all: the bot meets refused connections.
        server.stop()
        await server.close_all_connections()
        polls = api.calls.count("getUpdates")
        api.send(ANN, ANN, "/help")  # Telegram keeps it until the bot is back
        # The poll cut short, then a try again a second later, refused: no poll got through.
        await asyncio.wait_for(polling_errors(2), timeout=30)
        assert api.calls.count("getUpdates") == polls
        server, _ = await serve(api, port=port)
        api.send(BOB, BOB, "/start")
        sent = await api.wait_for_sent(3, timeout=40)
        assert sorted([m["chat"]["id"] for m in sent[1:]]) == [ANN, BOB]
    finally:
        process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), timeout=20)
        server.stop()
    assert process.returncode == 0, err.decode()
    assert b"Polling error (will retry)" in b"".join(logged)


@pytest.mark.asyncio(loop_scope="module")
async def test_second_instance_gets_409_and_exits(polling: Polling, tmp_path: Path) -> None:
    api = polling.api
    before = len(api.sent)
    # A poll of the first instance has succeeded once it has answered (rather than
    # waiting for its long poll to time out).
    api.send(ANN, ANN, "/help")
    await api.wait_for_sent(before + 1, timeout=40)
    second = await _bot_process(polling.env, tmp_path / "two")
    _, err = await asyncio.wait_for(second.communicate(), timeout=40)
    assert second.returncode == 1
    assert "Another instance of this bot is already running" in err.decode()
    # The first instance is still serving (and stops with 0: the fixture's end).
    api.send(ANN, ANN, "/start")
    assert "Hi Ann!" in (await api.wait_for_sent(before + 2, timeout=20))[before + 1]["text"]


@pytest.mark.slow  # it waits 5 s into a real bot's first long poll: run with pytest -m slow
@pytest.mark.asyncio
async def test_a_newcomer_during_the_first_long_poll_alone_gives_way(tmp_path: Path) -> None:
    """The second instance starts while the first one's first long poll still waits (no
    update has come): the second exits with 409, the first serves on."""
    api = make_api()
    api.longest_poll = 60.0  # an idle bot's first poll waits its whole timeout (10 s)
    server, port = await serve(api)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL=f"http://127.0.0.1:{port}")
    first = await _bot_process(env, tmp_path / "one")
    try:
        async with asyncio.timeout(40):
            while "getUpdates" not in api.calls:
                await asyncio.sleep(0.01)
        # The second polls some seconds into that poll (two instances started within
        # NEWCOMER_CUT of each other may keep either one): the first's poll is still waiting.
        await asyncio.sleep(NEWCOMER_CUT)
        second = await _bot_process(env, tmp_path / "two")
        _, err = await asyncio.wait_for(second.communicate(), timeout=40)
        assert second.returncode == 1, err.decode()
        api.send(ANN, ANN, "/start")
        answer = (await api.wait_for_sent(1, timeout=20))[0]["text"]
    finally:
        first.send_signal(signal.SIGTERM)
        _, first_err = await asyncio.wait_for(first.communicate(), timeout=20)
        server.stop()
    assert "Another instance of this bot is already running" in err.decode()
    assert "Hi Ann!" in answer
    assert first.returncode == 0, first_err.decode()


@pytest.mark.asyncio(loop_scope="module")
async def test_a_second_bot_on_the_same_data_folder_exits_before_it_polls(
    polling: Polling,
) -> None:
    """A rolling deploy: the newcomer finds the folder locked and gives way at once.

    It is pointed at a Bot API of its own with messages waiting, so that any call it made
    (before or instead of the 409 it would meet on the shared one) would show."""
    waiting = make_api()
    waiting.send(ANN, ANN, "/start")
    waiting.send(BOB, GROUP, "/play")
    waiting_server, waiting_port = await serve(waiting)
    try:
        await until(lambda: "getUpdates" in polling.api.calls, timeout=60, interval=0.05)
        env = dict(polling.env, TELEGRAM_API_URL=f"http://127.0.0.1:{waiting_port}")
        second = await _bot_process(env)
        _, err = await asyncio.wait_for(second.communicate(), timeout=30)
    finally:
        waiting_server.stop()
    lines = err.decode().strip().splitlines()
    assert second.returncode == 1
    assert len(lines) == 1, lines
    assert "is in use by another running bot" in lines[0]
    assert waiting.calls == []  # (and the first stops with 0: the fixture's end)


def test_corrupted_data_file_stops_start_up_and_is_kept(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    garbage = b"this is not a database" * 100
    (data / FILE_NAME).write_bytes(garbage)
    env = _env(tmp_path, TELEGRAM_BOT_TOKEN="42:REAL", TELEGRAM_API_URL="http://127.0.0.1:9")
    done = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert "cannot be read" in done.stderr
    assert "left untouched" in done.stderr
    assert (data / FILE_NAME).read_bytes() == garbage


def test_bad_setting_is_reported(tmp_path: Path) -> None:
    env = _env(tmp_path, TWENTYFOUR_TIMEZONE="Mars/Olympus")
    done = subprocess.run(
        [sys.executable, "-m", "bot"], env=env, cwd=ROOT, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2, done.stderr
    assert "TWENTYFOUR_TIMEZONE" in done.stderr


def test_console_with_piped_input(tmp_path: Path) -> None:
    # (Two numbers: a process's bot lives on the real day, and /solve refuses three cards of
    # its daily puzzle; on 2026-12-02 three of 3 3 8 8 were.)
    script = "/solve 13 11\n:group\nhello\n:user Bob\n/start\n:reply 3 thanks\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--console"],
        input=script,
        env=_env(tmp_path, USER="alice"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "13 11 → 24: 1 distinct solution\n13+11" in out
    assert "(you are Alice, in the group chat, as its admin)" in out
    assert out.count("The bot cannot see that") == 1  # the reply to #3 is visible
    assert "(you are Bob, in the group chat; Alice is its admin)" in out
    assert "I am Twenty-Four" in out


def test_the_console_shows_what_a_button_press_pops_up(tmp_path: Path) -> None:
    script = ":group\n/settings\n:user Bob\n:press 2 easy\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--console"],
        input=script,
        env=_env(tmp_path, LC_ALL="en_US.UTF-8"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "(pop-up) Twenty-Four: Only the group's admins can change settings." in done.stdout


def _console(tmp_path: Path, script: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "--console"],
        input=script,
        env=_env(tmp_path, LC_ALL="en_US.UTF-8", USER="root"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_console_user_has_a_name(tmp_path: Path) -> None:
    """Not "You", which gave "Hi You!" and "You wins"; root is no name either."""
    assert "Hi Player!" in _console(tmp_path, "/start\n")


@pytest.mark.parametrize(
    ("script", "shown"),
    [
        pytest.param("/settings\n:press 2 4\n", "Difficulty: easy", id="button by number"),
        pytest.param("/settings\n:press 2 1-10\n", "Deck: 1–10", id="label typed in ASCII"),
        pytest.param(
            "/settings\n:press 2 nope\n",
            "(no button 'nope' under message #2; there are 1: 1–10, 2: • 1–13,",
            id="a wrong label lists the buttons",
        ),
        pytest.param(
            ":group\n/daily\n:press 2 1\n",
            "(the link opens your private chat with the bot: https://t.me/",
            id="a link to the bot opens the private chat",
        ),
        pytest.param(
            ":inline 13 11\n",
            "(inline) Twenty-Four offers 1 (:send N sends one):\n    1. 13+11",
            id="inline",
        ),
    ],
)
def test_console_buttons_and_inline_mode(tmp_path: Path, script: str, shown: str) -> None:
    assert shown in _console(tmp_path, script)


def test_no_token_starts_the_console(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="/solve 1 1 1 1\n",
        env=_env(tmp_path),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "cannot make 24" in done.stdout


@pytest.mark.asyncio
async def test_ctrl_c_stops_the_console_at_once(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group, the solver workers too."""
    console = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        env=_env(tmp_path),
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal gives it
    )
    assert console.stdin is not None
    assert console.stdout is not None
    console.stdin.write(b"/solve 13 11\n")  # the pipe stays open, like a terminal
    await console.stdin.drain()
    line = b"?"
    async with asyncio.timeout(30):  # until the answer (13+11) is shown: workers run
        while line and b"13+11" not in line:
            line = await console.stdout.readline()
    assert line, "the console ended before it showed the answer"
    os.killpg(console.pid, signal.SIGINT)
    _out, err = await asyncio.wait_for(console.communicate(), timeout=5)
    assert console.returncode == 0
    assert b"Traceback" not in err, err.decode(errors="replace")
