"""The page's files as the tests read them: the shared ones (``bot/webapp/``) and each
view's, from its game's or feature's ``page/`` (``page_view``), and ``index.html`` as the bot
serves it, its views' lines written in (:mod:`bot.play.page_views`)."""

from __future__ import annotations

from pathlib import Path

from bot.features import FEATURES
from bot.games import GAMES
from bot.play.page_views import PAGE, index_page, page_views, view_files

WEBAPP = PAGE
"""The page's shared files."""
DECLARED = page_views([*(game.page_view for game in GAMES), *(f.page_view for f in FEATURES)])
"""The views the games and features declare, in their places' order."""
FILES: dict[str, Path] = {path.name: path for path in WEBAPP.iterdir()} | view_files(DECLARED)
"""The page's files by their names on the page (``/app/<name>``): the shared ones, the views'."""
SERVED = index_page(DECLARED).decode()
"""``index.html`` as the bot serves it."""
