"""Countdown through the local Bot API: solo in private, together in a group with privacy
mode on (each player's best answer, improvements, ties to the earlier), its end, its points,
its time in /settings (who may stop it, late answers and a restart:
``test_countdown_stop_e2e.py``; spoilers, limits, Chinese, help and menus:
``test_countdown_and_others_e2e.py``; the deals: ``tests/bot/countdown_data.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.countdown.parts import COUNTDOWN_POINTS
from bot.local_api import plain_text
from bot.rules.countdown import chat_time
from tests.bot.countdown_data import (
    CAROL,
    CLOSE,
    DAVE,
    ERIN,
    NOON,
    SOLVER_880,
    players,
    start,
    the_game,
    time_up,
)
from tests.bot.harness import (
    ANN,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio
SOLVER_754 = "Solver: 754 can't be made; closest 720 = (9×2+2)×4×3×3 and 756 = 9×(4+3)×3×2×2"
TO_A_GROUP = "Answer with /a and your expression, like /a (75-5)*8+3, or reply to this picture."
RULES = "Each number at most once, + − × ÷, whole numbers on the way; the closest answer wins."


async def test_the_picture_has_the_numbers_and_the_target_in_its_caption(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        deal = await start(api, application, ANN, GROUP)
        game = the_game(application, GROUP)
    assert (game.numbers, game.target, game.time_limit) == ((2, 2, 5, 8, 10, 50), 880, 30)
    assert plain_text(deal["caption"]) == (
        f"Countdown: make 880 from 2 2 5 8 10 50, 30 s.\n{RULES} {TO_A_GROUP}"
    )


async def test_four_large_numbers_and_a_time(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL, "/numbers 4 45", seed=None)
        game = the_game(application, CAROL)
    assert {25, 50, 75, 100} <= set(game.numbers)
    assert len(game.numbers) == 6
    assert 101 <= game.target <= 999
    assert game.time_limit == 45


async def test_a_single_number_of_ten_or_more_is_the_time(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL, "/countdown 60", seed=None)
        game = the_game(application, CAROL)
    assert game.time_limit == 60
    assert len([n for n in game.numbers if n in (25, 50, 75, 100)]) in (1, 2)


async def test_the_time_comes_from_the_chats_settings(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        shown = plain_text(await reply_to(api, ANN, GROUP, "/settings countdown 45"))
        await start(api, application, CAROL, GROUP)
        game = the_game(application, GROUP)
    assert "\nCountdown time: 45 s\n" in shown  # (then, in a group, the tip for its admins)
    assert game.time_limit == 45


async def test_a_settings_button_sets_the_time(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/settings")
        menu = api.sent[-1]
        before = len(api.sent)
        api.press(ANN, menu, "cfg:countdown:120")
        edited = (await api.wait_for_sent(before + 1))[-1]
        settings = application.chat_data[GROUP].table.settings
    assert chat_time(settings) == 120
    assert "\nCountdown time: 120 s\n" in plain_text(edited["text"])


async def test_a_time_out_of_range_is_refused_in_settings(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        values = ["9", "301", "²", "thirty"]
        replies = [
            plain_text(await reply_to(api, ANN, GROUP, f"/settings countdown {v}")) for v in values
        ]
        settings = application.chat_data[GROUP].table.settings
    usage = "Countdown's time goes from 10 to 300 seconds, like /settings countdown 45."
    assert replies == [usage] * len(values)
    assert chat_time(settings) == 30


async def test_a_time_out_of_range_is_refused_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/language zh")
        reply = plain_text(await reply_to(api, ANN, GROUP, "/settings countdown 5"))
        settings = application.chat_data[GROUP].table.settings
    assert reply == "倒计时的时间为 10 到 300 秒，例如 /settings countdown 45。"
    assert chat_time(settings) == 30


async def test_a_solo_game_keeps_the_best_answer_and_ends_with_the_solvers(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, CAROL, CAROL)
        first = await reply_to(api, CAROL, CAROL, "50*(10+8)")
        better = await reply_to(api, CAROL, CAROL, "/a (50+5)*8*2-10")
        worse = await reply_to(api, CAROL, CAROL, "50*8*2")
        again = await reply_to(api, CAROL, CAROL, "(5+50)*2*8-10")
        end = await time_up(api, application, clock, CAROL)
        score = plain_text(await reply_to(api, CAROL, CAROL, "/score"))
    assert first == "900, 20 away"
    assert better == "870, 10 away"
    assert worse == "800, 80 away: your best stays 870, 10 away"
    assert again == "same as your best: 870, 10 away"
    assert end == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Carol: 870, 10 away · 5 points\n"
        f"{SOLVER_880}\n"
        "You did not match it."
    )
    assert score == "Carol\nCountdown: 5 points"


async def test_reaching_the_target_ends_a_solo_game(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        before = len(api.sent)
        api.send(CAROL, CAROL, "50*(10+8)-2*5*2")
        sent = await api.wait_for_sent(before + 2)
        await settled(api, application)
        game = the_game(application, CAROL)
        points = COUNTDOWN_POINTS.get(application.chat_data[CAROL]).of(CAROL)
        jobs = [job.name for job in application.job_queue.jobs()]
    assert plain_text(sent[-2]["text"]) == "880, exactly!"
    assert plain_text(sent[-1]["text"]) == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Carol: 880, exactly! · 10 points\n"
        f"{SOLVER_880}\n"
        "You matched it."
    )
    assert game.ended
    assert points == 10
    assert f"countdown-up:{CAROL}" not in jobs


async def test_the_closest_on_each_side_when_the_target_cannot_be_made(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, CAROL, CAROL, CLOSE, seed=28)
        reply = await reply_to(api, CAROL, CAROL, "9*(4+3)*3*2*2")
        end = await time_up(api, application, clock, CAROL)
    assert reply == "756, 2 away"
    assert end == (
        "🏁 Countdown over: 754 from 2 2 3 3 4 9.\n"
        "1. Carol: 756, 2 away · 7 points\n"
        f"{SOLVER_754}\n"
        "You matched it."
    )


WRONG_AND_HOSTILE = [
    ("50+50", "Not quite: 50 is used 2 times but offered only once."),
    ("7*100", "Not quite: 7 is not one of the numbers."),
    ("50/8+2", "Not quite: 50 ÷ 8 makes 6¼ (column 3): no fractions on the way."),
    ("2-5+50", "Not quite: 2 − 5 makes -3 (column 2): no negative numbers on the way."),
    ("no solution", "Answer with an expression: the closest one counts."),
    ("99999999999999999999*2", "Not quite: 999999999999… is not one of the numbers."),
    ("9" * 5000, "Not quite: that is too long (over 200 characters)."),
    ("<b>1</b>", "Not quite: “<” (column 1) is not part of an answer."),
    (
        "sqrt(50)",
        "Not quite: “sqrt” is not a number: answer with the numbers, + − × ÷ and brackets.",
    ),
    ("2.5*2", "Not quite: 2.5 is not one of the numbers."),
    ("-2+50", "Not quite: a number can't start with − (column 1): the numbers are used as given."),
]
"""Answers that are wrong by Countdown's rules, or hostile, and the reply each gets."""


