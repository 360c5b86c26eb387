"""Solution Hunt through the local Bot API: solo in private, together in a group with
privacy mode on, its end, its points, and a restart in the middle."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import hunt as hunt_feature
from bot.local_api import plain_text, utf16_len
from bot.rules.hunt import HUNT_SEAT, Find
from bot.rules.rounds import ROUND_SEAT
from tests.bot.games import start, the_hunt
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    DAVE,
    GROUP,
    NOON,
    FakeClock,
    make_api,
    players,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def test_a_hunt_says_how_many_solutions_there_are(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        deal = await start(api, CAROL, CAROL)
        hunt = the_hunt(application, CAROL)
    hand = " ".join(map(str, hunt.hand))
    count = len(hunt.solutions)
    assert plain_text(deal["caption"]).startswith(
        f"Solution Hunt: {hand} → 24: {count} distinct solutions to find, 90 s."
    )


async def test_a_hand_for_a_hunt_has_at_least_three_solutions(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        assert len(the_hunt(application, CAROL).solutions) >= 3


async def test_a_new_solution_is_confirmed_with_what_is_left(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        hunt = the_hunt(application, CAROL)
        reply = plain_text(await reply_to(api, CAROL, CAROL, hunt.solutions[0]))
    assert reply == f"#1 {hunt.solutions[0]}, Carol · {len(hunt.solutions) - 1} to go"


async def test_a_solution_found_again_by_its_finder_says_so(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        first = the_hunt(application, CAROL).solutions[0]
        await reply_to(api, CAROL, CAROL, first)
        reply = plain_text(await reply_to(api, CAROL, CAROL, f"/a {first} = 24"))
    assert reply == f"You found it already: {first}"


async def test_a_wrong_answer_gets_its_reason(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, CAROL, CAROL)
        reply = await reply_to(api, CAROL, CAROL, "1+1")
    assert reply.startswith("Not quite: ")


async def test_finding_them_all_ends_the_hunt(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        hunt = the_hunt(application, CAROL)
        for solution in hunt.solutions[:-1]:
            await reply_to(api, CAROL, CAROL, solution)
        before = len(api.sent)
        api.send(CAROL, CAROL, hunt.solutions[-1])
        sent = (await api.wait_for_sent(before + 2))[before:]
    # The end is a game message and may go before the last find's confirmation.
    [end] = [plain_text(m["text"]) for m in sent if m["text"].startswith("🏁")]
    total = len(hunt.solutions)
    hand = " ".join(map(str, hunt.hand))
    assert end == (
        f"🏁 Solution Hunt over: {total} of {total} solutions found.\n"
        f"Your best on {hand}: {total} of {total}."
    )


async def test_in_a_group_finds_gather_in_one_status_message(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
        status = api.sent[-1]
        api.send(DAVE, GROUP, f"/a {hunt.solutions[0]}")
        await settled(api, application)
    edited = api.sent[-1]
    assert edited["message_id"] == status["message_id"]
    assert plain_text(edited["text"]).endswith(f"Dave: Same as Carol's {hunt.solutions[0]}")


async def test_a_group_hunt_ends_with_the_finders_and_what_nobody_found(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/hunt 30")
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
        clock.now += 31
        before = len(api.sent)
        application.job_queue.run_once(
            hunt_feature.hunt_up,
            0,
            chat_id=GROUP,
            data=hunt.number,
        )
        end = plain_text((await api.wait_for_sent(before + 1))[-1]["text"])
    total = len(hunt.solutions)
    assert end.startswith(
        f"🏁 Solution Hunt over: 1 of {total} solutions found.\n1. Carol: 1\nNobody found:\n"
        f"{hunt.solutions[1]}"
    )


async def test_hunt_points_have_their_own_column(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
        await reply_to(api, ANN, GROUP, "/hunt stop")
        top = plain_text(await reply_to(api, CAROL, GROUP, "/top"))
    assert top.endswith("Solution Hunt\n1. Carol: 1")


async def test_a_bystander_cannot_stop_a_hunt(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP)
        reply = await reply_to(api, DAVE, GROUP, "/hunt stop")
        hunt = the_hunt(application, GROUP)
    assert reply == (
        "Only players of this hunt can vote to stop it: try an answer with its cards first. "
        "Whoever started it, or an admin, can stop it at once."
    )
    assert hunt.live


async def test_two_bystanders_answering_nonsense_do_not_stop_a_hunt(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP, "/hunt 300")
        for user in (CAROL, DAVE):
            await reply_to(api, user, GROUP, "/a x")
        await reply_to(api, CAROL, GROUP, "/hunt stop")
        reply = await reply_to(api, DAVE, GROUP, "/hunt stop")
        hunt = the_hunt(application, GROUP)
    assert reply == (
        "Only players of this hunt can vote to stop it: try an answer with its cards first. "
        "Whoever started it, or an admin, can stop it at once."
    )
    assert hunt.live


async def test_two_players_stop_a_hunt_by_a_vote(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
        await reply_to(api, DAVE, GROUP, "/a " + "-".join(map(str, sorted(hunt.hand)[::-1])))
        vote = await reply_to(api, CAROL, GROUP, "/hunt stop")
        live = hunt.live
        end = plain_text(await reply_to(api, DAVE, GROUP, "/hunt stop"))
    assert vote == (
        "A vote to stop the hunt: 1 of 2 players. Another player of this hunt can agree with "
        "/hunt stop; whoever started it, or an admin, can stop it at once."
    )
    assert live
    total = len(hunt.solutions)
    assert end.startswith(f"🏁 Solution Hunt over: 1 of {total} solutions found.\n1. Carol: 1\n")


async def test_the_starter_stops_a_hunt_at_once(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP)  # Carol is no admin
        end = plain_text(await reply_to(api, CAROL, GROUP, "/hunt stop"))
        hunt = the_hunt(application, GROUP)
        jobs = [job.name for job in application.job_queue.jobs()]
    assert end.startswith("🏁 Solution Hunt over: 0 of ")
    assert hunt.ended
    assert f"hunt-up:{GROUP}" not in jobs


async def test_a_hunt_vote_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, GROUP)
        hand = the_hunt(application, GROUP).hand
        await reply_to(api, BOB, GROUP, "/a " + "-".join(map(str, sorted(hand)[::-1])))
        vote = await reply_to(api, BOB, GROUP, "/hunt stop")
        live = the_hunt(application, GROUP).live
    assert vote == (
        "投票结束寻解大赛：1/2 名玩家。本场再有一名玩家发送 /hunt stop 即可；"
        "发起的人或管理员可以直接结束。"
    )
    assert live


async def test_an_answer_after_the_hunts_deadline_scores_nothing(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/hunt 30")
        await settled(api, application)
        hunt = the_hunt(application, GROUP)
        clock.now += 31  # the timer has not fired yet
        reply = await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
    assert reply == "Too late: this hunt is over. /hunt starts another."
    assert not hunt.found


@pytest.mark.parametrize("command", ["/play", "/skip"])
async def test_no_round_during_a_hunt(tmp_path: Path, command: str) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        reply = await reply_to(api, CAROL, CAROL, command)
        await settled(api, application)
        table = application.chat_data[CAROL].table
    assert reply == "A hunt is on: just type your answer, or /stop to end it."
    assert ROUND_SEAT.of(table) is None
    assert HUNT_SEAT.on(table)


@pytest.mark.parametrize("command", ["/stop", "/giveup", "/reveal"])
async def test_a_solo_hunt_ends_with_a_rounds_stop_or_give_up(tmp_path: Path, command: str) -> None:
    """In private the hunt is the player's alone: /stop and /giveup end it, as a round's."""
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        end = plain_text(await reply_to(api, CAROL, CAROL, command))
        hunting = HUNT_SEAT.on(application.chat_data[CAROL].table)
    assert end.startswith("🏁 Solution Hunt over: 0 of ")
    assert not hunting


async def test_stop_in_a_group_hunt_is_still_not_the_hunts(tmp_path: Path) -> None:
    """In a group /stop may be meant for anything: the hunt's own stop is /hunt stop."""
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        reply = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
        hunting = HUNT_SEAT.on(application.chat_data[GROUP].table)
    assert reply == "A hunt is on: answer with /a, or /hunt stop to end it."
    assert hunting


