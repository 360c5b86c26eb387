"""The local Bot API's Games API behaves like Telegram's: sendGame, Play, setGameScore and
getGameHighScores, with their rules and errors."""

from __future__ import annotations

from typing import Any

import pytest

from bot.local_api import Chat
from tests.bot.harness import ANN, BOB, GROUP, FaultyBotApi, make_api

CAT, DAN, EVE, FAY, GUS = 3, 4, 5, 6, 7
CHANNEL = -1001234


def games_api() -> FaultyBotApi:
    """Ann, Bob and a group, and the bot's game ``rush``."""
    api = make_api()
    api.games.register("rush", "Rush", "Make 24, fast")
    return api


async def sent_game(api: FaultyBotApi, chat: int = GROUP, **extra: Any) -> dict[str, Any]:
    status, body = await api.call("sendGame", {"chat_id": chat, "game_short_name": "rush", **extra})
    assert status == 200, body
    return body["result"]


async def set_score(
    api: FaultyBotApi, message: dict[str, Any], user: int, score: int, **extra: Any
) -> tuple[int, dict[str, Any]]:
    params = {"user_id": user, "score": score, "chat_id": message["chat"]["id"]}
    return await api.call("setGameScore", dict(params, message_id=message["message_id"], **extra))


# --- sendGame ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_game_message_has_the_game_and_a_play_button_first() -> None:
    api = games_api()
    message = await sent_game(api)
    assert message["game"]["title"] == "Rush"
    assert message["reply_markup"]["inline_keyboard"][0][0] == {
        "text": "Play Rush",
        "callback_game": {},
    }


@pytest.mark.asyncio
async def test_an_unknown_game_is_refused_with_telegrams_words() -> None:
    api = games_api()
    status, body = await api.call("sendGame", {"chat_id": GROUP, "game_short_name": "chess"})
    assert status == 400
    assert body["description"] == "Bad Request: wrong game short name specified"


@pytest.mark.asyncio
async def test_a_short_name_that_cannot_be_one_is_invalid() -> None:
    api = games_api()
    status, body = await api.call("sendGame", {"chat_id": GROUP, "game_short_name": "my game"})
    assert (status, body["description"]) == (400, "Bad Request: GAME_SHORTNAME_INVALID")


@pytest.mark.asyncio
async def test_games_are_not_sent_to_channels() -> None:
    api = games_api()
    api.chats[CHANNEL] = Chat(CHANNEL, "channel", "News")
    status, body = await api.call("sendGame", {"chat_id": CHANNEL, "game_short_name": "rush"})
    assert (status, body["description"]) == (400, "Bad Request: BOT_GAMES_DISABLED")


@pytest.mark.asyncio
async def test_a_keyboard_must_start_with_the_play_button() -> None:
    api = games_api()
    markup = {
        "inline_keyboard": [
            [{"text": "Help", "callback_data": "h"}, {"text": "Go", "callback_game": {}}]
        ]
    }
    status, body = await api.call(
        "sendGame", {"chat_id": GROUP, "game_short_name": "rush", "reply_markup": markup}
    )
    assert (status, body["description"]) == (400, "Bad Request: BUTTON_POS_INVALID")


@pytest.mark.asyncio
async def test_a_keyboard_without_a_play_button_is_refused() -> None:
    api = games_api()
    markup = {"inline_keyboard": [[{"text": "Help", "callback_data": "h"}]]}
    status, body = await api.call(
        "sendGame", {"chat_id": GROUP, "game_short_name": "rush", "reply_markup": markup}
    )
    assert (status, body["description"]) == (400, "Bad Request: REPLY_MARKUP_GAME_EMPTY")


@pytest.mark.asyncio
async def test_a_keyboard_starting_with_the_play_button_is_kept() -> None:
    api = games_api()
    markup = {
        "inline_keyboard": [
            [{"text": "Go!", "callback_game": {}}],
            [{"text": "?", "callback_data": "h"}],
        ]
    }
    message = await sent_game(api, reply_markup=markup)
    assert message["reply_markup"] == markup


# --- Play and answerCallbackQuery -------------------------------------------------------------


@pytest.mark.asyncio
async def test_pressing_play_sends_a_callback_query_with_the_game_short_name() -> None:
    api = games_api()
    message = await sent_game(api)
    api.games.press_play(BOB, message)
    _, body = await api.call("getUpdates", {"timeout": 0})
    query = body["result"][-1]["callback_query"]
    assert query["game_short_name"] == "rush"
    assert "data" not in query


@pytest.mark.asyncio
async def test_a_play_query_may_be_answered_with_the_games_url() -> None:
    api = games_api()
    query = api.games.press_play(BOB, await sent_game(api))
    status, _ = await api.call(
        "answerCallbackQuery", {"callback_query_id": query, "url": "https://example.org/app/rush"}
    )
    assert status == 200


