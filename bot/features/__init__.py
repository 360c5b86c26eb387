"""The bot's features: each registers its own handlers (``register(application)``) and
imports no other feature; what they share lives in :mod:`bot.play`, :mod:`bot.services`,
:mod:`bot.context` and :mod:`bot.texts`.

A feature (a module, or a package like :mod:`~bot.games.rounds`) owns what users do with
it: its commands, buttons and Mini App calls, and its part of the chat's and user's state.
It may import its own modules, the context and typed handlers, the state, the texts, i18n,
settings, the chat helpers, the services, the rules (:mod:`bot.rules`) and :mod:`solver`;
never another feature, the application or an entry point (``tests/test_layers.py``).
"""
