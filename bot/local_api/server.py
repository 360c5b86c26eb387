"""The local Bot API server: its world, the people's side, the bot's methods, inline mode
and the Games API, as one object (:class:`LocalBotApi`)."""

from __future__ import annotations

from typing import Any

from bot.local_api.checks import ApiError, check_reply_markup
from bot.local_api.games import LocalGames
from bot.local_api.inline import InlineMode
from bot.local_api.methods import Methods
from bot.local_api.people import People


class LocalBotApi(Methods, People, InlineMode):
    """The server's state and its Bot API methods: the world and its waits
    (:class:`~bot.local_api.world.World`), what people do
    (:class:`~bot.local_api.people.People`), the methods the bot calls
    (:class:`~bot.local_api.methods.Methods`), messages sent through inline mode
    (:class:`~bot.local_api.inline.InlineMode`) and the Games API (``games``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = LocalGames(self, ApiError, check_reply_markup)
        """The Games API (:mod:`bot.local_api.games`): the bot's games, scores, Play presses."""
