"""Services the features share, below the handlers' context: the outbox, the solver
workers and their caches, timers, pictures and charts, Telegram's size limits, polling,
sending, saving's fallbacks, the web server, and the answer router's table of routes
(:mod:`~bot.services.answer_routes`).

``BotData`` (:mod:`bot.context`) holds them, so they never import the context, the typed
handlers, :mod:`bot.play`, a feature or the application; they may import each other, the
records and everything below (the state, i18n, settings, clock, the rules in
:mod:`bot.rules` and :mod:`solver`).  What needs the context lives in :mod:`bot.play`.
"""
