"""The bot's features: each registers its own handlers (``register(application)``), owns what
users do with it (commands, buttons, Mini App calls, its part of the state) and imports no
other feature; what they share lives in :mod:`bot.play`, :mod:`bot.services`,
:mod:`bot.context` and :mod:`bot.texts` (docs/design.md, *Layout*; ``tests/test_layers.py``)."""
