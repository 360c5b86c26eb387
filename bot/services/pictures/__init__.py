"""Pictures drawn with Pillow, and their face: the rest of the bot imports from here only.
The package owns the cards of a deal, sent once and then by file id (cards.py), the daily
puzzle's solve-time chart (charts.py), an arena's podium (podium.py) and a player's profile
card (profile_card.py, its name in a host font where needed: fonts.py)."""

from bot.services.pictures.cards import draw_hand, send_hand
from bot.services.pictures.charts import bar_chart
from bot.services.pictures.podium import podium_picture
from bot.services.pictures.profile_card import Badge, Card, Tile, render_card

__all__ = [
    "Badge",
    "Card",
    "Tile",
    "bar_chart",
    "draw_hand",
    "podium_picture",
    "render_card",
    "send_hand",
]
