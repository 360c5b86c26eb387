"""Throwaway accounts buy no rating, through the local Bot API: Ann's private invitations
taken up by fresh accounts that forfeit at once (before a hand reached them both: not
rated, and both are told so) or after one wrong answer each (rated, but a win over a
provisional player moves Ann little, and her day's gain from them stops at the cap)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS, RATINGS
from bot.rules.duel.race import Duel
from bot.rules.duel.rating import PAIR_CAP_PER_DAY, PROVISIONAL_GAIN_PER_DAY
from tests.bot.harness import (
    ANN,
    NOON,
    BotApplication,
    FakeClock,
    FaultyBotApi,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

FIRST_ALT = 600


def with_alts(count: int) -> FaultyBotApi:
    api = make_api()
    for n in range(count):
        api.add_user(FIRST_ALT + n, f"Alt{n}", language_code="en")
    return api


async def farm_duel(
    api: FaultyBotApi,
    application: BotApplication,
    alt: int,
    *,
    contest: bool,
    answers: bool = True,
) -> tuple[Duel, int]:
    """The alt invites Ann (she gets the fewest messages so), Ann takes it up through its
    link, and the alt stops: at once, while Ann's picture of the first hand is still on its
    way (held), or once both have the hand (after one wrong answer each, with ``answers``).
    Returns the duel and where its end starts in ``api.sent``."""
    duels = DUELS.get(application.bot_data.global_data)
    before = len(api.sent)
    api.send(alt, alt, "/duel")
    await api.wait_for_sent(before + 1)
    keyboard = api.sent[before]["reply_markup"]["inline_keyboard"]
    token = str(keyboard[0][0]["switch_inline_query_chosen_chat"]["query"]).split()[1]
    held = api.hold_next("sendPhoto")  # the first hand's picture, to the inviter
    api.send(ANN, ANN, f"/start duel_{token}")
    await until(lambda: duels.duel_of(alt) is not None)
    duel = duels.duel_of(alt)
    assert duel is not None
    if contest:
        held.set()
        await until(
            lambda: {m["chat"]["id"] for m in api.sent[before:] if "photo" in m} >= {ANN, alt}
        )
        await settled(api, application)
        for player in (ANN, alt) if answers else ():
            await reply_to(api, player, player, "1+1+1+1")
    await until(lambda: duel.hand is not None)
    end = len(api.sent)
    api.send(alt, alt, "/duel stop")
    await until(lambda: duel.over)
    held.set()
    await settled(api, application)
    return duel, end


async def farm(api: FaultyBotApi, application: BotApplication, alts: int) -> list[Duel]:
    """Each alt plays Ann three times a day (the pair's cap of rated duels): the first half
    of the alts stop at once, the others after one wrong answer each."""
    played = []
    for n in range(alts):
        for _ in range(PAIR_CAP_PER_DAY):
            duel, _end = await farm_duel(api, application, FIRST_ALT + n, contest=n >= alts // 2)
            played.append(duel)
    return played


async def test_a_duel_stopped_before_a_hand_reached_both_is_not_rated(tmp_path: Path) -> None:
    api = with_alts(1)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        duel, end = await farm_duel(api, application, FIRST_ALT, contest=False)
        ann = RATINGS.get(application.bot_data.global_data).of(ANN)
        told = {m["chat"]["id"]: m["text"] for m in api.sent[end:] if "🏳" in m.get("text", "")}
    assert not duel.rated
    assert ann.rated == 0
    assert told[ANN].endswith("Not rated: the duel ended before a hand reached you both.")
    assert told[FIRST_ALT] == told[ANN]


async def test_wins_over_a_throwaway_account_stop_at_the_days_cap(tmp_path: Path) -> None:
    api = with_alts(1)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        for _ in range(PAIR_CAP_PER_DAY):  # a forfeit once both have the hand: rated
            await farm_duel(api, application, FIRST_ALT, contest=True, answers=False)
        ann = RATINGS.get(application.bot_data.global_data).of(ANN)
        told = [m["text"] for m in api.sent if m["chat"]["id"] == ANN and "🏳" in m.get("text", "")]
    assert ann.rated == PAIR_CAP_PER_DAY
    assert ann.shown.points - 1500 == PROVISIONAL_GAIN_PER_DAY  # +26, +23, then what is left
    assert told[0].endswith(
        "A win over a provisional player (in their first duels) moves Ann's rating little, so "
        "that new accounts cannot lift it: a win over an established player counts in full."
    )
    assert told[-1].endswith(  # the day's cap cut this win to what was left: said as such
        "Ann: 1550 (+1), provisional\n"
        "Ann has now gained 50 points today from forfeits and new players, the most a day, "
        "so this win adds only 1 point to their rating (the loser's changes as usual). Wins "
        "played out against established players still count today, and the allowance starts "
        "again tomorrow."
    )


@pytest.mark.slow
async def test_six_throwaway_accounts_lift_a_player_by_the_days_cap_at_most(
    tmp_path: Path,
) -> None:
    """The attack of issue #38: six fresh accounts, three duels each, in one day."""
    api = with_alts(6)
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)) as application:
        await farm(api, application, 6)
        ann = RATINGS.get(application.bot_data.global_data).of(ANN)
    assert ann.shown.points - 1500 <= PROVISIONAL_GAIN_PER_DAY
