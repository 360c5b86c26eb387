"""The games, a package each: its handlers, its answers, its words (its rules are in bot.rules)."""
