"""The outbox: every message the bot sends into a chat goes through here.  This module posts
letters into each chat's queues (game, cheap, bulk; keys, holds, riders) and knows each
chat's limits; :mod:`~bot.services.outbox.dispatch` gives the chats their turns and makes the
calls, :mod:`~bot.services.outbox.letters` and :mod:`~bot.services.outbox.rates` hold the
queues and the rate maths, :mod:`~bot.services.outbox.bulk` the bulk lane,
:mod:`~bot.services.outbox.flood_control` Telegram's 429s.  This module is the package's
face: the rest of the bot imports from here only (``__all__``).  The rules and why:
docs/design-platform.md, *Nothing one chat does slows down another*, and docs/design-groups.md."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence

from bot.services.outbox.bulk import BulkNotSent, spread_second
from bot.services.outbox.dispatch import RETRY_FOR, Dispatcher
from bot.services.outbox.flood_control import FloodControl
from bot.services.outbox.letters import (
    SKIPPED,
    ChatQueue,
    Letter,
    OutboxStats,
    QueueFull,
    Sent,
    Skipped,
)
from bot.services.outbox.rates import Bucket, Window

__all__ = [
    "GLOBAL_LIMIT",
    "GROUP_GAME_ROOM",
    "GROUP_LIMIT",
    "RETRY_FOR",
    "SKIPPED",
    "BulkNotSent",
    "FloodControl",
    "Letter",
    "Outbox",
    "OutboxStats",
    "QueueFull",
    "Sent",
    "Skipped",
    "spread_second",
]

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


def _replies(lane: deque[Letter]) -> int:
    """How many replies a lane holds: a reply in parts counts once."""
    if not any(letter.together for letter in lane):
        return len(lane)
    return len({id(letter.together or letter) for letter in lane})


def _whole(lane: deque[Letter], letter: Letter) -> bool:
    """Whether every part of the letter's reply is in ``lane`` (none sent, none to come)."""
    return all(part in lane for part in letter.together)


