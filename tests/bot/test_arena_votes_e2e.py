"""Who may start and stop an arena, a hand's time running out, and every refusal a
player may meet: through the local Bot API, on the test's clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.arena.play import ARENA_HAND, hand_up
from bot.local_api import plain_text
from tests.bot.arena_play import (
    announce,
    hand_of,
    is_hand,
    join,
    join_payload,
    joined,
    next_in,
    solve_one,
    stop,
    text_of,
    the_arena,
)
from tests.bot.faulty_api import FaultyBotApi
from tests.bot.harness import ANN, BOB, EVE, GROUP, FakeClock, reply_to, running_bot, settled
from tests.bot.rush_play import CAROL, DAVE, NOON, players

pytestmark = pytest.mark.asyncio


async def test_members_start_an_arena_by_a_vote_and_its_players_stop_it(tmp_path: Path) -> None:
    api = players()
    api.add_user(EVE, "Eve", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await reply_to(api, CAROL, GROUP, "/arena 20")
        # a second member: it starts, of the first's length
        payload = join_payload(await announce(api, user=DAVE))
        length = the_arena(application).length
        for user in (CAROL, DAVE):
            await join(api, user, payload)
        outsider = await reply_to(api, EVE, GROUP, "/arena stop")
        player_in_private = plain_text(await reply_to(api, CAROL, CAROL, "/arena stop"))
        outsider_in_private = await reply_to(api, EVE, EVE, "/arena stop")
        one_vote = await reply_to(api, CAROL, GROUP, "/arena stop")
        ended = text_of(await stop(api, DAVE))
    assert first == (
        "1 of 2 members asked for an arena: another member's /arena starts it (or an admin's)."
    )
    assert length == 20 * 60
    assert outsider == "Only the arena's players, its starter and admins may stop it."
    assert player_in_private.startswith(
        "Arena #1 is stopped in its group, Friends: /arena stop there "
        "ends it at once when its starter or an admin sends it, and is a vote when a player does."
    )
    assert outsider_in_private == (
        "An arena is stopped in its group: /arena stop there ends it at once when its starter "
        "or an admin sends it, and is a vote when a player does."
    )
    assert one_vote == (
        "A vote to stop the arena: 1 of the 2 votes needed (it has 2 players). Another "
        "player's /arena stop adds one."
    )
    assert ended.startswith("🏁 Arena #1 is over.")


async def test_a_hands_time_running_out_is_a_miss_and_deals_the_next(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await joined(api, (CAROL,), "/arena")
        alarm = application.bot_data.timers.pending(CAROL, ARENA_HAND)
        first = hand_of(application, CAROL)
        clock.now += 61
        before = len(api.sent)
        application.job_queue.run_once(
            hand_up, 0, chat_id=CAROL, data=(GROUP, 1, 0), name="arena-hand:test"
        )
        after = text_of(await next_in(api, CAROL, before, is_hand))
        player = the_arena(application).entries[CAROL]
    assert len(alarm) == 1
    assert after.startswith("⌛ Time is up: a miss, your streak ends.\n🏟 Hand 2 · 60 s")
    assert (player.index, player.missed) == (1, 1)
    assert the_arena(application).hands[0] == first


async def test_what_a_player_is_refused(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        in_private = await reply_to(api, ANN, ANN, "/arena")
        unread = await reply_to(api, ANN, GROUP, "/arena 2")
        words = await reply_to(api, ANN, GROUP, "/arena soon")
        time = await reply_to(api, ANN, GROUP, "/arena at 25:00")
        payload = join_payload(await announce(api))
        again = await reply_to(api, CAROL, GROUP, "/arena")
        forged = await reply_to(api, CAROL, CAROL, f"/start {payload[:-1]}x")
        nothing = await reply_to(api, CAROL, CAROL, "/berserk")
        clock.now = the_arena(application).ends + 1
        late = await reply_to(api, CAROL, CAROL, f"/start {payload}")
    assert in_private == "Arenas are held in groups: send /arena there, and join with its button."
    assert unread == "An arena lasts 3 to 60 minutes: /arena 10, say."
    assert words.startswith("Use /arena for a 10-minute arena")
    assert time == "Give the time of day as HH:MM: /arena at 20:00 daily, say."
    assert again == "An arena is on here: join it with the button on its message."
    assert forged.startswith("I can't find this arena")
    assert nothing == "No arena is on for you."
    assert late == "This arena is over. /arena in the group starts another."


async def test_help_and_the_menus_tell_of_arenas_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        english = plain_text(await reply_to(api, ANN, ANN, "/help"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/help"))
        await settled(api, application)
    group_menu = {
        c["command"]: c["description"] for c in api.commands[('{"type": "all_group_chats"}', "zh")]
    }
    commands = [c["command"] for c in api.commands[('{"type": "all_group_chats"}', "")]]
    assert "\n/arena: an arena, the group's tournament played in private" in english
    assert "\n/arena：竞技场，群组的锦标赛" in chinese
    assert group_menu["arena"] == "竞技场：群组锦标赛，各按自己的节奏"
    assert commands.index("rush") + 1 == commands.index("arena")


async def test_a_group_that_takes_no_picture_gets_the_final_standings_as_text(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await joined(api, (CAROL,), "/arena")
        await solve_one(api, application, clock, CAROL)
        assert isinstance(api, FaultyBotApi)  # players() makes one
        api.fail_next("sendPhoto", 400, "Bad Request: not enough rights to send photos")
        final = await stop(api)
    assert "photo" not in final
    assert "1. Carol: 2 points" in text_of(final)
