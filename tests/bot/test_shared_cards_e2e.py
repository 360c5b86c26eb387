"""Three cards of a live hand are a spoiler, through the local Bot API: /solve and inline mode
refuse numbers sharing three cards with a hand the asker is playing (or a daily puzzle they
may still score), whatever the target, and a round's own hand with another target too
(see bot/rules/spoilers.py).  A red team won rounds, daily puzzles, hunts, Rush runs, duels
and Countdown games with /solve of three cards and an adjusted target."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot import duels
from tests.bot.games import daily, not_in, solve_headline, start, the_hunt, three_of
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    GROUP,
    NOON,
    FakeClock,
    deal,
    dealt,
    reply_to,
    running_bot,
    with_carol,
)
from tests.bot.rush_play import the_run
from tests.bot.trust_data import answer_of

pytestmark = pytest.mark.asyncio

# CAROL (tests.bot.harness): A user who has never been seen in the group.

DAY = dt.date(2026, 11, 23)
"""The test day: its daily puzzle is 2 6 6 12 (6 6 12 = 12 gives 12+6−6, and ×2 wins)."""

ROUND_PART = (
    "No spoilers: three of those numbers are cards of a hand you are playing right now. "
    "Ask again once its round is over (/hint helps meanwhile)."
)
ROUND_HELD = (
    "No spoilers: those numbers hold a hand you are playing right now. "
    "Ask again once its round is over (/hint helps meanwhile)."
)
ROUND_PART_ELSEWHERE = (
    "No spoilers: three of those numbers are cards of a hand you are playing right now. "
    "Ask again once its round is over."
)
"""Asked away from the round's chat, where /hint would not help."""
ROUND_HELD_ELSEWHERE = (
    "No spoilers: those numbers hold a hand you are playing right now. "
    "Ask again once its round is over."
)
PEEKED_ROUND = (
    "You were given this hand's solutions while it was being played (/solve or inline "
    "mode): your answers to it score nothing."
)
DAILY_PART = (
    "No spoilers: three of those numbers are cards of today's daily puzzle. Solve it first: /daily"
)


def part_request(hand: tuple[int, ...]) -> str:
    """Three of ``hand``'s cards (:func:`three_of`) with the target they make on the way to
    24 when the fourth is added (24 less the fourth when no way is found: the cards are what
    is refused), as /solve takes them."""

    three = three_of(hand)
    (fourth,) = Counter(hand) - Counter(three)
    targets = [24 - fourth, 24 + fourth, 24 * fourth]
    target = next((t for t in targets if t > 0 and solve(list(three), t)), 24 - fourth)
    return " ".join(map(str, three)) + f" = {target}"


async def a_live_round(api: LocalBotApi, chat: int = GROUP, user: int = ANN) -> tuple[int, ...]:
    """``user`` deals in ``chat``: the hand."""
    return dealt(await deal(api, user, chat))


# --- rounds --------------------------------------------------------------------------------


