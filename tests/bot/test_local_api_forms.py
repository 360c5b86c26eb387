"""The local Bot API reads a form body as ``parse_qsl`` does (bot/local_api/transport.py
decodes PTB's percent escapes at C speed)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from hypothesis import given
from hypothesis import strategies as st

from bot.local_api.transport import _decode_form


def _as_parse_qsl(body: bytes) -> dict[str, str]:
    return dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True))


@given(st.dictionaries(st.text(), st.text()))
def test_an_encoded_form_reads_back(fields: dict[str, str]) -> None:
    assert _decode_form(urlencode(fields).encode()) == _as_parse_qsl(urlencode(fields).encode())


@given(st.text(alphabet="%=&+ aF0f9g\r\n\u0417", max_size=40))
def test_any_body_reads_as_parse_qsl_reads_it(text: str) -> None:
    assert _decode_form(text.encode()) == _as_parse_qsl(text.encode())


def test_escapes_in_either_case_and_a_percent_sign() -> None:
    assert _decode_form(b"a=%2f%2F%25%41+%D0%97") == {"a": "//%A \u0417"}
