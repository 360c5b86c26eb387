"""The rules of the game: rounds, scoring and players' statistics.

Plain Python between the solver and the Telegram layer: nothing here imports Telegram, and
time comes in as arguments (seconds from any clock), so tests drive it directly.
"""
