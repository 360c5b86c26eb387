"""A group's status message of wrong answers and its message of late right ones, end to end
through the local Bot API, in a group with privacy mode on (players answer with /a)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.games.rounds import group_status
from bot.local_api import LocalBotApi, plain_text
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    CAROL,
    GROUP,
    deal,
    dealt,
    game_jobs,
    handled,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio

TOO_EARLY = "Bob: the answer ends too early, after “(” (column {})"
"""Bob's reason for ``/a (`` (column 1) and ``/a ((`` (column 2), whatever the hand."""


def _to_group(api: LocalBotApi, before: int) -> list[dict]:
    """What the bot sent or edited in the group since ``before``."""
    return [m for m in api.sent[before:] if m["chat"]["id"] == GROUP]


async def test_a_deleted_status_message_is_sent_anew(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, ANN, GROUP)
        await reply_to(api, BOB, GROUP, "/a (")
        api.delete(ANN, api.sent[-1])  # Ann, an admin, deletes "Not yet:"
        before = len(api.sent)
        api.send(BOB, GROUP, "/a ((")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
    assert [(m.get("edited"), plain_text(m["text"])) for m in _to_group(api, before)] == [
        (None, f"Not yet:\n{TOO_EARLY.format(1)}\n{TOO_EARLY.format(2)}")
    ]


async def test_a_status_message_that_cannot_be_edited_is_sent_anew(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, ANN, GROUP)
        await reply_to(api, BOB, GROUP, "/a (")
        api.fail_next("editMessageText", 400, "Bad Request: message can't be edited")
        before = len(api.sent)
        api.send(BOB, GROUP, "/a ((")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
    assert [(m.get("edited"), plain_text(m["text"])) for m in _to_group(api, before)] == [
        (None, f"Not yet:\n{TOO_EARLY.format(1)}\n{TOO_EARLY.format(2)}")
    ]


async def _late_after_bobs_win(
    api: LocalBotApi,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    after_win: Callable[[LocalBotApi, dict, str], None],
    language: str = "en",
) -> str:
    """Bob wins a round, ``after_win(api, bob's winning message, the answer)`` sends right
    answers that come too late; returns the one message naming them."""
    monkeypatch.setattr(group_status, "LATE_DELAY", 0.5)
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = language
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        winning = api.send(BOB, GROUP, f"/a {answer}")
        before = len(api.sent)
        await api.wait_for_sent(before + 1)  # the win
        after_win(api, winning, answer)
        await api.wait_for_sent(before + 2)
        await settled(api, application)
    (late,) = [plain_text(m["text"]) for m in api.sent[before + 1 :]]
    return late


async def test_the_winner_who_edits_his_answer_is_not_named_too_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def after_win(api: LocalBotApi, winning: dict, answer: str) -> None:
        api.edit(winning, f"/a {answer} = 24")
        api.send(ANN, GROUP, f"/a {answer}")

    late = await _late_after_bobs_win(make_api(), tmp_path, monkeypatch, after_win)
    assert late == "Also right, but too late: Ann"


async def test_the_winner_who_sends_his_answer_again_is_not_named_too_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def after_win(api: LocalBotApi, winning: dict, answer: str) -> None:
        api.send(BOB, GROUP, f"/a {answer}")
        api.send(ANN, GROUP, f"/a {answer}")

    late = await _late_after_bobs_win(make_api(), tmp_path, monkeypatch, after_win)
    assert late == "Also right, but too late: Ann"


async def test_a_late_player_is_named_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def after_win(api: LocalBotApi, winning: dict, answer: str) -> None:
        late = api.send(ANN, GROUP, f"/a {answer}")
        api.edit(late, f"/a {answer} = 24")
        api.send(ANN, GROUP, f"/a {answer}")

    late = await _late_after_bobs_win(make_api(), tmp_path, monkeypatch, after_win)
    assert late == "Also right, but too late: Ann"


async def test_late_players_are_listed_with_the_languages_comma(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = make_api()
    api.add_user(CAROL, "Carol", language_code="zh")

    def after_win(api: LocalBotApi, winning: dict, answer: str) -> None:
        api.send(ANN, GROUP, f"/a {answer}")
        api.send(CAROL, GROUP, f"/a {answer}")

    late = await _late_after_bobs_win(api, tmp_path, monkeypatch, after_win, "zh")
    assert late == "也答对了，但晚了一步：Ann、Carol"


async def test_the_winner_sending_his_answer_again_costs_the_group_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(group_status, "LATE_DELAY", 0.5)
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        await reply_to(api, BOB, GROUP, f"/a {answer}")  # the win
        before = len(api.sent)
        api.send(BOB, GROUP, f"/a {answer}")
        await settled(api, application)
        jobs = game_jobs(application)
    assert (api.sent[before:], jobs) == ([], ())  # nothing sent, and no message on its way


async def test_a_status_line_has_the_languages_colon(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "zh"
        await deal(api, ANN, GROUP)
        before = len(api.sent)
        api.send(BOB, GROUP, "/a (")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
    (status,) = _to_group(api, before)
    assert (
        plain_text(status["text"])
        == "还没答对：\nBob：算式没写完：“(”（第 1 个字符）后面还缺一个数"
    )


async def test_a_lone_wrong_answer_is_shown_in_a_moment(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        await deal(api, ANN, GROUP)
        await reply_to(api, BOB, GROUP, "/a (")
        await reply_to(api, BOB, GROUP, "/a ((")
        started = time.monotonic()
        await reply_to(api, BOB, GROUP, "/a (((")  # the third, as quick as the others
        shown = time.monotonic() - started
    assert shown < group_status.STATUS_HOLD + 1  # held only for the answers coming with it


async def test_a_busy_round_stays_within_the_limit_and_announces_its_winner_at_once(
    tmp_path: Path,
) -> None:
    api = make_api()
    players = range(1000, 1030)
    for user in players:
        api.add_user(user, f"P{user}")
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        before = len(api.sent)
        for user in players:  # guesses that come one after another, each on its own
            api.send(user, GROUP, "/a (")
            await handled(api, application)
        api.send(BOB, GROUP, f"/a {answer}")
        started = time.monotonic()
        await until(
            lambda: [m for m in api.sent[before:] if m.get("text", "").startswith("🎉")],
            timeout=15,
        )
        announced = time.monotonic() - started
        await settled(api, application)
        paused = application.bot_data.outbox.stats.paused
    statuses = [m for m in api.sent[before:] if m["text"].startswith("Not yet")]
    assert announced < 5  # not held up by the status message's edits
    assert len(statuses) < 10  # the guesses were gathered into a few edits
    assert paused == 0  # and Telegram never said "Too Many Requests"
