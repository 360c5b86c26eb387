"""One chat can never slow down another: each attack of issue #15 in a small form.

The bot runs unmodified against the local Bot API with Telegram's flood limits on.  The
bounds are generous (seconds where the bot takes milliseconds), so the tests stay stable on
a busy machine; ``bench/isolation_bench.py`` measures the real figures.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from bot.persistence import FILE_NAME, open_database
from bot.services.solving import searching
from tests.bot import harness
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    PROBE_BOUND,
    make_api,
    probe,
    reply_to,
    running_bot,
    until,
)

pytestmark = pytest.mark.asyncio


@pytest.fixture
def workers_below_the_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers at the bot's own priority, below its loop: what a test of the loop's
    answers while they work is about (the others run them at the test run's)."""
    monkeypatch.setattr(harness, "WORKER_NICE", 10)


async def next_in(
    api: LocalBotApi, chat: int, before: int, timeout: float = 10, *, photo: bool = False
) -> dict:
    """The bot's first message (or first ``photo``) to ``chat`` after the first ``before``
    of all it sent."""
    deadline = time.monotonic() + timeout
    while True:
        for message in api.sent[before:]:
            if message["chat"]["id"] == chat and (not photo or "photo" in message):
                return message
        await api.wait_for_sent(len(api.sent) + 1, timeout=deadline - time.monotonic())


