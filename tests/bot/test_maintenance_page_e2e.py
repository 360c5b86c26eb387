"""During the owner's maintenance the Mini App's and the game page's calls are refused
with the notice (503, which the page shows), for anyone but the owner: the games' clock
stands still then, so no daily or Rush run is played on the page; not logged as an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.harness import ANN, BOB, OWNER, make_api, reply_to, running_bot
from tests.bot.miniapp_data import APP_ENV, call

pytestmark = pytest.mark.asyncio

ENV = {**APP_ENV, **OWNER}


async def test_the_pages_calls_get_the_notice_during_maintenance(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, env=ENV) as application:
        await reply_to(api, ANN, ANN, "/admin maintenance on")
        refused = await call(application, "GET", "daily", user=BOB)
        owners = await call(application, "GET", "daily", user=ANN)
        await reply_to(api, ANN, ANN, "/admin maintenance off")
        after = await call(application, "GET", "daily", user=BOB)
        errors = application.bot_data.errors.total
    assert refused.status_code == 503
    assert refused.json()["reason"].startswith("🛠")
    assert owners.status_code == 200
    assert after.status_code == 200
    assert errors == 0
