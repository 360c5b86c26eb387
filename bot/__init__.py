"""Twenty-Four's Telegram bot: handlers and services around the game rules in `bot.game`."""
