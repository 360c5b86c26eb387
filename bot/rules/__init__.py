"""The rules of every game, plain Python between the solver and the Telegram layer: rounds,
matches, Solution Hunt, Countdown, the daily puzzle, duels, ratings, hand records,
challenges, votes, spoilers, claims.  It imports only itself, :mod:`solver` and pure-Python
libraries, never Telegram; time comes in as arguments (docs/design.md, *The map*;
``tests/test_layers.py``)."""
