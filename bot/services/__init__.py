"""Services the features share, below the handlers' context: the outbox, the solver workers
and their caches, timers, pictures, Telegram's size limits, polling, sending, saving's
fallbacks, the web server, the answer router's table.  ``BotData`` (:mod:`bot.context`)
holds them, so they never import the context, :mod:`bot.play`, a feature or the application
(docs/design.md, *Layout*; ``tests/test_layers.py``)."""
