"""What the features share that acts through a handler's context: a timed game's life
(:mod:`~bot.play.game_life`), the admin checks and votes, a score told once saved, status
messages, the Mini App's server side and the answer router.  It may import the context and
everything below it, never a feature, the application or an entry point (docs/design.md,
*Layout*; ``tests/test_layers.py``)."""
