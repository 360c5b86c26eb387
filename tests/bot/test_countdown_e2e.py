"""Countdown through the local Bot API: solo in private, together in a group with privacy
mode on (each player's best answer, improvements, ties to the earlier), its end, its points,
who may stop it, its time in /settings, a restart in the middle, spoilers, Chinese and
hostile input.

The deals are seeded (the bot's random source draws the numbers and the target), so that
every message can be asserted whole:

- seed 1 with one large number: 2 2 5 8 10 50, target 880, made by (50+5)×8×2;
- seed 28 with none: 2 2 3 3 4 9, target 754, which can't be made (720 below, 756 above).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from telegram.ext import Application

from bot.features import countdown as countdown_feature
from bot.game.countdown import Best, Countdown
from bot.local_api import LocalBotApi, plain_text, utf16_len
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    BotApplication,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio

CAROL, DAVE, ERIN = 503, 504, 505
NOON = 1_795_435_200.0
EXACT = "/countdown 1"
"""With seed 1: 2 2 5 8 10 50 → 880."""
CLOSE = "/countdown 0"
"""With seed 28: 2 2 3 3 4 9 → 754."""
SOLVER_880 = "Solver: 880 = (50+5)×8×2"
SOLVER_754 = "Solver: 754 can't be made; closest 720 = (9×2+2)×4×3×3 and 756 = 9×(4+3)×3×2×2"
TO_A_GROUP = "Answer with /a and your expression, like /a (75-5)*8+3, or reply to this picture."
RULES = "Each number at most once, + − × ÷, whole numbers on the way; the closest answer wins."


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    api.add_user(ERIN, "Erin", language_code="en")
    return api


def the_game(application: Application, chat: int) -> Countdown:
    game = application.chat_data[chat].table.countdown
    assert game is not None
    return game


async def start(
    api: LocalBotApi,
    application: Application,
    user: int,
    chat: int,
    command: str = EXACT,
    seed: int | None = 1,
) -> dict:
    """Start a game (seeded unless ``seed`` is None) and return its picture."""
    if seed is not None:
        application.bot_data.rng = random.Random(seed)
    before = len(api.sent)
    api.send(user, chat, command)
    deal = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert "photo" in deal, deal
    await settled(api, application)  # the clock starts once the picture is sent
    return deal


async def time_up(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, chat: int
) -> str:
    """Move the clock past the game's deadline, fire its timer and return the end."""
    game = the_game(application, chat)
    clock.now += game.time_limit + 1
    before = len(api.sent)
    application.job_queue.run_once(
        countdown_feature.countdown_up,
        0,
        chat_id=chat,
        data=game.number,
    )
    return plain_text((await api.wait_for_sent(before + 1))[-1]["text"])


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
    assert shown.endswith("\nCountdown time: 45 s")
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
    assert settings.countdown_time == 120
    assert plain_text(edited["text"]).endswith("\nCountdown time: 120 s")


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
    assert settings.countdown_time == 30


async def test_a_time_out_of_range_is_refused_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/language zh")
        reply = plain_text(await reply_to(api, ANN, GROUP, "/settings countdown 5"))
        settings = application.chat_data[GROUP].table.settings
    assert reply == "倒计时的时间为 10 到 300 秒，例如 /settings countdown 45。"
    assert settings.countdown_time == 30


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
        "Nobody matched it."
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
        stats = application.chat_data[CAROL].table.stats.players[CAROL]
        jobs = [job.name for job in application.job_queue.jobs()]
    assert plain_text(sent[-2]["text"]) == "880, exactly!"
    assert plain_text(sent[-1]["text"]) == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Carol: 880, exactly! · 10 points\n"
        f"{SOLVER_880}\n"
        "Matched by Carol."
    )
    assert game.ended
    assert stats.countdown_points == 10
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
        "Matched by Carol."
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
    ("2.5*2", "Not quite: 2.5: decimals are not allowed: use the numbers as given."),
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


async def test_a_bystander_cannot_stop_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        reply = await reply_to(api, DAVE, GROUP, "/countdown stop")
        game = the_game(application, GROUP)
    assert reply == (
        "Only players of this Countdown can vote to stop it: try an answer with its numbers "
        "first. Whoever started it, or an admin, can stop it at once."
    )
    assert game.live


