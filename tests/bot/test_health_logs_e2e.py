"""A health check's "not ready" is an answer, not the bot's error: a ``/readyz`` 503 while
the bot starts (its solver workers not up yet) or a part is down is logged at INFO, and so
is neither counted as an error nor reported to the owner (who is told of errors only)."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest

from tests.bot.harness import OWNER, make_api, refuse_writes, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_not_ready_is_no_error(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    api = make_api()
    caplog.set_level(logging.DEBUG, logger="bot.webhook.access")
    async with running_bot(api, tmp_path, watch=True, env=OWNER) as application:
        address = application.bot_data.web_address
        assert address is not None
        refuse_writes(application)  # a part down (as a part not up yet while starting)
        async with httpx.AsyncClient(timeout=10) as client:
            ready = await client.get(address + "/readyz")
        refuse_writes(application, False)
        errors = application.bot_data.errors.total
    logged = [r for r in caplog.records if r.name == "bot.webhook.access" and "503" in r.message]
    assert ready.status_code == 503
    assert errors == 0  # nothing for the owner's report
    assert [r.levelno for r in logged] == [logging.INFO]
