"""Pictures drawn with Pillow: the cards of a deal, the daily puzzle's charts."""
