"""Services the features share, below the handlers' context: the outbox, the solver workers
and the solver's work over them, timers, pictures, Telegram's size limits, polling, sending,
saving's fallbacks, the web server, what the operator watches, the answer router's table.
A package here does one job and shows one face: the rest of the bot imports its
``__init__`` only (import-linter's protected contracts).  ``BotData`` (:mod:`bot.context`)
holds them, so they never import the context, :mod:`bot.play`, a feature or the application
(docs/design.md, *The map*: "Packages by job", and *Layout*; ``tests/test_layers.py``)."""
