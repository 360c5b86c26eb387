"""Helpers for Rush's tests: players, the run a chat plays, right and wrong answers, the
run's alarm rung by hand, the next picture the bot sends, and a private run played to its
end."""

from __future__ import annotations

import pytest

from bot.games.rush import play as rush_play
from bot.local_api import LocalBotApi
from bot.rules.rush.chat_run import RUSH_SEAT, ChatRush
from solver import solve
from tests.bot.games import start
from tests.bot.harness import CAROL as CAROL
from tests.bot.harness import DAVE as DAVE
from tests.bot.harness import NOON as NOON
from tests.bot.harness import BotApplication, FakeClock
from tests.bot.harness import players as players


def the_run(application: BotApplication, chat: int) -> ChatRush:
    """The Rush run of ``chat`` (failing the test if there is none)."""
    game = RUSH_SEAT.of(application.chat_data[chat].table)
    assert game is not None
    return game


def answer(game: ChatRush) -> str:
    """A right answer to the run's current hand."""
    return solve(game.hand, 24)[0].pretty


def wrong(game: ChatRush) -> tuple[str, int]:
    """An answer with the hand's cards that does not make 24, and what it makes."""
    a, b, c, d = game.hand
    for text, value in (
        (f"{a}+{b}+{c}+{d}", a + b + c + d),
        (f"{a}*{b}*{c}*{d}", a * b * c * d),
        (f"{a}+{b}+{c}-{d}", a + b + c - d),
    ):
        if value != 24:
            return text, value
    raise AssertionError(game.hand)  # no hand of four makes 24 all three ways


async def ring(api: LocalBotApi, application: BotApplication, chat: int, game: ChatRush) -> dict:
    """Ring the run's alarm now (as its timer would) and return the message it sends."""
    before = len(api.sent)
    application.job_queue.run_once(rush_play.rush_up, 0, chat_id=chat, data=game.number)
    return (await api.wait_for_sent(before + 1))[-1]


async def next_picture(api: LocalBotApi, user: int, chat: int, text: str, **kwargs: object) -> dict:
    """``user`` says ``text`` in ``chat``; returns the next picture the bot sends."""
    before = len(api.sent)
    api.send(user, chat, text, **kwargs)  # type: ignore[arg-type]
    for _ in range(5):
        sent = await api.wait_for_sent(before + 1)
        for message in sent[before:]:
            if "photo" in message:
                return message
        before = len(sent)
    pytest.fail("no picture")


def after_last_hand(end: str) -> str:
    """A run's end without its first line, the hand that was on (failing the test if the
    end does not start with it)."""
    last, _, rest = end.partition("\n")
    assert last.startswith(("⏹ The last hand", "⏹ 最后一手牌是")), end
    return rest


async def private_run(
    api: LocalBotApi, application: BotApplication, clock: FakeClock, user: int, hands: int
) -> None:
    """``user`` plays a private Rush run of ``hands`` hands (3 s, then 5 s each), to its end."""
    await start(api, user, user, "/rush")
    game = the_run(application, user)
    for hand in range(hands):
        clock.now += 3 if hand == 0 else 5
        await next_picture(api, user, user, answer(game))
    clock.now = game.deadline
    await ring(api, application, user, game)
