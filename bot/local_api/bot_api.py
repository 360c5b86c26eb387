"""The local Bot API server: its world, the people's side, the bot's methods, inline mode
and the Games API, as one object (:class:`LocalBotApi`)."""

from __future__ import annotations

import functools

from bot.local_api.checks import ApiError, check_reply_markup
from bot.local_api.games_api import LocalGames
from bot.local_api.inline_messages import InlineMode
from bot.local_api.methods import Methods
from bot.local_api.people import People


class LocalBotApi(Methods, People, InlineMode):
    """The server's state and its Bot API methods: the world and its waits
    (:class:`~bot.local_api.world.World`), what people do
    (:class:`~bot.local_api.people.People`), the methods the bot calls
    (:class:`~bot.local_api.methods.Methods`), messages sent through inline mode
    (:class:`~bot.local_api.inline_messages.InlineMode`) and the Games API (``games``)."""

    @functools.cached_property
    def games(self) -> LocalGames:
        """The Games API (:mod:`bot.local_api.games_api`): the bot's games, scores, Play presses.
        Made on first use, so that the server's signature stays the world's own (benches
        read it)."""
        return LocalGames(self, ApiError, check_reply_markup)
