"""The bot's features: each registers its own handlers (``register(application)``) and
imports no other feature; what they share lives in :mod:`bot.chat`, :mod:`bot.services`,
:mod:`bot.context` and :mod:`bot.texts`."""
