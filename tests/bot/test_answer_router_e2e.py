"""The answer router through the local Bot API: two games open in one private chat, each
answer to the one the router's priority gives it; an edit is a new attempt; a sticker is
told to type while any game waits (see docs/design.md, "Where an answer goes")."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot import app
from bot.features import fair_play
from bot.local_api import plain_text
from solver import daily_number, solve
from tests.bot.games import daily, start, the_hunt
from tests.bot.harness import ANN, EVE, GROUP, NOON, FakeClock, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

DAY = dt.date(2026, 11, 23)
# EVE (tests.bot.harness): a member of the group who only reads it: the bot has never
# seen her write there.


async def test_a_hunt_then_the_daily_refused_the_hunt_keeps_its_answers(tmp_path: Path) -> None:
    # The daily is not started over a game on in private (it would hide it: its /hint and
    # /giveup would go to the hidden game): the hunt keeps the plain answers.
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await start(api, ANN, ANN, "/hunt")
        hunt = the_hunt(application, ANN)
        refused = plain_text(await reply_to(api, ANN, ANN, "/daily"))
        found = plain_text(await reply_to(api, ANN, ANN, hunt.solutions[0]))
    assert refused == "A game is on here: answer it or /giveup first, then /daily."
    assert found == f"#1 {hunt.solutions[0]}, Ann · {len(hunt.solutions) - 1} to go"


async def test_a_reply_to_the_bots_not_quite_is_an_answer_to_the_daily(tmp_path: Path) -> None:
    # Telegram's clients make replying to the last message one swipe away.
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await start(api, ANN, ANN, "/daily")
        before = len(api.sent)
        api.send(ANN, ANN, "1+1")
        not_quite = (await api.wait_for_sent(before + 1))[-1]
        right = solve(daily(DAY))[0].text
        solved = await reply_to(api, ANN, ANN, right, reply_to=not_quite["message_id"])
    assert f"Daily #{daily_number(DAY)} ✅" in plain_text(solved)


async def test_an_edited_answer_to_a_hunt_is_a_new_attempt(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/hunt")
        hunt = the_hunt(application, ANN)
        before = len(api.sent)
        wrong = api.send(ANN, ANN, "1+1")
        await api.wait_for_sent(before + 1)
        api.edit(wrong, hunt.solutions[0])
        found = plain_text((await api.wait_for_sent(before + 2))[-1]["text"])
    assert found == f"#1 {hunt.solutions[0]}, Ann · {len(hunt.solutions) - 1} to go"


async def test_a_sticker_during_a_private_hunt_is_told_to_type(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, "/hunt")
        before = len(api.sent)
        api.send_sticker(ANN, ANN)
        told = (await api.wait_for_sent(before + 1))[-1]["text"]
    assert told == "Please type your answer as text, like (8-2)*4."


async def test_an_empty_slash_a_during_a_private_hunt_says_how_to_answer(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, "/hunt")
        told = await reply_to(api, ANN, ANN, "/a")
    assert told == "Write your answer after /a, like /a (8-2)*4"


async def test_a_lurkers_find_scores_nothing_whatever_order_the_features_register(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Fair play registered after the games: its route still comes before the hunt's.
    later = (*(f for f in app.HANDLERS if f is not fair_play.FEATURE), fair_play.FEATURE)
    monkeypatch.setattr(app, "HANDLERS", later)
    api = make_api()
    api.add_user(EVE, "Eve", language_code="en")
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/hunt")
        hunt = the_hunt(application, GROUP)
        await reply_to(api, EVE, EVE, "/solve " + " ".join(map(str, hunt.hand)))
        reply = await reply_to(api, EVE, GROUP, f"/a {hunt.solutions[0]}")
    assert reply == (
        "You were given this hand's solutions while this hunt was on (/solve or inline "
        "mode): your finds score nothing."
    )
