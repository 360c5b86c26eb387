"""A match's running score between its rounds, through the running bot in a group with
privacy mode on: in the next deal's caption (no message of its own: a group has 20 a
minute)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.games.rounds import matches
from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.harness import ANN, BOB, GROUP, dealt, make_api, running_bot, until

pytestmark = pytest.mark.asyncio


@pytest.fixture(autouse=True)
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matches, "NEXT_DEAL_DELAY", 0.05)


async def said_until_deal(api: LocalBotApi, user: int, chat: int, text: str) -> list[dict]:
    """What the bot sends after ``user`` says ``text`` in ``chat``, up to its next deal (the
    last)."""
    before = len(api.sent)
    api.send(user, chat, text)
    await until(lambda: any("photo" in m for m in api.sent[before:]))
    sent = api.sent[before:]
    return sent[: next(i for i, m in enumerate(sent) if "photo" in m) + 1]


def points_of(win: str) -> int:
    found = re.search(r"\+(\d+) points?!", win)
    assert found, win
    return int(found.group(1))


def score_line(caption: str) -> str:
    """The caption's line of the score so far (failing the test if it has none)."""
    lines = [line for line in caption.split("\n") if line.startswith(("Score:", "比分："))]
    assert len(lines) == 1, caption
    return lines[0]


async def test_the_next_rounds_caption_says_the_score_so_far(tmp_path: Path) -> None:
    """In a group the win heads the next deal's picture (one message a round): the score
    so far is a line of that caption."""
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        chat = application.chat_data[GROUP]
        chat.language.chosen = "en"
        chat.table.settings.time_limit = 0
        deal = (await said_until_deal(api, ANN, GROUP, "/play 3"))[-1]
        captions = []
        for winner in (ANN, BOB):
            sent = await said_until_deal(api, winner, GROUP, "/a " + solve(dealt(deal))[0].text)
            deal = sent[-1]
            captions.append(plain_text(deal["caption"]))
    ann, bob = (points_of(caption) for caption in captions)
    assert score_line(captions[0]) == f"Score: Ann {ann}"
    assert score_line(captions[1]) == (
        f"Score: Ann {ann}, Bob {bob}" if ann >= bob else f"Score: Bob {bob}, Ann {ann}"
    )


async def test_the_first_rounds_caption_has_no_score(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        deal = (await said_until_deal(api, ANN, GROUP, "/play 3"))[-1]
    caption = plain_text(deal["caption"])
    assert not [line for line in caption.split("\n") if line.startswith("Score:")]


async def test_the_running_score_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[BOB].table.settings.time_limit = 0
        deal = (await said_until_deal(api, BOB, BOB, "/play 2"))[-1]
        sent = await said_until_deal(api, BOB, BOB, solve(dealt(deal))[0].text)
    points = re.search(r"\+(\d+) 分", plain_text(sent[0].get("text") or sent[0]["caption"]))
    assert points, sent[0]
    assert score_line(plain_text(sent[-1]["caption"])) == f"比分：Bob {points.group(1)} 分"
