"""Griefing in a group with privacy mode on: who may stop, skip, reveal or take a hint at
once, votes for everyone else, and matches that never end silently."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.games import one_or_many
from tests.bot.harness import ANN, GROUP, deal, dealt, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio

CAROL, DAVE, EVE, FRANK = 503, 504, 505, 506
"""Plain members of the group (Ann is its admin)."""


def group() -> LocalBotApi:
    api = make_api()
    for user, name in ((CAROL, "Carol"), (DAVE, "Dave"), (EVE, "Eve"), (FRANK, "Frank")):
        api.add_user(user, name, language_code="en")
    return api


def attempt(hand: tuple[int, ...]) -> str:
    """A real attempt that is wrong: every card once, the largest less the others (below 24)."""
    return "/a " + "-".join(map(str, sorted(hand, reverse=True)))


async def carols_round(api: LocalBotApi, command: str = "/play") -> tuple[int, ...]:
    """Carol deals; Dave answers wrongly, so he is a player of the round too."""
    hand = dealt(await deal(api, CAROL, GROUP, command))
    await reply_to(api, DAVE, GROUP, attempt(hand))
    return hand


def won(hand: tuple[int, ...]) -> str:
    return "/a " + solve(hand, 24)[0].text


async def test_a_bystander_cannot_stop_someone_elses_round(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await carols_round(api)
        reply = await reply_to(api, EVE, GROUP, "/stop")
    assert reply == (
        "Only players of this round can vote to stop the game: try an answer with its cards "
        "first. Whoever started it, or an admin, can do it at once."
    )


async def test_two_bystanders_answering_nonsense_take_no_hint(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await deal(api, CAROL, GROUP, "/play 3")
        for user in (EVE, FRANK):
            await reply_to(api, user, GROUP, "/a x")
        await reply_to(api, EVE, GROUP, "/hint")
        reply = await reply_to(api, FRANK, GROUP, "/hint")
    assert reply == (
        "Only players of this round can vote to take a hint: try an answer with its cards "
        "first. Whoever started it, or an admin, can do it at once."
    )


async def test_two_bystanders_answering_nonsense_do_not_stop_a_match(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await deal(api, CAROL, GROUP, "/play 3")
        for user in (EVE, FRANK):
            await reply_to(api, user, GROUP, "/a x")
        await reply_to(api, EVE, GROUP, "/stop")
        reply = await reply_to(api, FRANK, GROUP, "/stop")
    assert reply == (
        "Only players of this round can vote to stop the game: try an answer with its cards "
        "first. Whoever started it, or an admin, can do it at once."
    )


async def test_a_bystander_is_told_in_chinese_what_makes_a_player(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "zh"
        await deal(api, CAROL, GROUP)
        await reply_to(api, EVE, GROUP, "/a x")
        reply = await reply_to(api, EVE, GROUP, "/hint")
    assert reply == (
        "只有本局的玩家才能投票要提示：先用这几张牌试着作答吧。发起本局的人或管理员可以直接要提示。"
    )


async def test_newcomers_cannot_outvote_the_players(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api)  # Carol and Dave play
        for user in (EVE, FRANK):
            await reply_to(api, user, GROUP, attempt(hand))
        await reply_to(api, EVE, GROUP, "/stop")
        reply = await reply_to(api, FRANK, GROUP, "/stop")
    assert reply == (
        "A vote to stop the game: 2 of 3 players. Another player of this round can agree "
        "with /stop; whoever started it, or an admin, can do it at once."
    )


async def test_a_players_request_is_a_vote(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await carols_round(api)
        reply = await reply_to(api, DAVE, GROUP, "/skip")
    assert reply == (
        "A vote to skip this hand: 1 of 2 players. Another player of this round can agree "
        "with /skip; whoever started it, or an admin, can do it at once."
    )


async def test_two_players_agreeing_skip_the_hand(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api)
        await reply_to(api, DAVE, GROUP, "/skip")
        await reply_to(api, EVE, GROUP, attempt(hand))  # Eve plays too now
        reply = plain_text(await reply_to(api, EVE, GROUP, "/skip"))
    header = one_or_many(hand, "Skipped. The solution was:", "Skipped. The solutions were:")
    assert reply.splitlines()[0] == header


async def test_the_starter_reveals_at_once(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api)
        reply = plain_text(await reply_to(api, CAROL, GROUP, "/reveal"))
    assert reply.splitlines()[0] == one_or_many(hand, "The solution:", "The solutions:")


async def test_an_admin_stops_at_once_and_the_solutions_are_shown(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api)
        reply = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
    header = one_or_many(hand, "The solution was:", "The solutions were:")
    assert reply.splitlines()[0] == header
    assert reply.endswith("\nGame stopped. /play to start again.")
    assert solve(hand, 24)[0].pretty in reply


async def test_a_bystanders_hints_do_not_cut_the_winners_points(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api)
        for _ in range(3):
            await reply_to(api, EVE, GROUP, "/hint")
        win = plain_text(await reply_to(api, CAROL, GROUP, won(hand)))
    level_points = {"1": 10, "2": 15, "3": 20, "4": 30, "5": 40}
    assert any(f"+{points} points" in win for points in level_points.values())
    assert "+2 points" not in win


async def test_a_starters_hint_is_given_at_once(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await carols_round(api)
        reply = await reply_to(api, CAROL, GROUP, "/hint")
    assert not reply.startswith(("A vote", "Only players"))


async def test_play_in_a_matchs_next_round_does_not_end_it(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api, "/play 3")
        await reply_to(api, CAROL, GROUP, won(hand))  # the win, and round 2 with it
        reply = await reply_to(api, DAVE, GROUP, "/play")
    assert reply == "A round is on: answer it with /a, or use /hint, /reveal or /skip."


async def test_play_between_a_private_matchs_rounds_does_not_end_it(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = dealt(await deal(api, CAROL, CAROL, "/play 3"))
        await reply_to(api, CAROL, CAROL, won(hand))  # in private the next round comes later
        reply = await reply_to(api, CAROL, CAROL, "/play")
    assert reply == "A match is on: round 2 of 3 comes in a moment. /stop ends the match."


async def test_a_stopped_match_shows_its_standings(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api, "/play 3")
        await reply_to(api, CAROL, GROUP, won(hand))
        stopped = plain_text(await reply_to(api, ANN, GROUP, "/stop"))  # in round 2
    assert "\nMatch stopped after 2 of 3 rounds.\n🏆 Carol wins the match" in stopped


async def test_the_standings_have_the_languages_colon(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "zh"
        hand = await carols_round(api, "/play 3")
        win = plain_text(await reply_to(api, CAROL, GROUP, won(hand)))
        stopped = plain_text(await reply_to(api, ANN, GROUP, "/stop"))
    points = re.search(r"\+(\d+) 分", win)
    assert points, win
    assert stopped.split("\n")[-1] == f"1. Carol：{points.group(1)}"


async def test_a_match_ends_with_its_winner(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        hand = await carols_round(api, "/play 2")
        await reply_to(api, CAROL, GROUP, won(hand))
        second = dealt(api.sent[-1])  # the win and round 2, in one picture
        last = plain_text(await reply_to(api, DAVE, GROUP, won(second)))
    assert "\n\n🏆 " in last  # the last win and the final standings, in one message


async def test_the_daily_in_private_has_no_hints(tmp_path: Path) -> None:
    api = group()
    async with running_bot(api, tmp_path):
        await reply_to(api, CAROL, CAROL, "/daily")
        reply = await reply_to(api, CAROL, CAROL, "/hint")
    assert reply == "The daily puzzle has no hints: just you and the clock."