@pytest.mark.asyncio
async def test_another_query_may_not_open_a_url() -> None:
    api = games_api()
    message = await sent_game(api)
    api.press(BOB, message, "x")
    _, body = await api.call("getUpdates", {"timeout": 0})
    query = body["result"][-1]["callback_query"]["id"]
    status, body = await api.call(
        "answerCallbackQuery", {"callback_query_id": query, "url": "https://example.org/app/rush"}
    )
    assert (status, body["description"]) == (400, "Bad Request: URL_INVALID")


@pytest.mark.asyncio
async def test_another_query_may_open_a_link_that_starts_the_bot() -> None:
    api = games_api()
    status, _ = await api.call(
        "answerCallbackQuery",
        {"callback_query_id": "1", "url": "https://t.me/TwentyFourBot?start=x"},
    )
    assert status == 200


# --- setGameScore -----------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_score_is_set_and_the_message_shows_the_table() -> None:
    api = games_api()
    message = await sent_game(api)
    status, body = await set_score(api, message, BOB, 12)
    assert status == 200
    assert body["result"]["game"]["text"] == "1. Bob: 12"


@pytest.mark.asyncio
async def test_a_lower_score_is_not_modified() -> None:
    api = games_api()
    message = await sent_game(api)
    await set_score(api, message, BOB, 12)
    status, body = await set_score(api, message, BOB, 9)
    assert (status, body["description"]) == (400, "Bad Request: BOT_SCORE_NOT_MODIFIED")


@pytest.mark.asyncio
async def test_an_equal_score_is_not_modified() -> None:
    api = games_api()
    message = await sent_game(api)
    await set_score(api, message, BOB, 12)
    status, body = await set_score(api, message, BOB, 12)
    assert (status, body["description"]) == (400, "Bad Request: BOT_SCORE_NOT_MODIFIED")


@pytest.mark.asyncio
async def test_a_forced_score_may_go_down() -> None:
    api = games_api()
    message = await sent_game(api)
    await set_score(api, message, BOB, 12)
    status, body = await set_score(api, message, BOB, 9, force=True)
    assert status == 200
    assert body["result"]["game"]["text"] == "1. Bob: 9"


@pytest.mark.asyncio
async def test_a_higher_score_replaces_the_old_one() -> None:
    api = games_api()
    message = await sent_game(api)
    await set_score(api, message, BOB, 12)
    _, body = await set_score(api, message, BOB, 15)
    assert body["result"]["game"]["text"] == "1. Bob: 15"


@pytest.mark.asyncio
async def test_disable_edit_message_leaves_the_message_alone() -> None:
    api = games_api()
    message = await sent_game(api)
    count = len(api.sent)
    status, body = await set_score(api, message, BOB, 12, disable_edit_message=True)
    assert status == 200
    assert len(api.sent) == count
    assert "text" not in body["result"]["game"]


@pytest.mark.asyncio
async def test_a_score_whose_edit_breaks_the_flood_limit_is_not_set() -> None:
    api = games_api()
    message = await sent_game(api)
    for _ in range(19):  # with the game: 20 messages in a minute, the group's limit
        await api.call("sendMessage", {"chat_id": GROUP, "text": "x"})
    status, _ = await set_score(api, message, BOB, 12)
    assert status == 429
    assert await high_scores(api, message, BOB) == []


@pytest.mark.asyncio
async def test_a_negative_score_is_refused() -> None:
    api = games_api()
    status, body = await set_score(api, await sent_game(api), BOB, -1)
    assert (status, body["description"]) == (400, "Bad Request: SCORE_INVALID")


@pytest.mark.asyncio
async def test_a_score_on_a_message_that_is_not_a_game_is_refused() -> None:
    api = games_api()
    _, sent = await api.call("sendMessage", {"chat_id": GROUP, "text": "hi"})
    status, body = await set_score(api, sent["result"], BOB, 3)
    assert (status, body["description"]) == (400, "Bad Request: message is not a game")


@pytest.mark.asyncio
async def test_scores_belong_to_the_game_in_the_chat() -> None:
    api = games_api()
    first, second = await sent_game(api), await sent_game(api)
    await set_score(api, first, BOB, 12)
    status, body = await set_score(api, second, BOB, 10)
    assert (status, body["description"]) == (400, "Bad Request: BOT_SCORE_NOT_MODIFIED")


@pytest.mark.asyncio
async def test_an_inline_game_message_gets_true_and_its_own_table() -> None:
    api = games_api()
    inline_id = api.games.share_inline("rush")
    params = {"user_id": BOB, "score": 7, "inline_message_id": inline_id}
    status, body = await api.call("setGameScore", params)
    assert (status, body["result"]) == (200, True)
    status, body = await api.call("setGameScore", dict(params, score=5))
    assert (status, body["description"]) == (400, "Bad Request: BOT_SCORE_NOT_MODIFIED")


@pytest.mark.asyncio
async def test_an_unknown_inline_message_is_refused() -> None:
    api = games_api()
    params = {"user_id": BOB, "score": 7, "inline_message_id": "nope"}
    status, body = await api.call("setGameScore", params)
    assert (status, body["description"]) == (400, "Bad Request: MESSAGE_ID_INVALID")