async def test_a_difficulty_for_six_cards_is_refused_with_what_would_work(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings cards 6")
        refused = plain_text(await reply_to(api, ANN, ANN, "/settings difficulty easy"))
    assert refused.startswith("Difficulty levels are rated for hands of 3 or 4 cards, not 6")


async def test_a_difficulty_no_hand_has_for_the_target_is_refused(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings cards 3")
        await reply_to(api, ANN, ANN, "/settings deck 10")
        await reply_to(api, ANN, ANN, "/settings target 95")
        refused = plain_text(await reply_to(api, ANN, ANN, "/settings difficulty hard"))
    assert refused == "No hard hands of 3 cards make 95: choose another difficulty or target."


async def test_a_refused_setting_is_not_kept(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/settings cards 3")
        await reply_to(api, ANN, ANN, "/settings deck 10")
        await reply_to(api, ANN, ANN, "/settings target 95")
        await reply_to(api, ANN, ANN, "/settings difficulty hard")
        assert application.chat_data[ANN].table.settings.difficulty is None


@pytest.mark.usefixtures("workers_below_the_loop")
async def test_six_card_deals_do_not_slow_down_anyone_else(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, BOB, "/settings cards 6")
        await reply_to(api, BOB, BOB, "/settings target 100")
        for command in ("/play", "/skip", "/skip"):
            before = len(api.sent)
            api.send(BOB, BOB, command)
            await probe(api)
            # /skip shows the solutions of the hand it drops before the next deal.
            await next_in(api, BOB, before, photo=True)


async def test_a_help_flood_in_a_group_delays_neither_others_nor_the_game(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        before = len(api.sent)
        for _ in range(60):
            api.send(BOB, GROUP, "/help")
        await probe(api)
        api.send(ANN, GROUP, "/play")
        deal_started = time.monotonic()
        await until(
            lambda: any("photo" in m for m in api.sent[before:] if m["chat"]["id"] == GROUP),
            timeout=10,
        )
        assert time.monotonic() - deal_started < 5
    to_group = [
        plain_text(m.get("text", "")) for m in api.sent[before:] if m["chat"]["id"] == GROUP
    ]
    assert to_group.count("请慢一点：半分钟后我再回复你。") == 1


async def test_a_429_for_one_chat_does_not_delay_another(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 30", retry_after=30)
        calls = len(api.calls)
        api.send(BOB, GROUP, "/help")
        await until(lambda: "sendMessage" in api.calls[calls:])  # the group's reply met the 429
        await probe(api)
        to_group = [m for m in api.sent if m["chat"]["id"] == GROUP]
    assert to_group == []


async def test_a_second_search_of_the_same_user_waits_its_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(searching, "LIST_SECONDS", 30.0)  # the first runs its whole budget
    monkeypatch.setattr(searching, "ANSWER_SECONDS", 30.0)
    api = make_api()
    async with running_bot(api, tmp_path):
        api.send(BOB, BOB, "/solve 1 2 3 4 5 6 7 8")
        busy = await reply_to(api, BOB, BOB, "/solve 2 3 4 5 6 7 8 9")
    assert busy == "仍在处理你的上一个请求：请一次只搜索一个。"


@pytest.mark.usefixtures("workers_below_the_loop")
async def test_searches_do_not_slow_down_anyone_else(tmp_path: Path) -> None:
    api = make_api()
    users = range(3000, 3020)
    for user in users:
        api.add_user(user, f"S{user}")
    async with running_bot(api, tmp_path):
        for n, user in enumerate(users):
            api.send(user, user, f"/solve {n + 1} 2 3 4 5 6 7 8")
            api.inline_query(user, f"{n + 2} 3 4 5 6 7 8 9")
        assert await probe(api) < PROBE_BOUND


async def test_stopping_with_a_backlog_is_prompt(tmp_path: Path) -> None:
    api = make_api()
    for user in range(4000, 4030):
        api.add_user(user, f"P{user}")
    async with running_bot(api, tmp_path) as application:
        # Thirty players ask for searches in one group: more replies than its 20 a minute.
        for user in range(4000, 4030):
            api.send(user, GROUP, f"/solve {user % 13 + 1} 2 3 4")
        # Not `until`: while a test waits there, the outbox skips its own waits (virtual
        # time, tests/bot/virtual_outbox.py) and may drain the backlog this test stops with.
        deadline = time.monotonic() + 30
        while application.bot_data.outbox.pending() < 5:
            assert time.monotonic() < deadline, "no backlog built up in 30 s"
            await asyncio.sleep(0.01)
        stopping = time.monotonic()
    stopped_in = time.monotonic() - stopping
    assert stopped_in < 5


@pytest.mark.usefixtures("workers_below_the_loop")
async def test_the_first_update_is_answered_while_hands_are_rated(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        assert await probe(api) < PROBE_BOUND


async def test_a_restart_does_not_rate_the_hands_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    with caplog.at_level(logging.INFO, logger="bot.services.solving.level_tables"):
        async with running_bot(api, tmp_path) as application:
            await application.bot_data.solving.levels(3, 10)
        first = caplog.text.count("Rating every hand")
        async with running_bot(api, tmp_path) as application:
            await application.bot_data.solving.levels(3, 10)
    assert first == 1
    assert caplog.text.count("Rating every hand") == 1  # not again at the restart


async def test_the_default_table_is_never_rated(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    with caplog.at_level(logging.INFO, logger="bot.services.solving.level_tables"):
        async with running_bot(api, tmp_path):
            await reply_to(api, ANN, ANN, "/play")
    assert "Rating every hand" not in caplog.text


async def test_the_level_table_is_kept_in_the_data_file(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await application.bot_data.solving.levels(3, 10)
    db = open_database(tmp_path / FILE_NAME)
    names = [row[0] for row in db.execute("SELECT name FROM tables")]
    assert "levels:v3:3:10" in names


async def test_a_six_card_round_gives_hints_worked_out_after_the_deal(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings cards 6")
        await reply_to(api, ANN, ANN, "/play")
        hint = plain_text(await reply_to(api, ANN, ANN, "/hint"))
    assert hint.startswith("Hint: start with")


async def test_a_six_card_round_shows_its_solutions_at_the_end(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings cards 6")
        await reply_to(api, ANN, ANN, "/play")
        revealed = await reply_to(api, ANN, ANN, "/reveal")
    assert revealed.startswith("The solutions:\n<code>")


async def test_a_second_play_while_a_hand_is_dealt_is_answered(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        # A target never played before: the first deal waits for its table to be rated in a
        # worker (three cards: 20 ms of its CPU, where four took a second).
        settings = application.chat_data[ANN].table.settings
        settings.cards, settings.target = 3, 30
        before = len(api.sent)
        api.send(ANN, ANN, "/play")
        api.send(ANN, ANN, "/play")
        sent = await api.wait_for_sent(before + 2, timeout=60)  # rating: slow on a busy machine
    texts = sorted("photo" if "photo" in m else plain_text(m["text"]) for m in sent[before:])
    assert texts == ["A hand is on its way: one moment.", "photo"]


@pytest.mark.usefixtures("workers_below_the_loop")
async def test_new_targets_in_a_loop_do_not_hold_up_anyone_elses_deal(tmp_path: Path) -> None:
    api = make_api()
    users = range(6000, 6030)
    for user in users:
        api.add_user(user, f"R{user}")
    async with running_bot(api, tmp_path) as application:
        await application.bot_data.solving.levels(4, 24)
        for user in users:
            application.chat_data[user].table.settings.difficulty = "easy"
        for user in users:  # each new target with a difficulty is rated: about a second each
            api.send(user, user, f"/settings target {user - 5960}")
        pool = application.bot_data.solving.pool
        await until(lambda: pool.queued("search") + pool.queued("game") >= 20)
        before = len(api.sent)
        started = time.monotonic()
        api.send(ANN, ANN, "/play")
        await next_in(api, ANN, before)
        assert time.monotonic() - started < PROBE_BOUND
