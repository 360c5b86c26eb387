"""Services the features share: the outbox, the solver workers and their caches."""
