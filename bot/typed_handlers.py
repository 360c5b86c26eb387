"""Handlers and jobs typed by what their registration guarantees: :class:`ChatUpdate`,
:class:`MessageUpdate`, :class:`ButtonUpdate`, :class:`HandlerContext` (views for mypy only,
declared beside the context in :mod:`bot.context`) and :class:`JobContext`;
:func:`for_messages` and :func:`for_buttons` check the guarantee once, at registration
(docs/design.md, *Development*)."""

from __future__ import annotations

import functools
import logging
import types
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Generic, TypeVar, cast

from telegram import Update
from telegram.ext import Application, Job, JobQueue

from bot.context import BotContext, Handler
from bot.context import ButtonQuery as ButtonQuery  # the views, named for the handlers
from bot.context import ButtonUpdate as ButtonUpdate
from bot.context import ChatContext as ChatContext
from bot.context import ChatUpdate as ChatUpdate
from bot.context import HandlerContext as HandlerContext
from bot.context import MessageUpdate as MessageUpdate

logger = logging.getLogger(__name__)

_D = TypeVar("_D")

if TYPE_CHECKING:

    class ChatJob(Job[BotContext], Generic[_D]):
        """A job scheduled with a ``chat_id``, and ``data`` of type ``_D``."""

        chat_id: int
        data: _D

    class JobContext(ChatContext, Generic[_D]):
        """The context of a job scheduled for a chat."""

        job: ChatJob[_D]

else:
    JobContext = BotContext
    ChatJob = Job


_WRAPPED: dict[tuple[object, Callable[..., object]], Handler] = {}
"""The handlers made of module-level callbacks, by kind and callback: each application's
registration asks for the same sixty-odd (every test's bot: a millisecond of its start,
in ``functools.wraps``).  A handler holds no state of its own, so one serves them all."""


def _once(kind: object, callback: Callable[..., object], make: Callable[[], Handler]) -> Handler:
    """``make()``, once per process for a function of a module or class (they live as long
    as it does); a function made inside another (a closure) is wrapped each time, as
    keeping it would keep every one made."""
    if not isinstance(callback, types.FunctionType) or "<locals>" in callback.__qualname__:
        return make()
    handler = _WRAPPED.get((kind, callback))
    if handler is None:
        handler = _WRAPPED[(kind, callback)] = make()
    return handler


def for_messages(callback: Callable[[MessageUpdate, HandlerContext], Awaitable[None]]) -> Handler:
    """``callback`` as a handler of messages from users in chats (commands, text)."""
    return _once(for_messages, callback, lambda: _for_messages(callback))


def _for_messages(callback: Callable[[MessageUpdate, HandlerContext], Awaitable[None]]) -> Handler:

    @functools.wraps(callback)
    async def handle(update: Update, context: BotContext) -> None:
        if update.effective_message is None or not _in_chat(update, context):
            logger.debug("%s: update %s has no message in a chat", callback.__name__, update)
            return
        await callback(cast("MessageUpdate", update), cast("HandlerContext", context))

    return handle


def for_buttons(callback: Callable[[ButtonUpdate, HandlerContext], Awaitable[None]]) -> Handler:
    """``callback`` as a handler of buttons pressed under the bot's messages in chats."""
    return _once(for_buttons, callback, lambda: _for_buttons(callback))


def _for_buttons(callback: Callable[[ButtonUpdate, HandlerContext], Awaitable[None]]) -> Handler:

    @functools.wraps(callback)
    async def handle(update: Update, context: BotContext) -> None:
        query = update.callback_query
        if query is None:
            logger.debug("%s: update %s is no button press", callback.__name__, update)
            return
        if query.data is None or query.message is None:
            # A button of a message sent through inline mode (no message, no chat) or of a
            # game: nothing to do, but the press is answered, or the user's client keeps
            # showing a spinner on the button.
            logger.debug("%s: update %s is no button in a chat", callback.__name__, update)
            await query.answer()
            return
        if not _in_chat(update, context):
            logger.debug("%s: update %s has no chat or user", callback.__name__, update)
            return
        await callback(cast("ButtonUpdate", update), cast("HandlerContext", context))

    return handle


def jobs_of(application: Application) -> JobQueue[BotContext]:
    """The application's job queue (PTB types it optional: it needs the job-queue extra)."""
    if application.job_queue is None:
        raise RuntimeError("no job queue: install python-telegram-bot[job-queue]")
    return application.job_queue


def _in_chat(update: Update, context: BotContext) -> bool:
    """Whether the update has a chat and a user, and the context their data."""
    return (
        update.effective_chat is not None
        and update.effective_user is not None
        and context.chat_data is not None
        and context.user_data is not None
    )