class Outbox(Dispatcher):
    """Per-chat queues of letters, sent within Telegram's limits by one dispatcher task."""

    def __init__(
        self,
        *,
        limited: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``limited=False`` sends as fast as letters come (benchmarks of the bot's own work)."""
        super().__init__(
            limited=limited, clock=clock, global_limit=Window(GLOBAL_LIMIT, GLOBAL_PERIOD)
        )
        self._users: dict[tuple[int, int], Window] = {}
        self._look_for_idle_chats = CHATS_KEPT
        self._look_for_quiet_users = CHATS_KEPT
        self._told: dict[tuple[int, int], float] = {}

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
        if self._may_post(letter):
            self._queue_letter(letter, posted=True)

    def post_together(self, letters: Sequence[Letter]) -> None:
        """Queue the parts of one reply (a /help in several messages), in order, all or none:
        they count as one reply against their user's limit, a later reply with their key
        replaces them all, and a queue too full drops them all."""
        together = tuple(letters)
        if not together:
            return
        for letter in together:
            letter.together = together
        if self._closing and not together[0].game:
            self.stats.dropped += len(together)
            return
        if self._may_post(together[0]):
            for letter in together:
                self._queue_letter(letter, posted=True)
        else:
            self.stats.dropped += len(together) - 1

    def _may_post(self, letter: Letter) -> bool:
        """Whether a reply to a user goes: not for a while after they were told to slow down,
        nor over their limit while their chat's replies back up."""
        if letter.game or letter.user_id is None:
            return True
        if self._told.get((letter.chat_id, letter.user_id), -USER_PERIOD) > (
            self.clock() - USER_PERIOD
        ):
            self.stats.dropped += 1
            return False  # told to slow down: nothing more until the half minute is over
        queue = self._chats.get(letter.chat_id)
        backlog = queue is not None and (queue.busy or bool(queue))
        return not backlog or self._user_may(letter)

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
        if not letter.posted:  # (a bulk letter was posted before it came to its queue)
            letter.posted = self.clock()
        if letter.key is None:
            lane.append(letter)
        elif self._merge(lane, letter):
            return
        kept = GAME_KEPT if letter.game else CHEAP_KEPT
        while _replies(lane) > kept:
            # The oldest reply, but never a part of one whose other parts have gone (or
            # are still to come): a reply in parts goes whole or not at all.
            oldest = next(
                (queued for queued in lane if not queued.kept and _whole(lane, queued)),
                None,
            )
            if oldest is None:
                break
            for dropped in oldest.together or (oldest,):
                lane.remove(dropped)
                if dropped.game:
                    # Its game is told, as of any letter given up (a deal nobody sees ends):
                    # no game is left waiting on a letter that will never go.
                    self._give_up(
                        dropped, QueueFull(f"over {kept} game messages queued"), logging.WARNING
                    )
                else:
                    self.stats.dropped += 1
        self._schedule(letter.chat_id, queue, posted=posted)

    def _merge(self, lane: deque[Letter], letter: Letter) -> bool:
        """Put ``letter`` in the place of the queued letters with its key (a reply in parts
        replaces all of an earlier one's), or after the parts of its own reply queued before
        it; else append it.  Whether it replaced any (then its chat is in line already)."""
        own = [
            index
            for index, queued in enumerate(lane)
            if letter.together and queued.together is letter.together
        ]
        # (Not a reply in parts whose first parts have gone: it goes whole.)
        same = [
            index
            for index, queued in enumerate(lane)
            if queued.key == letter.key and _whole(lane, queued) and index not in own
        ]
        if own:
            first = lane[own[0]]
            letter.posted, letter.not_before = first.posted, first.not_before
            lane.insert(own[-1] + 1, letter)
            return False
        if not same:
            lane.append(letter)
            return False
        # It goes when the letter it replaces would have: a status message held for the
        # answers that come with it is not held again by each of them.
        replaced = lane[same[0]]
        letter.posted, letter.not_before = replaced.posted, replaced.not_before
        gone = {id(part) for index in same for part in lane[index].together or (lane[index],)}
        lane[same[0]] = letter
        for index in range(len(lane) - 1, -1, -1):
            if index != same[0] and id(lane[index]) in gone:
                del lane[index]
        self.stats.merged += len(gone)
        return True

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
            window = self._users[key] = Window(USER_LIMIT, USER_PERIOD)
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
        notice.kept = True  # and never crowded out: the user is told, once, after the
        # replies queued before it (nothing goes after it for the half minute)
        self.stats.slowed += 1
        self.post(notice)
        return False

    @staticmethod
    def _queue_for(chat_id: int) -> ChatQueue:
        # Group and channel ids are negative, users' (private chats') positive.
        if chat_id < 0:
            pace = Bucket(GROUP_MERGED_BURST, GROUP_PERIOD / GROUP_MERGED_RATE)
            return ChatQueue(Window(GROUP_LIMIT, GROUP_PERIOD), pace)
        return ChatQueue(Window(PRIVATE_LIMIT, PRIVATE_PERIOD))

    def take_riders(self, chat_id: int, fits: Callable[[list[str]], bool]) -> list[str]:
        """The texts of the chat's waiting cheap letters that may ride in a game message about
        to go (:attr:`~bot.services.outbox.letters.Letter.rider`: a /score reply), in order,
        as many as ``fits`` takes: taken out of the queue, they cost no message of their own
        (a group near its limit answers them with its next deal, not a minute later)."""
        queue = self._chats.get(chat_id)
        taken: list[str] = []
        for letter in list(queue.cheap if queue is not None else ()):
            if letter.rider is not None and fits([*taken, letter.rider]):
                assert queue is not None
                queue.cheap.remove(letter)
                taken.append(letter.rider)
                self.stats.merged += 1
        return taken

    # --- each chat's limits -----------------------------------------------------------------

    def _free_at(self, queue: ChatQueue, now: float) -> float:
        """When the chat's next letter may go, by the chat's limits.

        A game letter may use the whole window.  In a group, a cheap one goes only while
        :data:`GROUP_GAME_ROOM` more would fit, so that a busy group can always deal, hint
        and announce its winner at once.  A cheap letter with a key (the status message,
        which is sent with whatever piled up while it waited) also keeps the group's pace
        for such letters: a lone one goes at once, and when they come fast, one every few
        seconds (:data:`GROUP_MERGED_BURST`, :data:`GROUP_MERGED_RATE`).  Waiting saves
        messages only for letters that merge; others go as soon as the window allows.  A
        held cheap letter goes no earlier than its hold's end, and the next one not held
        goes first.
        """
        if not self.limited:
            return now
        if queue.game:
            return queue.window.free_at(now)
        letter = queue.next_cheap(now)
        if queue.merged_pace is None:
            return max(letter.not_before, queue.window.free_at(now))
        room = min(GROUP_GAME_ROOM, queue.window.limit - 1)
        when = queue.window.free_at(now, extra=room)
        if letter.key is not None:
            when = max(when, queue.merged_pace.free_at(now))
        return max(when, letter.not_before)

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

    def queued(self) -> dict[str, int]:
        """Letters waiting, by lane (``game``, ``cheap``, ``bulk``), and in flight (``sending``)."""
        game = sum(len(q.game) for q in self._chats.values())
        cheap = sum(len(q.cheap) for q in self._chats.values())
        return {"game": game, "cheap": cheap, "bulk": len(self._bulk), "sending": self._sending}

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
