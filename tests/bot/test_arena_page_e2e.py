"""An arena played by tapping, through the local Bot API and real HTTP to the running bot:
the group's Play by tapping link opens the Mini App on the arena (its ``startapp`` in the
signed launch data), which joins it and deals the same hands as the chat's, on the same
clock, with the same scoring (streak, berserk) and pace floor, into the same standings; a
hand is played once, on the page or in the chat (virtual time: the clock is the test's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.games.arena.play import hand_up
from tests.bot.arena_play import (
    at_pace,
    is_hand,
    join_payload,
    next_in,
    right,
    text_of,
    the_arena,
)
from tests.bot.harness import ANN, GROUP, FakeClock, reply_to, running_bot, settled
from tests.bot.miniapp_data import APP_ENV, call, init_data
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio

ENV = {**APP_ENV, "TWENTYFOUR_WEBAPP_NAME": "play"}


def page_link(message: dict[str, Any]) -> str:
    """The Play by tapping button's address in the arena's standings message."""
    button = message["reply_markup"]["inline_keyboard"][1][0]
    assert button["text"] == "📱 Play by tapping"
    return button["url"]


async def _open(app: Any, clock: FakeClock, user: int, payload: str) -> dict[str, Any]:
    """``user`` opens the page from the link (the payload signed in the launch data)."""
    data = init_data(user, clock.now, first_name="Carol", start_param=payload)
    return (await call(app, "POST", "arena", user, body={}, data=data)).json()


async def _announce(api: Any) -> dict[str, Any]:
    before = len(api.sent)
    api.send(ANN, GROUP, "/arena")
    return await next_in(api, GROUP, before, lambda m: "Arena #1" in text_of(m))


async def test_an_arena_by_tapping_deals_the_same_hands_into_the_same_standings(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=ENV) as app:
        announced = await _announce(api)
        payload = join_payload(announced)
        link = page_link(announced)
        dealt = await _open(app, clock, CAROL, payload)
        before = len(api.sent)
        api.send(DAVE, DAVE, f"/start {payload}")
        dave_first = text_of(await next_in(api, DAVE, before, is_hand))
        hand = tuple(dealt["hand"])
        body = {"index": 0, "expression": right(hand)}
        fast = (await call(app, "POST", "arena/answer", CAROL, body=body)).json()
        at_pace(clock, hand)
        solved = (await call(app, "POST", "arena/answer", CAROL, body=body)).json()
        again = await call(app, "POST", "arena/answer", CAROL, body=body)
        in_chat = [m for m in api.sent if m["chat"]["id"] == CAROL and is_hand(m)]
        told = await reply_to(api, CAROL, CAROL, right(hand))  # hand 1 in the chat: no point
        arena = the_arena(app)
        score = arena.entries[CAROL].score
        before = len(api.sent)
        api.send(ANN, GROUP, "/arena stop")
        end = text_of(
            await next_in(
                api, GROUP, before, lambda m: "is over" in text_of(m) and not m.get("edited")
            )
        )
    assert link.endswith(f"/play?startapp={payload}")
    assert dealt["title"] == "🏟 Arena #1 · Friends"
    assert dealt["status"] == "🏟 Hand 1 · 60 s · 0 points · place 1 of 1"
    assert (dealt["index"], dealt["elapsed"]) == (0, 0.0)
    assert " ".join(map(str, hand)) in dave_first
    assert fast["too_fast"] is True
    assert solved["line"].startswith("✅ +2 points in")
    assert (solved["index"], solved["score"]) == (1, 2)
    assert solved["hand"] == list(arena.hands[1])
    assert again.status_code == 409
    assert in_chat == []  # played on the page: no hand sent to the chat
    assert told.startswith("Not quite")
    assert score == 2
    assert "1. Carol: 2 points" in end


async def test_a_streak_and_berserk_score_on_the_page_as_in_the_chat(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=ENV) as app:
        payload = join_payload(await _announce(api))
        state = await _open(app, clock, CAROL, payload)
        berserk = (await call(app, "POST", "arena/berserk", CAROL, body={"on": True})).json()
        lines = []
        statuses = []
        for _ in range(3):
            hand = tuple(state["hand"])
            at_pace(clock, hand)
            body = {"index": state["index"], "expression": right(hand)}
            state = (await call(app, "POST", "arena/answer", CAROL, body=body)).json()
            lines.append(state["line"])
            statuses.append(state["status"])
        skipped = (
            await call(app, "POST", "arena/skip", CAROL, body={"index": state["index"]})
        ).json()
    assert berserk["berserk"] is False  # the hand on keeps its time: from the next one
    assert berserk["berserk_label"] == "⚡ Berserk is on: full time from the next hand"
    assert lines[0].startswith("✅ +2 points in")
    assert lines[1].startswith("✅ +3 points in")
    assert lines[2].startswith("✅ +5 points in")
    assert statuses[0].startswith("⚡ Hand 2 · 30 s (berserk)")
    assert skipped["line"] == "⏭ Skipped: your streak ends."
    assert skipped["score"] == 10


async def test_a_hand_timed_out_on_the_page_waits_there_and_the_link_takes_it_back(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=ENV) as app:
        payload = join_payload(await _announce(api))
        await _open(app, clock, CAROL, payload)
        clock.now += 61
        app.job_queue.run_once(hand_up, 0, chat_id=CAROL, data=(GROUP, 1, 0), name="t")
        await settled(api, app)
        in_chat = [m for m in api.sent if m["chat"]["id"] == CAROL and is_hand(m)]
        later = (await call(app, "POST", "arena", CAROL, body={})).json()
        clock.now += 5
        before = len(api.sent)
        api.send(CAROL, CAROL, f"/start {payload}")  # back in the chat: the same hand
        chat_hand = text_of(await next_in(api, CAROL, before, is_hand))
        player = the_arena(app).entries[CAROL]
    assert in_chat == []
    assert (later["index"], later["elapsed"]) == (1, 0.0)
    assert "🏟 Hand 2 · 60 s" in chat_hand
    assert (player.index, player.missed) == (1, 1)


async def test_what_the_page_refuses(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=ENV) as app:
        none = await call(app, "POST", "arena", CAROL, body={})
        payload = join_payload(await _announce(api))
        forged = await _open(app, clock, CAROL, payload[:-1] + "x")
        unread = await call(app, "POST", "arena/answer", CAROL, body={"index": "0"})
        await _open(app, clock, CAROL, payload)
        stale = await call(app, "POST", "arena/skip", CAROL, body={"index": 5})
    assert none.status_code == 404
    assert none.json()["reason"].startswith("No arena is on for you")
    assert forged["reason"].startswith("I can't find this arena")
    assert unread.status_code == 400
    assert stale.status_code == 409


async def test_the_page_settles_a_hand_past_its_time_and_tells_the_place_at_the_end(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=ENV) as app:
        payload = join_payload(await _announce(api))
        await _open(app, clock, CAROL, payload)
        app.bot_data.timers.cancel(CAROL, "arena-hand")  # its alarm late: the call settles it
        clock.now += 61
        late = (await call(app, "POST", "arena", CAROL, body={})).json()
        before = len(api.sent)
        api.send(ANN, GROUP, "/arena stop")
        await next_in(api, GROUP, before, lambda m: "is over" in text_of(m))
        over = await _open(app, clock, CAROL, payload)
    assert late["line"] == "⌛ Time is up: a miss, your streak ends."
    assert (late["index"], late["elapsed"]) == (1, 0.0)
    assert over["over"] is True
    assert over["status"].startswith("🏁 The arena is over: you placed 1 of 1")
