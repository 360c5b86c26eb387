"""Rush as a Telegram game, through the running bot and real HTTP: /game and inline mode send
the game, Play answers with the page's address and a token for that player and message, and
the page's API (/app/api/rush/) deals, judges and keeps the clock, counts the run once and
sets the message's score."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.games.rush.page.runs import KEPT_AFTER_END
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.local_api import plain_text
from bot.play.miniapp import API_BURST
from bot.rules.rush.run import START_SECONDS
from bot.services.web import GameMessage, check_game_token, sign_game_token
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    game_jobs,
    make_api,
    reply_to,
    running_bot,
    until,
)
from tests.bot.miniapp_data import APP_ENV, TOKEN, URL
from tests.bot.rush_game_data import (
    GAME,
    GAME_ENV,
    game_api,
    play,
    play_inline,
    rush_call,
    sent_game,
    token_of,
)

pytestmark = pytest.mark.asyncio

NOON = 1_800_000_000.0


def solution(reply: dict[str, Any]) -> str:
    return solve(tuple(reply["hand"]))[0].text


async def solved(application: Any, token: str, reply: dict[str, Any]) -> dict[str, Any]:
    answer = {"hand": reply["number"], "expression": solution(reply)}
    response = await rush_call(application, "POST", "answer", token, answer)
    assert response.status_code == 200, response.text
    return response.json()


async def test_game_without_the_setting_says_how_to_switch_it_on(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=APP_ENV):
        said = plain_text(await reply_to(api, ANN, GROUP, "/game"))
    assert said == (
        "Rush as a Telegram game is not switched on for this bot yet. Its owner can create the "
        "game with @BotFather (/newgame) and set TWENTYFOUR_GAME_SHORT_NAME and "
        "TWENTYFOUR_WEBAPP_URL."
    )


async def test_game_in_a_group_is_sent_with_play_first_in_the_players_language(
    tmp_path: Path,
) -> None:
    api = game_api()
    async with running_bot(api, tmp_path, env=GAME_ENV):
        message = await sent_game(api, ANN, GROUP)
        chinese = await sent_game(api, BOB, BOB)
    assert message["game"]["title"] == "Rush"
    assert message["reply_markup"]["inline_keyboard"][0] == [
        {"text": "▶️ Play Rush", "callback_game": {}}
    ]
    assert chinese["reply_markup"]["inline_keyboard"][0][0]["text"] == "▶️ 开始极速挑战"


async def test_a_game_telegram_does_not_know_is_reported_as_what_it_is(tmp_path: Path) -> None:
    api = make_api()  # no game made with @BotFather
    async with running_bot(api, tmp_path, env=GAME_ENV):
        said = plain_text(await reply_to(api, ANN, GROUP, "/game"))
    assert said == (
        f"Telegram would not send the game “{GAME}”: Wrong game short name specified. Its "
        "owner should check the game's short name in @BotFather (/mygames)."
    )


async def test_play_opens_the_page_with_a_token_for_the_player_and_the_message(
    tmp_path: Path,
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV):
        message = await sent_game(api, ANN, GROUP)
        url = await play(api, BOB, message)
    token = check_game_token(token_of(url), TOKEN, NOON)
    assert url.startswith(f"{URL}?mode=rush&lang=zh#game=")  # Bob's language
    assert token is not None
    assert token.user_id == BOB
    assert token.message == GameMessage(GROUP, message["message_id"])


async def test_a_run_scores_what_the_server_judged_once_and_sets_the_messages_score(
    tmp_path: Path,
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        new = (await rush_call(application, "GET", "state", token)).json()
        first = (await rush_call(application, "POST", "start", token)).json()
        clock.now += 4
        second = await solved(application, token, first)
        # The same right answer again, for the hand already taken: no second point.
        again = await rush_call(
            application, "POST", "answer", token, {"hand": 1, "expression": solution(first)}
        )
        clock.now += 3
        third = await solved(application, token, second)
        clock.now += START_SECONDS + 60  # the clock runs out
        before = list(api.calls)
        over = (await rush_call(application, "GET", "state", token)).json()
        late = await rush_call(
            application, "POST", "answer", token, {"hand": 3, "expression": solution(third)}
        )
        records = RUSH_RECORDS.get(application.user_data[ANN])
        board = RUSH_BOARD.get(application.bot_data.global_data)
    assert new["state"] == "new"
    assert (first["state"], first["number"], first["remaining"]) == ("playing", 1, 120.0)
    assert (second["score"], second["seconds"], second["remaining"]) == (1, 4.0, 126.0)
    assert again.json()["refused"] == "stale"
    assert again.json()["score"] == 1
    assert third["score"] == 2
    assert over["state"] == "over"
    assert (over["hands"], over["best_time"], over["new_best"]) == (2, 3.0, True)
    assert over["table"] == [{"position": 1, "name": "Ann", "score": 2, "me": True}]
    assert [call for call in api.calls[len(before) :] if call == "setGameScore"] == ["setGameScore"]
    assert api.games.tables[("chat", GROUP, GAME)].scores[ANN][0] == 2
    assert late.json()["refused"] == "over"
    assert late.json()["score"] == 2
    assert (records.runs, records.best.score if records.best else None) == (1, 2)
    assert [entry.user_id for entry in board.all_time] == [ANN]


async def test_a_lower_score_than_the_players_on_the_message_is_not_set(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        status, _ = await api.call(
            "setGameScore",
            {"user_id": ANN, "score": 9, "chat_id": GROUP, "message_id": message["message_id"]},
        )
        token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", token)).json()
        clock.now += 2
        await solved(application, token, first)
        clock.now += START_SECONDS + 60
        calls = len(api.calls)
        over = (await rush_call(application, "GET", "state", token)).json()
    assert status == 200
    assert over["score"] == 1
    assert over["table"] == [{"position": 1, "name": "Ann", "score": 9, "me": True}]
    assert "setGameScore" not in api.calls[calls:]


async def test_a_token_starts_one_run_and_is_refused_once_its_run_is_gone(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", token)).json()
        again = (await rush_call(application, "POST", "start", token)).json()
        clock.now += START_SECONDS + 1
        ended = (await rush_call(application, "POST", "start", token)).json()
        clock.now += KEPT_AFTER_END + 1
        gone = await rush_call(application, "POST", "start", token)
        state = await rush_call(application, "GET", "state", token)
    assert (again["refused"], again["number"], again["hand"]) == (
        "started",
        1,
        first["hand"],
    )
    assert (ended["refused"], ended["state"]) == ("started", "over")
    assert RUSH_RECORDS.get(application.user_data[ANN]).runs == 1
    assert gone.status_code == 401
    assert state.status_code == 401


async def test_forged_expired_or_missing_tokens_get_401_and_touch_nothing(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        as_bob = str(httpx.QueryParams(token).set("u", str(BOB)))
        other_bot = sign_game_token("1:OTHER", ANN, GameMessage(GROUP, 1), NOON)
        clock.now += 601
        expired = await rush_call(application, "POST", "start", token)
        refused = [
            await rush_call(application, "POST", "start", bad)
            for bad in (as_bob, other_bot, "", "u=1")
        ]
    assert expired.status_code == 401
    assert [r.status_code for r in refused] == [401, 401, 401, 401]
    assert [r.content for r in refused] == [b"", b"", b"", b""]
    assert BOB not in application.user_data


async def test_a_token_for_another_pages_mode_gets_401(tmp_path: Path) -> None:
    """Each game's page takes its own tokens only: one the bot signed for another page's
    mode, or for none, opens none of Rush's calls; Play's is for Rush's."""
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        played = token_of(await play(api, ANN, message))
        where = GameMessage(GROUP, message["message_id"])
        others = (
            sign_game_token(TOKEN, ANN, where, NOON, mode="arena"),
            sign_game_token(TOKEN, ANN, where, NOON),
        )
        refused = [await rush_call(application, "GET", "state", other) for other in others]
        taken = await rush_call(application, "GET", "state", played)
    assert [r.status_code for r in refused] == [401, 401]
    assert taken.status_code == 200
    assert check_game_token(played, TOKEN, NOON, mode="rush") is not None


