"""Each hand's record against a script's steady pace, through the local Bot API with a fixed
clock: a player half of whose last answers (up to ten, this one among them) came under 3 s
sets no record, in private rounds and duels, however far above each hand's floor; told why;
records count again once their pace is a person's; the answers kept survive a restart; a
private round so won offers no challenge."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from bot.rules.pace import RECENT_KEPT, floor_of
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from solver import solve
from tests.bot.duels import accept, invite, players, the_duel, win_hand
from tests.bot.harness import ANN, NOON, BotApplication, FakeClock, dealt, make_api, running_bot

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

CAT = 503
"""The holder of every hand's record before the script plays (9.0 s, from another chat)."""
STEADY = (
    "No record at a script's steady pace: half or more of your last 10 answers came within "
    "3 s. Records count again once more than half of them take 3 s or more."
)


async def private_round(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, above_floor: float
) -> tuple[tuple[int, ...], list[str]]:
    """Ann deals in private (the hand's record 9.0 s by Cat) and answers right
    ``above_floor`` seconds after the hand's floor (or, if negative, at ``-above_floor``
    seconds); the hand and the lines of the win."""
    before = len(api.sent)
    api.send(ANN, ANN, "/play")
    hand = dealt((await api.wait_for_sent(before + 1))[before])
    application.bot_data.global_data.hand_records.note(hand, 24, CAT, 9.0, ROUND_SOURCE)
    clock.now += floor_of(hand) + above_floor if above_floor >= 0 else -above_floor
    before = len(api.sent)
    api.send(ANN, ANN, solve(hand)[0].text)
    won = (await api.wait_for_sent(before + 1))[before]
    return hand, plain_text(won.get("text") or won.get("caption", "")).splitlines()


def win_of(api: LocalBotApi) -> dict:
    """The last win the bot announced."""
    return next(m for m in reversed(api.sent) if "wins in" in (m.get("text") or ""))


async def test_private_rounds_answered_just_above_each_floor_set_no_record(
    tmp_path: Path,
) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        played = [await private_round(api, application, clock, 0.1) for _ in range(RECENT_KEPT)]
        records = application.bot_data.global_data.hand_records
        holders = {records.get(hand, 24).holder for hand, _ in played}
    assert holders == {CAT}
    assert all(lines[1].endswith(STEADY) for _, lines in played)


async def test_a_new_players_first_answer_at_a_scripts_pace_sets_no_record(
    tmp_path: Path,
) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand, _lines = await private_round(api, application, clock, 0.1)
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert record.holder == CAT


async def test_a_fast_answer_among_a_persons_answers_sets_the_record(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for _ in range(2):
            await private_round(api, application, clock, -6.0)
        hand, lines = await private_round(api, application, clock, -2.5)
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert lines[1].startswith("🏅 New record for this hand: 2.5 s!")
    assert record.holder == ANN


async def test_records_count_again_once_the_pace_is_a_persons(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        for _ in range(3):
            await private_round(api, application, clock, 0.1)
        for _ in range(5):
            await private_round(api, application, clock, -6.0)
        hand, _lines = await private_round(api, application, clock, 0.1)
        record = application.bot_data.global_data.hand_records.get(hand, 24)
    assert record.holder == ANN


async def test_a_duel_won_just_above_each_floor_sets_no_record(tmp_path: Path) -> None:
    api, clock = players(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        records = application.bot_data.global_data.hand_records
        hands = []
        for _ in range(3):
            hand = the_duel(application).hand
            assert hand is not None
            hands.append(hand.hand)
            records.note(hand.hand, hand.target, CAT, 9.0, ROUND_SOURCE)
            said = await win_hand(api, application, clock, ANN, seconds=floor_of(hand.hand) + 0.1)
        holders = {records.get(hand, 24).holder for hand in hands}
    assert holders == {CAT}
    assert STEADY in said[0]


async def test_the_answers_kept_survive_a_restart(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await private_round(api, application, clock, -6.0)
    async with running_bot(make_api(), tmp_path, clock=clock) as application:
        kept = application.user_data[ANN].paces
    assert kept == [6.0]


async def test_a_private_round_won_at_a_scripts_pace_offers_no_challenge(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await private_round(api, application, clock, 0.1)
        won = win_of(api)
    assert "reply_markup" not in won  # no "Challenge a friend" with a script's time


async def test_a_private_round_won_at_a_persons_pace_offers_a_challenge(tmp_path: Path) -> None:
    api, clock = make_api(), FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await private_round(api, application, clock, -6.0)
        won = win_of(api)
    assert "reply_markup" in won
