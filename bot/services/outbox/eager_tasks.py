"""Eager tasks on Python 3.11: a back-port of Python 3.12's :func:`asyncio.eager_task_factory`
for the outbox's replies to private chats (used as is on 3.12; this module goes once the bot
needs 3.12: docs/design-platform.md, *Nothing one chat does slows down another*)."""

from __future__ import annotations

import asyncio
import contextvars
import sys
import types
from collections.abc import Callable, Coroutine, Generator
from typing import Any


def run_eagerly(coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """A task for ``coro`` that has already run up to its first wait: what Python 3.12's
    eager tasks do, for Python 3.11 as well.

    A handler's reply then goes out while the handler runs, as an awaited send would, rather
    than after the rest of the update's handling and a turn of the event loop (about 0.1 ms
    of a private round's 1.5 ms median reply; docs/performance-bot.md).  While it runs, the task is
    the current one, as in any task: httpx's timeouts (anyio's cancel scopes) belong to the
    task that starts them, and must be left in the same task.  Only a letter just posted
    starts so: a chain of letters that end without waiting (the in-process Bot API) would
    otherwise start each other ever deeper in one call stack.
    """
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()
    if sys.version_info >= (3, 12):
        return asyncio.eager_task_factory(loop, coro, context=context)
    first = _FirstStep(coro)
    task = loop.create_task(first.then(), context=context)
    caller = asyncio.current_task()
    if caller is not None:
        asyncio.tasks._leave_task(loop, caller)
    asyncio.tasks._enter_task(loop, task)
    try:
        context.run(first.run)
    finally:
        asyncio.tasks._leave_task(loop, task)
        if caller is not None:
            asyncio.tasks._enter_task(loop, caller)
    return task


class _FirstStep:
    """A coroutine's first step, run by hand, and the rest, run by its task (Python 3.11)."""

    def __init__(self, coro: Coroutine[Any, Any, None]) -> None:
        self.coro = coro
        self.ended = False
        self.error: BaseException | None = None
        self.awaited: Any = None

    def run(self) -> None:
        try:
            self.awaited = self.coro.send(None)
        except StopIteration:
            self.ended = True
        except BaseException as error:  # the task raises it, as it would have
            self.ended, self.error = True, error

    @types.coroutine
    def then(self) -> Generator[Any, Any, None]:
        """The task's coroutine: wait on what the first step waits on, and go on from there
        (a result is sent in, an error or a cancellation thrown in)."""
        if self.error is not None:
            raise self.error
        awaited = self.awaited
        while not self.ended:
            try:
                outcome = yield awaited
            except BaseException as error:
                step: Callable[[Any], Any] = self.coro.throw
                outcome = error
            else:
                step = self.coro.send
            try:
                awaited = step(outcome)
            except StopIteration:
                return
