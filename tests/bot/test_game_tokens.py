"""Signed game tokens: bound to the player, the game message and a short time; used once."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

import pytest

from bot.games.rush.page.run_tokens import TokenBook
from bot.services.web import (
    TOKEN_AGE,
    GameMessage,
    check_game_token,
    sign_game_token,
    sign_init_data,
)

BOT = "123456:TEST-TOKEN"
ANN, BOB = 1001, 1002
NOW = 1_800_000_000.0
IN_CHAT = GameMessage(chat_id=-100123, message_id=42)
INLINE = GameMessage(inline_message_id="AAQ-inline")


def changed(token: str, **fields: str) -> str:
    """``token`` with ``fields`` changed, its hash kept."""
    pairs = dict(parse_qsl(token))
    pairs.update(fields)
    return urlencode(pairs)


def test_a_token_binds_the_player_the_message_and_the_time() -> None:
    checked = check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW), BOT, NOW + 1)
    assert checked is not None
    assert (checked.user_id, checked.message, checked.issued) == (ANN, IN_CHAT, int(NOW))


def test_a_token_may_name_an_inline_message() -> None:
    checked = check_game_token(sign_game_token(BOT, ANN, INLINE, NOW), BOT, NOW)
    assert checked is not None
    assert checked.message == INLINE


@pytest.mark.parametrize(
    "fields", [{"u": str(BOB)}, {"c": "-100999"}, {"m": "43"}, {"t": str(int(NOW) + 60)}]
)
def test_a_changed_token_is_refused(fields: dict[str, str]) -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert check_game_token(changed(token, **fields), BOT, NOW) is None


def test_a_token_binds_the_pages_mode() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW, mode="rush")
    checked = check_game_token(token, BOT, NOW, mode="rush")
    assert checked is not None
    assert checked.mode == "rush"


def test_a_token_for_another_pages_mode_is_refused() -> None:
    """A game's calls take no other game's token (each page under its mode)."""
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW, mode="rush")
    assert check_game_token(token, BOT, NOW, mode="other") is None


def test_a_token_without_a_mode_is_refused_where_one_is_asked() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert check_game_token(token, BOT, NOW, mode="rush") is None


def test_a_changed_mode_is_refused() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW, mode="rush")
    assert check_game_token(changed(token, g="other"), BOT, NOW, mode="other") is None


def test_a_token_of_another_bot_is_refused() -> None:
    token = sign_game_token("999:OTHER", ANN, IN_CHAT, NOW)
    assert check_game_token(token, BOT, NOW) is None


@pytest.mark.parametrize("raw", ["", "u=1", "garbage&&==", "u=1&hash=00", "%ff%fe"])
def test_a_forged_token_is_refused(raw: str) -> None:
    assert check_game_token(raw, BOT, NOW) is None


def test_an_added_field_is_refused() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert check_game_token(token + "&x=1", BOT, NOW) is None


def test_a_token_is_good_for_ten_minutes() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert TOKEN_AGE == 600.0
    assert check_game_token(token, BOT, NOW + TOKEN_AGE) is not None


def test_an_expired_token_is_refused() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert check_game_token(token, BOT, NOW + TOKEN_AGE + 1) is None


def test_a_token_from_the_future_is_refused() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW + 60)
    assert check_game_token(token, BOT, NOW) is None


def test_another_users_token_is_refused_for_them() -> None:
    token = sign_game_token(BOT, ANN, IN_CHAT, NOW)
    assert check_game_token(token, BOT, NOW, user_id=BOB) is None


def test_launch_data_signed_for_the_mini_app_is_no_token() -> None:
    fields = {"u": str(ANN), "c": "-100123", "m": "42", "t": str(int(NOW)), "n": "x"}
    assert check_game_token(sign_init_data(BOT, fields), BOT, NOW) is None


def test_a_token_starts_one_run_only() -> None:
    book = TokenBook()
    token = check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW), BOT, NOW)
    assert token is not None
    assert book.claim(token, NOW)
    assert not book.claim(token, NOW + 100)


def test_two_tokens_for_the_same_message_each_start_a_run() -> None:
    book = TokenBook()
    first = check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW), BOT, NOW)
    second = check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW), BOT, NOW)
    assert first is not None and second is not None
    assert book.claim(first, NOW)
    assert book.claim(second, NOW)


def test_the_book_forgets_expired_tokens() -> None:
    book = TokenBook()
    token = check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW), BOT, NOW)
    assert token is not None
    book.claim(token, NOW)
    later = check_game_token(sign_game_token(BOT, BOB, IN_CHAT, NOW + 700), BOT, NOW + 700)
    assert later is not None
    book.claim(later, NOW + 700)
    assert len(book) == 1


def test_a_full_book_refuses_rather_than_forgets() -> None:
    book = TokenBook(size=2)
    tokens = [
        check_game_token(sign_game_token(BOT, ANN, IN_CHAT, NOW, nonce=str(n)), BOT, NOW)
        for n in range(3)
    ]
    assert [book.claim(t, NOW) for t in tokens if t is not None] == [True, True, False]
    assert not book.claim(tokens[0], NOW)  # type: ignore[arg-type]
