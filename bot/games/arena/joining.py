"""Joining an arena, by its Join link in private or by tapping on the Mini App's page: the
same checks and the same saving either way (docs/design-games.md, *Arenas on Telegram*);
and its hands, drawn the same for everyone."""

from __future__ import annotations

import hmac
import random
from collections.abc import Callable
from dataclasses import dataclass

from bot.context import BotContext
from bot.games.arena import words
from bot.games.arena.group import LINK_PREFIX, end, group_part, part, save, standings_soon
from bot.games.arena.live import kept
from bot.games.arena.moves import group_now
from bot.play import set_aside
from bot.rules.arena import Arena, Deal
from bot.rules.arena.chat_state import ArenaChat
from bot.rules.hands import HandFacts
from bot.rules.rush.run import CARDS as RUSH_CARDS
from bot.rules.rush.run import DECK as RUSH_DECK
from bot.rules.rush.run import TARGET as RUSH_TARGET
from bot.services.solving import DealRefused


async def ensure_hands(context: BotContext, arena: Arena, upto: int) -> None:
    """Draw the arena's hands up to ``upto`` (the same for everyone: each with its own
    seeded random source, as :meth:`Arena.hand` seeds it).  Raises
    :class:`~bot.services.solving.DealRefused` when no hand can be had now."""
    solving = context.bot_data.solving
    while len(arena.hands) <= upto:
        at = len(arena.hands)
        rng = random.Random(f"{arena.seed}:{at}")
        draw = await solving.dealer(rng, RUSH_CARDS, RUSH_TARGET, RUSH_DECK)
        arena.hand(at, _drawn_by(draw))


def _drawn_by(draw: Callable[[int], HandFacts]) -> Deal:
    """An arena's deal of one hand from Rush's dealer (its random source seeded already)."""

    def deal(_rng: random.Random, level: int) -> tuple[int, ...]:
        return draw(level).hand

    return deal


def code_of(payload: str) -> tuple[int, str] | None:
    """The group and the code a Join payload (``arena_<-group>_<code>``) names."""
    group, sep, code = payload.removeprefix(LINK_PREFIX).partition("_")
    if not sep or not group.isdecimal() or not code or len(group) > 20:
        return None
    return -int(group), code


@dataclass(frozen=True, slots=True)
class Admitted:
    """A player in the arena (joined now, or already)."""

    group: int
    ours: ArenaChat
    arena: Arena
    joined: bool
    saved: bool


async def admit(context: BotContext, user_id: int, name: str, payload: str) -> Admitted | str:
    """``user_id`` joins the arena of a Join ``payload`` (or is in it already); else what
    they are told: a wrong or old link, an arena over, another arena of theirs on, a full
    arena, another game of theirs on in private (its answers would be the arena's)."""
    _ = context._
    found = code_of(payload)
    group = None if found is None else group_now(context, found[0])
    ours = None if group is None else group_part(context.application, group)
    arena = None if ours is None else ours.arena
    if (
        found is None
        or group is None
        or ours is None
        or arena is None
        or not hmac.compare_digest(ours.code.encode(), found[1].encode())
    ):
        return _("I can't find this arena: the link may be old. /arena starts one in a group.")
    now = context.now()
    if arena.finish(now):
        end(context, group)
    if arena.ended:
        return _("This arena is over. /arena in the group starts another.")
    mine = part(context.application.chat_data[user_id])
    if mine.playing not in (None, group):
        other = group_part(context.application, mine.playing)
        if other is not None and other.arena is not None and not other.arena.ended:
            return _("You are playing another arena: finish it first.")
    if user_id not in arena.entries and arena.full:
        return words.full_text(len(arena.entries), context)
    if user_id not in arena.entries:
        again = _("tap the arena's Join button again")  # not a challenge's words
        busy = set_aside.busy_text(context, user_id, again)
        if busy is not None:
            return busy
    joined = arena.join(user_id, name, now)
    mine.playing = group
    mine.entry, mine.entry_number = arena.entries[user_id], arena.number
    try:
        await ensure_hands(context, arena, arena.entries[user_id].index)
    except DealRefused:
        return _("I am busy dealing other hands: try again in a moment.")
    saved = save(context, group, user_id)
    standings_soon(context, group)
    return Admitted(group, ours, arena, joined, saved)


def on_page(context: BotContext, user_id: int) -> bool:
    """Whether the player plays their arena on the page now: their next hands wait for it
    there, none is sent to their private chat (memory only: after a restart, the chat)."""
    return user_id in kept(context.application).pages


def to_page(context: BotContext, user_id: int, on: bool) -> None:
    """The player plays on the page (``on``), or back in their private chat."""
    pages = kept(context.application).pages
    if on:
        pages.add(user_id)
    else:
        pages.discard(user_id)
