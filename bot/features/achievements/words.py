"""The achievements' words: each one's name (its family's, with the goal), the line that
tells one earned, and a player's progress towards a family's next tier."""

from __future__ import annotations

from bot.i18n import Translator
from bot.rules.achievements import Achievement, Family


def title(achievement: Achievement, context: Translator) -> str:
    """An achievement's name, with its emoji: ``⚡ A hand solved in under 10 seconds``."""
    _, goal = context._, achievement.goal
    family = achievement.family
    if family is Family.STREAK:
        text = context.ngettext(
            "🔥 The daily puzzle {count} day in a row",
            "🔥 The daily puzzle {count} days in a row",
            goal,
        )
    elif family is Family.HANDS:
        text = context.ngettext("🧮 {count} hand solved", "🧮 {count} hands solved", goal)
    elif family is Family.FAST:
        text = context.ngettext(
            "⚡ A hand solved in under {count} second",
            "⚡ A hand solved in under {count} seconds",
            goal,
        )
    elif family is Family.DUELS:
        text = context.ngettext("⚔️ {count} duel won", "⚔️ {count} duels won", goal)
    elif family is Family.RUSH:
        text = _("🏃 A Rush score of {count}")
    elif family is Family.EXACT:
        text = context.ngettext(
            "🎯 {count} Countdown target reached exactly",
            "🎯 {count} Countdown targets reached exactly",
            goal,
        )
    elif family is Family.HUNT:
        text = _("🔍 Every solution of a Solution Hunt found alone")
    elif family is Family.PODIUM:
        text = _("🥉 A place on an arena's podium")
    elif family is Family.ARENA:
        text = _("🥇 An arena won")
    else:
        text = _("🏆 A season's trophy")
    return text.format(count=goal)


def earned_line(achievements: list[Achievement], name: str | None, context: Translator) -> str:
    """The line that tells ``achievements`` just earned (HTML): in a group with the player's
    ``name`` (HTML), in private (``name`` None) without."""
    titles = " · ".join(title(a, context) for a in achievements)
    count = len(achievements)
    if name is None:
        return context.ngettext(
            "🎖️ New achievement: {titles}", "🎖️ New achievements: {titles}", count
        ).format(titles=titles)
    return context.ngettext(
        "🎖️ {name} earned {count} achievement: {titles}",
        "🎖️ {name} earned {count} achievements: {titles}",
        count,
    ).format(name=name, count=count, titles=titles)


def seconds_text(seconds: float, context: Translator) -> str:
    """A time in seconds, ``7.3 s`` (from a minute on, ``2:05``)."""
    if seconds < 60:
        return context._("{seconds} s").format(seconds=f"{seconds:.1f}")
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}:{rest:02d}"


def progress(achievement: Achievement, value: float | None, context: Translator) -> str:
    """How far a player is towards ``achievement``: ``3/10``, or for the fastest solve the
    time to beat (``best 7.3 s``; ``none yet``)."""
    if achievement.family is Family.FAST:
        if value is None:
            return context._("no hand solved yet")
        return context._("your best {time}").format(time=seconds_text(value, context))
    shown = 0 if value is None else int(value)
    return f"{min(shown, achievement.goal)}/{achievement.goal}"
