"""Twenty-Four's Telegram bot: handlers and services around the game rules in `bot.rules`.

Its floors, top first; a module imports only from its own floor or below, with no cycle
(import-linter's contracts in ``pyproject.toml``, run by ``tests/test_layers.py``):

- the entry points: ``__main__``, :mod:`bot.console`, :mod:`bot.webhook`;
- the application: :mod:`bot.app` (registers the features), :mod:`bot.start_up`;
- the features (:mod:`bot.features`), which never import each other;
- the chat helpers that act through the context (:mod:`bot.play`);
- the typed handlers (:mod:`bot.typed_handlers`) and the handlers' context (:mod:`bot.context`);
- the services below the context (:mod:`bot.services`), the data file
  (:mod:`bot.persistence`) and the wording (:mod:`bot.texts`);
- the saved records (:mod:`bot.records`);
- the state, i18n, settings, the clock, and the local Bot API (:mod:`bot.local_api`, which
  imports nothing of the bot);
- the rules (:mod:`bot.rules`), over the solver (:mod:`solver`).
"""
