"""Wording that fits who is asking, through the local Bot API: a solo game in private
speaks to its one player (no /a, "you"), a group's game to its members."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.games import start, the_hunt
from tests.bot.harness import ANN, BOB, GROUP, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_hint_during_a_group_hunt_says_hunts_have_no_hints(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, ANN, GROUP, "/hunt")
        said = plain_text(await reply_to(api, ANN, GROUP, "/hint"))
    assert said == "Hunts have no hints: answer with /a, or /hunt stop to end it."


async def test_hint_during_a_private_hunt_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, BOB, BOB, "/hunt")
        said = plain_text(await reply_to(api, BOB, BOB, "/hint"))
    assert said == "寻解大赛没有提示：直接输入答案即可，或用 /stop 结束。"


async def test_play_during_a_private_hunt_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, BOB, BOB, "/hunt")
        said = plain_text(await reply_to(api, BOB, BOB, "/play"))
    assert said == "寻解大赛进行中：直接输入答案即可，或用 /stop 结束。"


async def test_the_last_find_of_a_hunt_says_all_found_not_none_to_go(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/hunt")
        hunt = the_hunt(application, ANN)
        for solution in hunt.solutions[:-1]:
            await reply_to(api, ANN, ANN, solution)
        before = len(api.sent)
        api.send(ANN, ANN, hunt.solutions[-1])
        sent = (await api.wait_for_sent(before + 2))[before:]
    # The end is a game message and may go before the last find's confirmation.
    [last] = [plain_text(m["text"]) for m in sent if not m["text"].startswith("🏁")]
    total = len(hunt.solutions)
    assert last == f"#{total} {hunt.solutions[-1]}, Ann · all found"


async def test_a_private_hunts_end_lists_what_was_not_found(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/hunt")
        hunt = the_hunt(application, ANN)
        await reply_to(api, ANN, ANN, hunt.solutions[0])
        end = plain_text(await reply_to(api, ANN, ANN, "/hunt stop"))
    assert end.splitlines()[2:4] == ["Not found:", hunt.solutions[1]]


async def test_a_private_hunts_end_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await start(api, BOB, BOB, "/hunt")
        hunt = the_hunt(application, BOB)
        await reply_to(api, BOB, BOB, hunt.solutions[0])
        again = plain_text(await reply_to(api, BOB, BOB, hunt.solutions[0]))
        end = plain_text(await reply_to(api, BOB, BOB, "/hunt stop"))
    assert again == f"这个你已经找到过了：{hunt.solutions[0]}"
    assert end.splitlines()[2] == "没找到的："
