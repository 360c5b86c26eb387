"""The ladder (issue 41): every hand rated by play, every player's puzzle rating
(:mod:`.model`: one attempt as OpenSkill rates it; :mod:`.puzzle_rating`: the rules)."""

LADDER_GAME = "ladder"
"""The ladder's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
