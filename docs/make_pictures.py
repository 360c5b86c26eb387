"""Draws the README's picture of a deal, ``docs/deal.png``, with the bot's own drawing code
(:func:`bot.services.pictures.cards.draw_hand`).

Run it from the repository's root after changing how cards are drawn::

    .venv/bin/python docs/make_pictures.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from bot.services.pictures import draw_hand

HAND = (1, 4, 5, 6)
"""The hand of the README's short chat."""
PICTURE = Path(__file__).with_name("deal.png")


def main(path: Path = PICTURE) -> None:
    """Write the picture of :data:`HAND` as a PNG to ``path``."""
    draw_hand(HAND).save(path, format="PNG", optimize=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else PICTURE)
