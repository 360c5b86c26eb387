"""What the README and the Dockerfile tell a newcomer agrees with what the bot does."""

from __future__ import annotations

import re
from pathlib import Path

from bot.menus import ADMIN_COMMANDS, PRIVATE_COMMANDS
from bot.rules.table import TIME_LIMITS
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def test_the_dockerfile_exposes_the_webhooks_and_the_mini_apps_default_ports() -> None:
    settings = Settings.from_env({})
    exposed = re.findall(r"^EXPOSE (.+)$", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    ports = {int(port) for line in exposed for port in line.split()}
    assert ports == {settings.webhook_port, settings.web_port}


def test_the_readme_names_the_time_limits_as_the_buttons_do() -> None:
    """The buttons say seconds (``120 s``), as the round's caption does (``Time: 120 s.``)."""
    readme = " ".join((ROOT / "README.md").read_text().split())
    *limits, last = [str(seconds) for seconds in TIME_LIMITS if seconds]
    assert f"the time limit (untimed, {', '.join(limits)} or {last} seconds)" in readme


README_MOST_LINES = 200
"""A README a newcomer reads in three minutes (issue #43): the details are in docs/."""


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_MOST_LINES


def test_the_readme_keeps_the_test_command_ci_runs() -> None:
    """``.ci/run`` runs the ```sh block under the line that starts "Run the tests"."""
    readme = (ROOT / "README.md").read_text()
    after = readme.split("\nRun the tests", 1)[1]
    block = after.split("```sh\n", 1)[1].split("\n```", 1)[0]
    assert block.endswith("&& .venv/bin/pytest")


def test_every_code_block_of_the_readme_ends_before_the_next_heading() -> None:
    """An unclosed ``` swallows the sections after it into a block of code."""
    inside, swallowed = False, []
    for line in (ROOT / "README.md").read_text().splitlines():
        if line.startswith("```"):
            inside = not inside
        elif inside and re.match(r"#{1,6} ", line):
            swallowed.append(line)
    assert swallowed == []


def test_the_readmes_command_table_has_every_command_of_the_menus() -> None:
    """A newcomer reads *How to play* for what the menus offer."""
    rows = [
        line.split(" | ")[0]
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("| `/")
    ]
    named = {name for row in rows for name in re.findall(r"`/([a-z]+)", row)}
    menus = {name for name, _ in [*PRIVATE_COMMANDS, *ADMIN_COMMANDS]}
    assert sorted(menus - named) == []


def test_the_compose_file_runs_the_bot_with_prometheus_on_its_web_port() -> None:
    """docs/deploy/docker-compose.yml builds this checkout's image, mounts files that exist,
    and Prometheus scrapes the bot's default web port, with the bearer token."""
    deploy = ROOT / "docs" / "deploy"
    compose = (deploy / "docker-compose.yml").read_text()
    assert re.search(r"^    build: \.\./\.\.$", compose, re.MULTILINE)
    assert (deploy / "../.." / "Dockerfile").resolve() == ROOT / "Dockerfile"
    mounted = re.findall(r"^      - \./([^:]+):", compose, re.MULTILINE)
    assert mounted
    assert [path for path in mounted if not (deploy / path).exists()] == []
    prometheus = (deploy / "prometheus.yml").read_text()
    assert f'targets: ["bot:{Settings.from_env({}).web_port}"]' in prometheus
    assert "credentials_file: /run/secrets/metrics_token" in prometheus
    assert "TWENTYFOUR_METRICS_TOKEN" in compose


def test_the_guides_say_the_polling_web_port_serves_the_health_checks() -> None:
    """With long polling ``python -m bot`` always listens on TWENTYFOUR_WEB_PORT for the
    health checks and /metrics (``run_polling(watch=True)``; the image's HEALTHCHECK asks
    it: tests/bot/test_host_process.py), Mini App or not: the guide and the Dockerfile
    must not say it listens only for the Mini App, or that polling needs no port."""
    guide = (ROOT / "docs" / "deploying.md").read_text()
    (row,) = re.findall(r"^\| `TWENTYFOUR_WEB_LISTEN` .*$", guide, re.MULTILINE)
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "only with `TWENTYFOUR_WEBAPP_URL`" not in row
    assert "health checks" in row
    assert "Polling needs none" not in dockerfile
    assert "always: the health checks" in dockerfile
