"""A script plays Rush on the Telegram game's page: the best score it reaches at a given pace.

The attack of issue #38, measured: the real bot runs against the local Bot API (in this
process, through PTB's HTTP stack and the bot's own web server); a user presses Play under
``/game`` in a group; the script takes the page's token from the address and calls
``/app/api/rush/start``, then answers every hand with the solver's first solution at the
floor of a person's pace for that hand (:func:`bot.rules.pace.floor_of`: the fastest an
answer counts), or ``--pace`` seconds after the page was given it, until the run is over;
``--plausible`` answers every other hand at :data:`bot.rules.pace.PLAUSIBLE_MEDIAN` instead,
so that its median keeps the run on the boards.  It prints the score the server counted, the
run's length, the most its clock showed, whether the run stayed off the boards and the game
message's high-score table took the score, and the best the rules allow at that pace
(:func:`bot.rules.rush.run.best_at_floors`, :func:`~bot.rules.rush.run.best_at_pace`), to compare.

By default the bot's clock is virtual: it moves on by the pace at each answer, so a run of
ten minutes is played in seconds, with every call made for real.  ``--real`` plays on the
wall clock, as a script on the Internet would (ten minutes; the script's own latency then
costs it hands).  ``--pace 0`` is the script at full speed, waiting out each 429 as issue
#38 did: it scores nothing, and its run ends with its clock.

Usage: ``python bench/rush_script_bench.py [--pace 1.5 | --plausible] [--real]``.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import sys
import tempfile
import time
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import httpx

from bot.app import build_application, run_polling
from bot.local_api import LocalBotApi, LocalTransport
from bot.rules.pace import PLAUSIBLE_MEDIAN, floor_of
from bot.rules.rush.run import CLOCK_MOST, RUN_MOST, best_at_floors, best_at_pace
from bot.settings import Settings
from solver import solve

PLAYER, GROUP = 501, -1_000_501
GAME = "rush24"
WAIT = 30.0
"""Seconds any one step of the bot is waited for, at most."""
START = 1_800_000_000.0
"""Where the virtual clock starts (any time will do)."""


class VirtualClock:
    """The bot's clock when virtual: it stands still until the script moves it."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def until(test: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.01)


async def token_from_play(api: LocalBotApi) -> str:
    """The player sends /game in the group and presses Play: the token in the address."""
    before = len(api.sent)
    api.send(PLAYER, GROUP, "/game")
    await until(lambda: len(api.sent) > before, "the game message")
    query_id = api.games.press_play(PLAYER, api.sent[before])

    def answered() -> list[dict[str, Any]]:
        return [a for a in api.callback_answers if a["callback_query_id"] == query_id]

    await until(answered, "the Play press's answer")
    url = str(answered()[0]["url"])
    return unquote(parse_qs(urlsplit(url).fragment)["game"][0])


async def play(
    base: str, token: str, pace: float | None, plausible: bool, clock: VirtualClock | None
) -> dict[str, Any]:
    """The script's run: every hand answered ``pace`` seconds after the page got it (None:
    at its floor; ``plausible``: every other one at the plausible median)."""
    shown, answers, refused, fast = 0.0, 0, 0, 0
    async with httpx.AsyncClient(headers={"X-Game-Token": token}, timeout=WAIT) as client:

        async def call(name: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
            while True:
                response = await client.post(f"{base}/{name}", json=body)
                if response.status_code != 429:  # too many calls: wait as told
                    response.raise_for_status()
                    reply: dict[str, Any] = response.json()
                    return reply
                wait = float(response.headers.get("Retry-After", "1"))
                if clock is not None:
                    clock.now += wait
                else:
                    await asyncio.sleep(wait)

        reply = await call("start")
        while reply["state"] == "playing":
            shown = max(shown, reply["remaining"])
            given = time.monotonic()
            wait = floor_of(reply["hand"]) if pace is None else pace
            if plausible and fast + 1 > reply["score"] // 2:
                wait = PLAUSIBLE_MEDIAN
            fast += wait < PLAUSIBLE_MEDIAN
            if clock is not None:
                clock.now += wait
            else:
                await asyncio.sleep(max(0.0, wait - (time.monotonic() - given)) + 0.005)
            answer = solve(tuple(reply["hand"]))[0].text
            reply = await call("answer", {"hand": reply["number"], "expression": answer})
            answers += 1
            refused += reply.get("void") == "too_fast"
    return {**reply, "answers": answers, "refused": refused, "shown": shown}


async def run(pace: float | None, plausible: bool, real: bool) -> None:
    api = LocalBotApi()
    api.add_user(PLAYER, "Script", language_code="en")
    api.add_group(GROUP, "Bench", admins={PLAYER})
    api.games.register(GAME, "Rush", "Make 24 against the clock")
    clock = None if real else VirtualClock()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings.from_env(
            {
                "TWENTYFOUR_DATA_DIR": folder,
                "TWENTYFOUR_WEBAPP_URL": "https://games.example/app/",
                "TWENTYFOUR_WEB_PORT": "0",
                "TWENTYFOUR_GAME_SHORT_NAME": GAME,
            }
        )
        application = build_application(
            settings, token="42:BENCH", transport=LocalTransport(api), clock=clock
        )
        stop = asyncio.Event()
        runner = asyncio.create_task(run_polling(application, stop, timeout=1))
        try:
            await until(lambda: application.bot_data.web_address, "the bot's web server")
            token = await token_from_play(api)
            base = f"{application.bot_data.web_address}/app/api/rush"
            started = time.monotonic()
            result = await play(base, token, pace, plausible, clock)
            took = time.monotonic() - started
            await until(lambda: "getGameHighScores" in api.calls, "the high-score table")
        finally:
            stop.set()
            await asyncio.wait_for(runner, WAIT)
    table = api.games.tables.get(("chat", GROUP, GAME))
    on_table = table.scores[PLAYER][0] if table is not None and PLAYER in table.scores else None
    clock_name = "wall clock" if real else "virtual clock"
    print(f"python {platform.python_version()} on {platform.machine()}, {clock_name}")
    sent = result["answers"]
    named = "each hand's floor" if pace is None else f"{pace:g} s a hand"
    named += ", every other at the plausible median" if plausible else ""
    print(f"pace {named}; {sent} answers sent in {took:.1f} s")
    print(f"score counted:       {result['score']} ({result['refused']} answers too fast)")
    print(f"run lasted:          {result['seconds']} s (a run's most: {RUN_MOST:g} s)")
    print(f"clock showed at most {result['shown']:.1f} s (its ceiling: {CLOCK_MOST:g} s)")
    off = result["too_fast"] or result["implausible"]
    print(f"off the boards:      {off}; on the high-score table: {on_table}")
    if pace is None:
        best = best_at_floors(plausible=plausible)
    else:
        best = best_at_pace(pace) if pace > 0 else 0
    print(f"best by the rules:   {best}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=None, help="seconds a hand")
    parser.add_argument("--plausible", action="store_true", help="keep a plausible median")
    parser.add_argument("--real", action="store_true", help="play on the wall clock")
    arguments = parser.parse_args()
    if arguments.pace is not None and arguments.pace < 0:
        sys.exit("--pace is seconds a hand: 0 or more")
    asyncio.run(run(arguments.pace, arguments.plausible, arguments.real))


if __name__ == "__main__":
    main()
