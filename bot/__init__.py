"""Twenty-Four's Telegram bot: handlers and services around the game rules in :mod:`bot.rules`.
Its floors, top first (entry points, the application, the features, :mod:`bot.play`, the
typed handlers and context, the services, records, state, the rules over :mod:`solver`): a
module imports only from its own floor or below, with no cycle (docs/design.md, *The map*;
import-linter's contracts in ``pyproject.toml``, run by ``tests/test_layers.py``)."""
