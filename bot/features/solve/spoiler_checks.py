"""Whether a /solve or inline request may be answered, for whom: the spoiler rules' checks
(:func:`keeping`), and the marks of whoever is given solutions that spoil a live game
(:func:`mark_peeks`).  The rules are :mod:`bot.rules.spoilers`'; the refusals' words are
:mod:`.playing_refusals`'."""

from __future__ import annotations

import datetime as dt
from typing import NamedTuple

from bot.context import BotContext
from bot.features.solve.playing_refusals import everyone_refusal, playing_refusal
from bot.rules.daily.attempts import open_to_anyone, unspoiled_days
from bot.rules.requests import SolveRequest
from bot.rules.spoilers import Game, Numbers, holds, peek, shares


class Kept(NamedTuple):
    """Why a request's solutions are kept from its asker (see :func:`keeping`)."""

    refusal: str
    """The refusal, worded."""
    duels: tuple[Game, ...] = ()
    """The live hands kept from everyone (a duel's, a group's shared Rush hand) that alone
    keep it, from someone not in their chats: a /solve may wait for their end instead of
    the refusal (:mod:`.deferred`)."""
    held: bool = False
    """Whether the numbers hold one of those hands whole (not only three of its cards)."""


async def keeping(
    request: SolveRequest, user_id: int, chat_id: int | None, in_group: bool, context: BotContext
) -> Kept | None:
    """Why answering the request would spoil a game for this user (None: it would not): a
    hand being played in a group where the user has been seen, a duel's hand (to anyone),
    or a daily puzzle the user may still score.  Numbers that share three cards with such a
    hand (or daily puzzle) spoil it, whatever the target and whatever else is asked beside
    them, so that "/solve 2 8 12 = 2" gives nothing of 2 8 12 12 away; so do two numbers of
    a Countdown game being played, with a target of its size (see :mod:`bot.rules.spoilers`).
    Anyone else is answered, and marked in the games the answer spoils (:func:`mark_peeks`).
    A hand kept from everyone (a duel's, a group's shared Rush hand), for someone not in its
    chat with no other reason to be refused, is the one refusal that comes with the hands
    (:attr:`Kept.duels`): their answer may wait."""
    numbers, target, _rules = request
    chats = context.application.chat_data
    refusing, duels = [], []
    for spoiled in context.bot_data.live_hands.spoiled(numbers, target):
        # The chat asked in, the user's own private chat, or a group the user was seen in.
        if spoiled.chat_id in (chat_id, user_id) or (
            spoiled.chat_id in chats and user_id in chats[spoiled.chat_id].members
        ):
            refusing.append(spoiled)
        elif spoiled.everyone:  # a duel's or a shared run's, refused to everyone else too
            duels.append(spoiled)
    if refusing:
        # A game whose whole hand the numbers hold is the one to name.
        spoiled = next((spoiled for spoiled in refusing if spoiled.held), refusing[0])
        data = chats.get(spoiled.chat_id)
        return Kept(playing_refusal(spoiled, data, user_id, chat_id, context))
    daily = await _daily_refusal(numbers, user_id, in_group, context)
    if daily is not None:
        return Kept(daily)
    if duels:
        held = any(spoiled.held for spoiled in duels)
        # A game of many hands (a shared Rush run) is waited on for its current hand only.
        hands = (getattr(spoiled.game, "current", spoiled.game) for spoiled in duels)
        games = tuple({id(hand): hand for hand in hands}.values())
        return Kept(everyone_refusal(held, context), games, held)
    return None


async def spoiler(
    request: SolveRequest, user_id: int, chat_id: int | None, in_group: bool, context: BotContext
) -> str | None:
    """Why answering the request would spoil a game for this user, worded (None: it would
    not): :func:`keeping`'s refusal (inline mode cannot wait for a duel's hand)."""
    kept = await keeping(request, user_id, chat_id, in_group, context)
    return None if kept is None else kept.refusal


