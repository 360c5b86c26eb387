"""Messages sent with their answer left unread (bot.services.sending): the same message
reaches the chat, errors are raised as ever, and only the unread call's answer is skipped."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

import pytest
from telegram import Bot, Message
from telegram.error import BadRequest, RetryAfter

from bot.local_api import LocalBotApi, LocalTransport
from bot.services.sending import SendingRequest, unread
from tests.bot.harness import ANN, deal, make_api, reply_to, running_bot, settled

pytestmark = pytest.mark.asyncio


def _bot(api: LocalBotApi) -> Bot:
    return Bot("42:TEST", request=SendingRequest(httpx_kwargs={"transport": LocalTransport(api)}))


async def test_an_unread_send_sends_the_same_message_and_gives_true() -> None:
    api = make_api()
    async with _bot(api) as bot:
        read = await bot.send_message(ANN, "<b>Hi</b> Ann", parse_mode="HTML")
        left = await unread(bot.send_message(ANN, "<b>Hi</b> Ann", parse_mode="HTML"))
        # The next call in the same task is read again.
        again = await bot.send_message(ANN, "again")
    assert isinstance(read, Message)
    assert left is True
    assert isinstance(again, Message)
    first, second = api.sent[0], api.sent[1]
    assert first["message_id"] != second["message_id"]
    same = ("message_id", "date")
    assert {k: v for k, v in first.items() if k not in same} == {
        k: v for k, v in second.items() if k not in same
    }


async def test_an_unread_send_raises_as_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")  # as the bot sets it (bot.app)
    api = make_api()
    async with _bot(api) as bot:
        api.fail_next("sendMessage", 429, "Too Many Requests: retry after 7", retry_after=7)
        with pytest.raises(RetryAfter) as flood:
            await unread(bot.send_message(ANN, "hi"))
        assert flood.value.retry_after == dt.timedelta(seconds=7)
        with pytest.raises(BadRequest, match="parse entities"):
            await unread(bot.send_message(ANN, "<b>unclosed", parse_mode="HTML"))


async def test_a_task_started_after_an_unread_call_reads_its_answers() -> None:
    # As the outbox does: the task that sent a letter unread starts the next letter's task.
    api = make_api()
    async with _bot(api) as bot:

        async def deliver() -> asyncio.Task[Message]:
            assert await unread(bot.send_message(ANN, "unread")) is True
            return asyncio.ensure_future(bot.send_message(ANN, "read"))

        following = await asyncio.ensure_future(deliver())
        assert isinstance(await following, Message)


async def test_the_bot_reads_the_answer_only_where_it_needs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A reply to /start is never looked at again: no Message is built of Telegram's answer.
    # A deal's is (its message id marks the round's picture, which replies answer).
    from_bot: list[int] = []
    de_json = Message.de_json

    def counting(data: dict, bot: object = None) -> Message | None:
        if data.get("from", {}).get("is_bot"):
            from_bot.append(data["message_id"])
        return de_json(data, bot)  # type: ignore[arg-type]

    monkeypatch.setattr(Message, "de_json", counting)
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        assert "Hi Ann!" in await reply_to(api, ANN, ANN, "/start")
        await settled(api, application)
        assert from_bot == []
        picture = await deal(api, ANN, ANN)
        await settled(api, application)
        assert from_bot == [picture["message_id"]]
