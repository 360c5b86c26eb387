"""Whether a /solve or inline request may be answered, for whom: the spoiler rules' checks
(:func:`keeping`), and the marks of whoever is given solutions that spoil a live game
(:func:`mark_peeks`).  The rules are :mod:`bot.rules.spoilers`'; the refusals' words are
:mod:`.playing_refusals`'."""

from __future__ import annotations

from typing import NamedTuple

from bot.context import BotContext
from bot.features.solve.playing_refusals import everyone_refusal, playing_refusal
from bot.rules.requests import SolveRequest
from bot.rules.spoilers import Game, peek


class Kept(NamedTuple):
    """Why a request's solutions are kept from its asker (see :func:`keeping`)."""

    refusal: str
    """The refusal, worded."""
    waits_for: tuple[Game, ...] = ()
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
    (:attr:`Kept.waits_for`): their answer may wait."""
    numbers, target, _rules = request
    chats = context.application.chat_data
    refusing, everyone = [], []
    for spoiled in context.bot_data.live_hands.spoiled(numbers, target):
        # The chat asked in, the user's own private chat, or a group the user was seen in.
        if spoiled.chat_id in (chat_id, user_id) or (
            spoiled.chat_id in chats and user_id in chats[spoiled.chat_id].members
        ):
            refusing.append(spoiled)
        elif spoiled.everyone:  # a duel's or a shared run's, refused to everyone else too
            everyone.append(spoiled)
    if refusing:
        # A game whose whole hand the numbers hold is the one to name.
        spoiled = next((spoiled for spoiled in refusing if spoiled.held), refusing[0])
        data = chats.get(spoiled.chat_id)
        return Kept(playing_refusal(spoiled, data, user_id, chat_id, context))
    for game in context.bot_data.games:  # a hand no chat plays now (a daily puzzle's)
        if game.keeps is not None:
            refusal = await game.keeps(numbers, user_id, in_group, context)
            if refusal is not None:
                return Kept(refusal)
    if everyone:
        held = any(spoiled.held for spoiled in everyone)
        # A game of many hands (a shared Rush run) is waited on for its current hand only.
        hands = (getattr(spoiled.game, "current", spoiled.game) for spoiled in everyone)
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
    for game in context.bot_data.games:  # a hand of someone's to open later
        if game.peeked is not None:
            game.peeked(numbers, user_id, context)