async def test_two_bystanders_answering_nonsense_do_not_stop_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        for user in (DAVE, ERIN):
            await reply_to(api, user, GROUP, "/a x")
        await reply_to(api, DAVE, GROUP, "/countdown stop")
        reply = await reply_to(api, ERIN, GROUP, "/countdown stop")
        game = the_game(application, GROUP)
    assert reply == (
        "Only players of this Countdown can vote to stop it: try an answer with its numbers "
        "first. Whoever started it, or an admin, can stop it at once."
    )
    assert game.live


async def test_two_players_stop_a_countdown_by_a_vote(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        await reply_to(api, DAVE, GROUP, "/a 50*(10+8)")
        await reply_to(api, ERIN, GROUP, "/a 50+10")
        vote = await reply_to(api, DAVE, GROUP, "/countdown stop")
        live = the_game(application, GROUP).live
        end = plain_text(await reply_to(api, ERIN, GROUP, "/countdown stop"))
    assert vote == (
        "A vote to stop the Countdown: 1 of 2 players. Another player of this Countdown can "
        "agree with /countdown stop; whoever started it, or an admin, can stop it at once."
    )
    assert live
    assert end.startswith("🏁 Countdown over: 880 from 2 2 5 8 10 50.\n1. Dave: 900, 20 away\n")


@pytest.mark.parametrize("who", [CAROL, ANN], ids=["starter", "admin"])
async def test_the_starter_or_an_admin_stops_a_countdown_at_once(tmp_path: Path, who: int) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        end = plain_text(await reply_to(api, who, GROUP, "/countdown stop"))
        game = the_game(application, GROUP)
        jobs = [job.name for job in application.job_queue.jobs()]
    assert end == (f"🏁 Countdown over: 880 from 2 2 5 8 10 50.\nNo answers.\n{SOLVER_880}")
    assert game.ended
    assert f"countdown-up:{GROUP}" not in jobs


async def test_answers_after_the_end_are_told_they_came_too_late(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, application, ANN, GROUP)
        await time_up(api, application, clock, GROUP)
        await settled(api, application)
        by_reply = await reply_to(api, DAVE, GROUP, "(50+5)*8*2", reply_to=deal["message_id"])
        by_command = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        clock.now += 120
        later = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    too_late = "Too late: this Countdown is over. /countdown starts another."
    assert by_reply == too_late
    assert by_command == too_late
    assert later == "No round is running: /play deals a hand."
    assert not game.best


async def test_an_answer_after_the_deadline_is_too_late_before_the_timer(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        clock.now += 31
        reply = await reply_to(api, CAROL, GROUP, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    assert reply == "Too late: this Countdown is over. /countdown starts another."
    assert not game.best


async def test_an_answer_in_another_chat_is_not_the_groups(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        reply = await reply_to(api, CAROL, CAROL, "/a (50+5)*8*2")
        game = the_game(application, GROUP)
    assert reply == "No round is running: /play deals a hand."
    assert not game.best


async def test_no_other_game_during_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        replies = [
            await reply_to(api, CAROL, CAROL, command)
            for command in ("/play", "/hunt", "/countdown", "/skip", "/stop")
        ]
        table = application.chat_data[CAROL].table
    expected = "A Countdown game is on: answer with /a, or /countdown stop to end it."
    assert replies == [expected] * 5
    assert table.round is None
    assert table.counting


async def test_no_countdown_between_two_rounds_of_a_match(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, CAROL, CAROL, "/play 3")
        await reply_to(api, CAROL, CAROL, "/reveal")  # the match waits for its next deal
        reply = await reply_to(api, CAROL, CAROL, "/countdown")
        table = application.chat_data[CAROL].table
    assert reply == "A round is on: finish it (or /stop it) first."
    assert table.countdown is None


async def test_hostile_arguments_are_refused(tmp_path: Path) -> None:
    api = players()
    hostile = ["5", "1 5", "1 301", "-1", "two", "1 30 9", "99999999999999999999", "²", "1 ³⁰"]
    async with running_bot(api, tmp_path) as application:
        replies = [await reply_to(api, CAROL, CAROL, f"/countdown {words}") for words in hostile]
        table = application.chat_data[CAROL].table
    usage = (
        "Use /countdown, or /countdown 2 60 for two large numbers (0 to 4) "
        "and 60 seconds (10 to 300)."
    )
    assert replies == [usage] * len(hostile)
    assert table.countdown is None


async def test_a_countdown_and_its_best_answers_survive_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 50*(10+8)")
    async with running_bot(api, tmp_path, clock=clock) as application:
        jobs = [job.name for job in application.job_queue.jobs()]
        status = plain_text(await reply_to(api, DAVE, GROUP, "/a (50+5)*8*2"))
        spoiler = await reply_to(api, CAROL, CAROL, "/solve 2 2 5 8 10 50 = 880 countdown")
        end = await time_up(api, application, clock, GROUP)
    assert f"countdown-up:{GROUP}" in jobs
    assert status == "Countdown: 880\nCarol: 900, 20 away\nDave: 880, exactly!"
    assert spoiler.startswith("No spoilers: those are numbers of a Countdown game")
    assert end == (
        "🏁 Countdown over: 880 from 2 2 5 8 10 50.\n"
        "1. Dave: 880, exactly! · 10 points\n"
        "2. Carol: 900, 20 away\n"
        "Winner: Dave\n"
        f"{SOLVER_880}\n"
        "Matched by Dave."
    )


async def test_the_countdowns_numbers_are_not_solved_for_its_players(tmp_path: Path) -> None:
    api = players()
    requests = [
        "/solve 2 2 5 8 10 50 = 880 countdown",
        "/solve 50 10 8 2 2 5 1 = 24",  # all six among others, another target
        "/solve 50 5 8 2 = 880 countdown",  # four of them
        "/solve 50 8 1 = 401",  # two of them, and a number that is not one
    ]
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")  # Carol is seen in the group
        replies = [await reply_to(api, CAROL, CAROL, request) for request in requests]
    refusal = (
        "No spoilers: those are numbers of a Countdown game you are playing right now. "
        "Ask again once it is over."
    )
    assert replies == [refusal] * len(requests)


async def test_a_24_game_hand_stays_free_to_solve_during_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")
        reply = plain_text(await reply_to(api, CAROL, CAROL, "/solve 2 2 5 8"))
    assert reply.startswith("2 2 5 8 → 24: ")


async def test_the_end_fits_telegrams_limit_with_many_players(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, application, ANN, GROUP)
        game = the_game(application, GROUP)
        # 300 players with the longest names Telegram allows, in characters that count
        # twice (emoji) or grow when escaped (<, &); all exact, so all match the solver.
        for i in range(300):
            name = f"🦄<&{i:03}" + "🦄" * 60
            game.best[10_000 + i] = Best(10_000 + i, name, "(50+5)*8*2", 880, 0, i / 10)
        end = await time_up(api, application, clock, GROUP)
        stats = application.chat_data[GROUP].table.stats.players
    lines = end.split("\n")
    assert utf16_len(end) <= 4096
    assert lines[0] == "🏁 Countdown over: 880 from 2 2 5 8 10 50."
    assert lines[1] == "1. 🦄<&000" + "🦄" * 60 + ": 880, exactly! · 10 points"
    shown = len(lines) - 5  # the head, "… and N more players", the winner, the solver's two
    assert lines[-4] == f"… and {300 - shown} more players"
    assert lines[-3] == "Winner: 🦄<&000" + "🦄" * 60
    assert lines[-2] == SOLVER_880
    assert lines[-1].endswith(" and 290 more.")
    assert sum(player.countdown_points for player in stats.values()) == 3000


async def test_a_countdown_in_chinese(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, application, BOB, BOB, CLOSE, seed=28)
        first = await reply_to(api, BOB, BOB, "9*(4+3)*3*2*2")
        worse = await reply_to(api, BOB, BOB, "9*4*3*3*2")
        again = await reply_to(api, BOB, BOB, "(4+3)*9*3*2*2")
        wrong = await reply_to(api, BOB, BOB, "9+9")
        word = await reply_to(api, BOB, BOB, "sqrt(9)")
        decimal = await reply_to(api, BOB, BOB, "2.5*2")
        sign = await reply_to(api, BOB, BOB, "-2+9")
        end = await time_up(api, application, clock, BOB)
    assert plain_text(deal["caption"]) == (
        "倒计时：用 2 2 3 3 4 9 算出 754，限时 30 秒。\n"
        "每个数最多用一次，只用 + − × ÷，中间结果须为正整数；最接近目标者胜。"
        "直接输入答案，例如 (75-5)*8+3。"
    )
    assert first == "756，差 2"
    assert worse == "648，差 106：你的最好成绩仍是 756，差 2"
    assert again == "与你的最好成绩相同：756，差 2"
    assert wrong == "还不对：9 用了 2 次，但只给了 1 个。"
    assert word == "还不对：“sqrt” 不是数：答案只能用给出的数、+ − × ÷ 和括号。"
    assert decimal == "还不对：2.5：不能用小数，请照给出的样子用这些数。"
    assert sign == "还不对：数字前面不能加 −（第 1 个字符）：这些数要照给出的样子用。"
    assert end == (
        "🏁 倒计时结束：用 2 2 3 3 4 9 算 754。\n"
        "1. Bob：756，差 2 · 7 分\n"
        "求解器：754 算不出；最接近的是 720 = (9×2+2)×4×3×3，756 = 9×(4+3)×3×2×2\n"
        "Bob 做到了同样好。"
    )


async def test_a_countdown_vote_in_chinese(tmp_path: Path) -> None:
    api = players()
    api.add_user(506, "Fang", language_code="zh-hans")
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, GROUP)
        await reply_to(api, BOB, GROUP, "/a 50*(10+8)")
        vote = await reply_to(api, BOB, GROUP, "/countdown stop")
        bystander = await reply_to(api, 506, GROUP, "/countdown stop")
    assert vote == (
        "投票结束倒计时：1/2 名玩家。本局再有一名玩家发送 /countdown stop 即可；"
        "发起的人或管理员可以直接结束。"
    )
    assert bystander == (
        "只有本局倒计时的玩家才能投票结束它：先用这些数字试着作答吧。发起的人或管理员可以直接结束。"
    )


async def test_the_daily_puzzle_takes_its_answers_during_a_solo_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, CAROL, CAROL)
        before = len(api.sent)
        api.send(CAROL, CAROL, "/daily")
        await api.wait_for_sent(before + 1, timeout=20)
        await settled(api, application)
        reply = await reply_to(api, CAROL, CAROL, "50*(10+8)")
        game = the_game(application, CAROL)
        record = application.user_data[CAROL].daily
    assert reply.startswith("Not quite: ")
    assert CAROL not in game.answered
    assert record.running() is not None


async def test_help_tells_of_countdown_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        english = plain_text(await reply_to(api, CAROL, CAROL, "/help"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/help"))
    assert (
        "\n\n/countdown: the numbers game (also /numbers): six numbers, a target from 101 to "
        "999; each number at most once, whole numbers on the way, the closest answer wins (10 "
        "points exact, 7 within 5, 5 within 10). /countdown 2 60: two large numbers, 60 seconds "
        "(30 unless /settings says otherwise)\n/hunt stop, /countdown stop: end it early "
        "(whoever started it or an admin; anyone else's stop is a vote that most of its "
        "players, at least two, must carry)\n"
    ) in english
    assert "\n\n/countdown：倒计时数字游戏（也可用 /numbers）" in chinese
    assert "\n/hunt stop、/countdown stop：提前结束" in chinese


async def test_the_command_menus_offer_countdown_in_both_languages(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        pass
    for (scope, language), commands in api.commands.items():
        described = {c["command"]: c["description"] for c in commands}
        assert described["countdown"] == (
            "倒计时：六个数，算得离目标最近者胜"
            if language == "zh"
            else "Countdown: six numbers, get closest to the target"
        ), (scope, language)


async def test_inline_mode_keeps_the_countdowns_numbers_too(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, application, ANN, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")
        answer = await api.wait_for_inline_answer(api.inline_query(CAROL, "50 10 8 = 900"))
    assert answer["results"][0]["title"] == (
        "No spoilers: those are numbers of a Countdown game you are playing right now. "
        "Ask again once it is over."
    )
