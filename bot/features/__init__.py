"""The bot's features that are not games (/score, /solve, the settings, the owner's /admin):
each declares itself once (its ``FEATURE``: handlers, menu entries, /help lines), owns what
users do with it and imports no other feature; :data:`FEATURES` lists them, a line each."""

from __future__ import annotations

from bot.features import (
    achievements,
    admin,
    basics,
    chat_settings,
    fair_play,
    names,
    scores,
    seasons,
    solve,
    stray_buttons,
)
from bot.play.registry import Feature

FEATURES: tuple[Feature, ...] = (
    admin.FEATURE,
    basics.FEATURE,
    fair_play.FEATURE,
    scores.FEATURE,
    seasons.FEATURE,
    names.FEATURE,
    achievements.FEATURE,
    solve.FEATURE,
    chat_settings.FEATURE,
    stray_buttons.FEATURE,
)
"""Every feature, in the order :data:`bot.app.HANDLERS` registers them (where the games'
slots stand among them is the application's)."""
