"""Helpers for the private duels' tests: the players, an invitation made in private, shared
through inline mode and opened by its link, a hand won in private, what the bot said."""

from __future__ import annotations

from typing import Any

from bot.games.duel.parts import DUELS
from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.duels import the_duel as the_duel
from tests.bot.harness import ANN, BotApplication, FakeClock, settled, until
from tests.bot.harness import CAROL as CAROL
from tests.bot.harness import DAVE as DAVE
from tests.bot.harness import NOON as NOON
from tests.bot.harness import players as players


def in_chat(api: LocalBotApi, chat: int, since: int) -> list[str]:
    """What the bot sent (or edited) in ``chat`` since ``since``, as plain text."""
    return [
        plain_text(m.get("text") or m.get("caption") or "")
        for m in api.sent[since:]
        if m["chat"]["id"] == chat
    ]


async def invitation(api: LocalBotApi, application: BotApplication) -> tuple[dict[str, Any], str]:
    """Ann's /duel in private: the bot's message and the invitation's token."""
    before = len(api.sent)
    api.send(ANN, ANN, "/duel")
    await api.wait_for_sent(before + 1)
    await settled(api, application)
    message = api.sent[before]
    query = message["reply_markup"]["inline_keyboard"][0][0]["switch_inline_query_chosen_chat"]
    return message, str(query["query"]).split()[1]


async def share(api: LocalBotApi, application: BotApplication, token: str) -> dict[str, Any]:
    """Ann sends the invitation into her chat with Dave through inline mode."""
    query_id = api.inline_query(ANN, f"duel {token}", "private")
    await until(lambda: query_id in api.inline_answers)
    shared = api.choose_inline_result(ANN, query_id, f"duel:{token}")
    await settled(api, application)
    return shared


async def open_link(
    api: LocalBotApi, application: BotApplication, user: int, token: str
) -> list[str]:
    """``user`` opens the invitation's link; returns what the bot said to them."""
    before = len(api.sent)
    api.send(user, user, f"/start duel_{token}")
    await api.wait_for_sent(before + 1)
    await settled(api, application)
    if DUELS.get(application.bot_data.global_data).duel_of(user) is not None:
        await until(lambda: the_duel(application, user).live)
        await settled(api, application)
    return in_chat(api, user, before)


async def win_hand(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, player: int
) -> int:
    """``player`` types a right answer in private 7 s into the hand; returns where the bot's
    messages since then start in ``api.sent``."""
    duel = the_duel(application, player)
    assert duel.hand is not None and duel.live
    clock.now += 7
    before = len(api.sent)
    api.send(player, player, solve(list(duel.hand.hand), 24)[0].text)
    await api.wait_for_sent(before + 2)
    await settled(api, application)
    if not duel.over:
        await until(lambda: duel.live)
        await settled(api, application)
    return before
