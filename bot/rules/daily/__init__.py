"""The daily puzzle's rules: a player's record, the board of solve times, the calendar, attempts."""
