"""Duels across a restart: every open invitation gets its expiry again, and every duel being
played resumes, is finished or is cancelled, its players told which (docs/design-games.md,
*Duels on Telegram*: "Restart")."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram.ext import Application

from bot.context import BotContext, now_of, services
from bot.games.duel.parts import DUELS
from bot.play import game_life

from . import invitations, play

logger = logging.getLogger(__name__)


def restore(application: Application) -> tuple[int, int]:
    """After a restart: invitations' expiries set again, duels resumed or cancelled;
    returns (resumed, cancelled)."""
    data = services(application)
    duels = DUELS.get(data.global_data)
    now = now_of(application)
    context = BotContext(application)
    for invitation in list(duels.invitations.values()):
        home = invitation.chat_id if invitation.chat_id is not None else invitation.inviter
        invitations.expire_later(play.in_chat(context, home), home, invitation)
    resumed = cancelled = 0
    for duel in list(duels.duels.values()):
        home = play.home_of(duel)
        local = play.in_chat(context, home)
        if duel.over:
            play.finish(local, duel)
            continue
        hand = duel.hand
        if hand is not None and hand.live:
            deadline = hand.deadline
            if deadline is None or deadline <= now:
                play.cancel(local, duel, _ran_out(hand.number))
                cancelled += 1
                continue
            kind = play.kind(data)
            for chat_id in play.chats_of(duel):
                data.live_hands.add(chat_id, hand, kind=kind.name)
            game_life.set_alarms(data.timers, home, kind, hand, now)
            play.tell(local, duel, _goes_on(hand.number, round(deadline - now)))
        else:
            data.timers.run_once(
                play.next_hand, 0, chat_id=home, kind=play.DUEL_NEXT, data=duel.token, pauses=True
            )
            play.tell(local, duel, _next_hand)
        resumed += 1
    if resumed or cancelled:
        logger.info("Duels after the restart: %d resumed, %d cancelled", resumed, cancelled)
    return resumed, cancelled


def _ran_out(number: int) -> Callable[[BotContext], str]:
    def said(context: BotContext) -> str:
        return context._("The bot restarted, and hand {number}'s time ran out meanwhile.").format(
            number=number
        )

    return said


def _goes_on(number: int, left: int) -> play.Saying:
    def said(context: BotContext, _names: dict[int, str]) -> str:
        return context._(
            "The bot restarted: your duel goes on. Hand {number} has {seconds} s left."
        ).format(number=number, seconds=left)

    return said


def _next_hand(context: BotContext, _names: dict[int, str]) -> str:
    return context._("The bot restarted: your duel goes on with the next hand.")
