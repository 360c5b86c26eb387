"""Duels' rules: the race on the same hands, and the lobby (invitations, who is busy)."""
