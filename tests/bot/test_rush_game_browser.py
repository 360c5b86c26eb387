"""Rush as a Telegram game in a real browser (headless Chromium, driven by Playwright),
against the running bot: the address Play answers with opens the page in Rush mode, a run
played by tapping is judged on the server's clock and its score set on the game message;
a forged token, or one whose run is gone, gets 401 and says so.

Skipped where Chromium or Playwright is missing, as the Mini App's browser tests are.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx
import pytest

from bot.games.rush.page.runs import KEPT_AFTER_END
from bot.games.rush.parts import RUSH_RECORDS
from bot.rules.rush.run import START_SECONDS
from tests.bot.browser import Pages, playwright_or_skip
from tests.bot.harness import ANN, BOB, GROUP, FakeClock, running_bot, until
from tests.bot.miniapp_data import URL, web_address
from tests.bot.rush_game_data import GAME, GAME_ENV, game_api, play, sent_game

playwright = playwright_or_skip()

pytestmark = pytest.mark.asyncio(loop_scope="session")

NOON = 1_800_000_000.0
OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b if b else None,
}
LABELS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def taps(cards: list[Fraction]) -> list[tuple[int, str, int]] | None:
    """Card, operator, card (positions on the page) that make 24, as the page combines
    them: the result takes the second card's place, the first card goes."""
    if len(cards) == 1:
        return [] if cards[0] == 24 else None
    for first, second in itertools.permutations(range(len(cards)), 2):
        for op, combine in OPS.items():
            made = combine(cards[first], cards[second])
            if made is None:
                continue
            rest = list(cards)
            rest[second] = made
            del rest[first]
            found = taps(rest)
            if found is not None:
                return [(first, op, second), *found]
    return None


async def tap_solution(page: Any, hand: list[int]) -> None:
    steps = taps([Fraction(card) for card in hand])
    assert steps is not None, hand
    cards = page.locator("#cards button")
    for first, op, second in steps:
        await cards.nth(first).click()
        await page.get_by_role("button", name=LABELS[op], exact=True).click()
        await cards.nth(second).click()


def local(url: str, application: Any) -> str:
    """The address Play answered with, on the bot's own server."""
    assert url.startswith(URL)
    return url.replace(URL, f"{web_address(application)}/app/", 1)


async def test_a_run_played_by_tapping_is_scored_on_the_game_message(
    pages: Pages, tmp_path: Path
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        address = local(await play(api, ANN, message), application)
        page = await pages.new_page(viewport={"width": 360, "height": 740})
        await page.goto(address)
        await expect(page.locator("#gate-text")).to_have_text(
            "Rush: 120 seconds on the clock. Each hand solved: +10 s and a point (the clock "
            "holds at most 3:00); each skip: −20 s. The hands get harder as you score, and a "
            "run lasts at most 10 minutes. Answers faster than a person can (1.5 s, up to 2.1 s "
            "for the hardest hands) count for nothing."
        )
        async with page.expect_response(lambda r: r.url.endswith("/api/rush/start")) as started:
            await page.get_by_role("button", name="Start", exact=True).click()
        first = await (await started.value).json()
        status = page.get_by_role("status")
        await expect(page.locator("#cards button")).to_have_count(4)
        await expect(page.locator("#clock")).to_have_text("2:00")
        clock.now += 5
        async with page.expect_response(lambda r: r.url.endswith("/api/rush/answer")) as judged:
            await tap_solution(page, first["hand"])
        second = await (await judged.value).json()
        await expect(status).to_have_text("Solved in 5 s! +10 s")
        await expect(page.locator("#rush-score")).to_have_text("Score 1 · level 1")
        clock.now += 7
        async with page.expect_response(lambda r: r.url.endswith("/api/rush/answer")):
            await tap_solution(page, second["hand"])
        await expect(page.locator("#rush-score")).to_have_text("Score 2 · level 1")
        async with page.expect_response(lambda r: r.url.endswith("/api/rush/skip")):
            await page.get_by_role("button", name="Skip −20 s", exact=True).click()
        clock.now += START_SECONDS  # the server's clock runs out
        await page.get_by_role("button", name="Skip −20 s", exact=True).click()
        await expect(status).to_have_text("Time! Your score: 2")
        await expect(page.locator("#lines")).to_contain_text("Fastest hand: 5 s")
        await expect(page.locator("#others li")).to_have_text(["1. Ann: 2"])
        await expect(page.locator("#cards button").first).to_be_disabled()
        await page.close()
    assert api.games.tables[("chat", GROUP, GAME)].scores[ANN][0] == 2
    assert api.calls.count("setGameScore") == 1
    assert RUSH_RECORDS.get(application.user_data[ANN]).runs == 1


async def test_a_forged_token_gets_401_and_the_page_says_so(pages: Pages, tmp_path: Path) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, ANN, GROUP)
        address = local(await play(api, ANN, message), application)
        base, fragment = address.split("#game=")
        forged = f"{base}#game={fragment.replace('u%3D501', 'u%3D502')}"  # Ann's, for Bob
        page = await pages.new_page()
        async with page.expect_response(lambda r: "/api/rush/state" in r.url) as answered:
            await page.goto(forged)
        refused = await answered.value
        await expect(page.get_by_role("status")).to_have_text(
            "This game link has expired or was used up: press Play in the chat again."
        )
        await page.close()
    assert "u%3D501" in fragment
    assert refused.status == 401


async def test_a_used_token_replays_nothing_and_in_chinese_says_so(
    pages: Pages, tmp_path: Path
) -> None:
    api = game_api()
    clock = FakeClock(NOON)
    expect = playwright.expect
    async with running_bot(api, tmp_path, clock=clock, env=GAME_ENV) as application:
        message = await sent_game(api, BOB, GROUP)
        address = local(await play(api, BOB, message), application)
        page = await pages.new_page()
        await page.goto(address)
        await expect(page.locator("#gate-text")).to_have_text(
            "极速挑战：计时 120 秒。每解出一手牌 +10 秒、得 1 分（计时最多 3:00）；"
            "每跳过一手 −20 秒。得分越高，牌越难；一局最长 10 分钟。"
            "快过人能做到的答案（1.5 秒，最难的牌最多 2.1 秒）不算数。"
        )
        await page.get_by_role("button", name="开始", exact=True).click()
        await expect(page.locator("#cards button")).to_have_count(4)
        clock.now += START_SECONDS + 1
        await page.get_by_role("button", name="跳过 −20 秒", exact=True).click()
        await expect(page.get_by_role("status")).to_have_text("时间到！你的得分：0")
        clock.now += KEPT_AFTER_END + 1
        async with page.expect_response(lambda r: "/api/rush/state" in r.url) as answered:
            await page.reload()
        await expect(page.get_by_role("status")).to_have_text(
            "这个游戏链接已过期或已用过：请在聊天里重新点“开始”。"
        )
        await page.close()
        token = unquote(address.split("#game=", 1)[1])
        async with httpx.AsyncClient() as client:
            start = await client.post(
                f"{web_address(application)}/app/api/rush/start", headers={"X-Game-Token": token}
            )
        await until(lambda: RUSH_RECORDS.get(application.user_data[BOB]).runs == 1)
    assert (await answered.value).status == 401
    assert start.status_code == 401
