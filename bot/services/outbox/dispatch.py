"""The outbox's dispatcher: whose turn comes when, within the global limit, and a letter's
call made once, its outcome then deciding whether the letter is sent, retried, requeued or
given up.  :class:`~bot.services.outbox.Outbox` is this, with the queues letters are posted
to and each chat's limits."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections import deque
from collections.abc import Callable

import httpx
from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.services.outbox.bulk import BULK_ROOM, BulkLane
from bot.services.outbox.eager_tasks import run_eagerly
from bot.services.outbox.flood_control import retry_seconds
from bot.services.outbox.letters import ChatQueue, Letter, OutboxStats, Sent, Skipped
from bot.services.outbox.rates import Window
from bot.services.sending import calls_seen

# The outbox's log, as before its dispatcher had a module of its own.
logger = logging.getLogger("bot.services.outbox")

RETRY_FOR = 60.0
"""Seconds a game letter is retried after network errors before it is given up."""
FIRST_BACKOFF = 0.5
HELD_FOR = 10.0
"""Seconds a chat's next letter must wait for its limits before the wait is told to
:attr:`Dispatcher.on_held` (shorter waits are the ordinary pace of a chat)."""


def _maybe_done(error: NetworkError) -> bool:
    """Whether a failed call may still have been carried out: it timed out after reaching
    Telegram (not while connecting or waiting for a free connection)."""
    return isinstance(error, TimedOut) and not isinstance(
        error.__cause__, httpx.ConnectTimeout | httpx.PoolTimeout
    )


class Dispatcher:
    """Chats in line for their turn, sent within Telegram's limits by one dispatcher task
    (what the queues hold, and each chat's limits: :class:`~bot.services.outbox.Outbox`)."""

    def __init__(self, *, limited: bool, clock: Callable[[], float], global_limit: Window) -> None:
        self.limited = limited
        self.clock = clock
        self.stats = OutboxStats()
        self._chats: dict[int, ChatQueue] = {}
        self._ready: deque[tuple[int, int]] = deque()
        """(ticket, chat id) of chats whose turn has come."""
        self._waiting: list[tuple[float, int, int]] = []
        """(when, ticket, chat id) of chats whose turn is to come."""
        self._order = itertools.count()
        self._global = global_limit
        self._sending = 0
        """Letters whose call has been made and has not ended."""
        self._in_flight: set[asyncio.Task[None]] = set()
        """The tasks making those calls (those not ended without waiting)."""
        self._paused_all_until = 0.0
        self._wake: asyncio.Event | None = None
        self._dispatcher: asyncio.Task[None] | None = None
        self._closing = False
        self._idle: asyncio.Event | None = None
        self._bulk: BulkLane[Letter] = BulkLane()
        self.on_held: Callable[[int, float], object] | None = None
        """Called with a chat's id and the seconds its next letter waits, once per wait, when
        the chat's limits (20 messages a minute in a group, or a 429's pause) hold it for
        :data:`HELD_FOR` seconds or more: for whoever shows the chats (the console) to say
        why the bot is silent there.  Nothing in the bot depends on it."""

    def _free_at(self, queue: ChatQueue, now: float) -> float:
        """When the chat's next letter may go, by the chat's limits."""
        raise NotImplementedError

    def _queue_letter(self, letter: Letter, *, posted: bool) -> None:
        """Put the letter in its chat's queue, and the chat in line."""
        raise NotImplementedError

    def _schedule(self, chat_id: int, queue: ChatQueue, *, posted: bool = False) -> None:
        """Put a chat with letters and nothing in flight in line for its next send (again,
        earlier, when a game letter comes to a chat waiting for a cheap one's turn);
        ``posted`` when a letter has just been posted."""
        if queue.busy or not queue:
            return
        now = self.clock()
        when = max(queue.paused_until, self._free_at(queue, now))
        if queue.ticket is not None and queue.due <= when:
            return  # its turn comes soon enough
        ticket = next(self._order)
        queue.ticket, queue.due = ticket, when
        if when - now >= HELD_FOR and not queue.held:
            self._tell_held(chat_id, queue, when - now)
        if (
            when <= now
            and not self._ready
            and max(self._paused_all_until, self._global_free(now)) <= now
        ):
            # Nothing to wait for: no need to wake the dispatcher.  A letter just posted (by a
            # handler) to a private chat starts at once, before the rest of the update's
            # handling.  Not in a group: there a user's flood is seen only by the backlog it
            # builds (see post), and replies that each ended before the next request was
            # read (an in-process Bot API) built none, and spent the global limit at once.
            self._start(chat_id, ticket, eager=posted and chat_id > 0)
            return
        if when <= now:
            self._ready.append((ticket, chat_id))
        else:
            heapq.heappush(self._waiting, (when, ticket, chat_id))
        self._poke()

    def _tell_held(self, chat_id: int, queue: ChatQueue, seconds: float) -> None:
        """Tell :attr:`on_held` that the chat's next letter waits ``seconds`` (once: until a
        letter of the chat goes)."""
        queue.held = True
        logger.debug(
            "Chat %s: the next message waits %.0f s for the chat's limits", chat_id, seconds
        )
        if self.on_held is not None:
            try:
                self.on_held(chat_id, seconds)
            except Exception:
                logger.exception("The outbox's on_held failed")

    def next_due(self) -> float | None:
        """When (on :attr:`clock`) the next chat waiting for its limits has its turn; None
        when none waits."""
        return self._waiting[0][0] if self._waiting else None

    def busy(self) -> bool:
        """Whether a letter is being sent, or a chat's turn has come and it is about to be."""
        return bool(self._sending or self._ready)

    def clock_moved(self) -> None:
        """Look again at what is due: the clock was moved by hand (a test's virtual time).
        The dispatcher waits on the event loop's time for the turns it worked out."""
        self._poke()

    def held_by(self, chat_id: int) -> str:
        """Why the chat's next letter waits, for :attr:`on_held`'s reader: ``pause`` (a 429
        from Telegram), ``limit`` (a game letter, or a private chat's: the chat's window is
        full), or ``room`` (a group's reply, which leaves the window's last places to the
        game: deals and wins still go at once)."""
        queue = self._chats.get(chat_id)
        if queue is None:
            return "limit"
        if queue.paused_until > self.clock():
            return "pause"
        return "room" if chat_id < 0 and not queue.game else "limit"

    def held(self) -> int:
        """Letters queued in chats whose next letter is held (see :attr:`on_held`)."""
        return sum(len(q.game) + len(q.cheap) for q in self._chats.values() if q.held)

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake.set()
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = asyncio.get_running_loop().create_task(
                self._dispatch(), name="outbox"
            )

    async def _dispatch(self) -> None:
        self._wake = asyncio.Event()
        while True:
            self._wake.clear()
            now = self.clock()
            while self._waiting and self._waiting[0][0] <= now:
                _, ticket, chat_id = heapq.heappop(self._waiting)
                self._ready.append((ticket, chat_id))
            sleep: float | None = None
            while self._ready:
                free = max(self._paused_all_until, self._global_free(now))
                if free > now:
                    sleep = free - now
                    break
                ticket, chat_id = self._ready.popleft()
                self._start(chat_id, ticket)
            while self._bulk and not self._ready and sleep is None:
                free = max(self._paused_all_until, self._global_free(now, room=BULK_ROOM))
                if free > now:
                    sleep = free - now
                    break
                self._queue_letter(self._bulk.take(), posted=False)
            if self._waiting:
                soonest = self._waiting[0][0] - now
                sleep = soonest if sleep is None else min(sleep, soonest)
            idle = sleep is None and not self._ready and not self._sending and not self._bulk
            if idle and self._idle is not None:
                self._idle.set()
                self._idle = None
            await self.pause(sleep)

    async def pause(self, seconds: float | None) -> None:
        """Wait until woken (a letter posted or ended, the clock moved), or ``seconds`` at
        most (None: no bound).  A test's bot may replace it to run the outbox on virtual
        time (``tests/bot/virtual_outbox.py``)."""
        assert self._wake is not None
        # Not wait_for: on Python 3.11 it loses a cancellation that comes as the event
        # is set (a letter just ended), and close() would leave the dispatcher running.
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self._wake.wait()

    def _global_free(self, now: float, *, room: int = 0) -> float:
        """When one more message fits the bot's global limit, with ``room`` more places free."""
        if not self.limited:
            return now
        return self._global.free_at(now, extra=self._sending + room)

    def _start(self, chat_id: int, ticket: int, *, eager: bool = False) -> None:
        """Send the chat's next letter, if ``ticket`` is still its turn; ``eager``: its call
        is made at once, up to its first wait (see :func:`run_eagerly`)."""
        queue = self._chats.get(chat_id)
        if queue is None or queue.ticket != ticket:
            return  # a turn that was moved earlier, and has been taken
        queue.ticket = None
        if not queue:
            self._forget(chat_id, queue)
            return
        queue.busy = True
        now = self.clock()
        letter = queue.pop(now)
        if not letter.bulk:  # (bulk letters wait for everything else, on purpose)
            waited = now - max(letter.posted, letter.not_before)
            self.stats.longest_wait = max(self.stats.longest_wait, waited)
            if letter.game:
                self.stats.longest_game_wait = max(self.stats.longest_game_wait, waited)
        self._sending += 1
        delivery = self._deliver(letter, queue)
        start = run_eagerly if eager else asyncio.get_running_loop().create_task
        task = start(delivery)
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)

    def _forget(self, chat_id: int, queue: ChatQueue) -> None:
        # An idle chat is forgotten only once its window holds no send of the last period
        # (and no pause is on): a window dropped earlier would let the chat go over the limit.
        now = self.clock()
        queue.window.free_at(now)  # drops the sends older than the period
        if not queue and not queue.busy and not queue.window.times and queue.paused_until <= now:
            self._chats.pop(chat_id, None)

    async def _deliver(self, letter: Letter, queue: ChatQueue) -> None:
        """Make the letter's call once; requeue, retry or give it up as the outcome says."""
        if letter.first_try is None:
            letter.first_try = self.clock()
        counted = True
        try:
            with calls_seen() as seen:
                try:
                    result = await letter.send()
                finally:
                    if seen:
                        letter.method = seen[-1][0]
        except RetryAfter as error:
            wait = retry_seconds(error.retry_after)
            logger.info("Chat %s is flood-limited for %.0f s", letter.chat_id, wait)
            self.stats.paused += 1
            queue.paused_until = self.clock() + wait
            self._requeue(letter, queue)
        except Forbidden as error:
            # Blocked, or removed from the group (the letters after it fail the same way).
            self._give_up(letter, error, logging.INFO)
        except ChatMigrated as error:
            # The group became a supergroup: its letter's sender moves what must follow it.
            self._give_up(letter, error, logging.WARNING)
        except BadRequest as error:
            if "message is not modified" not in error.message.lower():
                self._give_up(letter, error, logging.WARNING)
        except NetworkError as error:  # includes TimedOut; 5xx answers arrive as NetworkError
            if _maybe_done(error):
                # Telegram got the request and may have posted it: sending it again could
                # post it twice, so it counts as sent, with no result to show for it (a
                # game's deal goes on, its clock started: it is not left waiting for an
                # answer that never comes).  It may be lost: the log says what it was.
                logger.warning(
                    "A %s to chat %s timed out at Telegram: it may be lost (not sent again)",
                    letter.kind,
                    letter.chat_id,
                )
                self._sent(letter, None)
                return
            waited = self.clock() - letter.first_try
            if letter.game and not self._closing and waited < RETRY_FOR:
                queue.paused_until = self.clock() + min(FIRST_BACKOFF * 2 ** int(waited), 10)
                logger.warning("Sending to chat %s failed (%s); retrying", letter.chat_id, error)
                self._requeue(letter, queue)
            else:
                self._give_up(letter, error, logging.WARNING)
        except Exception as error:  # a bug in a letter must not stop the outbox
            self._give_up(letter, error, logging.ERROR)
        else:
            if isinstance(result, Skipped):
                counted = False  # nothing was sent: no place of the limits is used
            else:
                self._sent(letter, result)
        finally:
            # No longer sending before anyone is woken, so that "idle" can be seen.
            self._sending -= 1
            now = self.clock()
            if self.limited and counted:
                self._global.add(now)
                queue.window.add(now)
                if queue.merged_pace is not None and not letter.game and letter.key:
                    queue.merged_pace.add(now)
            queue.busy = False
            queue.held = False
            self._schedule(letter.chat_id, queue)
            if not queue:
                self._forget(letter.chat_id, queue)
            if self._ready or self._waiting or self._bulk or (self._idle and not self._sending):
                self._poke()

    def _sent(self, letter: Letter, result: Sent | None) -> None:
        self.stats.sent += 1
        if letter.on_sent is not None:
            try:
                letter.on_sent(result)
            except Exception:
                logger.exception("A letter's on_sent failed")

    def _requeue(self, letter: Letter, queue: ChatQueue) -> None:
        (queue.game if letter.game else queue.cheap).appendleft(letter)

    def _give_up(self, letter: Letter, error: Exception, level: int) -> None:
        self.stats.failed += 1
        logger.log(level, "A %s to chat %s was not sent: %s", letter.kind, letter.chat_id, error)
        if letter.on_failed is not None:
            try:
                letter.on_failed(error)
            except Exception:
                logger.exception("A letter's on_failed failed")
