"""Pictures drawn with Pillow that the games share, and their face: the rest of the bot
imports from here only.  The package owns the cards of a deal, sent once and then by file id
(cards.py), bar charts (charts.py: the daily puzzle's solve times) and a player's profile card
(profile_card.py, its name in a host font where needed: fonts.py); a game's own picture, as
the arena's podium, lives in its package."""

from bot.services.pictures.cards import draw_hand, send_hand
from bot.services.pictures.charts import bar_chart
from bot.services.pictures.profile_card import Badge, Card, Drawing, Tile, render_card

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