async def test_wrong_and_hostile_answers_get_their_reason(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        got = [
            plain_text(await reply_to(api, CAROL, CAROL, answer))
            for answer, _reply in WRONG_AND_HOSTILE
        ]
        game = the_game(application, CAROL)
    assert got == [reply for _answer, reply in WRONG_AND_HOSTILE]
    assert not game.best
    assert game.live


async def test_a_group_game_keeps_each_best_and_gives_ties_to_the_earlier(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 50*(10+8)")  # 900
        clock.now += 1
        # Privacy mode: a reply to the picture reaches the bot.
        api.send(DAVE, GROUP, "(50+5)*8*2-2", reply_to=deal["message_id"])  # 878
        await settled(api, application)
        clock.now += 1
        api.send(CAROL, GROUP, "/a (50+5)*8*2+2")  # 882: as close as Dave, but later
        await settled(api, application)
        clock.now += 1
        api.send(ERIN, GROUP, "/a 50*8*2+10*5+2")  # 852
        await settled(api, application)
        status = plain_text(api.sent[-1]["text"])
        end = await time_up(api, application, clock, GROUP)
        await settled(api, application)
        top = plain_text(await reply_to(api, CAROL, GROUP, "/top"))
        score = plain_text(await reply_to(api, CAROL, GROUP, "/score"))
    assert status == (
        "Countdown: 880\n"
        "Carol: 900, 20 away\n"
        "Dave: 878, 2 away\n"
        "Carol: 882, 2 away\n"
        "Erin: 852, 28 away"
    )
    assert end == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Dave: 878, 2 away · 7 points\n"
        "2. Carol: 882, 2 away · 7 points\n"
        "3. Erin: 852, 28 away\n"
        "Winner: Dave\n"
        f"{SOLVER_880}\n"
        "Nobody matched it."
    )
    assert top == "Countdown\n1. Carol: 7\n2. Dave: 7"
    assert score == "Carol\nCountdown: 7 points"


async def test_a_reply_to_the_status_message_is_an_answer(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 50*(10+8)")
        status = api.sent[-1]
        api.send(DAVE, GROUP, "(50+5)*8*2", reply_to=status["message_id"])
        await settled(api, application)
        game = the_game(application, GROUP)
    assert game.best[DAVE].value == 880


async def test_plain_text_in_a_group_is_left_alone(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        before = len(api.sent)
        api.send(CAROL, GROUP, "hello everyone")
        api.send(CAROL, GROUP, "50*(10+8)")  # privacy mode: the bot never sees it
        await settled(api, application)
        game = the_game(application, GROUP)
    assert len(api.sent) == before
    assert not game.best


async def test_nobody_within_ten_is_no_winner(tmp_path: Path) -> None:
    # Being the least far off is not winning: 20 away scores nothing, so names no winner.
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 50*(10+8)")  # 900
        end = await time_up(api, application, clock, GROUP)
    assert end.splitlines()[2:4] == [
        "No winner: nobody came within 10 of the target.",
        SOLVER_880,
    ]
