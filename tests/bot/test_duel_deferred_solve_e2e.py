"""A private duel's hand asked for by someone outside the duel, through the local Bot API:
their /solve waits for the hand's end and is answered then (not before); a player's own
/solve is refused as before, an inline query (which cannot wait) is refused; one request
waits per person, a second taking the first's place."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel import play as duel_play
from bot.games.duel.parts import DUELS
from bot.local_api import LocalBotApi, plain_text
from bot.rules.duel.race import Duel
from bot.rules.rounds import Round
from solver import solve
from tests.bot.duels import CAROL, DAVE, NOON, players, private_duel
from tests.bot.harness import (
    ANN,
    BotApplication,
    FakeClock,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio

WAITS = (
    "⏳ Those numbers hold a hand someone is playing right now: I'll answer as soon as that "
    "hand is over."
)


@pytest.fixture(autouse=True)
def no_next_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """No next hand within the test (it could share three cards with the request)."""
    monkeypatch.setattr(duel_play, "NEXT_HAND_SECONDS", 600.0)


def to_dave(api: LocalBotApi, since: int = 0) -> list[str]:
    """What the bot sent Dave (Carol's second account, seen nowhere near the duel)."""
    return [plain_text(m.get("text") or "") for m in api.sent[since:] if m["chat"]["id"] == DAVE]


def cards(duel: Duel) -> str:
    """The duel's live hand, as /solve takes it."""
    assert duel.hand is not None
    return " ".join(map(str, duel.hand.hand))


async def win(api: LocalBotApi, application: BotApplication, clock: FakeClock) -> None:
    """Ann answers the duel's hand right, at a person's pace."""
    duel = DUELS.get(application.bot_data.global_data).duel_of(ANN)
    assert duel is not None and duel.hand is not None
    clock.now += 5
    api.send(ANN, ANN, solve(list(duel.hand.hand), 24)[0].text)
    await until(lambda: not duel.live)


async def test_a_second_accounts_solve_of_a_private_duels_hand_is_answered_once_it_is_won(
    tmp_path: Path,
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = cards(await private_duel(api, application))
        told = plain_text(await reply_to(api, DAVE, DAVE, f"/solve {hand}"))
        await settled(api, application)
        before_the_win = to_dave(api)
        won_at = len(api.sent)
        await win(api, application, clock)
        await until(lambda: any("→ 24" in text for text in to_dave(api, won_at)))
    assert told == WAITS
    assert before_the_win == [WAITS]
    assert to_dave(api, won_at)[0].startswith(f"{hand} → 24: ")


async def test_a_duel_players_own_solve_is_refused_as_before(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        hand = cards(await private_duel(api, application))
        said = plain_text(await reply_to(api, CAROL, CAROL, f"/solve {hand}"))
    assert said == (
        "No spoilers: those numbers hold the hand of a duel on right now. "
        "Ask again once the hand is over."
    )


async def test_an_inline_query_for_a_duels_hand_is_refused(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        query_id = api.inline_query(DAVE, cards(await private_duel(api, application)), "private")
        await until(lambda: query_id in api.inline_answers)
        await settled(api, application)
    [result] = api.inline_answers[query_id]["results"]
    assert result["title"] == (
        "No spoilers: those numbers hold a hand someone is playing right now. "
        "Ask again in a minute."
    )


async def test_a_second_request_waits_in_place_of_the_first(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = cards(await private_duel(api, application))
        three = " ".join(hand.split()[:3])
        await reply_to(api, DAVE, DAVE, f"/solve {hand}")
        second = plain_text(await reply_to(api, DAVE, DAVE, f"/solve {three} = 7"))
        won_at = len(api.sent)
        await win(api, application, clock)
        await until(lambda: to_dave(api, won_at))
        await settled(api, application)
        answers = to_dave(api, won_at)
    assert second == (
        "⏳ Three of those numbers are cards of a hand someone is playing right now: "
        "I'll answer as soon as that hand is over. It replaces your "
        "earlier waiting request: one per person."
    )
    assert [text.startswith((f"{three} → 7", f"{three} cannot make 7")) for text in answers] == [
        True
    ]


async def test_a_page_a_duels_hand_holds_is_shown_once_the_hand_ends(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, DAVE, DAVE, "/solve 1 2 3 4 5")  # five pages
        message = api.sent[-1]
        hand = Round(1, (1, 2, 3, 7), 24, 0.0)  # a duel's hand, in Carol's private duel
        application.bot_data.live_hands.add(CAROL, hand, kind=duel_play.HAND)
        before = len(api.sent)
        api.press(DAVE, message, "solve:1")
        await settled(api, application)
        alert = api.callback_answers[-1]
        unchanged = len(api.sent) == before
        hand.reveal()  # won, say: the duel feature tells the list
        application.bot_data.deferred_solves.release(hand)
        edited = (await api.wait_for_sent(before + 1))[-1]
    assert (alert["text"], alert["show_alert"]) == (
        "⏳ Three of those numbers are cards of a hand someone is playing now: I'll show "
        "this page once it is over.",
        "true",  # as the form Telegram reads it
    )
    assert unchanged
    assert (edited["message_id"], plain_text(edited["text"]).endswith("… and 25 more")) == (
        message["message_id"],
        True,
    )


async def test_a_waiting_solve_is_answered_after_a_restart(tmp_path: Path) -> None:
    """Issue #38, round 2: a request waiting for a duel's hand is kept with its asker, so
    that a restart answers it rather than drop it without a word."""
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        hand = cards(await private_duel(api, application))
        told = plain_text(await reply_to(api, DAVE, DAVE, f"/solve {hand}"))
        await settled(api, application)
    restarted = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await settled(api, application)
        duel = DUELS.get(application.bot_data.global_data).duel_of(ANN)
        if duel is not None and duel.live:  # resumed: the request waits for its hand again
            await win(api, application, clock)
        await until(lambda: any("→ 24" in text for text in to_dave(api, restarted)))
        await settled(api, application)
        kept = application.user_data[DAVE].waiting_solve  # answered: kept no more
    assert told == WAITS
    assert next(t for t in to_dave(api, restarted) if "→ 24" in t).startswith(f"{hand} → 24: ")
    assert kept is None
