"""Deals that take a while (a target never played before): what may happen meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.rounds import matches
from bot.local_api import plain_text
from bot.rules.rounds import MATCH
from solver import solve
from tests.bot.harness import ANN, GROUP, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

from tests.bot.harness import deal, dealt  # noqa: E402


async def test_stop_while_a_hand_is_looked_for_deals_nothing(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        # A new target: the deal waits for its level table to be rated in a worker (three
        # cards: 20 ms of its CPU, where four took a second).
        settings = application.chat_data[ANN].table.settings
        settings.cards, settings.target = 3, 30
        api.send(ANN, ANN, "/play")
        stopped = await reply_to(api, ANN, ANN, "/stop")
        after = len(api.sent)
        # The deal resumes before this does (it waited on the same table first).
        await application.bot_data.solving.levels(3, 30)
        await application.bot_data.outbox.drained()
        assert plain_text(stopped) == "Game stopped. /play to start again."
        assert api.sent[after:] == []


async def test_a_refused_match_is_not_left_armed(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/settings cards 6")
        refused = await reply_to(api, ANN, ANN, "/play 5 easy")
        assert refused.startswith("Difficulty levels are rated for hands of 3 or 4 cards")
        assert MATCH.of(application.chat_data[ANN].table) is None


async def test_two_settings_at_once_never_leave_nothing_to_deal(tmp_path: Path) -> None:
    """Hard hands of three cards from 1 to 10 exist for 24, and any hand for 95; no hard hand
    of three such cards makes 95."""
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/settings cards 3")  # rates three cards for 24
        await reply_to(api, ANN, GROUP, "/settings deck 10")
        before = len(api.sent)
        api.send(ANN, GROUP, "/settings target 95")  # rated in a worker: takes a while
        api.send(ANN, GROUP, "/settings difficulty hard")  # known at once for 24
        sent = await api.wait_for_sent(before + 2)
        settings = application.chat_data[GROUP].table.settings
        texts = [plain_text(m["text"]) for m in sent[before:]]
        assert (settings.target, settings.difficulty) in [(95, None), (24, "hard")]
        assert any(text.startswith("No hard hands of 3 cards make 95") for text in texts)


async def test_a_match_goes_on_after_a_restart_between_its_rounds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The next round's deal a second after the win (not four): time enough for the restart.
    monkeypatch.setattr(matches, "NEXT_DEAL_DELAY", 1.0)
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        hand = dealt(await deal(api, ANN, ANN, "/play 2"))
        await reply_to(api, ANN, ANN, solve(hand)[0].text)
    before = len(api.sent)
    async with running_bot(api, tmp_path):
        sent = await api.wait_for_sent(before + 1, timeout=15)
    assert plain_text(sent[before]["caption"]).startswith("Round 2 of 2")
