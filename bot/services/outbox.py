"""The outbox: every message the bot sends into a chat goes through here.

Handlers post a *letter* (a coroutine factory that makes one Bot API call) and return at
once, so no handler ever holds one of PTB's concurrent-update slots while Telegram's limits
make it wait.  A letter to a private chat with nothing queued and no limit to wait for has
its call made at once, up to its first wait for Telegram's answer, before
:meth:`Outbox.post` returns: a reply leaves as soon as it is decided.  Otherwise the
outbox sends the letters itself, in turn, within Telegram's flood limits:

* at most :data:`GROUP_LIMIT` messages per :data:`GROUP_PERIOD` seconds in a group (edits
  count too), and :data:`PRIVATE_LIMIT` per :data:`PRIVATE_PERIOD` seconds in a private chat
  (Telegram asks for about one a second, and lets short bursts pass);
* at most :data:`GLOBAL_LIMIT` messages a second in all.

Each chat has two queues.  *Game* letters (deals, wins, time-ups, hints, daily results) are
always kept and go first; should a chat ever hold :data:`GAME_KEPT` of them, the oldest is
dropped and logged.  *Cheap* letters (``/help``, ``/start``, wrong-answer notices, refusals)
are kept up to :data:`CHEAP_KEPT` per chat: beyond that the oldest is dropped.  A letter with
a ``key`` replaces a queued letter of the same chat and key (the round's status message is
sent once with its latest text, not once per wrong answer).  A user who asks for more than
:data:`USER_LIMIT` cheap replies within :data:`USER_PERIOD` seconds in one chat is told once to
slow down and then not answered until the period has passed; the chat's game is not delayed.
Only requests that find the chat's queue backed up count: a player who waits for each reply
is never told to slow down.

In a group, cheap letters leave room in the window for :data:`GROUP_GAME_ROOM` game letters,
so a busy group still deals and announces its winner at once.  Cheap letters with a key (the
status message of wrong answers) go at once while the group is quiet, and one every few
seconds when they come fast, each with whatever piled up meanwhile (:meth:`Outbox._free_at`):
a lone wrong answer is shown at once, and a crowd's guesses cost a few edits a minute.

*Bulk* letters (daily reminders, subscription posts) wait in a queue of their own and go
only when nothing else waits, leaving room for replies and games (:mod:`bot.services.bulk`).

A 429 (``RetryAfter``) for a message pauses that chat only; what other 429s hold is told in
:mod:`bot.services.flood_control`.  A game letter
whose send fails on the network (a dropped connection, a timeout, a 5xx) is retried with
backoff for up to :data:`RETRY_FOR` seconds; a cheap one is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import heapq
import itertools
import logging
import math
import sys
import time
import types
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Generator
from dataclasses import dataclass, field
from typing import Any

import httpx
from telegram import Message
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.services.bulk import BULK_ROOM, BulkLane, BulkNotSent
from bot.services.flood_control import retry_seconds

logger = logging.getLogger(__name__)

GROUP_LIMIT, GROUP_PERIOD = 20, 60.0
GROUP_GAME_ROOM = 4
"""Messages of a group's window kept for game letters: a cheap one goes only while this
many more would still fit."""
GROUP_MERGED_BURST, GROUP_MERGED_RATE = 5, 12
"""A group's cheap letters with a key (the status message): up to this many at once, then
this many per period (one every five seconds)."""
PRIVATE_LIMIT, PRIVATE_PERIOD = 5, 2.0
GLOBAL_LIMIT, GLOBAL_PERIOD = 30, 1.0
GAME_KEPT = 50
CHEAP_KEPT = 5
USER_LIMIT, USER_PERIOD = 6, 30.0
CHATS_KEPT = 10_000
"""Chats (and users' counts of cheap replies) kept before the outbox looks for idle ones to
forget; once it has looked, it looks again when it holds twice as many as it kept."""
RETRY_FOR = 60.0
"""Seconds a game letter is retried after network errors before it is given up."""
FIRST_BACKOFF = 0.5

Sent = Message | bool | None
"""What a Bot API call returns: a message, or ``True`` for some edits."""


def _maybe_done(error: NetworkError) -> bool:
    """Whether a failed call may still have been carried out: it timed out after reaching
    Telegram (not while connecting or waiting for a free connection)."""
    return isinstance(error, TimedOut) and not isinstance(
        error.__cause__, httpx.ConnectTimeout | httpx.PoolTimeout
    )


@dataclass(eq=False)
class Letter:
    """One Bot API call into a chat, waiting for its turn."""

    chat_id: int
    send: Callable[[], Awaitable[Sent]]
    game: bool = False
    key: str | None = None
    user_id: int | None = None
    on_sent: Callable[[Sent], object] | None = None
    """Called with the call's result once it succeeded (e.g. to remember a message id)."""
    on_failed: Callable[[Exception], object] | None = None
    """Called with the error when the letter is given up (a refusal, or no network for long)."""
    flood_notice: Callable[[], Letter] | None = None
    """Makes the one "slow down" letter for a user who floods the chat with requests."""
    first_try: float | None = None
    bulk: bool = False
    """One of many chats' notices due at once: sent only when nothing else waits."""


@dataclass
class _Window:
    """A sliding window: at most ``limit`` events per ``period`` seconds."""

    limit: int
    period: float
    times: deque[float] = field(default_factory=deque)

    def free_at(self, now: float, extra: int = 0) -> float:
        """The earliest time one more event fits, with ``extra`` events still unrecorded."""
        while self.times and self.times[0] <= now - self.period:
            self.times.popleft()
        over = len(self.times) + extra - self.limit
        if over < 0:
            return now
        if over < len(self.times):
            return self.times[over] + self.period
        # One of the events still unrecorded (a send in flight) frees the place: it will be
        # recorded when it ends, no earlier than now.
        return now + self.period

    def add(self, when: float) -> None:
        self.times.append(when)


@dataclass
class _Bucket:
    """A token bucket: up to ``burst`` events at once, then one every ``every`` seconds."""

    burst: int
    every: float
    tokens: float = 0.0
    at: float = -math.inf

    def free_at(self, now: float) -> float:
        """The earliest time one more event fits."""
        tokens = self._tokens(now)
        return now if tokens >= 1 else now + (1 - tokens) * self.every

    def add(self, when: float) -> None:
        self.tokens, self.at = self._tokens(when) - 1, when

    def _tokens(self, now: float) -> float:
        if self.at == -math.inf:
            return float(self.burst)
        return min(float(self.burst), self.tokens + (now - self.at) / self.every)


@dataclass
class _ChatQueue:
    window: _Window
    merged_pace: _Bucket | None = None
    """A group's: how fast its cheap letters with a key go (see :meth:`Outbox._free_at`)."""
    game: deque[Letter] = field(default_factory=deque)
    cheap: deque[Letter] = field(default_factory=deque)
    paused_until: float = 0.0
    busy: bool = False
    ticket: int | None = None
    """Set while the chat waits for its next send: the ticket of that turn (a turn moved
    earlier leaves its old ticket behind, which is then ignored)."""
    due: float = 0.0
    """When that turn comes."""

    def __bool__(self) -> bool:
        return bool(self.game or self.cheap)

    def pop(self) -> Letter:
        return self.game.popleft() if self.game else self.cheap.popleft()


@dataclass
class OutboxStats:
    """Counts for logs, tests and benchmarks."""

    sent: int = 0
    dropped: int = 0
    merged: int = 0
    failed: int = 0
    slowed: int = 0
    paused: int = 0


class Outbox:
    """Per-chat queues of letters, sent within Telegram's limits by one dispatcher task."""

    def __init__(
        self,
        *,
        limited: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``limited=False`` sends as fast as letters come (benchmarks of the bot's own work)."""
        self.limited = limited
        self.clock = clock
        self.stats = OutboxStats()
        self._chats: dict[int, _ChatQueue] = {}
        self._ready: deque[tuple[int, int]] = deque()
        """(ticket, chat id) of chats whose turn has come."""
        self._waiting: list[tuple[float, int, int]] = []
        """(when, ticket, chat id) of chats whose turn is to come."""
        self._order = itertools.count()
        self._global = _Window(GLOBAL_LIMIT, GLOBAL_PERIOD)
        self._sending = 0
        """Letters whose call has been made and has not ended."""
        self._in_flight: set[asyncio.Task[None]] = set()
        """The tasks making those calls (those not ended without waiting)."""
        self._paused_all_until = 0.0
        self._users: dict[tuple[int, int], _Window] = {}
        self._look_for_idle_chats = CHATS_KEPT
        self._look_for_quiet_users = CHATS_KEPT
        self._told: dict[tuple[int, int], float] = {}
        self._wake: asyncio.Event | None = None
        self._dispatcher: asyncio.Task[None] | None = None
        self._closing = False
        self._idle: asyncio.Event | None = None
        self._bulk: BulkLane[Letter] = BulkLane()

    # --- posting ----------------------------------------------------------------------------

    def post(self, letter: Letter) -> None:
        """Queue ``letter`` for its chat; returns at once."""
        if self._closing and not letter.game:
            self.stats.dropped += 1
            return
        if letter.bulk:
            if self._closing:  # a job still running at the stop: logged, and told to its feature
                self._give_up(letter, BulkNotSent("the bot is stopping"), logging.INFO)
            elif not self._bulk.add(letter):
                self._give_up(letter, BulkNotSent("too many queued"), logging.WARNING)
            else:
                self._poke()
            return
        queue = self._chats.get(letter.chat_id)
        backlog = queue is not None and (queue.busy or bool(queue))
        if (
            backlog
            and not letter.game
            and letter.user_id is not None
            and not self._user_may(letter)
        ):
            return
        self._queue_letter(letter, posted=True)

    def _queue_letter(self, letter: Letter, *, posted: bool) -> None:
        """Put the letter in its chat's queue, and the chat in line (see :meth:`post`)."""
        queue = self._chats.get(letter.chat_id)
        if queue is None:
            if len(self._chats) > self._look_for_idle_chats:
                # Not at every new chat: with many busy ones, that cost a look at each of
                # them per message.
                for chat_id, idle in list(self._chats.items()):
                    self._forget(chat_id, idle)
                self._look_for_idle_chats = max(CHATS_KEPT, 2 * len(self._chats))
            queue = self._chats[letter.chat_id] = self._queue_for(letter.chat_id)
        lane = queue.game if letter.game else queue.cheap
        if letter.key is not None:
            for index, queued in enumerate(lane):
                if queued.key == letter.key:
                    lane[index] = letter
                    self.stats.merged += 1
                    return
        lane.append(letter)
        kept = GAME_KEPT if letter.game else CHEAP_KEPT
        while len(lane) > kept:
            dropped = lane.popleft()
            self.stats.dropped += 1
            if dropped.game:
                logger.warning("Chat %s has over %d game messages queued", dropped.chat_id, kept)
        self._schedule(letter.chat_id, queue, posted=posted)

    def _user_may(self, letter: Letter) -> bool:
        """Count a cheap reply to a user; False (after one "slow down") when over the limit."""
        assert letter.user_id is not None
        key = (letter.chat_id, letter.user_id)
        window = self._users.get(key)
        if window is None:
            if len(self._users) > self._look_for_quiet_users:  # forget them now and then
                now = self.clock()
                self._users = {
                    k: w for k, w in self._users.items() if w.free_at(now) < now + USER_PERIOD
                }
                self._look_for_quiet_users = max(CHATS_KEPT, 2 * len(self._users))
            window = self._users[key] = _Window(USER_LIMIT, USER_PERIOD)
        now = self.clock()
        if window.free_at(now) <= now:
            window.add(now)
            return True
        self.stats.dropped += 1
        if self._told.get(key, -USER_PERIOD) > now - USER_PERIOD or letter.flood_notice is None:
            return False
        self._told[key] = now
        notice = letter.flood_notice()
        notice.user_id = None  # the notice itself is not counted against the user
        notice.game = True  # and never crowded out: the user is told, once
        self.stats.slowed += 1
        self.post(notice)
        return False

    @staticmethod
    def _queue_for(chat_id: int) -> _ChatQueue:
        # Group and channel ids are negative, users' (private chats') positive.
        if chat_id < 0:
            pace = _Bucket(GROUP_MERGED_BURST, GROUP_PERIOD / GROUP_MERGED_RATE)
            return _ChatQueue(_Window(GROUP_LIMIT, GROUP_PERIOD), pace)
        return _ChatQueue(_Window(PRIVATE_LIMIT, PRIVATE_PERIOD))

    # --- dispatching ------------------------------------------------------------------------

    def _free_at(self, queue: _ChatQueue, now: float) -> float:
        """When the chat's next letter may go, by the chat's limits.

        A game letter may use the whole window.  In a group, a cheap one goes only while
        :data:`GROUP_GAME_ROOM` more would fit, so that a busy group can always deal, hint
        and announce its winner at once.  A cheap letter with a key (the status message,
        which is sent with whatever piled up while it waited) also keeps the group's pace
        for such letters: a lone one goes at once, and when they come fast, one every few
        seconds (:data:`GROUP_MERGED_BURST`, :data:`GROUP_MERGED_RATE`).  Waiting saves
        messages only for letters that merge; others go as soon as the window allows.
        """
        if not self.limited:
            return now
        if queue.game or queue.merged_pace is None:
            return queue.window.free_at(now)
        room = min(GROUP_GAME_ROOM, queue.window.limit - 1)
        when = queue.window.free_at(now, extra=room)
        if queue.cheap[0].key is not None:
            when = max(when, queue.merged_pace.free_at(now))
        return when

    def _schedule(self, chat_id: int, queue: _ChatQueue, *, posted: bool = False) -> None:
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
            # Not wait_for: on Python 3.11 it loses a cancellation that comes as the event
            # is set (a letter just ended), and close() would leave the dispatcher running.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(sleep):
                    await self._wake.wait()

    def _global_free(self, now: float, *, room: int = 0) -> float:
        """When one more message fits the bot's global limit, with ``room`` more places free."""
        if not self.limited:
            return now
        return self._global.free_at(now, extra=self._sending + room)

    def _start(self, chat_id: int, ticket: int, *, eager: bool = False) -> None:
        """Send the chat's next letter, if ``ticket`` is still its turn; ``eager``: its call
        is made at once, up to its first wait (see :func:`_run_eagerly`)."""
        queue = self._chats.get(chat_id)
        if queue is None or queue.ticket != ticket:
            return  # a turn that was moved earlier, and has been taken
        queue.ticket = None
        if not queue:
            self._forget(chat_id, queue)
            return
        queue.busy = True
        letter = queue.pop()
        self._sending += 1
        delivery = self._deliver(letter, queue)
        start = _run_eagerly if eager else asyncio.get_running_loop().create_task
        task = start(delivery)
        self._in_flight.add(task)
        task.add_done_callback(self._in_flight.discard)

    def _forget(self, chat_id: int, queue: _ChatQueue) -> None:
        # An idle chat is forgotten only once its window holds no send of the last period
        # (and no pause is on): a window dropped earlier would let the chat go over the limit.
        now = self.clock()
        queue.window.free_at(now)  # drops the sends older than the period
        if not queue and not queue.busy and not queue.window.times and queue.paused_until <= now:
            self._chats.pop(chat_id, None)

    async def _deliver(self, letter: Letter, queue: _ChatQueue) -> None:
        """Make the letter's call once; requeue, retry or give it up as the outcome says."""
        if letter.first_try is None:
            letter.first_try = self.clock()
        try:
            result = await letter.send()
        except RetryAfter as error:
            wait = retry_seconds(error.retry_after)
            logger.info("Chat %s is flood-limited for %.0f s", letter.chat_id, wait)
            self.stats.paused += 1
            queue.paused_until = self.clock() + wait
            self._requeue(letter, queue)
        except Forbidden as error:
            # Blocked, or removed from the group (the letters after it fail the same way).
            self._give_up(letter, error, logging.INFO)
        except BadRequest as error:
            if "message is not modified" not in error.message.lower():
                self._give_up(letter, error, logging.WARNING)
        except NetworkError as error:  # includes TimedOut; 5xx answers arrive as NetworkError
            if _maybe_done(error):
                # Telegram got the request and may have posted it: sending it again could
                # post it twice, so it counts as sent, with no result to show for it.
                logger.warning("Sending to chat %s timed out; not repeated", letter.chat_id)
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
            self._sent(letter, result)
        finally:
            # No longer sending before anyone is woken, so that "idle" can be seen.
            self._sending -= 1
            now = self.clock()
            if self.limited:
                self._global.add(now)
                queue.window.add(now)
                if queue.merged_pace is not None and not letter.game and letter.key:
                    queue.merged_pace.add(now)
            queue.busy = False
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

    def _requeue(self, letter: Letter, queue: _ChatQueue) -> None:
        (queue.game if letter.game else queue.cheap).appendleft(letter)

    def _give_up(self, letter: Letter, error: Exception, level: int) -> None:
        self.stats.failed += 1
        logger.log(level, "Message to chat %s not sent: %s", letter.chat_id, error)
        if letter.on_failed is not None:
            try:
                letter.on_failed(error)
            except Exception:
                logger.exception("A letter's on_failed failed")

    # --- pauses, waiting and closing --------------------------------------------------------

    def pause_all(self, seconds: float) -> None:
        """Stop sending anywhere for ``seconds`` (a 429 that is not about one chat)."""
        self._paused_all_until = max(self._paused_all_until, self.clock() + seconds)
        self.stats.paused += 1
        if self._wake is not None:
            self._wake.set()

    @property
    def paused_all_until(self) -> float:
        """Until when (on :attr:`clock`) everything waits, after a global 429."""
        return self._paused_all_until

    def pending(self) -> int:
        """Letters queued or in flight."""
        queued = sum(len(q.game) + len(q.cheap) for q in self._chats.values())
        return queued + len(self._bulk) + self._sending

    async def drained(self) -> None:
        """Wait until every letter has been sent or given up."""
        while self.pending():
            self._idle = asyncio.Event()
            self._poke()
            await self._idle.wait()

    async def close(self, timeout: float) -> None:
        """Stop: drop cheap letters, send game letters for up to ``timeout`` seconds, then
        give up the rest."""
        self._closing = True
        unsent = self._bulk.clear()
        if unsent:
            logger.warning("Stopping with %d bulk notices unsent", len(unsent))
        for letter in unsent:
            self._give_up(letter, BulkNotSent("the bot is stopping"), logging.INFO)
        for queue in self._chats.values():
            self.stats.dropped += len(queue.cheap)
            queue.cheap.clear()
        try:
            await asyncio.wait_for(self.drained(), timeout)
        except TimeoutError:
            left = self.pending()
            logger.warning("Stopping with %d game messages unsent", left)
            self.stats.dropped += left
        for task in list(self._in_flight):
            task.cancel()
        if self._dispatcher is not None:
            self._dispatcher.cancel()
        self._chats.clear()


def _run_eagerly(coro: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """A task for ``coro`` that has already run up to its first wait: what Python 3.12's
    eager tasks do, for Python 3.11 as well.

    A handler's reply then goes out while the handler runs, as an awaited send would, rather
    than after the rest of the update's handling and a turn of the event loop (about 0.1 ms
    of a private round's 1.5 ms median reply; docs/performance.md).  While it runs, the task is
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
