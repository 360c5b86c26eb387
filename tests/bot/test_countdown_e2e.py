"""Countdown through the local Bot API: solo in private, together in a group with privacy
mode on (each player's best answer, improvements, ties to the earlier), its end, its points,
a restart in the middle, Chinese and hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest
from telegram.ext import Application

from bot.features import countdown as countdown_feature
from bot.game.countdown import Countdown, points_for
from bot.local_api import LocalBotApi, plain_text
from tests.bot.harness import ANN, GROUP, FakeClock, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio

CAROL, DAVE = 503, 504
NOON = 1_795_435_200.0


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en")
    api.add_user(DAVE, "Dave", language_code="en")
    return api


def the_game(application: Application, chat: int) -> Countdown:
    game = application.chat_data[chat].table.countdown
    assert game is not None
    return game


async def start(api: LocalBotApi, user: int, chat: int, command: str = "/countdown") -> dict:
    before = len(api.sent)
    api.send(user, chat, command)
    deal = (await api.wait_for_sent(before + 1, timeout=20))[-1]
    assert "photo" in deal, deal
    return deal


async def time_up(api: LocalBotApi, application: Application, clock: FakeClock, chat: int) -> str:
    game = the_game(application, chat)
    clock.now += game.time_limit + 1
    before = len(api.sent)
    application.job_queue.run_once(
        countdown_feature.countdown_up,
        0,
        chat_id=chat,
        data=game.number,  # type: ignore[arg-type]
    )
    return plain_text((await api.wait_for_sent(before + 1))[-1]["text"])


def away(value: int, target: int) -> str:
    return f"{value}, exactly!" if value == target else f"{value}, {abs(value - target)} away"


async def test_the_deal_shows_six_numbers_and_the_target(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        deal = await start(api, CAROL, CAROL, "/numbers 4 45")
        game = the_game(application, CAROL)
    numbers = " ".join(map(str, game.numbers))
    assert len(game.numbers) == 6 and {25, 50, 75, 100} <= set(game.numbers)
    assert 101 <= game.target <= 999 and game.time_limit == 45
    assert plain_text(deal["caption"]).startswith(
        f"Countdown: make {game.target} from {numbers}, 45 s."
    )


async def test_a_solo_game_keeps_the_best_answer_and_ends_with_the_solvers(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, CAROL, CAROL, "/countdown 1")
        game = the_game(application, CAROL)
        small, large = game.numbers[0], game.numbers[-1]
        first = plain_text(await reply_to(api, CAROL, CAROL, str(small)))
        better = plain_text(await reply_to(api, CAROL, CAROL, f"/a {large}"))
        worse = plain_text(await reply_to(api, CAROL, CAROL, str(small)))
        end = await time_up(api, application, clock, CAROL)
    target = game.target
    assert first == away(small, target)
    assert better == away(large, target)
    assert worse == f"{away(small, target)}: your best stays {away(large, target)}"
    numbers = " ".join(map(str, game.numbers))
    assert end.startswith(f"🏁 Countdown over: {target} from {numbers}.\n1. Carol: ")
    assert "Winner" not in end
    if game.exact is not None:
        assert f"Solver: {target} = {game.exact}\nNobody matched it." in end


async def test_reaching_the_target_ends_a_solo_game(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        game = None
        for _attempt in range(20):  # a game whose target can be made
            await start(api, CAROL, CAROL)
            game = the_game(application, CAROL)
            if game.exact is not None:
                break
            await reply_to(api, CAROL, CAROL, "/countdown stop")
        assert game is not None and game.exact is not None
        before = len(api.sent)
        api.send(CAROL, CAROL, game.exact)
        sent = await api.wait_for_sent(before + 2)
        await settled(api, application)
        stats = application.chat_data[CAROL].table.stats.players[CAROL]
    assert plain_text(sent[-2]["text"]) == f"{game.target}, exactly!"
    end = plain_text(sent[-1]["text"])
    assert f"1. Carol: {game.target}, exactly! · 10 points" in end
    assert end.endswith("Matched by Carol.")
    assert stats.countdown_points == 10


async def test_wrong_answers_get_countdowns_reasons(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL, "/countdown 2")
        game = the_game(application, CAROL)
        big = max(game.numbers)
        twice = plain_text(await reply_to(api, CAROL, CAROL, f"{big}+{big}"))
        missing = plain_text(await reply_to(api, CAROL, CAROL, "999+1"))
        claim = plain_text(await reply_to(api, CAROL, CAROL, "no solution"))
    assert twice == f"Not quite: {big} is used 2 times but offered only 1."
    assert missing.startswith("Not quite: ") and "is not one of the numbers" in missing
    assert claim == "Answer with an expression: the closest one counts."
    assert not game.best


async def test_a_group_game_keeps_each_best_and_gives_ties_to_the_earlier(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await start(api, ANN, GROUP)
        game = the_game(application, GROUP)
        small, large = game.numbers[0], game.numbers[-1]
        await reply_to(api, CAROL, GROUP, f"/a {small}")
        clock.now += 1
        # Privacy mode: a reply to the picture reaches the bot.
        api.send(DAVE, GROUP, str(large), reply_to=deal["message_id"])
        await settled(api, application)
        clock.now += 1
        api.send(CAROL, GROUP, f"/a {large}")  # as close as Dave, but later
        await settled(api, application)
        status = plain_text(api.sent[-1]["text"])
        end = await time_up(api, application, clock, GROUP)
        await settled(api, application)
        top = plain_text(await reply_to(api, CAROL, GROUP, "/top"))
    target = game.target
    assert status.startswith(f"Countdown: {target}\nCarol: {away(small, target)}")
    assert f"Dave: {away(large, target)}" in status
    assert status.endswith(f"Carol: {away(large, target)}")
    assert f"\n1. Dave: {away(large, target)}" in end
    assert f"\n2. Carol: {away(large, target)}" in end
    assert "\nWinner: Dave\n" in end
    assert "Solver: " in end
    points = points_for(abs(large - target))
    if points:
        assert top.endswith(f"Countdown\n1. Carol: {points}\n2. Dave: {points}")


async def test_plain_text_that_is_no_answer_is_left_alone_in_a_group(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        before = len(api.sent)
        api.send(CAROL, GROUP, "hello everyone")
        await settled(api, application)
    assert len(api.sent) == before


async def test_only_admins_stop_a_countdown_early(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, CAROL, GROUP)
        reply = await reply_to(api, DAVE, GROUP, "/countdown stop")
    assert reply == "Only the group's admins can stop a Countdown early."


async def test_no_round_or_hunt_during_a_countdown(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        await start(api, CAROL, CAROL)
        play = await reply_to(api, CAROL, CAROL, "/play")
        hunt = await reply_to(api, CAROL, CAROL, "/hunt")
        again = await reply_to(api, CAROL, CAROL, "/countdown")
    expected = "A Countdown game is on: answer with /a, or /countdown stop to end it."
    assert play == hunt == again == expected


@pytest.mark.parametrize(
    "words", ["5", "1 5", "1 301", "-1", "two", "1 30 9", "99999999999999999999", "²", "1 ³⁰"]
)
async def test_hostile_arguments_are_refused(tmp_path: Path, words: str) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, CAROL, CAROL, f"/countdown {words}")
    assert reply == (
        "Use /countdown, or /countdown 2 60 for two large numbers (0 to 4) "
        "and 60 seconds (10 to 300)."
    )


async def test_hostile_answers_get_a_reason_and_change_nothing(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, CAROL, CAROL)
        game = the_game(application, CAROL)
        for text in ("<b>1</b>", "9" * 5000, "1/0", "((((((((", "2**100", "💥"):
            reply = await reply_to(api, CAROL, CAROL, text)
            assert reply.startswith("Not quite: "), reply
    assert not game.best and game.live


async def test_a_countdown_and_its_best_answers_survive_a_restart(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        game = the_game(application, GROUP)
        large = game.numbers[-1]
        await reply_to(api, CAROL, GROUP, f"/a {large}")
    async with running_bot(api, tmp_path) as application:
        restored = the_game(application, GROUP)
        jobs = [job.name for job in application.job_queue.jobs()]
        reply = plain_text(await reply_to(api, DAVE, GROUP, f"/a {large}"))
    assert restored.best[CAROL].value == large and restored.live
    assert f"countdown-up:{GROUP}" in jobs
    assert reply.endswith(f"Dave: {away(large, game.target)}")


async def test_the_countdowns_numbers_are_not_solved_for_its_players(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        game = the_game(application, GROUP)
        await reply_to(api, CAROL, GROUP, "/a 1+1")  # Carol is seen in the group
        numbers = " ".join(map(str, game.numbers))
        reply = await reply_to(api, CAROL, CAROL, f"/solve {numbers} = {game.target} countdown")
    assert reply.startswith("No spoilers: those numbers hold a hand you are playing right now.")


async def test_a_countdown_in_chinese(tmp_path: Path) -> None:
    api = players()
    bob = 502  # make_api's Chinese-speaking user
    async with running_bot(api, tmp_path) as application:
        deal = await start(api, bob, bob)
        game = the_game(application, bob)
        reply = plain_text(await reply_to(api, bob, bob, str(game.numbers[-1])))
    assert "倒计时" in plain_text(deal["caption"])
    assert reply.startswith(f"{game.numbers[-1]}，")
