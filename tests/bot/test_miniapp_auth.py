"""The Mini App's launch data check against vectors signed in the test (see miniapp_data)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from bot.services.web import AppUser, check_init_data, launch_hash, sign_init_data
from tests.bot.miniapp_data import TOKEN, init_data, sign, user_json

NOW = 1_800_000_000.0


def test_valid_launch_data_gives_the_user() -> None:
    raw = init_data(501, NOW - 60, first_name="Ann", language="zh-hans", start_param="daily")
    assert check_init_data(raw, TOKEN, NOW) == AppUser(501, "Ann", "zh-hans", "daily")


def test_a_vector_worked_out_with_openssl() -> None:
    # SECRET=$(printf '42:TEST' | openssl dgst -sha256 -hmac WebAppData -binary | xxd -p -c 64)
    # printf 'auth_date=1800000000\nuser={"id":7,"first_name":"Q"}' |
    #     openssl dgst -sha256 -mac HMAC -macopt hexkey:$SECRET
    digest = "aed8d0d9993d7b56e07f48c1be1f1c761250da71af9e25d9729b9f2490efad39"
    fields = {"auth_date": "1800000000", "user": '{"id":7,"first_name":"Q"}', "hash": digest}
    assert check_init_data(urlencode(fields), TOKEN, NOW) == AppUser(7, "Q")


def test_a_changed_field_is_refused() -> None:
    fields = dict(parse_qsl(init_data(501, NOW)))
    fields["user"] = user_json(502)  # someone else, with Ann's hash
    assert check_init_data(urlencode(fields), TOKEN, NOW) is None


def test_a_changed_auth_date_is_refused() -> None:
    fields = dict(parse_qsl(init_data(501, NOW - 2 * 86_400)))
    fields["auth_date"] = str(int(NOW))
    assert check_init_data(urlencode(fields), TOKEN, NOW) is None


def test_another_bots_data_is_refused() -> None:
    assert check_init_data(init_data(501, NOW, token="43:OTHER"), TOKEN, NOW) is None


def test_data_older_than_an_hour_is_refused() -> None:
    assert check_init_data(init_data(501, NOW - 3_601), TOKEN, NOW) is None


def test_data_almost_an_hour_old_is_still_good() -> None:
    assert check_init_data(init_data(501, NOW - 3_500), TOKEN, NOW) is not None


def test_no_hash_is_refused() -> None:
    fields = dict(parse_qsl(init_data(501, NOW)))
    del fields["hash"]
    assert check_init_data(urlencode(fields), TOKEN, NOW) is None


def test_a_field_twice_is_refused() -> None:
    raw = init_data(501, NOW) + "&user=" + user_json(502)
    assert check_init_data(raw, TOKEN, NOW) is None


def test_garbage_is_refused() -> None:
    for raw in ("", "hash", "a=1&&hash=%ff", "user=%7B&hash=x", "\u00e9=1&hash=\u00e9"):
        assert check_init_data(raw, TOKEN, NOW) is None


def test_a_signed_user_without_an_id_is_refused() -> None:
    fields = {"auth_date": str(int(NOW)), "user": '{"first_name":"Ann"}'}
    assert check_init_data(sign(fields), TOKEN, NOW) is None


def test_the_consoles_signature_is_telegrams() -> None:
    fields = {"auth_date": str(int(NOW)), "user": user_json(10_000, "Player")}
    assert dict(parse_qsl(sign_init_data(TOKEN, fields))) == dict(parse_qsl(sign(fields)))


def test_the_launch_hash_carries_the_data_as_it_was_signed() -> None:
    raw = init_data(501, NOW)
    fragment = launch_hash(raw, {"bg_color": "#000000"})
    params = dict(parse_qsl(fragment.removeprefix("#")))
    assert params["tgWebAppData"] == raw
    assert params["tgWebAppThemeParams"] == '{"bg_color":"#000000"}'
