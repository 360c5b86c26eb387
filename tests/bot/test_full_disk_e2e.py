"""A full disk through the local Bot API: a score the disk refuses is not announced; the
chat is told so honestly, and the score is announced once the disk takes it (never, if the
bot stops first)."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from bot.rules.hunt import HUNT_SEAT
from solver import solve
from tests.bot.games import daily
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    NOON,
    FakeClock,
    deal,
    dealt,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    settled,
)

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)

WAITING = (
    "⏳ Right! But the bot cannot save scores just now (its disk refuses to write), so this "
    "win is not counted yet. It is announced as soon as it is saved; should the bot stop "
    "before that, it is lost."
)


def wins_on_disk(data_dir: Path) -> int:
    saved = saved_record(data_dir, "chat", GROUP)
    player = saved.table.stats.players.get(ANN) if saved is not None else None
    return player.wins if player is not None else 0


def texts(api: LocalBotApi) -> list[str]:
    return [plain_text(m.get("text") or m.get("caption", "")) for m in api.sent]


async def test_a_win_the_disk_refuses_is_not_announced(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        refuse_writes(application)
        reply = plain_text(await reply_to(api, ANN, GROUP, "/a " + solve(hand)[0].text))
        await settled(api, application)
        announced = [text for text in texts(api) if text.startswith("🎉")]
    assert reply == WAITING
    assert announced == []


async def test_a_win_is_announced_once_the_disk_takes_it(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        refuse_writes(application)
        await reply_to(api, ANN, GROUP, "/a " + solve(hand)[0].text)
        before = len(api.sent)
        refuse_writes(application, False)  # space again: the kept save is retried
        late = (await api.wait_for_sent(before + 1, timeout=10))[before]
        saved = wins_on_disk(tmp_path)
    assert plain_text(late["text"]).startswith("🎉 Ann wins in")
    assert saved == 1


async def test_a_win_lost_to_a_stop_on_a_full_disk_was_never_announced(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        refuse_writes(application)
        await reply_to(api, ANN, GROUP, "/a " + solve(hand)[0].text)
    # The bot stopped while the disk still refused: the win is lost, and nobody was told of it.
    await asyncio.sleep(0)
    assert wins_on_disk(tmp_path) == 0
    assert not [text for text in texts(api) if text.startswith("🎉")]


async def test_an_unsaved_win_is_said_so_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, BOB, BOB))
        refuse_writes(application)
        reply = plain_text(await reply_to(api, BOB, BOB, solve(hand)[0].text))
    assert reply == (
        "⏳ 答对了！但机器人暂时无法保存成绩（磁盘拒绝写入），所以这次胜利还没有计入。"
        "保存成功后会立即公布；如果机器人在此之前停止，这次胜利就会丢失。"
    )


async def test_a_hunts_end_the_disk_refuses_is_not_announced(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        before = len(api.sent)
        api.send(ANN, GROUP, "/hunt")
        await api.wait_for_sent(before + 1, timeout=20)
        hunt = HUNT_SEAT.of(application.chat_data[GROUP].table)
        assert hunt is not None
        await reply_to(api, ANN, GROUP, f"/a {hunt.solutions[0]}")
        refuse_writes(application)
        end = plain_text(await reply_to(api, ANN, GROUP, "/hunt stop"))
    assert end == (
        "🏁 Game over! But the bot cannot save scores just now (its disk refuses to write), so "
        "the results are not counted yet. They are announced as soon as they are saved; "
        "should the bot stop before that, they are lost."
    )


async def test_a_daily_solve_the_disk_refuses_is_told_once_saved(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await reply_to(api, ANN, ANN, "/daily")
        refuse_writes(application)
        reply = plain_text(await reply_to(api, ANN, ANN, solve(daily(DAY))[0].text))
        await settled(api, application)
        early = [text for text in texts(api) if text.startswith("✅")]
        before = len(api.sent)
        refuse_writes(application, False)  # space again: the kept save is retried
        late = (await api.wait_for_sent(before + 1, timeout=10))[before]
    assert reply == WAITING
    assert early == []
    assert plain_text(late["text"]).startswith("✅ Solved in 0:00!")