async def test_a_hunts_length_out_of_range_is_refused(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, CAROL, CAROL, "/hunt 5")
    assert reply == "Use /hunt, or /hunt 120 for a hunt of 120 seconds (10 to 600)."


async def test_a_hunt_and_its_finds_survive_a_restart(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
    async with running_bot(api, tmp_path) as application:
        reply = plain_text(await reply_to(api, DAVE, GROUP, f"/a {hunt.solutions[1]}"))
        jobs = [job.name for job in application.job_queue.jobs()]
    assert reply.endswith(f"#2 {hunt.solutions[1]}, Dave · {len(hunt.solutions) - 2} to go")
    assert f"hunt-up:{GROUP}" in jobs


async def test_a_hunt_in_chinese(tmp_path: Path) -> None:
    api = players()
    bob = 502  # make_api's Chinese-speaking user
    async with running_bot(api, tmp_path):
        deal = await start(api, bob, bob)
    caption = plain_text(deal["caption"]).split("\n")
    assert "寻解大赛" in caption[0]
    assert caption[1] == "每找到一种新解法得 1 分。直接输入答案，例如 (8-2)*4。"


async def test_a_group_hunt_in_chinese_has_its_colons(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        application.chat_data[GROUP].language.chosen = "zh"
        await start(api, ANN, GROUP, "/hunt 30")
        hunt = the_hunt(application, GROUP)
        await reply_to(api, CAROL, GROUP, f"/a {hunt.solutions[0]}")
        api.send(DAVE, GROUP, f"/a {hunt.solutions[0]}")
        await settled(api, application)
        status = plain_text(api.sent[-1]["text"])
        clock.now += 31
        before = len(api.sent)
        application.job_queue.run_once(
            hunt_feature.hunt_up,
            0,
            chat_id=GROUP,
            data=hunt.number,
        )
        end = plain_text((await api.wait_for_sent(before + 1))[-1]["text"])
    assert status.endswith(f"Dave：与 Carol 的 {hunt.solutions[0]} 相同")
    assert end.split("\n")[1] == "1. Carol：1"


async def test_the_hunts_hand_is_not_solved_for_its_players(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hand = " ".join(map(str, the_hunt(application, GROUP).hand))
        await reply_to(api, CAROL, GROUP, "/a 1+1")  # Carol is seen in the group
        reply = await reply_to(api, CAROL, CAROL, f"/solve {hand}")
    assert reply == (
        "No spoilers: those numbers hold the hand of a Solution Hunt being played right now "
        "in a group you are in. Ask again once it is over."
    )


async def test_a_hunts_end_fits_a_message_however_many_found_something(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hunt = the_hunt(application, GROUP)
        # Forty finders with long names (Telegram allows 64 characters a first and last name).
        hunt.solutions = tuple(f"solution {i}" for i in range(60))
        for i in range(40):
            name = f"{'Finder' * 10}{i:04d} {'Longname' * 8}"
            hunt.found[i] = Find(10_000 + i, name, f"solution {i}", float(i))
        end = plain_text(await reply_to(api, ANN, GROUP, "/hunt stop"))
    lines = end.split("\n")
    assert utf16_len(end) <= 4096
    assert lines[0] == "🏁 Solution Hunt over: 40 of 60 solutions found."
    assert lines[1] == f"1. {'Finder' * 10}0000 {'Longname' * 8}: 1"
    shown = lines.index("Nobody found:") - 2  # the head and "… and N more players"
    assert lines[shown + 1] == f"… and {40 - shown} more players"
    assert lines[-1] == "solution 59"


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("/hint", "Hunts have no hints: just type your answer, or /stop to end it."),
        ("/skip", "A hunt is on: just type your answer, or /stop to end it."),
    ],
)
async def test_a_rounds_command_during_a_private_hunt_says_a_hunt_is_on(
    tmp_path: Path, command: str, expected: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await start(api, ANN, ANN, "/hunt")
        said = plain_text(await reply_to(api, ANN, ANN, command))
    assert said == expected


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        (
            "en",
            "I found no hand of 4 cards with three solutions for 24: try another target or "
            "number of cards.",
        ),
        ("zh", "没找到 4 张牌、算 24 且至少有三种解法的牌：换个目标数或牌数试试。"),
    ],
)
async def test_a_hunt_no_hand_fits_is_refused_in_the_hunts_own_words(
    tmp_path: Path, language: str, refusal: str
) -> None:
    """The refusal's wording is the hunt's (bot/games/hunt/words.py), in the chat's language."""
    api = players()
    api.add_user(DAVE, "Dave", language_code=language)
    async with running_bot(api, tmp_path) as application:
        application.chat_data[DAVE].table.settings.deck = (1, 1)  # 1 1 1 1: no solution
        before = len(api.sent)
        api.send(DAVE, DAVE, "/hunt")
        sent = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert plain_text(sent["text"]) == refusal
