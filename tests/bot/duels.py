"""Helpers for the duels' tests in a group: its players, an invitation by reply, its
buttons, a hand won, what the bot said, and an established opponent."""

from __future__ import annotations

from typing import Any

from bot.games.duel.parts import DUELS, RATINGS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.duel.race import Duel
from bot.rules.duel.rating import PlayerRating
from solver import solve
from tests.bot.harness import (
    ANN,
    GROUP,
    BotApplication,
    FakeClock,
    make_api,
    settled,
    until,
)
from tests.bot.harness import CAROL as CAROL
from tests.bot.harness import DAVE as DAVE
from tests.bot.harness import NOON as NOON


def players() -> LocalBotApi:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="en", username="carol_c")
    api.add_user(DAVE, "Dave", language_code="en")
    return api


def establish(application: BotApplication, player: int) -> None:
    """``player`` is an established duellist (five duels played out against five players,
    three weeks ago): a duel won over them counts toward achievements."""
    RATINGS.get(application.bot_data.global_data).players[player] = PlayerRating(
        rated=5, first_day="2026-11-01", played_with=[701, 702, 703, 704, 705]
    )


def texts(api: LocalBotApi, since: int) -> list[str]:
    """The plain text of every message the bot sent (or edited) since ``since``."""
    return [plain_text(m.get("text") or m.get("caption") or "") for m in api.sent[since:]]


def the_duel(application: BotApplication, player: int = ANN) -> Duel:
    duel = DUELS.get(application.bot_data.global_data).duel_of(player)
    assert duel is not None
    return duel


async def invite(
    api: LocalBotApi, application: BotApplication, inviter: int = ANN, invitee: int = CAROL
) -> dict[str, Any]:
    """``inviter`` answers a message of ``invitee`` in the group with /duel; returns the
    invitation."""
    said = api.send(invitee, GROUP, "shall we?")  # unseen by the bot (privacy mode)
    before = len(api.sent)
    api.send(inviter, GROUP, "/duel", reply_to=said["message_id"])
    await api.wait_for_sent(before + 1)
    await settled(api, application)
    return api.sent[before]


def button_data(message: dict[str, Any], index: int) -> str:
    return str(message["reply_markup"]["inline_keyboard"][0][index]["callback_data"])


async def accept(
    api: LocalBotApi, application: BotApplication, invitation: dict[str, Any], user: int = CAROL
) -> dict[str, Any]:
    """``user`` presses Accept; returns the first hand's picture."""
    before = len(api.sent)
    api.press(user, invitation, button_data(invitation, 0))
    await until(lambda: any("photo" in m for m in api.sent[before:]))
    await settled(api, application)
    return next(m for m in api.sent[before:] if "photo" in m)


async def win_hand(
    api: LocalBotApi,
    application: BotApplication,
    clock: FakeClock,
    player: int,
    seconds: float = 5.0,
) -> list[str]:
    """``player`` answers the live hand right ``seconds`` after it was dealt; returns what
    the bot said then (the result, and the next hand or the end)."""
    duel = the_duel(application, player)
    assert duel.hand is not None and duel.live
    answer = solve(list(duel.hand.hand), 24)[0].text
    clock.now += seconds
    before = len(api.sent)
    api.send(player, GROUP, f"/a {answer}")
    await api.wait_for_sent(before + 1)
    await settled(api, application)
    if not duel.over:
        await until(lambda: duel.live)
        await settled(api, application)
    return texts(api, before)


async def private_duel(
    api: LocalBotApi, application: BotApplication, inviter: int = ANN, opponent: int = CAROL
) -> Duel:
    """``inviter``'s shared invitation (/duel in private), taken up by ``opponent`` through
    its link: the duel, its first hand dealt to both."""
    duels = DUELS.get(application.bot_data.global_data)
    before = len(api.sent)
    api.send(inviter, inviter, "/duel")
    await api.wait_for_sent(before + 1)
    await settled(api, application)
    keyboard = api.sent[before]["reply_markup"]["inline_keyboard"]
    token = str(keyboard[0][0]["switch_inline_query_chosen_chat"]["query"]).split()[1]
    api.send(opponent, opponent, f"/start duel_{token}")
    await until(lambda: duels.duel_of(opponent) is not None)
    duel = the_duel(application, opponent)
    await until(lambda: duel.live)
    await settled(api, application)
    return duel
