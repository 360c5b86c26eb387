"""Hostile players and challenges, through the local Bot API: a challenge's cards are known
before its player's clock starts (to its setter, and to every friend who played it), so a
second account pasting the setter's answer sets no record for the hand; a player the bot
gave the solutions of a challenge's cards (a second account opened it to learn them) plays
it off the shared card; and a Rush run on the game's page beside a challenge's play does
not free the challenge's hand to /solve."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.challenge_links import said
from tests.bot.harness import (
    ANN,
    BOB,
    NOON,
    BotApplication,
    FakeClock,
    dealt,
    make_api,
    running_bot,
    settled,
)
from tests.bot.rush_game_data import GAME_ENV, game_api, play, rush_call, sent_game, token_of

pytestmark = pytest.mark.asyncio

CAT = 503


async def shared_challenge(
    api: LocalBotApi, application: BotApplication, win: dict[str, Any]
) -> dict[str, Any]:
    """Bob shares the challenge his solve ``win`` offers: the message as sent."""
    button = win["reply_markup"]["inline_keyboard"][-1][0]
    query_id = api.inline_query(BOB, button["switch_inline_query_chosen_chat"]["query"], "private")
    (result,) = (await api.wait_for_inline_answer(query_id))["results"]
    shared = api.choose_inline_result(BOB, query_id, result["id"])
    await settled(api, application)
    return shared


async def test_a_second_account_sets_no_record_on_its_own_challenge(tmp_path: Path) -> None:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")  # Bob's second account
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, BOB, "/play"))
        clock.now += 20
        win = await said(api, BOB, solve(hand)[0].text)
        button = win["reply_markup"]["inline_keyboard"][-1][0]
        query_id = api.inline_query(
            BOB, button["switch_inline_query_chosen_chat"]["query"], "private"
        )
        (result,) = (await api.wait_for_inline_answer(query_id))["results"]
        shared = api.choose_inline_result(BOB, query_id, result["id"])
        await settled(api, application)
        url = shared["reply_markup"]["inline_keyboard"][0][0]["url"]
        await said(api, CAT, "/start " + url.split("?start=")[1])
        clock.now += 2.2  # the answer known beforehand, pasted (past any hand's floor)
        done = plain_text((await said(api, CAT, solve(hand)[0].text))["text"])
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert done.startswith("✅ Solved in 2.2 s: you beat Bob (20.0 s)!")
    assert "New record" not in done
    assert (record.best, record.holder) == (20.0, BOB)  # Bob's own solve, in his round


async def test_a_challenge_played_with_the_bots_answer_stays_off_the_shared_card(
    tmp_path: Path,
) -> None:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")  # Ann's second account
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, BOB, "/play"))
        clock.now += 20
        shared = await shared_challenge(api, application, await said(api, BOB, solve(hand)[0].text))
        link = (
            "/start " + shared["reply_markup"]["inline_keyboard"][0][0]["url"].split("?start=")[1]
        )
        await said(api, CAT, link)  # Cat opens it: the cards are out
        cards = " ".join(map(str, hand))
        given = plain_text((await said(api, ANN, f"/solve {cards}"))["text"])
        before = len(api.sent)
        api.send(ANN, ANN, link)  # Ann, who has not opened it, opens it now
        await api.wait_for_sent(before + 2)
        opened = plain_text(api.sent[before]["text"])
        clock.now += 2.5  # at a person's pace (past any hand's floor): faster counts for nothing
        done = plain_text((await said(api, ANN, solve(hand)[0].text))["text"])
        await settled(api, application)
        card = plain_text(api.inline_messages[shared["inline_message_id"]]["text"])
    assert "→ 24" in given  # Ann plays nothing yet: she is answered
    assert opened == (
        "You asked me for solutions of these cards (/solve or inline mode) after Bob's "
        "challenge was opened, so your time could be my answer's: you may still play it, but "
        "your time will not go on its shared card."
    )
    assert done.startswith("✅ Solved in 2.5 s: you beat Bob (20.0 s)!\nYour time is not on")
    assert "Ann" not in card


async def test_a_challenge_solved_for_someone_while_a_play_is_open_stays_off_the_card(
    tmp_path: Path,
) -> None:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")  # Ann's second account, which never opens it
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = dealt(await said(api, BOB, "/play"))
        clock.now += 20
        shared = await shared_challenge(api, application, await said(api, BOB, solve(hand)[0].text))
        link = (
            "/start " + shared["reply_markup"]["inline_keyboard"][0][0]["url"].split("?start=")[1]
        )
        before = len(api.sent)
        api.send(ANN, ANN, link)  # Ann opens it: her clock runs
        await api.wait_for_sent(before + 1)
        await settled(api, application)
        cards = " ".join(map(str, hand))
        given = plain_text((await said(api, CAT, f"/solve {cards}"))["text"])
        clock.now += 5
        done = plain_text((await said(api, ANN, solve(hand)[0].text))["text"])
        await settled(api, application)
        card = plain_text(api.inline_messages[shared["inline_message_id"]]["text"])
    assert "→ 24" in given  # nothing tells a second account from a stranger
    assert done.startswith(
        "✅ Solved in 5.0 s: you beat Bob (20.0 s)!\nYour time is not on the shared card: I "
        "gave solutions of these cards to someone (/solve or inline mode) while you were "
        "playing it, so your time could be my answer's. Your other challenges count as usual."
    )
    assert "Ann" not in card


async def test_a_rush_game_run_does_not_free_a_challenges_hand_to_solve(tmp_path: Path) -> None:
    api = game_api()
    api.add_user(CAT, "Cat", language_code="en")
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        hand = dealt(await said(api, BOB, "/play"))
        clock.now += 20
        shared = await shared_challenge(api, application, await said(api, BOB, solve(hand)[0].text))
        url = shared["reply_markup"]["inline_keyboard"][0][0]["url"]
        await said(api, CAT, "/start " + url.split("?start=")[1])  # Cat's clock runs
        # Cat starts a Rush run on the game's page beside it...
        token = token_of(await play(api, CAT, await sent_game(api, CAT, CAT)))
        assert (await rush_call(application, "POST", "start", token)).status_code == 200
        # ...then asks for the challenge's solutions.
        cards = " ".join(map(str, hand))
        answer = plain_text((await said(api, CAT, f"/solve {cards}"))["text"])
    assert answer.startswith("No spoilers: those numbers hold a hand you are playing right now.")
