"""The timers service: one naming scheme for every chat's jobs, and nothing kept once a job
is gone."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.daily.subscriptions import DAILY_POST
from bot.games.rounds.matches import NEXT_DEAL
from bot.games.rounds.parts import GROUP_STATUS
from bot.games.rounds.play import HALF_TIME, TIME_UP
from bot.local_api import plain_text
from bot.rules.rounds import ROUND_SEAT
from bot.services.timers import Timers
from bot.typed_handlers import JobContext
from solver import solve
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    deal,
    dealt,
    game_jobs,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio


def _timers(application: object) -> Timers:
    return application.bot_data.timers  # type: ignore[attr-defined]


async def test_jobs_are_named_by_kind_and_chat_and_cancelled_by_kind(tmp_path: Path) -> None:
    ran: list[tuple[int, object]] = []

    async def note(context: JobContext[str]) -> None:
        ran.append((context.job.chat_id, context.job.data))

    api = make_api()
    async with running_bot(api, tmp_path) as application:
        timers = _timers(application)
        timers.run_once(note, 60, chat_id=GROUP, kind=HALF_TIME, data="half")
        timers.run_once(note, 60, chat_id=GROUP, kind=TIME_UP, data="end")
        timers.run_once(note, 0, chat_id=ANN, kind=NEXT_DEAL, data="next")
        names = sorted(job.name or "" for job in timers.pending(GROUP))
        assert names == [f"half-time:{GROUP}", f"time-up:{GROUP}"]
        timers.cancel(GROUP, HALF_TIME)
        assert [job.name for job in timers.pending(GROUP)] == [f"time-up:{GROUP}"]
        await settled(api, application)
        assert ran == [(ANN, "next")]
        assert timers.chats() == {GROUP}  # the job that ran is not kept
        timers.cancel(GROUP, TIME_UP)
        assert timers.chats() == set()
        assert game_jobs(application) == ()


async def test_a_round_leaves_no_timer_behind(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 60
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        await settled(api, application)
        assert len(_timers(application).pending(GROUP, HALF_TIME, TIME_UP)) == 2
        await reply_to(api, ANN, GROUP, f"/a {answer}")
        await settled(api, application)
        assert _timers(application).chats() == set()
        application.chat_data[GROUP].table.settings.time_limit = 1
        await deal(api, ANN, GROUP)
        await until(
            lambda: not ROUND_SEAT.on(application.chat_data[GROUP].table), interval=0.05
        )  # until the time is up
        await settled(api, application)
        assert _timers(application).chats() == set()


@pytest.mark.usefixtures("late_named_soon")  # its fact is who is named, not when
async def test_late_names_left_from_before_a_restart_do_not_silence_later_ones(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        # Saved between a late answer and its message, then the bot restarted: no job.
        GROUP_STATUS.get(application.chat_data[GROUP]).late_names = ["Zed"]
        application.chat_data[GROUP].language.chosen = "en"
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        won = plain_text(await reply_to(api, ANN, GROUP, f"/a {answer}"))
        late = plain_text(await reply_to(api, BOB, GROUP, f"/a {answer}"))
    assert won.endswith("\nAlso right, but too late: Zed")  # told with the next round's end
    assert late == "Also right, but too late: Bob"


async def test_subscriptions_are_kept_under_the_same_scheme(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, GROUP, "/subscribe 08:30")
        jobs = _timers(application).pending(GROUP, DAILY_POST)
        assert [job.name for job in jobs] == [f"daily:{GROUP}"]
        await reply_to(api, ANN, GROUP, "/unsubscribe")
        assert _timers(application).chats() == set()
        assert game_jobs(application) == ()
