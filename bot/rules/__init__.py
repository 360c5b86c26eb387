"""The rules of the game: rounds, scoring and players' statistics.

Plain Python between the solver and the Telegram layer: nothing here imports Telegram, and
time comes in as arguments (seconds from any clock), so tests drive it directly.

Owns every game's rules and vocabulary (rounds, matches, Solution Hunt, Countdown, the daily
puzzle, duels, ratings, hand records, challenges, votes, spoilers, claims).  May import only
itself, :mod:`solver` and pure-Python libraries (OpenSkill for ratings): never the Telegram
layer (``tests/test_layers.py``).
"""
