"""The log: ``TWENTYFOUR_LOG_FORMAT`` and ``TWENTYFOUR_LOG_LEVEL``, one JSON object a line, and
no message text, name or token in any line at INFO while people play."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.services.watch.logs import configure
from bot.settings import Settings, SettingsError
from solver import solve
from tests.bot.harness import (
    GROUP,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

ZED = 777
SECRETS = ("Zebedee", "Quux", "zed_the_player", "Secret Club", "marmalade", "42:TEST")
"""What must never be logged: the player's names and username, the group's title, what
the player wrote, the token (running_bot's)."""


@pytest.fixture
def log() -> Iterator[io.StringIO]:
    """The bot's own log, as ``python -m bot`` sets it up (JSON, INFO), into a string."""
    stream = io.StringIO()
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", "httpx", "httpcore")}
    handler = configure("INFO", "json", stream)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


@pytest.mark.asyncio
async def test_no_line_names_what_people_wrote_who_they_are_or_the_token(
    tmp_path: Path, log: io.StringIO
) -> None:
    api = make_api()
    api.add_user(ZED, "Zebedee", last_name="Quux", username="zed_the_player")
    api.chats[GROUP].title = "Secret Club"
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ZED, ZED, "/start")
        await reply_to(api, ZED, ZED, "marmalade")
        hand = dealt(await deal(api, ZED, GROUP))
        await reply_to(api, ZED, GROUP, "/a marmalade")
        await reply_to(api, ZED, GROUP, f"/a {solve(hand)[0].text}")
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        await reply_to(api, ZED, ZED, "/help")
        api.fail_next("sendMessage", 403, "Forbidden: bot was blocked by the user")
        api.send(ZED, ZED, "/stats")
        await reply_to(api, ZED, ZED, "/solve 3 3 8 8 marmalade")
        await settled(api, application)
    lines = log.getvalue().splitlines()
    assert len(lines) >= 5  # the start, the 429, the refusal... were logged
    records = [json.loads(line) for line in lines]
    assert {"time", "level", "logger", "message"} <= set(records[0])
    leaked = [line for line in lines if any(secret in line for secret in SECRETS)]
    assert leaked == []


def test_the_log_is_one_json_object_a_line_with_its_error(log: io.StringIO) -> None:
    try:
        raise ValueError("a bug\nover two lines")
    except ValueError:
        logging.getLogger("bot.test").exception("It failed")
    (line,) = log.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == "It failed"
    assert record["level"] == "ERROR"
    assert "ValueError: a bug" in record["exc_info"]


def test_the_level_and_format_are_settings() -> None:
    settings = Settings.from_env({"TWENTYFOUR_LOG_LEVEL": "debug", "TWENTYFOUR_LOG_FORMAT": "JSON"})
    assert (settings.log_level, settings.log_format) == ("DEBUG", "json")
    assert Settings.from_env({"LOG_LEVEL": "WARNING"}).log_level == "WARNING"  # as before
    assert Settings.from_env({}).log_format == "text"
    with pytest.raises(SettingsError, match="TWENTYFOUR_LOG_FORMAT must be text or json: xml"):
        Settings.from_env({"TWENTYFOUR_LOG_FORMAT": "xml"})
    with pytest.raises(SettingsError, match="TWENTYFOUR_LOG_LEVEL must be"):
        Settings.from_env({"TWENTYFOUR_LOG_LEVEL": "loud"})
