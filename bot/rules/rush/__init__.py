"""Rush's rules: a run against the clock, a run in a chat, its result, the records."""