async def test_a_flood_of_calls_gets_429_before_any_work(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        # At once, as a flood comes: the bucket refills by two a second meanwhile.
        replies = await asyncio.gather(
            *(rush_call(application, "GET", "state", token) for _ in range(2 * API_BURST))
        )
        other = token_of(await play(api, BOB, message))
        bobs = await rush_call(application, "GET", "state", other)
    statuses = [reply.status_code for reply in replies]
    assert statuses[0] == 200
    assert 429 in statuses
    assert int(replies[statuses.index(429)].headers["Retry-After"]) >= 1
    assert bobs.status_code == 200  # the limit is each player's


async def test_the_page_runs_hand_is_kept_from_its_players_solve(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", token)).json()
        hand = " ".join(map(str, first["hand"]))
        said = plain_text(await reply_to(api, ANN, ANN, f"/solve {hand}"))
    assert said == (
        "No spoilers: those numbers hold a hand you are playing right now. "
        "Ask again once you are done with it."
    )


async def test_the_game_shared_through_inline_mode_is_scored_on_its_inline_message(
    tmp_path: Path,
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        query_id = api.inline_query(ANN, "rush", chat_type="supergroup")
        offered = await api.wait_for_inline_answer(query_id)
        result = offered["results"][0]
        message = api.choose_inline_result(ANN, query_id, str(result["id"]))
        token = token_of(await play_inline(api, BOB, message["inline_message_id"]))
        first = (await rush_call(application, "POST", "start", token)).json()
        clock.now += 2
        await solved(application, token, first)
        clock.now += START_SECONDS + 60
        over = (await rush_call(application, "GET", "state", token)).json()
        await until(lambda: "setGameScore" in api.calls)
    assert (result["type"], result["game_short_name"]) == ("game", GAME)
    assert over["table"] == [{"position": 1, "name": "Bob", "score": 1, "me": True}]
    assert api.games.tables[("inline", message["inline_message_id"])].scores[BOB][0] == 1


async def test_the_empty_inline_query_offers_the_game_after_the_daily(tmp_path: Path) -> None:
    api = game_api()
    async with running_bot(api, tmp_path, env=GAME_ENV):
        with_game = await api.wait_for_inline_answer(api.inline_query(ANN, ""))
    api = make_api()
    async with running_bot(api, tmp_path / "off", env=APP_ENV):
        without = await api.wait_for_inline_answer(api.inline_query(ANN, ""))
    assert [r["type"] for r in with_game["results"]] == ["article", "game"]
    assert with_game["results"][1]["game_short_name"] == GAME
    assert [r["type"] for r in without["results"]] == ["article"]


async def test_rush_by_its_chinese_name_in_inline_mode_offers_the_game(tmp_path: Path) -> None:
    """极速挑战 is what the chat calls Rush in Chinese: typing it offers the game."""
    api = game_api()
    async with running_bot(api, tmp_path, env=GAME_ENV):
        offered = await api.wait_for_inline_answer(api.inline_query(ANN, "极速挑战"))
    assert [r["type"] for r in offered["results"]] == ["game"]


async def test_a_token_from_before_a_restart_starts_nothing(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        started = await rush_call(application, "POST", "start", token)
    clock.now += 30  # restarted within the token's ten minutes
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        again = await rush_call(application, "POST", "start", token)
        fresh = token_of(await play(api, ANN, message))
        new = await rush_call(application, "POST", "start", fresh)
    assert started.status_code == 200
    assert again.status_code == 401
    assert new.status_code == 200


async def test_a_run_left_alone_is_counted_at_its_deadline(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", token)).json()
        clock.now += 2
        await solved(application, token, first)  # the page is closed after one hand
        (timer,) = game_jobs(application)  # the run's end, on the server
        early = timer.next_t
        clock.now += START_SECONDS + 10
        await timer.run(application)  # as the scheduler runs it when it is due
        await until(lambda: "setGameScore" in api.calls)
    assert early is not None
    assert RUSH_RECORDS.get(application.user_data[ANN]).runs == 1
    assert api.games.tables[("chat", GROUP, GAME)].scores[ANN][0] == 1


async def test_help_names_the_game_when_it_is_set_up(tmp_path: Path) -> None:
    api = game_api()
    async with running_bot(api, tmp_path, env=GAME_ENV):
        english = plain_text(await reply_to(api, ANN, GROUP, "/help"))
        chinese = plain_text(await reply_to(api, BOB, BOB, "/help"))
    bot = api.username
    assert (
        "🎮 /game: Rush as a Telegram game, in any chat: tap Play, beat the clock, and your "
        f"score goes on the message's high-score table (or share it: @{bot} rush)."
    ) in english
    assert "🎮 /game：极速挑战（Telegram 游戏），在任何聊天里都能玩" in chinese


async def test_a_score_telegram_refuses_never_loses_the_run(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", token)).json()
        clock.now += 2
        await solved(application, token, first)
        api.fail_next("setGameScore", 400, "Bad Request: MESSAGE_ID_INVALID")
        clock.now += START_SECONDS + 60
        over = (await rush_call(application, "GET", "state", token)).json()
    assert (over["state"], over["score"], over["table"]) == ("over", 1, [])
    best = RUSH_RECORDS.get(application.user_data[ANN]).best
    assert best is not None
    assert best.score == 1
    assert ("chat", GROUP, GAME) not in api.games.tables


async def test_rush_in_inline_mode_without_the_game_says_how_to_switch_it_on(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=APP_ENV):
        offered = await api.wait_for_inline_answer(api.inline_query(ANN, "rush"))
    (result,) = offered["results"]
    assert result["title"].startswith("Rush as a Telegram game is not switched on for this bot")


async def test_play_on_a_game_no_longer_served_is_told_so(tmp_path: Path) -> None:
    api = game_api()
    api.games.register("oldgame", "Old")
    async with running_bot(api, tmp_path, env=GAME_ENV):
        status, body = await api.call("sendGame", {"chat_id": GROUP, "game_short_name": "oldgame"})
        query_id = api.games.press_play(ANN, body["result"])
        await until(lambda: any(a["callback_query_id"] == query_id for a in api.callback_answers))
    (answer,) = [a for a in api.callback_answers if a["callback_query_id"] == query_id]
    assert status == 200
    assert (answer.get("text"), answer.get("url")) == (
        "This game is not played here any more.",
        None,
    )


async def test_a_players_new_run_ends_the_one_before_where_it_stands(tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        first_token = token_of(await play(api, ANN, message))
        first = (await rush_call(application, "POST", "start", first_token)).json()
        clock.now += 2
        await solved(application, first_token, first)
        second_token = token_of(await play(api, ANN, message))
        second = (await rush_call(application, "POST", "start", second_token)).json()
        ended = (await rush_call(application, "GET", "state", first_token)).json()
        bad = [
            await rush_call(application, "POST", "answer", second_token, body)
            for body in ({"hand": True, "expression": "1"}, {"hand": 1, "expression": "1" * 201})
        ]
    assert (ended["state"], ended["score"]) == ("over", 1)
    assert (second["state"], second["score"]) == ("playing", 0)
    assert RUSH_RECORDS.get(application.user_data[ANN]).runs == 1
    assert [response.status_code for response in bad] == [400, 400]