async def test_three_cards_of_a_live_round_are_refused_in_private(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        reply = await reply_to(api, ANN, ANN, f"/solve {part_request(hand)}")
    assert reply == ROUND_PART_ELSEWHERE


async def test_three_cards_of_a_live_round_are_refused_in_the_group(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        reply = await reply_to(api, ANN, GROUP, f"/solve {part_request(hand)}")
    assert reply == ROUND_PART


async def test_three_cards_of_a_live_round_beside_another_number_are_refused(
    tmp_path: Path,
) -> None:
    # /solve 2 8 12 5 = 7 lists 12÷(8−2)+5: the extra number carries the part.  (Not one of
    # the hand's: with the fourth card it is the whole hand, refused as such.)
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        three = " ".join(map(str, three_of(hand)))
        reply = await reply_to(api, ANN, ANN, f"/solve {three} {not_in(hand)} = 7")
    assert reply == ROUND_PART_ELSEWHERE


async def test_three_cards_of_a_live_round_are_refused_inline(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        answer = await api.wait_for_inline_answer(api.inline_query(ANN, part_request(hand)))
    assert answer["results"][0]["title"] == ROUND_PART_ELSEWHERE


async def test_three_cards_of_a_live_round_are_refused_in_chinese(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api, BOB, BOB)
        reply = await reply_to(api, BOB, BOB, f"/solve {part_request(hand)}")
    assert reply == (
        "不能剧透：这些数里有三个出自你正在玩的那手牌。等这一局结束再问吧（这期间可以用 /hint）。"
    )


async def test_the_rounds_hand_with_the_inverse_target_is_refused(tmp_path: Path) -> None:
    # 2 4 6 9 = 1/24 gave (9÷4−2)÷6, the round's 6÷(9÷4−2) upside down.
    api = with_carol()
    async with running_bot(api, tmp_path):
        cards = " ".join(map(str, await a_live_round(api)))
        reply = await reply_to(api, ANN, ANN, f"/solve {cards} = 1/24")
    assert reply == ROUND_HELD_ELSEWHERE


async def test_the_rounds_hand_under_countdowns_rules_is_refused(tmp_path: Path) -> None:
    # 1 3 9 11 countdown = 23 gave 11+9+3, which leaves the 1 out: (11+9+3)+1 won.
    api = with_carol()
    async with running_bot(api, tmp_path):
        cards = " ".join(map(str, await a_live_round(api)))
        reply = await reply_to(api, ANN, ANN, f"/solve {cards} countdown = 23")
    assert reply == ROUND_HELD_ELSEWHERE


async def test_a_non_member_given_three_cards_scores_nothing(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        hand = await a_live_round(api)
        await reply_to(api, CAROL, CAROL, f"/solve {part_request(hand)}")
        reply = await reply_to(api, CAROL, GROUP, f"/a {answer_of(hand)}")
    assert reply == PEEKED_ROUND


async def test_a_non_member_given_the_hand_for_another_target_scores_nothing(
    tmp_path: Path,
) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        # Today's puzzle solved: a hand sharing three of its cards would be refused to her.
        await reply_to(api, CAROL, CAROL, "/daily")
        await reply_to(api, CAROL, CAROL, solve(daily(DAY))[0].text)
        hand = await a_live_round(api)
        cards = " ".join(map(str, hand))
        await reply_to(api, CAROL, CAROL, f"/solve {cards} = 1/24")
        reply = await reply_to(api, CAROL, GROUP, f"/a {answer_of(hand)}")
    assert reply == PEEKED_ROUND


async def test_a_non_member_is_given_three_cards_of_a_live_round(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path):
        request = part_request(await a_live_round(api))
        reply = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {request}"))
    numbers, target = request.split(" = ")
    assert reply.splitlines()[0] == solve_headline(numbers, int(target))


# --- the daily puzzle (2 6 6 12 on the test day) ----------------------------------------------


async def test_three_cards_of_todays_daily_are_refused_before_it_is_opened(
    tmp_path: Path,
) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, CAROL, CAROL, "/solve 6 6 12 = 12")
    assert reply == DAILY_PART


async def test_three_cards_of_todays_daily_are_refused_while_its_clock_runs(
    tmp_path: Path,
) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, CAROL, CAROL, "/daily")
        reply = await reply_to(api, CAROL, CAROL, "/solve 6 6 12 = 12")
    assert reply == (
        "No spoilers: three of those numbers are cards of your daily puzzle, and your "
        "clock is running."
    )


async def test_three_cards_of_todays_daily_are_refused_in_a_group(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(DAY))[0].text)  # solved: others may not be
        reply = await reply_to(api, ANN, GROUP, "/solve 6 6 12 = 12")
    assert reply == (
        "No spoilers: three of those numbers are cards of today's daily puzzle, and others "
        "here may be on it."
    )


async def test_three_cards_of_todays_daily_are_refused_inline(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        answer = await api.wait_for_inline_answer(api.inline_query(CAROL, "6 6 12 = 12"))
    assert answer["results"][0]["title"] == DAILY_PART


async def test_three_cards_of_todays_daily_are_refused_in_chinese(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = await reply_to(api, BOB, BOB, "/solve 6 6 12 = 12")
    assert reply == "不能剧透：这些数里有三个出自今天的每日一题。先自己解出来吧：/daily"


async def test_three_cards_of_todays_daily_are_answered_once_it_is_solved(
    tmp_path: Path,
) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, CAROL, CAROL, "/daily")
        await reply_to(api, CAROL, CAROL, solve(daily(DAY))[0].text)
        reply = plain_text(await reply_to(api, CAROL, CAROL, "/solve 6 6 12 = 12"))
    assert reply.splitlines()[0] == solve_headline("6 6 12", 12)


async def test_two_cards_of_todays_daily_are_answered(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        reply = plain_text(await reply_to(api, CAROL, CAROL, "/solve 6 6 5 = 12"))
    assert reply.splitlines()[0] == solve_headline("6 6 5", 12)


async def test_three_cards_of_a_replayed_archive_puzzle_are_refused(tmp_path: Path) -> None:
    past = DAY - dt.timedelta(days=3)  # 2 4 8 9: 4 8 9 shares nothing with today's
    api = with_carol()
    async with running_bot(api, tmp_path, clock=FakeClock(NOON)):
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(DAY))[0].text)  # today's is done
        await reply_to(api, ANN, ANN, f"/daily {past.isoformat()}")
        reply = await reply_to(api, ANN, ANN, "/solve 4 8 9 = 12")
    assert reply == (
        "No spoilers: three of those numbers are cards of your daily puzzle, and your "
        "clock is running."
    )


# --- the other games --------------------------------------------------------------------------


async def test_three_cards_of_a_hunts_hand_are_refused(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, GROUP)
        hand = the_hunt(application, GROUP).hand
        await reply_to(api, CAROL, GROUP, "/a 1+1")  # Carol is seen in the group
        reply = await reply_to(api, CAROL, CAROL, f"/solve {part_request(hand)}")
    assert reply == (
        "No spoilers: three of those numbers are cards of a Solution Hunt being played right "
        "now in a group you are in. Ask again once it is over."
    )


async def test_three_cards_of_a_rush_runs_hand_are_refused(tmp_path: Path) -> None:
    api = with_carol()
    async with running_bot(api, tmp_path) as application:
        await start(api, ANN, ANN, "/rush")
        hand = the_run(application, ANN).hand
        reply = await reply_to(api, ANN, ANN, f"/solve {part_request(hand)}")
    assert reply == (
        "No spoilers: three of those numbers are cards of a hand being played in a Rush run "
        "right now. Ask again once that hand is solved or skipped."
    )


async def test_three_cards_of_a_duels_hand_are_refused(tmp_path: Path) -> None:
    api = duels.players()
    async with running_bot(api, tmp_path) as application:
        await duels.accept(api, application, await duels.invite(api, application))
        live = duels.the_duel(application).hand
        assert live is not None
        reply = await reply_to(api, duels.CAROL, duels.CAROL, f"/solve {part_request(live.hand)}")
    assert reply == (
        "No spoilers: three of those numbers are cards of a duel on right now. "
        "Ask again once the hand is over."
    )
