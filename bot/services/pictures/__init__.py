"""Pictures drawn with Pillow that the games share, and their face: the rest of the bot
imports from here only.  The package owns the cards of a deal, sent once and then by file id
(cards.py), bar charts (charts.py: the daily puzzle's solve times) and a player's profile card
(profile_card.py, its name in a host font where needed: fonts.py); a game's own picture, as
the arena's podium, lives in its package.

Its names load at first use, as :mod:`bot.services.watch`'s do (PEP 562): Pillow (30 to 40 ms
of CPU) is imported when the first picture is drawn or sent, not at every start of the bot;
the modules that draw import it at their top, so importing any of them checks it.  Callers
import the package (``from bot.services import pictures``) and name ``pictures.send_hand``
where they call it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.services.lazy_names import lazy_names

if TYPE_CHECKING:
    from bot.services.pictures.cards import draw_hand, send_hand
    from bot.services.pictures.charts import bar_chart
    from bot.services.pictures.profile_card import Badge, Card, Drawing, Tile, render_card

_HOME_OF = {
    "draw_hand": ("cards", "draw_hand"),
    "send_hand": ("cards", "send_hand"),
    "bar_chart": ("charts", "bar_chart"),
    "Badge": ("profile_card", "Badge"),
    "Card": ("profile_card", "Card"),
    "Drawing": ("profile_card", "Drawing"),
    "Tile": ("profile_card", "Tile"),
    "render_card": ("profile_card", "render_card"),
}

__all__ = [
    "Badge",
    "Card",
    "Drawing",
    "Tile",
    "bar_chart",
    "draw_hand",
    "render_card",
    "send_hand",
]


__getattr__, __dir__ = lazy_names(__name__, _HOME_OF, __all__)
