"""The local Bot API server: its world, the people's side, the bot's methods and inline
mode, as one object (:class:`LocalBotApi`)."""

from __future__ import annotations

from bot.local_api.inline import InlineMode
from bot.local_api.methods import Methods
from bot.local_api.people import People


class LocalBotApi(Methods, People, InlineMode):
    """The server's state and its Bot API methods: the world and its waits
    (:class:`~bot.local_api.world.World`), what people do
    (:class:`~bot.local_api.people.People`), the methods the bot calls
    (:class:`~bot.local_api.methods.Methods`) and messages sent through inline mode
    (:class:`~bot.local_api.inline.InlineMode`)."""
