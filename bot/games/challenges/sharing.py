"""Sharing a challenge: the inline query a "Challenge a friend" button opens is answered with
the shared message, and each message it is sent as is kept, to be edited as friends play."""

from __future__ import annotations

import logging

from telegram import (
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.constants import ParseMode

from bot.context import BotContext
from bot.games.challenges.offers import read_offer
from bot.games.challenges.parts import CHALLENGES
from bot.games.challenges.shared_messages import card_text, play_markup, refresh_shared, time_text
from bot.rules.challenge import Origin

logger = logging.getLogger(__name__)

RESULT_PREFIX = "ch:"
"""The id of a challenge's inline result: ``ch:`` and its token."""


async def share_query(update: Update, context: BotContext) -> None:
    """``@Bot ch …`` (from a "Challenge a friend" button): the challenge of that solve, made
    now if it is not kept yet, as a message to send."""
    query = update.inline_query
    if query is None:
        return
    _ = context._
    offer = read_offer(query.query, context.bot.token, context.now())
    if offer is None or offer.user_id != query.from_user.id:
        # Someone else's button, or an old one: nothing to send, and a way to the bot.
        button = InlineQueryResultsButton(
            text=_("This challenge button no longer works: solve a hand to make a new one"),
            start_parameter="challenge",
        )
        await query.answer([], button=button, cache_time=0, is_personal=True)
        return
    challenges = CHALLENGES.get(context.bot_data.global_data)
    known = offer.token in challenges.challenges
    challenge = challenges.create(
        offer.user_id,
        query.from_user.first_name,
        offer.hand,
        offer.target,
        offer.seconds,
        Origin.DAILY if offer.daily else Origin.PRACTICE,
        context.now(),
        context.bot_data.rng,
        daily=offer.daily or None,
        token=offer.token,
        language=context.language,
    )
    if not known:
        # Kept before anyone can open it: its Play link must find it after a restart.
        context.save_global(challenge=[challenge.token])
    text = card_text(challenge)
    result = InlineQueryResultArticle(
        id=RESULT_PREFIX + challenge.token,
        title=_("⚔️ Challenge: can they beat your {time}?").format(
            time=time_text(challenge, challenge.seconds, _)
        ),
        description=_("Sends your time and a Play button: no cards, no solution."),
        input_message_content=InputTextMessageContent(text, parse_mode=ParseMode.HTML),
        reply_markup=play_markup(challenge, context.bot.username),
    )
    await query.answer([result], cache_time=0, is_personal=True)


async def shared(update: Update, context: BotContext) -> None:
    """A challenge's result was sent: its message is kept, to be edited as friends play."""
    chosen = update.chosen_inline_result
    if chosen is None or chosen.inline_message_id is None:
        return
    token = chosen.result_id.removeprefix(RESULT_PREFIX)
    challenge = CHALLENGES.get(context.bot_data.global_data).challenges.get(token)
    if challenge is None or chosen.from_user.id != challenge.setter:
        logger.info("A challenge's result was chosen, but %s is not kept", token)
        return
    if challenge.share(chosen.inline_message_id):
        context.save_global(challenge=[token])
    if challenge.plays:  # it was sent as the query was answered: friends may have played since
        refresh_shared(context.application, challenge)
