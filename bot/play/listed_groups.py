"""Whether a group is listed on ``/groups top`` (its admins choose in ``/settings``): shared
by the settings and the groups' board (:mod:`bot.features.seasons.groups_top`), kept in the
global data (:class:`bot.rules.seasons.groups.ListedGroups`) and saved at once."""

from __future__ import annotations

import logging

from bot.context import BotContext
from bot.rules.seasons.groups import title_fit

logger = logging.getLogger(__name__)


def is_listed(context: BotContext, chat_id: int) -> bool:
    """Whether the group is listed on ``/groups top``."""
    return chat_id in context.bot_data.global_data.groups.listed


def set_listed(context: BotContext, chat_id: int, title: str, on: bool) -> bool:
    """List the group (``on``) under ``title``, or take it off; saved at once.  False: a
    title with a link or an ``@`` (or nothing to show) is not listed."""
    if on and not title_fit(title):
        return False
    groups = context.bot_data.global_data.groups
    if groups.listing(chat_id, title, on) and not context.save_global():
        logger.warning("The listing of group %s is not saved yet", chat_id)
    return True


def retitle(context: BotContext, chat_id: int, title: str) -> None:
    """Keep a listed group's title as it is now (it may have been renamed)."""
    if context.bot_data.global_data.groups.retitle(chat_id, title):
        context.save_global()
