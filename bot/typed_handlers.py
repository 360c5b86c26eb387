"""Handlers and jobs typed by what their registration guarantees: :class:`ChatUpdate`,
:class:`MessageUpdate`, :class:`ButtonUpdate`, :class:`HandlerContext` and
:class:`JobContext`, views for mypy only; :func:`for_messages` and :func:`for_buttons` check
the guarantee once, at registration (docs/design.md, *Development*)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Generic, NoReturn, TypeVar, cast

from telegram import CallbackQuery, Chat, MaybeInaccessibleMessage, Message, Update, User
from telegram.ext import Application, Job, JobQueue

from bot.context import BotContext, Handler
from bot.state import ChatData, UserData

logger = logging.getLogger(__name__)

_D = TypeVar("_D")

if TYPE_CHECKING:

    class ChatUpdate(Update):
        """An update from a user in a chat."""

        @property
        def effective_chat(self) -> Chat: ...
        @property
        def effective_user(self) -> User: ...

    class MessageUpdate(ChatUpdate):
        """A message (a command, text, anything) from a user in a chat."""

        @property
        def effective_message(self) -> Message: ...

    class ButtonQuery(CallbackQuery):
        """The press of a button with callback data under a message in a chat."""

        data: str
        message: MaybeInaccessibleMessage

    class ButtonUpdate(ChatUpdate):
        """A button pressed under one of the bot's messages in a chat."""

        callback_query: ButtonQuery

    class ChatContext(BotContext):
        """A context with a chat: its data, and the application's job queue."""

        @property
        def chat_data(self) -> ChatData: ...
        @chat_data.setter
        def chat_data(self, _: object) -> NoReturn: ...
        # PTB types it JobQueue[ST] | None, with ST bound nowhere, so that no callback fits
        # it; it is None only without the job-queue extra, which the project depends on.
        @property
        def job_queue(self) -> JobQueue[BotContext]: ...  # type: ignore[override]

    class HandlerContext(ChatContext):
        """The context of an update from a user in a chat."""

        @property
        def user_data(self) -> UserData: ...
        @user_data.setter
        def user_data(self, _: object) -> NoReturn: ...

    class ChatJob(Job[BotContext], Generic[_D]):
        """A job scheduled with a ``chat_id``, and ``data`` of type ``_D``."""

        chat_id: int
        data: _D

    class JobContext(ChatContext, Generic[_D]):
        """The context of a job scheduled for a chat."""

        job: ChatJob[_D]

else:
    ChatUpdate = MessageUpdate = ButtonUpdate = Update
    ButtonQuery = CallbackQuery
    ChatContext = HandlerContext = JobContext = BotContext
    ChatJob = Job


def for_messages(callback: Callable[[MessageUpdate, HandlerContext], Awaitable[None]]) -> Handler:
    """``callback`` as a handler of messages from users in chats (commands, text)."""

    @functools.wraps(callback)
    async def handle(update: Update, context: BotContext) -> None:
        if update.effective_message is None or not _in_chat(update, context):
            logger.debug("%s: update %s has no message in a chat", callback.__name__, update)
            return
        await callback(cast("MessageUpdate", update), cast("HandlerContext", context))

    return handle


def for_buttons(callback: Callable[[ButtonUpdate, HandlerContext], Awaitable[None]]) -> Handler:
    """``callback`` as a handler of buttons pressed under the bot's messages in chats."""

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