async def _daily_refusal(
    numbers: Numbers, user_id: int, in_group: bool, context: BotContext
) -> str | None:
    """Why a daily puzzle keeps the solutions of ``numbers`` from the user, if it does: they
    share three cards with a puzzle someone in the group may be on, or that the user may
    still score."""
    _ = context._
    user = context.application.user_data.get(user_id)
    record = user.daily if user is not None else None
    running = record.running() if record is not None else None
    now = context.bot_data.local_now()
    # Today's puzzle (and yesterday's, just after midnight), to anyone who may still play
    # it: before the clock starts too (the empty inline query shows the hand).
    # "That is" the very hand; "those numbers hold" it among others (1 2 3 4 5 6 7 8 holds
    # many a daily puzzle, and is not one); else three of them are its cards.
    if in_group:
        found = await _sharing_daily(numbers, open_to_anyone(now), context)
        if found is not None:
            _day, hand = found
            if sorted(numbers) == sorted(hand):
                return _("No spoilers: that is today's daily puzzle, and others here may be on it.")
            if holds(numbers, hand):
                return _(
                    "No spoilers: those numbers hold today's daily puzzle, and others here "
                    "may be on it."
                )
            return _(
                "No spoilers: three of those numbers are cards of today's daily puzzle, and "
                "others here may be on it."
            )
    days = unspoiled_days(record, now)
    if running is not None and running not in days and record is not None and record.replaying:
        days.append(running)  # a past puzzle from the archive, with a clock of its own
    found = await _sharing_daily(numbers, days, context)
    if found is not None:
        day, hand = found
        exact = sorted(numbers) == sorted(hand)
        held = holds(numbers, hand)
        if day == now.date() and day != running:
            if exact:
                return _("No spoilers: that is today's daily puzzle. Solve it first: /daily")
            if held:
                return _(
                    "No spoilers: those numbers hold today's daily puzzle. Solve it first: /daily"
                )
            return _(
                "No spoilers: three of those numbers are cards of today's daily puzzle. "
                "Solve it first: /daily"
            )
        if exact:
            return _("No spoilers: that is your daily puzzle, and your clock is running.")
        if held:
            return _(
                "No spoilers: those numbers hold your daily puzzle, and your clock is running."
            )
        return _(
            "No spoilers: three of those numbers are cards of your daily puzzle, and your "
            "clock is running."
        )
    return None


async def _sharing_daily(
    numbers: Numbers, days: list[dt.date], context: BotContext
) -> tuple[dt.date, tuple[int, ...]] | None:
    """The first of ``days`` whose puzzle ``numbers`` hold, else the first they share three
    cards with (just after midnight, 2 6 6 12 1 holds yesterday's 2 6 6 12 and shares
    three cards with today's 2 6 6 8: it is refused as yesterday's), if any."""
    found = None
    for day in days:
        hand = await context.bot_data.solving.daily_hand(day)
        if holds(numbers, hand):
            return day, hand
        if found is None and shares(numbers, hand):
            found = day, hand
    return found


def mark_peeks(request: SolveRequest, user_id: int, context: BotContext) -> None:
    """The user was given the solutions of ``request``: their answers to every
    live game of a chat these numbers spoil score nothing (a member of a group who only
    reads it is never refused: see :mod:`bot.rules.spoilers`), and a challenge whose cards
    are out that they open later is played unranked (:mod:`bot.rules.challenge`)."""
    numbers, target, _rules = request
    for spoiled in context.bot_data.live_hands.spoiled(numbers, target):
        # A mark already made is not saved again (a user asking again and again rewrites no
        # chat).  A player's own game (a run on the game's page) is saved with no chat.
        if peek(spoiled.game, user_id) and not spoiled.own:
            context.application.mark_data_for_update_persistence(chat_ids=spoiled.chat_id)
    challenges = context.bot_data.global_data.challenges.challenges
    noted = []
    for token in context.bot_data.challenge_hands.sharing(numbers):
        challenge = challenges.get(token)
        if challenge is None:  # dropped to make room
            context.bot_data.challenge_hands.drop(token)
        elif challenge.note_given(user_id, context.now()):
            noted.append(token)
    if noted:
        context.save_global(challenges=noted)
