"""What the features share that acts through a handler's context, above it.

Owns a timed game's life in a chat (:mod:`~bot.play.game_life`: deal, clock, alarms, stop,
restore), the admin checks and stop votes (:mod:`~bot.play.admins`, cached in ``BotData``), a
score told once it is saved (:mod:`~bot.play.announce`), a chat's status messages
(:mod:`~bot.play.status_message`), the Mini App's server side (:mod:`~bot.play.miniapp`:
its page, API routes, the rate per player; the launch data's check is a service below) and
the answer router's handlers (:mod:`~bot.play.answer_router`: ``/a`` and plain text to the game
whose route claims them, by the priority of :mod:`bot.services.answer_routes`).

May import the context and the typed handlers, and everything below them: the services
(:mod:`bot.services`), the state, texts, i18n and settings, and the rules (:mod:`bot.rules`,
:mod:`solver`).  Never a feature, the application or an entry point (``tests/test_layers.py``).
"""
