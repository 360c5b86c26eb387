"""Meeting the Bot API at start-up: ``getMe``, then ``deleteWebhook`` or ``setWebhook``, tried a
few times, else start-up stops with one line naming the method and what the server did
(:func:`failure`); the command menus and the menu button are cosmetic and published later
(docs/design-platform.md, *Start-up refused*)."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable

from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import Application

from bot.context import services
from bot.services.sending import Call, calls_seen

logger = logging.getLogger(__name__)

START_RETRIES = (1.0, 2.0, 4.0)
"""Waits between tries to reach the Bot API at start-up, in ``TWENTYFOUR_START_RETRY_SECONDS``
(:attr:`~bot.settings.Settings.start_retry`, 1 s by default): four tries in about 7 s, then
the bot gives up (a process manager may start it again later)."""
MENU_RETRIES = (30.0, 120.0, 600.0, 3600.0)
"""Seconds between tries to publish the command menus once the bot serves without them; the
last is repeated until they are published."""
TELEGRAM_API = "https://api.telegram.org"
UNREADABLE = (TelegramError, KeyError, TypeError, ValueError)
"""What PTB raises for an answer it cannot read: not JSON (``TelegramError``), or JSON that
is not the object the method returns."""


class StartUpError(RuntimeError):
    """The bot cannot start; the message says why in one line, for the operator."""


def failure(error: BaseException, root: str, call: Call) -> str:
    """What went wrong with a ``call`` to the Bot API at ``root`` (its method and the
    answer's status, see :func:`~bot.services.sending.calls_seen`), in one line for the
    operator, never naming the token."""
    method, status = call
    if isinstance(error, InvalidToken) and method == "getMe":
        # PTB's message repeats the token: it is not for the log.
        return (
            f"the Bot API at {root} refused the token (TELEGRAM_BOT_TOKEN): check it with "
            "@BotFather"
        )
    if status is not None and status >= 300:
        return f"the Bot API at {root} answered {method} with HTTP {status} ({error})"
    if status is None and isinstance(
        error, NetworkError
    ):  # no answer came: the network, or a timeout
        return f"the Bot API at {root} cannot be reached for {method} ({error})"
    return f"the Bot API at {root} gave an answer to {method} that cannot be read ({error})"


def _retried(error: BaseException, status: int | None) -> bool:
    """Whether a start-up call is worth trying again: no answer came, or a 5xx."""
    if not isinstance(error, NetworkError) or isinstance(error, BadRequest):
        return False
    return status is None or status >= 500


def _root(application: Application) -> str:
    return services(application).settings.api_url or TELEGRAM_API


def _failed_call(seen: list[Call], what: str) -> Call:
    """The call that failed: the last one made, or ``what`` when none was seen (an error
    before any request)."""
    return seen[-1] if seen else (what, None)


async def connect(application: Application) -> None:
    """Meet the Bot API (``getMe``), trying again a few times over a few seconds when it
    cannot be reached; :class:`StartUpError` if it never answers, refuses the token or
    answers something that cannot be read."""
    await with_retries(application, "getMe", application.bot.initialize)


async def with_retries(
    application: Application, what: str, call: Callable[[], Awaitable[object]]
) -> None:
    """Run ``call`` (a start-up request to the Bot API, ``what`` naming it), again after each
    of :data:`START_RETRIES` while the Bot API cannot be reached or answers 5xx;
    :class:`StartUpError` (one line naming the method) when it still fails, or fails
    otherwise."""
    root = _root(application)
    unit = services(application).settings.start_retry
    waits = [times * unit for times in START_RETRIES]
    for wait in (*waits, None):
        with calls_seen() as seen:
            try:
                await call()
                return
            except UNREADABLE as error:
                failed = _failed_call(seen, what)
                said = failure(error, root, failed)
                retried = _retried(error, failed[1])
        if not retried:
            raise StartUpError(said) from None
        if wait is None:
            raise StartUpError(
                f"{said}; tried {len(waits) + 1} times in {sum(waits):.3g} s"
            ) from None
        logger.warning("%s: trying again in %.3g s", said[0].upper() + said[1:], wait)
        await asyncio.sleep(wait)


async def publish_menus(
    application: Application, publish: Callable[[Application], Awaitable[None]]
) -> asyncio.Task[None] | None:
    """Publish the command menus and the menu button (``publish``) now; if that fails, say
    so and serve without them, trying again in the background (the task returned, which the
    caller cancels when it stops)."""
    with calls_seen() as seen:
        try:
            await publish(application)
        except UNREADABLE as error:
            _report(
                failure(error, _root(application), _failed_call(seen, "menus")), MENU_RETRIES[0]
            )
            return asyncio.create_task(_publish_later(application, publish), name="menus")
    return None


async def _publish_later(
    application: Application, publish: Callable[[Application], Awaitable[None]]
) -> None:
    root = _root(application)
    for attempt in itertools.count():
        wait = MENU_RETRIES[min(attempt, len(MENU_RETRIES) - 1)]
        await asyncio.sleep(wait)
        with calls_seen() as seen:
            try:
                await publish(application)
            except UNREADABLE as error:
                later = MENU_RETRIES[min(attempt + 1, len(MENU_RETRIES) - 1)]
                _report(failure(error, root, _failed_call(seen, "menus")), later)
                continue
        logger.info("Published the command menus")
        return


def _report(said: str, wait: float) -> None:
    logger.warning(
        "Serving without the command menus for now: %s; trying again in %.0f s", said, wait
    )
