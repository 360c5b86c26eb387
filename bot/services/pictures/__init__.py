"""Pictures drawn with Pillow that the games share: the cards of a deal, bar charts, the
profile card, and the fonts they draw names in (a game's own picture, as the arena's podium,
lives in its package)."""
