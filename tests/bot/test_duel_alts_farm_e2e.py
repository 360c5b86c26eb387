"""Second accounts that forfeit to each other buy nothing either, through the local Bot API:
once past their first duels they are still not *established* (five duels played out
against five players, over a week), and a win by forfeit is weighed and capped whoever the
opponent, so Ann's day's gain from them stops at the cap (issue #38, round 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS, RATINGS
from bot.rules.duel.race import Duel
from bot.rules.duel.rating import PAIR_CAP_PER_DAY, PROVISIONAL_DUELS, PROVISIONAL_GAIN_PER_DAY
from solver import solve
from tests.bot.harness import (
    ANN,
    NOON,
    BotApplication,
    FakeClock,
    FaultyBotApi,
    make_api,
    running_bot,
    settled,
    until,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

ALT0, ALT1, ALT2 = 600, 601, 602


def with_alts() -> FaultyBotApi:
    api = make_api()
    for n, alt in enumerate((ALT0, ALT1, ALT2)):
        api.add_user(alt, f"Alt{n}", language_code="en")
    return api


def wrong(hand: tuple[int, ...]) -> str:
    """A wrong answer made of the hand's cards (a counted miss)."""
    return "+".join(map(str, hand)) if sum(hand) != 24 else "-".join(map(str, hand))


async def started(api: FaultyBotApi, application: BotApplication, inviter: int, taker: int) -> Duel:
    """``inviter`` sends a private /duel, ``taker`` takes it up through its link; returns the
    duel once its first hand has reached them both."""
    duels = DUELS.get(application.bot_data.global_data)
    before = len(api.sent)
    api.send(inviter, inviter, "/duel")
    await api.wait_for_sent(before + 1)
    keyboard = api.sent[before]["reply_markup"]["inline_keyboard"]
    token = str(keyboard[0][0]["switch_inline_query_chosen_chat"]["query"]).split()[1]
    api.send(taker, taker, f"/start duel_{token}")
    await until(lambda: duels.duel_of(inviter) is not None)
    duel = duels.duel_of(inviter)
    assert duel is not None
    await until(lambda: duel.shown)
    await settled(api, application)
    return duel


async def forfeited(
    api: FaultyBotApi, application: BotApplication, inviter: int, taker: int, loser: int
) -> Duel:
    """A duel both players saw a hand of, which ``loser`` then stops: rated, a forfeit."""
    duel = await started(api, application, inviter, taker)
    api.send(loser, loser, "/duel stop")
    await until(lambda: duel.over)
    await settled(api, application)
    return duel


async def make_look_settled(api: FaultyBotApi, application: BotApplication) -> None:
    """Alt0 plays five rated duels, forfeited to it by Alt1 and Alt2 (three and two): past
    its first duels, as a settled player looks."""
    for n in range(PROVISIONAL_DUELS):
        await forfeited(api, application, ALT0, ALT1 if n < PAIR_CAP_PER_DAY else ALT2, ALT0)


async def test_forfeits_among_second_accounts_then_to_ann_lift_her_by_the_cap(
    tmp_path: Path,
) -> None:
    api = with_alts()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await make_look_settled(api, application)
        ratings = RATINGS.get(application.bot_data.global_data)
        assert not ratings.of(ALT0).shown.provisional
        for _ in range(PAIR_CAP_PER_DAY):
            await forfeited(api, application, ALT0, ANN, ALT0)
        ann = ratings.of(ANN)
        told = [m["text"] for m in api.sent if m["chat"]["id"] == ANN and "🏳" in m.get("text", "")]
    assert ann.rated == PAIR_CAP_PER_DAY
    assert ann.shown.points - 1500 <= PROVISIONAL_GAIN_PER_DAY
    assert "moves Ann's rating little" in told[0]


async def ann_wins_hand(api: FaultyBotApi, clock: FakeClock, duel: Duel) -> None:
    """Alt0 answers the live hand wrong, then Ann right, 5 s after it reached them."""
    played = len(duel.results)
    await until(lambda: duel.live and ANN in duel.delivered and ALT0 in duel.delivered)
    hand = duel.hand
    assert hand is not None
    clock.now += 5
    api.send(ALT0, ALT0, wrong(hand.hand))
    await until(lambda: duel.attempted(ALT0))
    api.send(ANN, ANN, solve(list(hand.hand), 24)[0].text)
    await until(lambda: len(duel.results) > played)


async def test_a_win_over_an_account_that_only_had_forfeits_is_weighed(
    tmp_path: Path,
) -> None:
    clock = FakeClock(NOON)
    api = with_alts()
    async with running_bot(api, tmp_path, clock=clock) as application:
        await make_look_settled(api, application)
        duel = await started(api, application, ALT0, ANN)
        for _ in range(3):  # Ann wins three hands, Alt0 answering each one wrong
            await ann_wins_hand(api, clock, duel)
        await settled(api, application)
        change = RATINGS.get(application.bot_data.global_data).of(ANN).recent[0].change
        told = [m["text"] for m in api.sent if m["chat"]["id"] == ANN and "🏆" in m.get("text", "")]
    assert 0 < change <= 30  # weighed by a quarter: about +26, not OpenSkill's +100
    assert duel.played_out
    assert told[-1].endswith(
        "A win over a player not yet established (five duels played out against five "
        "players, over a week) moves Ann's rating little, so that new accounts cannot lift it: "
        "a win over an established player counts in full."  # and no achievement
    )
