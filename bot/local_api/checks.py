"""What the local Bot API (:mod:`bot.local_api`) checks as Telegram does, before it sends
or edits anything: Bot API HTML, text and caption lengths (UTF-16 code units of what the
user sees), and inline keyboards (their size, callback data, Mini App and inline-mode
buttons), each refused with Telegram's own error."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "a",
    "code",
    "pre",
    "span",
    "tg-spoiler",
    "tg-emoji",
    "blockquote",
}
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z-]*)((?:\s[^<>]*)?)>")
_ENTITY = re.compile(r"&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);")

# Telegram's size limits.  Text and captions count UTF-16 code units of what the user sees.
MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA_BYTES = 64
MAX_BUTTONS = 100


class ApiError(Exception):
    """A Bot API error reply."""

    def __init__(
        self,
        code: int,
        description: str,
        retry_after: int | None = None,
        migrate_to: int | None = None,
    ) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to = migrate_to

    def body(self) -> dict[str, Any]:
        reply: dict[str, Any] = {
            "ok": False,
            "error_code": self.code,
            "description": self.description,
        }
        if self.retry_after is not None:
            reply["parameters"] = {"retry_after": self.retry_after}
        if self.migrate_to is not None:
            reply["parameters"] = {"migrate_to_chat_id": self.migrate_to}
        return reply


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, as Telegram measures entity offsets."""
    return len(text.encode("utf-16-le")) // 2


def check_html(text: str) -> None:
    """Raise :class:`ApiError` as Telegram does when ``text`` is not valid Bot API HTML."""
    stack: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "<":
            match = _TAG.match(text, i)
            if not match or match.group(2).lower() not in ALLOWED_TAGS:
                raise ApiError(
                    400, f"Bad Request: can't parse entities: unsupported tag at byte offset {i}"
                )
            closing, name = match.group(1), match.group(2).lower()
            if closing:
                if not stack or stack.pop() != name:
                    raise ApiError(
                        400, f"Bad Request: can't parse entities: unmatched end tag </{name}>"
                    )
            else:
                stack.append(name)
            i = match.end()
        elif ch == "&":
            if not _ENTITY.match(text, i):
                raise ApiError(
                    400, f"Bad Request: can't parse entities: unescaped & at byte offset {i}"
                )
            i += 1
        elif ch == ">":
            raise ApiError(400, f"Bad Request: can't parse entities: unescaped > at offset {i}")
        else:
            i += 1
    if stack:
        raise ApiError(400, f"Bad Request: can't parse entities: unclosed tag <{stack[-1]}>")


def plain_text(html_text: str) -> str:
    """What a Telegram client shows for Bot API HTML: tags dropped, entities decoded."""
    return html_lib.unescape(_TAG.sub("", html_text))


def visible_length(text: str, parse_mode: object) -> int:
    """How long Telegram counts ``text`` against its limits.

    Telegram measures the text after entity parsing, in UTF-16 code units: with HTML, tags
    cost nothing and ``&amp;`` is one character.  ``text`` must already have passed
    :func:`check_html` when ``parse_mode`` is ``"HTML"``.
    """
    return utf16_len(plain_text(text) if parse_mode == "HTML" else text)


def check_text(text: str, parse_mode: object, *, limit: int, too_long: str) -> None:
    """Raise :class:`ApiError` as Telegram does for bad HTML or a text over ``limit``.

    ``too_long`` is the error description Telegram gives for this kind of text.
    """
    if parse_mode == "HTML":
        check_html(text)
    if visible_length(text, parse_mode) > limit:
        raise ApiError(400, too_long)


def check_web_app(web_app: object, where: str) -> None:
    """Raise :class:`ApiError` as Telegram does for a Mini App's address it refuses: it
    opens Mini Apps over HTTPS only.  ``where`` names the button in the error."""
    url = web_app.get("url") if isinstance(web_app, dict) else None
    if not isinstance(url, str) or not url.startswith("https://"):
        raise ApiError(
            400,
            f"Bad Request: {where} Web App URL '{url}' is invalid: Only HTTPS links are allowed",
        )


def check_reply_markup(markup: object, chat_type: str = "private") -> None:
    """Raise :class:`ApiError` as Telegram does for an inline keyboard it refuses.

    At most :data:`MAX_BUTTONS` buttons in all rows together, and each ``callback_data`` at
    most :data:`MAX_CALLBACK_DATA_BYTES` bytes of UTF-8 (bytes, not characters: a Chinese
    label's data runs out three times sooner).  A ``web_app`` button (one that opens a Mini
    App) only in a private chat (``chat_type``), and with an HTTPS address.  A
    ``switch_inline_query_chosen_chat`` button as :func:`check_chosen_chat` says.  Other
    kinds of markup pass unchecked.
    """
    if not isinstance(markup, dict) or not isinstance(markup.get("inline_keyboard"), list):
        return
    buttons = [button for row in markup["inline_keyboard"] for button in row]
    if len(buttons) > MAX_BUTTONS:
        raise ApiError(400, "Bad Request: reply markup is too long")
    for button in buttons:
        data = button.get("callback_data")
        if data is not None and len(str(data).encode("utf-8")) > MAX_CALLBACK_DATA_BYTES:
            raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")
        if "web_app" in button:
            if chat_type != "private":
                # Telegram's MTProto error name, passed through as it is.
                raise ApiError(400, "Bad Request: BUTTON_TYPE_INVALID")
            check_web_app(button["web_app"], "inline keyboard button")
        if "switch_inline_query_chosen_chat" in button:
            check_chosen_chat(button["switch_inline_query_chosen_chat"])


CHAT_TYPES = ("allow_user_chats", "allow_bot_chats", "allow_group_chats", "allow_channel_chats")
"""The kinds of chat a ``switch_inline_query_chosen_chat`` button may offer."""


def check_chosen_chat(chosen: object) -> None:
    """Raise :class:`ApiError` as Telegram does for a ``switch_inline_query_chosen_chat``
    button it refuses: the field must be an object, its ``query`` text, and it must allow at
    least one kind of chat (with none, Telegram refuses the whole message rather than offer
    an empty list of chats).  The errors are the Bot API server's and TDLib's words."""
    unparsed = "Bad Request: can't parse inline keyboard button: Field"
    if not isinstance(chosen, dict):
        raise ApiError(400, f'{unparsed} "switch_inline_query_chosen_chat" must be of type Object')
    if not isinstance(chosen.get("query", ""), str):
        raise ApiError(400, f'{unparsed} "query" must be of type String')
    if not any(chosen.get(kind) is True for kind in CHAT_TYPES):
        raise ApiError(400, "Bad Request: At least one chat type must be allowed")
