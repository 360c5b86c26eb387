"""The ladder through the local Bot API: /train deals near the player's puzzle rating, a
solve shows the change, the pace floor, /skip and its button, /train stop, a restart keeping
every rating, the time-up, a refused save, other games refused meanwhile, and /train in a
group."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.ladder import play as ladder_play
from bot.local_api import plain_text
from bot.rules.hand_records import hand_key
from bot.rules.ladder.model import prior_of_level
from bot.rules.ladder.puzzle_rating import Attempt, Ladder, PuzzlePlayer
from bot.rules.ladder.training import level_of, pool, prior_of
from bot.rules.pace import floor_of
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    settled,
)
from tests.bot.ladder_play import DAY, NOON, answer, hand_on, next_picture, train, training

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("level", [1, 5])
async def test_train_deals_near_the_players_rating(tmp_path: Path, level: int) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        ladder = application.bot_data.global_data.ladder
        ladder.players[ANN] = ladder.player(ANN)
        ladder.players[ANN].mu = prior_of_level(level)
        await train(api)
        assert level_of(hand_on(application)) == level


async def test_the_first_hand_says_the_rating_and_how_to_play(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        picture = await train(api)
        cards = " ".join(map(str, sorted(hand_on(application))))
    caption = plain_text(picture["caption"])
    assert caption.startswith(
        f"🪜 Training · your puzzle rating: 1500\nMake 24 from {cards}\nThis hand is rated "
    )
    assert caption.endswith(
        "· 120 s.\nType your answer, like (8-2)*4.\n/skip counts as a miss; /train stop ends."
    )


async def test_a_solve_shows_the_change_of_rating_then_the_next_hand(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        hand = hand_on(application)
        clock.now += 14.2
        _, told = await next_picture(api, answer(hand))
        rating = application.bot_data.global_data.ladder.player(ANN)
    expected = Ladder().record(ANN, hand, 24, 14.2, day=DAY, prior=prior_of(hand), floor=1.5)
    assert plain_text(told[-1]["text"]) == f"✅ 14.2 s · +{expected.delta} → {expected.after}"
    assert rating.results == 1


async def test_a_solve_under_the_floor_scores_nothing_and_says_why(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        hand = hand_on(application)
        clock.now += 0.5
        said = plain_text(await reply_to(api, ANN, ANN, answer(hand)))
        counted = application.bot_data.global_data.ladder.player(ANN).results
        still_on = training(application).live
    floor = f"{floor_of(hand):g}"
    assert said.startswith(f"Too fast: an answer within {floor} s of the hand reaching you")
    assert "your rating does not change" in said
    assert counted == 0
    assert still_on


async def test_skip_counts_as_a_miss_and_shows_a_solution(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        hand = hand_on(application)
        clock.now += 20
        _, told = await next_picture(api, "/skip")
    expected = Ladder().record(ANN, hand, 24, None, day=DAY, prior=prior_of(hand), floor=1.5)
    lines = plain_text(told[-1]["text"]).split("\n")
    assert lines[0] == f"⏭ skipped · −{-expected.delta} → {expected.after}"
    assert lines[1].startswith("A solution: ")


async def test_the_skip_button_skips_its_own_hand_only(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        first = await train(api)
        clock.now += 5
        before = len(api.sent)
        api.press(ANN, first, first["reply_markup"]["inline_keyboard"][0][0]["callback_data"])
        await api.wait_for_sent(before + 2)
        await settled(api, application)
        number = training(application).number
        api.press(ANN, first, first["reply_markup"]["inline_keyboard"][0][0]["callback_data"])
        await settled(api, application)
        assert training(application).number == number == 2
    assert api.callback_answers[-1]["text"] == "That hand is over."


async def test_train_stop_ends_it_and_a_restart_keeps_every_rating(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        # Established: her results move the hands' ratings too.
        application.bot_data.global_data.ladder.players[ANN] = PuzzlePlayer(
            results=10, solve_days=3
        )
        await train(api)
        for _ in range(3):
            clock.now += 9
            await next_picture(api, answer(hand_on(application)))
        clock.now += 1
        end = plain_text(await reply_to(api, ANN, ANN, "/train stop"))
        await settled(api, application)
        ladder = application.bot_data.global_data.ladder
        player, hands = ladder.player(ANN), dict(ladder.hands)
        stopped = not training(application).live
    async with running_bot(api, tmp_path, clock=clock) as application:
        restarted = application.bot_data.global_data.ladder
        kept = restarted.player(ANN) == player and restarted.hands == hands
        caption = plain_text((await train(api))["caption"])
    assert end == (
        "🏁 Training over: 3 hands counted\n"
        f"Your puzzle rating: 1500 → {player.shown}. /train to go on.\n"
        "The hand you stopped as it came is kept: your next /train deals it again, its clock anew."
    )
    assert stopped
    assert kept
    assert len(hands) == 3
    assert caption.startswith(f"🪜 Training · your puzzle rating: {player.shown}\n")


async def test_a_stop_long_after_the_deal_counts_the_hand_as_a_miss(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        clock.now += 30
        api.send(ANN, ANN, "/stop")
        await settled(api, application)
        counted = application.bot_data.global_data.ladder.player(ANN).results
    texts = [plain_text(m.get("text", "")) for m in api.sent[-2:]]
    assert texts[0].startswith("🏁 stopped during the hand · −")
    assert counted == 1


async def test_a_hand_whose_time_runs_out_is_a_miss_and_pauses_training(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        game = training(application).hand
        assert game is not None
        clock.now += 121
        before = len(api.sent)
        application.job_queue.run_once(ladder_play.ladder_up, 0, chat_id=ANN, data=game.number)
        sent = await api.wait_for_sent(before + 2)
        await settled(api, application)
        live = training(application).live
    assert plain_text(sent[before]["text"]).startswith("⌛ time's up · −")
    assert plain_text(sent[before + 1]["text"]) == (
        "You did not answer in time: training paused. /train deals another hand."
    )
    assert not live


async def test_a_result_the_disk_refuses_is_told_once_saved(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        clock.now += 9
        refuse_writes(application)
        _, told = await next_picture(api, answer(hand_on(application)))
    assert plain_text(told[-1]["text"]).startswith("⏳ Right! But the bot cannot save scores")


async def test_another_game_waits_while_training(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await train(api)
        said = plain_text(await reply_to(api, ANN, ANN, "/play"))
        still = training(application).live
    assert said == "You are training: type your answer, /skip the hand (a miss) or /train stop."
    assert still


async def test_train_in_a_group_sends_the_player_to_private(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        before = len(api.sent)
        api.send(ANN, GROUP, "/train")
        reply = (await api.wait_for_sent(before + 1))[before]
    assert plain_text(reply["text"]) == (
        "Training deals you hands at your level one after another, in our private chat."
    )
    assert reply["reply_markup"]["inline_keyboard"][0][0]["url"].endswith("?start=train")


async def test_a_hand_on_at_a_restart_is_still_on_and_judged_after_it(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        hand = hand_on(application)
        await settled(api, application)
    async with running_bot(api, tmp_path, clock=clock) as application:
        alarms = [job.name for job in application.job_queue.jobs()]
        clock.now += 12
        _, told = await next_picture(api, answer(hand))
    assert f"ladder-up:{ANN}" in str(alarms)
    assert plain_text(told[-1]["text"]).startswith("✅ 12.0 s · +")


async def test_a_hand_the_bot_solved_for_someone_else_meanwhile_rates_nothing(
    tmp_path: Path,
) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        hand = hand_on(application)
        await reply_to(api, BOB, BOB, "/solve " + " ".join(map(str, hand)))
        clock.now += 9
        _, told = await next_picture(api, answer(hand))
        counted = application.bot_data.global_data.ladder.player(ANN).results
    assert plain_text(told[-1]["text"]) == (
        "✅ 9.0 s · I had given that hand's solutions (/solve or inline mode) while you played "
        "it: no rating change"
    )
    assert counted == 0


async def test_a_hand_missed_is_not_dealt_again_unasked(tmp_path: Path) -> None:
    api = make_api()
    # Left: level 1's hands, far from a new player's rating (level 3's prior).
    left = [hand for hand, _prior in pool() if level_of(hand) == 1]
    missed = [hand for hand, _prior in pool() if level_of(hand) != 1]
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        application.bot_data.global_data.ladder.players[ANN] = PuzzlePlayer(
            history=[Attempt(hand_key(hand, 24), DAY.isoformat(), None) for hand in missed]
        )
        await train(api)
        assert hand_on(application) in left


async def test_the_daily_puzzle_waits_while_training(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await train(api)
        said = plain_text(await reply_to(api, ANN, ANN, "/daily"))
        still = training(application).live
    assert said.startswith("You are training: /train stop first, then /daily")
    assert still


async def test_solve_keeps_the_hand_from_its_player(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await train(api)
        hand = " ".join(map(str, hand_on(application)))
        said = plain_text(await reply_to(api, ANN, ANN, f"/solve {hand}"))
    assert said == "No spoilers: that hand is being trained on now. Ask once it is over."


async def test_a_hand_whose_time_ran_out_while_down_is_closed_at_start(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await train(api)
        first = training(application).number
    clock.now += 240  # the bot was down past the hand's 120 s
    async with running_bot(api, tmp_path, clock=clock) as application:
        await settled(api, application)
        ladder = application.bot_data.global_data.ladder
        after_restart = training(application).live
        picture = await train(api)
        second = training(application).number
        attempts = ladder.player(ANN).results
    assert not after_restart
    assert picture["caption"].startswith("🪜 Training")
    assert second == first + 1
    assert attempts == 0  # closed void, not a miss: the bot was down, not the player
