"""A person's pace through the running bot and the local Bot API: a right answer that comes
sooner after its hand was delivered than a person can read four cards and answer counts for
nothing, in Rush in the chat (private and a group with privacy mode on), a duel, a friend's
challenge (and the solve it is set from); a run with one stays off every board (the page's
script: ``test_pace_page_e2e.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import RATINGS
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.local_api import plain_text
from bot.rules.pace import PLAUSIBLE_HANDS, floor_of
from solver import solve
from tests.bot.challenge_links import link_of, offer_of, said, share
from tests.bot.duels import accept, invite, the_duel, win_hand
from tests.bot.duels import players as duel_players
from tests.bot.games import start
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)
from tests.bot.rush_play import (
    CAROL,
    DAVE,
    NOON,
    after_last_hand,
    answer,
    next_picture,
    players,
    the_run,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

RUSH_TOO_FAST = (
    "Too fast: that answer came within 1.5 s of the hand reaching you, quicker than anyone "
    "reads four cards and types, so it counts for nothing, and this run now stays off the "
    "boards (it still counts among your runs). The hand is still on: answer it again."
)
OFF_THE_BOARDS = (
    "⚠️ An answer came within 1.5 s of its hand, faster than a person reads four cards and "
    "types, so this run counts among your runs, but on no board and as no personal best. A "
    "run with no answer that fast goes on the boards as usual."
)

SCRIPT_PACE = (
    "⚠️ Half your answers or more came within 3 s of their hand, a script's steady pace, so "
    "this run counts among your runs, but on no board and as no personal best. A run in which "
    "at least half the answers take 3 s or more goes on the boards as usual."
)


async def test_chat_rush_answered_at_once_after_each_picture_scores_nothing(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        refused = await reply_to(api, ANN, ANN, answer(game))
        score = game.run.score
        clock.now += 2  # at a person's pace, the same hand is taken
        await next_picture(api, ANN, ANN, answer(game))
        refused_again = await reply_to(api, ANN, ANN, answer(game))  # the next, at once
        end = plain_text(await reply_to(api, ANN, ANN, "/stop"))
        await settled(api, application)
        top = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
        records = RUSH_RECORDS.get(application.user_data[ANN])
    assert refused == RUSH_TOO_FAST
    assert score == 0
    assert refused_again == RUSH_TOO_FAST
    assert after_last_hand(end).startswith("🏁 Rush over! Score: 1\n")
    assert OFF_THE_BOARDS in end
    assert "🏆" not in end
    assert (records.runs, records.best) == (1, None)
    assert top == "Rush: the best runs\nNo runs yet: /rush starts one."


async def test_chat_rush_answered_just_above_each_floor_stays_off_the_boards(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, ANN, "/rush")
        game = the_run(application, ANN)
        for _ in range(PLAUSIBLE_HANDS):  # a user-account client reading each caption
            clock.now += floor_of(game.hand) + 0.1
            await next_picture(api, ANN, ANN, answer(game))
        score = game.run.score
        end = plain_text(await reply_to(api, ANN, ANN, "/stop"))
        await settled(api, application)
        top = plain_text(await reply_to(api, ANN, ANN, "/rush top"))
        records = RUSH_RECORDS.get(application.user_data[ANN])
    assert score == PLAUSIBLE_HANDS
    assert SCRIPT_PACE in end
    assert (records.runs, records.best) == (1, None)
    assert top == "Rush: the best runs\nNo runs yet: /rush starts one."


async def test_the_pace_is_timed_from_the_pictures_delivery_not_the_deal(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(NOON)
    api.fail_next("sendPhoto", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with running_bot(api, tmp_path, clock=clock) as application:
        api.send(ANN, ANN, "/rush")
        await until(lambda: "sendPhoto" in api.calls)  # refused once: it waits a second
        clock.now += 5  # the picture reaches Ann five seconds after the hand was dealt
        await until(lambda: any("photo" in m for m in api.sent))
        await settled(api, application)
        clock.now += 1
        refused = await reply_to(api, ANN, ANN, answer(the_run(application, ANN)))
    assert refused == RUSH_TOO_FAST


async def test_in_a_group_only_the_player_who_answered_too_fast_is_off_the_boards(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await start(api, ANN, GROUP, "/rush")
        game = the_run(application, GROUP)
        status = await reply_to(api, CAROL, GROUP, f"/a {answer(game)}")
        clock.now += 3
        await next_picture(api, DAVE, GROUP, f"/a {answer(game)}")
        clock.now += 3
        await next_picture(api, CAROL, GROUP, f"/a {answer(game)}")
        end = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
        board = [
            entry.user_id for entry in RUSH_BOARD.get(application.bot_data.global_data).all_time
        ]
    assert status == f"Not yet:\nCarol: {RUSH_TOO_FAST}"
    assert "Carol: 1 · best hand 3.0 s · off the boards (an answer too fast)" in end
    assert "Dave: 1 · best hand 3.0 s · 🏆 new personal best" in end
    assert board == [DAVE]


async def test_a_duel_hand_answered_faster_than_a_person_is_not_won_and_sets_no_record(
    tmp_path: Path,
) -> None:
    api = duel_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        hand = duel.hand.hand
        refused = await reply_to(api, ANN, GROUP, f"/a {solve(list(hand), 24)[0].text}")
        live = duel.live
        record = application.bot_data.global_data.hand_records.get(hand, 24)
        won = await win_hand(api, application, clock, CAROL)
    assert refused == (
        f"Too fast: that answer came within {floor_of(hand):g} s of the hand reaching you, "
        "quicker than anyone reads four cards and types, so it wins nothing. The hand is still "
        "on: answer it again. Because of that answer, this duel is not rated if you win or draw "
        "it (a loss still counts)."
    )
    assert live
    assert record.seen == 0
    assert won[0].startswith("✅ Carol wins hand 1 in 5.0 s: ")


async def test_a_duel_won_after_an_answer_too_fast_is_not_rated(tmp_path: Path) -> None:
    api = duel_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        await reply_to(api, ANN, GROUP, f"/a {solve(list(duel.hand.hand), 24)[0].text}")
        for _ in range(2):
            await win_hand(api, application, clock, ANN)
        end = (await win_hand(api, application, clock, ANN))[-1]
        ratings = RATINGS.get(application.bot_data.global_data).players
    assert end == (
        "🏆 Ann wins the duel: Ann 3 – 0 Carol\n"
        "Not rated: Ann answered a hand faster than a person can (that answer won nothing), "
        "and a duel never counts in favour of such an answer, so no rating changes, for either "
        "player. A duel with every answer at a person's pace counts as usual."
    )
    assert (ANN in ratings, CAROL in ratings) == (False, False)


async def test_a_duel_won_at_a_scripts_steady_pace_is_not_rated(tmp_path: Path) -> None:
    api = duel_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        for _ in range(2):
            await win_hand(api, application, clock, ANN, seconds=2.0)
        end = (await win_hand(api, application, clock, ANN, seconds=2.0))[-1]
        ratings = RATINGS.get(application.bot_data.global_data).players
    assert end == (
        "🏆 Ann wins the duel: Ann 3 – 0 Carol\n"
        "Not rated: Ann won every hand within 3 s of it reaching them, a script's steady "
        "pace, so this duel changes no rating, for either player. A duel with any hand won in "
        "3 s or more counts as usual (a person that fast on every hand is rare)."
    )
    assert (ANN in ratings, CAROL in ratings) == (False, False)


async def test_a_duel_stopped_after_two_hands_won_at_a_scripts_pace_is_not_rated(
    tmp_path: Path,
) -> None:
    api = duel_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        for _ in range(2):
            await win_hand(api, application, clock, ANN, seconds=2.0)
        end = plain_text(await reply_to(api, CAROL, GROUP, "/duel stop"))
        ratings = RATINGS.get(application.bot_data.global_data).players
    assert "Not rated: Ann won every hand within 3 s of it reaching them" in end
    assert (ANN in ratings, CAROL in ratings) == (False, False)


async def test_a_duel_with_one_hand_won_at_a_persons_pace_is_rated(tmp_path: Path) -> None:
    api = duel_players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        await win_hand(api, application, clock, ANN, seconds=2.0)
        await win_hand(api, application, clock, ANN, seconds=3.0)
        end = (await win_hand(api, application, clock, ANN, seconds=2.0))[-1]
    assert end.splitlines()[1] == "Rating:"


async def test_a_challenge_answered_faster_than_a_person_counts_for_nothing(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        deal = await said(api, BOB, "/play")
        clock.now += 5
        solved = await said(api, BOB, solve(dealt(deal))[0].text)
        shared = await share(api, BOB, offer_of(solved), "group")
        await said(api, CAROL, link_of(shared))
        await settled(api, application)
        refused = await reply_to(api, CAROL, CAROL, solve(dealt(deal))[0].text)
        clock.now += 4
        done = plain_text(await reply_to(api, CAROL, CAROL, solve(dealt(deal))[0].text))
    assert refused == (
        f"Too fast: that answer came within {floor_of(dealt(deal)):g} s of the hand reaching "
        "you, quicker than anyone reads four cards and types, so it counts for nothing. Your "
        "clock is still running: answer it again."
    )
    assert done.startswith("✅ Solved in 4.0 s: you beat Bob (5.0 s)!")


async def test_a_round_won_faster_than_a_person_offers_no_challenge(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        deal = await said(api, ANN, "/play")
        won = await said(api, ANN, solve(dealt(deal))[0].text)
    assert plain_text(won["text"]).startswith("🎉 Ann wins in 0.0 s")
    assert "reply_markup" not in won
