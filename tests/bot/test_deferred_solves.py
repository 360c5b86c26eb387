"""The deferred /solve requests' service: a release frees the requests at once and answers
them in the background, a few at a time; a failed answer stops no other; a page's alert
that it waits fits Telegram's limit."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest

from bot.features.solve.deferred import replaced_text, waiting_text
from bot.i18n import translations
from bot.local_api.checks import utf16_len
from bot.local_api.methods import MAX_CALLBACK_ANSWER
from bot.rules.deferrals import Deferral
from bot.rules.requests import Rules
from bot.rules.rounds import Round
from bot.services.deferred_solves import AT_ONCE, DeferredSolve, DeferredSolves


def asked(user_id: int) -> DeferredSolve:
    return DeferredSolve(user_id, user_id, 1, ((3, 3, 8, 8), 24, Rules.EXACT), False, "en", 0.0)


def spawner(tasks: list[asyncio.Task[None]]) -> Any:
    def spawn(coroutine: Coroutine[Any, Any, None]) -> None:
        tasks.append(asyncio.ensure_future(coroutine))

    return spawn


@pytest.mark.asyncio
async def test_a_release_answers_every_freed_request_at_most_a_few_at_a_time() -> None:
    service, hand = DeferredSolves(), Round(1, (3, 3, 8, 8), 24, 0.0)
    tasks: list[asyncio.Task[None]] = []
    answered: list[int] = []
    running, most = [0], [0]

    async def answer(item: DeferredSolve) -> None:
        running[0] += 1
        most[0] = max(most[0], running[0])
        await asyncio.sleep(0)
        answered.append(item.user_id)
        running[0] -= 1

    service.answer_with(answer, spawner(tasks))
    for user in range(1, 51):
        service.defer(asked(user), [hand])
    hand.reveal()
    service.release(hand)
    freed_at_once = (len(service.waiting), service.due)
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    assert freed_at_once == (0, 50)
    assert (sorted(answered), most[0]) == (list(range(1, 51)), AT_ONCE)


@pytest.mark.asyncio
async def test_a_failed_answer_stops_no_other() -> None:
    service, hand = DeferredSolves(), Round(1, (3, 3, 8, 8), 24, 0.0)
    tasks: list[asyncio.Task[None]] = []
    answered: list[int] = []

    async def answer(item: DeferredSolve) -> None:
        if item.user_id == 1:
            raise RuntimeError("the outbox is gone")
        answered.append(item.user_id)

    service.answer_with(answer, spawner(tasks))
    for user in (1, 2):
        service.defer(asked(user), [hand])
    hand.reveal()
    service.release(hand)
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    assert answered == [2]


@pytest.mark.asyncio
async def test_a_full_list_first_frees_the_requests_whose_hands_ended_untold() -> None:
    service = DeferredSolves()
    tasks: list[asyncio.Task[None]] = []
    answered: list[int] = []

    async def answer(item: DeferredSolve) -> None:
        answered.append(item.user_id)

    service.answer_with(answer, spawner(tasks))
    service.waiting.most = 1
    over, on = Round(1, (3, 3, 8, 8), 24, 0.0), Round(1, (1, 2, 3, 4), 24, 0.0)
    service.defer(asked(1), [over])
    over.reveal()  # nobody told the list
    kept = service.defer(asked(2), [on])
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    assert (kept, answered) == (Deferral.WAITING, [1])


class _Reader:
    def __init__(self, language: str) -> None:
        self.catalogue = translations(language)

    def _(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.catalogue.ngettext(singular, plural, count)


@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("held", [True, False])
def test_a_pages_waiting_alert_fits_telegrams_200_characters(language: str, held: bool) -> None:
    reader = _Reader(language)
    said = waiting_text(held, True, reader) + " " + replaced_text(reader)
    assert utf16_len(said) <= MAX_CALLBACK_ANSWER
