"""Games through inline mode on the local Bot API: an ``InlineQueryResultGame`` must name one
of the bot's games (its keyboard, if any, starting with Play), and choosing it sends the game
message with an inline message id that Play and ``setGameScore`` name."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.harness import ANN, BOB, FaultyBotApi, make_api

pytestmark = pytest.mark.asyncio


def games_api() -> FaultyBotApi:
    api = make_api()
    api.games.register("rush", "Rush", "Make 24, fast")
    return api


async def answered(api: FaultyBotApi, *results: dict[str, Any]) -> tuple[str, int, dict]:
    query_id = api.inline_query(ANN, "rush", chat_type="supergroup")
    status, body = await api.call(
        "answerInlineQuery", {"inline_query_id": query_id, "results": list(results)}
    )
    return query_id, status, body


async def test_a_game_result_must_be_one_of_the_bots_games() -> None:
    api = games_api()
    _, status, body = await answered(api, {"type": "game", "id": "g", "game_short_name": "chess"})
    assert (status, body["description"]) == (400, "Bad Request: wrong game short name specified")


async def test_a_game_results_keyboard_must_start_with_play() -> None:
    api = games_api()
    markup = {"inline_keyboard": [[{"text": "Share", "switch_inline_query": "rush"}]]}
    _, status, body = await answered(
        api, {"type": "game", "id": "g", "game_short_name": "rush", "reply_markup": markup}
    )
    assert (status, body["description"]) == (400, "Bad Request: REPLY_MARKUP_GAME_EMPTY")


async def test_a_chosen_game_is_a_game_message_that_play_and_scores_name() -> None:
    api = games_api()
    query_id, status, _ = await answered(
        api, {"type": "game", "id": "g", "game_short_name": "rush"}
    )
    message = api.choose_inline_result(ANN, query_id, "g")
    inline_id = message["inline_message_id"]
    play = api.games.press_play_inline(BOB, inline_id)
    _, updates = await api.call("getUpdates", {"timeout": 0})
    pushed = [u["callback_query"] for u in updates["result"] if "callback_query" in u]
    status_set, body = await api.call(
        "setGameScore", {"user_id": BOB, "score": 5, "inline_message_id": inline_id}
    )
    assert status == 200
    assert message["game"]["title"] == "Rush"
    assert message["reply_markup"]["inline_keyboard"][0][0]["callback_game"] == {}
    assert [(q["id"], q["inline_message_id"], q["game_short_name"]) for q in pushed] == [
        (play, inline_id, "rush")
    ]
    assert (status_set, body["result"]) == (200, True)