@pytest.mark.asyncio
async def test_a_play_press_on_an_inline_message_names_it() -> None:
    api = games_api()
    inline_id = api.games.share_inline("rush")
    api.games.press_play_inline(ANN, inline_id)
    _, body = await api.call("getUpdates", {"timeout": 0})
    query = body["result"][-1]["callback_query"]
    assert (query["inline_message_id"], query["game_short_name"]) == (inline_id, "rush")


# --- getGameHighScores ------------------------------------------------------------------------


async def nine_players(api: FaultyBotApi) -> dict[str, Any]:
    """A game message where users 1 to 9 scored 90, 80, ... 10."""
    message = await sent_game(api)
    for user in range(1, 10):
        if user not in api.users:
            api.add_user(user, f"P{user}")
        await set_score(api, message, user, 100 - 10 * user, disable_edit_message=True)
    return message


async def high_scores(api: FaultyBotApi, message: dict[str, Any], user: int) -> list[Any]:
    params = {
        "user_id": user,
        "chat_id": message["chat"]["id"],
        "message_id": message["message_id"],
    }
    status, body = await api.call("getGameHighScores", params)
    assert status == 200, body
    return [(row["position"], row["user"]["id"], row["score"]) for row in body["result"]]


@pytest.mark.asyncio
async def test_high_scores_give_the_user_two_neighbours_each_side_and_the_top_three() -> None:
    api = games_api()
    message = await nine_players(api)
    assert [position for position, _, _ in await high_scores(api, message, 7)] == [
        1,
        2,
        3,
        5,
        6,
        7,
        8,
        9,
    ]


@pytest.mark.asyncio
async def test_high_scores_near_the_top_have_no_repeats() -> None:
    api = games_api()
    message = await nine_players(api)
    assert await high_scores(api, message, 2) == [(1, 1, 90), (2, 2, 80), (3, 3, 70), (4, 4, 60)]


@pytest.mark.asyncio
async def test_a_user_without_a_score_sees_the_top_three() -> None:
    api = games_api()
    message = await nine_players(api)
    api.add_user(42, "New")
    assert [user for _, user, _ in await high_scores(api, message, 42)] == [1, 2, 3]


@pytest.mark.asyncio
async def test_an_earlier_score_ranks_above_an_equal_later_one() -> None:
    api = games_api()
    message = await sent_game(api)
    await set_score(api, message, BOB, 5)
    await set_score(api, message, ANN, 5)
    assert await high_scores(api, message, ANN) == [(1, BOB, 5), (2, ANN, 5)]


# --- through python-telegram-bot --------------------------------------------------------------


@pytest.mark.asyncio
async def test_ptb_reads_the_game_message_and_the_play_query() -> None:
    from telegram import Bot, Update
    from telegram.request import HTTPXRequest

    from bot.local_api import LocalTransport

    api = games_api()

    def request() -> HTTPXRequest:
        return HTTPXRequest(httpx_kwargs={"transport": LocalTransport(api)})

    async with Bot("42:TEST", request=request(), get_updates_request=request()) as bot:
        message = await bot.send_game(GROUP, "rush")
        assert message.game is not None and message.game.title == "Rush"
        api.games.press_play(BOB, api.sent[-1])
        updates: tuple[Update, ...] = await bot.get_updates(timeout=0)
        query = updates[-1].callback_query
        assert query is not None and query.game_short_name == "rush"
        assert await query.answer(url="https://example.org/app/rush")
        edited = await bot.set_game_score(BOB, 3, chat_id=GROUP, message_id=message.message_id)
        assert not isinstance(edited, bool) and edited.game is not None
        scores = await bot.get_game_high_scores(BOB, chat_id=GROUP, message_id=message.message_id)
        assert [(s.position, s.user.id, s.score) for s in scores] == [(1, BOB, 3)]


@pytest.mark.asyncio
async def test_a_play_query_may_not_open_what_is_no_web_address() -> None:
    api = games_api()
    query = api.games.press_play(BOB, await sent_game(api))
    status, body = await api.call(
        "answerCallbackQuery", {"callback_query_id": query, "url": "javascript:alert(1)"}
    )
    assert (status, body["description"]) == (400, "Bad Request: URL_INVALID")


@pytest.mark.asyncio
async def test_high_scores_of_an_inline_game_message() -> None:
    api = games_api()
    inline_id = api.games.share_inline("rush")
    for user, score in ((ANN, 4), (BOB, 9)):
        await api.call(
            "setGameScore", {"user_id": user, "score": score, "inline_message_id": inline_id}
        )
    status, body = await api.call(
        "getGameHighScores", {"user_id": ANN, "inline_message_id": inline_id}
    )
    assert status == 200
    assert [(r["position"], r["user"]["id"], r["score"]) for r in body["result"]] == [
        (1, BOB, 9),
        (2, ANN, 4),
    ]
