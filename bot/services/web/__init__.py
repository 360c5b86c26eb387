"""The bot's web server and its guard, and their face: the rest of the bot imports from here
only.  The package owns the server (:class:`WebServer`, server.py: its handlers'
:class:`BoundedHandler`, which judges the headers before the body), its connections kept
below the file limit (connections.py), the Mini App's launch data signed and checked as
Telegram does (launch_data.py), a Telegram game's tokens signed with the bot's key
(game_tokens.py) and request rates per player (request_rates.py)."""

from bot.services.web.connections import raise_file_limit
from bot.services.web.game_tokens import (
    CLOCK_SKEW,
    GAME_TOKEN_HEADER,
    TOKEN_AGE,
    GameMessage,
    GameToken,
    check_game_token,
    sign_game_token,
)
from bot.services.web.launch_data import (
    AppUser,
    check_init_data,
    launch_hash,
    secret_key,
    sign_init_data,
)
from bot.services.web.request_rates import RateLimit
from bot.services.web.server import (
    MAX_BODY,
    BoundedHandler,
    ListenError,
    NotFound,
    Rules,
    WebServer,
)

__all__ = [
    "CLOCK_SKEW",
    "GAME_TOKEN_HEADER",
    "MAX_BODY",
    "TOKEN_AGE",
    "AppUser",
    "BoundedHandler",
    "GameMessage",
    "GameToken",
    "ListenError",
    "NotFound",
    "RateLimit",
    "Rules",
    "WebServer",
    "check_game_token",
    "check_init_data",
    "launch_hash",
    "raise_file_limit",
    "secret_key",
    "sign_game_token",
    "sign_init_data",
]
