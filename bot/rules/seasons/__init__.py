"""Seasons: the calendar month as a season of the boards (:mod:`.calendar`), the season's
boards, their final tables and trophies (:mod:`.tables`), and the groups listed on
``/groups top`` (:mod:`.groups`).  The reasoning is docs/design-games.md's *Seasons*.

This package's ``__init__`` imports nothing: :mod:`bot.rules.duel.rating` reads the season of a
day from :mod:`.calendar`, and :mod:`.tables` reads the ratings."""
