"""``/metrics`` after real play through the local Bot API, read with prometheus-client's own
parser: each metric counts what happened; the bearer token, when set, is asked for; and
docs/operating.md and the Grafana dashboard name every metric the bot serves."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample

from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    ROOT,
    BotApplication,
    deal,
    dealt,
    make_api,
    reply_to,
    running_bot,
    settled,
)

pytestmark = pytest.mark.asyncio


async def _scrape(application: BotApplication, **headers: str) -> httpx.Response:
    address = application.bot_data.web_address
    assert address is not None
    async with httpx.AsyncClient(timeout=10) as client:
        return await client.get(f"{address}/metrics", headers=headers)


def _samples(text: str) -> list[Sample]:
    return [s for family in text_string_to_metric_families(text) for s in family.samples]


def _value(samples: list[Sample], name: str, **labels: str) -> float:
    """The value of the sample ``name`` with ``labels`` (0 when there is none)."""
    found = [s.value for s in samples if s.name == name and labels.items() <= s.labels.items()]
    return sum(found)


async def test_the_metrics_count_what_the_bot_did(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        await reply_to(api, ANN, ANN, "/start")
        await reply_to(api, BOB, BOB, "/solve 3 3 8 8")
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
        await reply_to(api, ANN, ANN, "/help")
        hand = dealt(await deal(api, ANN, GROUP))
        await reply_to(api, BOB, GROUP, f"/a {solve(hand)[0].text}")
        await deal(api, ANN, GROUP)  # a round left on
        await settled(api, application)
        await application.bot_data.solving.pool.start()  # every worker up (they start lazily)
        scraped = await _scrape(application)
    assert scraped.status_code == 200
    assert scraped.headers["Content-Type"].startswith("text/plain")
    samples = _samples(scraped.text)
    assert _value(samples, "twentyfour_updates_total", kind="message") == 6
    assert _value(samples, "twentyfour_handler_seconds_count", kind="message") == 6
    assert _value(samples, "twentyfour_messages_total", outcome="sent") >= 6
    assert _value(samples, "twentyfour_flood_wait_seconds_count", scope="chat") == 1
    assert _value(samples, "twentyfour_flood_wait_seconds_sum", scope="chat") == 1.0
    assert _value(samples, "twentyfour_games_started_total", kind="round") == 2
    assert _value(samples, "twentyfour_live_games", kind="round") == 1
    assert _value(samples, "twentyfour_solver_run_seconds_count", lane="search") == 1
    assert _value(samples, "twentyfour_solver_queue_seconds_count", lane="game") >= 2
    assert _value(samples, "twentyfour_save_seconds_count", outcome="ok") >= 1
    assert _value(samples, "twentyfour_active_players", window="day") == 2
    assert _value(samples, "twentyfour_active_chats", window="week") == 3
    assert _value(samples, "twentyfour_outbox_queued", lane="game") == 0
    assert _value(samples, "twentyfour_solver_workers") == 3, [
        s for s in samples if "workers" in s.name
    ]
    assert _value(samples, "twentyfour_errors_total") == 0
    assert _value(samples, "process_resident_memory_bytes") > 0


async def test_the_metrics_ask_for_the_bearer_token_when_one_is_set(tmp_path: Path) -> None:
    api = make_api()
    env = {"TWENTYFOUR_METRICS_TOKEN": "s3cret"}
    async with running_bot(api, tmp_path, watch=True, env=env) as application:
        none = await _scrape(application)
        wrong = await _scrape(application, Authorization="Bearer nope")
        right = await _scrape(application, Authorization="Bearer s3cret")
        health = await _scrape_health(application)
    assert none.status_code == 401
    assert none.headers["WWW-Authenticate"].startswith("Bearer")
    assert wrong.status_code == 401
    assert right.status_code == 200
    assert "twentyfour_updates" in {f.name for f in text_string_to_metric_families(right.text)}
    assert health == 200  # the health checks ask for no token


async def test_the_bearer_scheme_is_case_insensitive(tmp_path: Path) -> None:
    # RFC 9110: the scheme's case does not matter; the token's does.
    api = make_api()
    env = {"TWENTYFOUR_METRICS_TOKEN": "s3cret"}
    async with running_bot(api, tmp_path, watch=True, env=env) as application:
        lower = await _scrape(application, Authorization="bearer s3cret")
        upper = await _scrape(application, Authorization="BEARER s3cret")
        token_case = await _scrape(application, Authorization="Bearer S3CRET")
    assert lower.status_code == 200
    assert upper.status_code == 200
    assert token_case.status_code == 401


async def _scrape_health(application: BotApplication) -> int:
    address = application.bot_data.web_address
    async with httpx.AsyncClient(timeout=10) as client:
        return (await client.get(f"{address}/healthz")).status_code


async def test_the_docs_and_the_dashboard_name_every_metric(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path, watch=True) as application:
        scraped = await _scrape(application)
    names = {
        family.name
        for family in text_string_to_metric_families(scraped.text)
        if family.name.startswith("twentyfour_")
    }
    assert len(names) >= 15
    docs = (ROOT / "docs" / "operating.md").read_text()
    assert sorted(name for name in names if f"`{name}" not in docs) == []
    dashboard = json.loads((ROOT / "docs" / "deploy" / "grafana-dashboard.json").read_text())
    queries = json.dumps(dashboard)
    assert sorted(name for name in names if name not in queries) == []
