"""Services the features share: the outbox, the solver workers and their caches, and the
answer router (``answer_routes``: the games' routes by priority, below the context;
``answers``: the handlers of /a and plain text, over it)."""
