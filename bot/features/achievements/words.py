"""The achievements' words: each one's name (its family's, with the goal), the line that
tells one earned, and a player's progress towards a family's next tier."""

from __future__ import annotations

from bot.i18n import N_, NP_, Translator
from bot.rules.achievements import Achievement, Family

TITLES: dict[str, tuple[str, str]] = {
    "streak": NP_(
        "🔥 The daily puzzle {count} day in a row", "🔥 The daily puzzle {count} days in a row"
    ),
    "hands": NP_("🧮 {count} hand solved", "🧮 {count} hands solved"),
    "fast": NP_(
        "⚡ A hand solved in under {count} second", "⚡ A hand solved in under {count} seconds"
    ),
    "duels": NP_("⚔️ {count} duel won", "⚔️ {count} duels won"),
    "rush": (N_("🏃 A Rush score of {count}"),) * 2,
    "exact": NP_(
        "🎯 {count} Countdown target reached exactly",
        "🎯 {count} Countdown targets reached exactly",
    ),
    "hunt": (N_("🔍 Every solution of a Solution Hunt found alone"),) * 2,
    "podium": (N_("🥉 A place on an arena's podium"),) * 2,
    "arena": (N_("🥇 An arena won"),) * 2,
    "season": (N_("🏆 A season's trophy"),) * 2,
}
"""Each family's name (by its saved name, :class:`bot.rules.achievements.Family`): a count's
forms, or one text twice (a family of one tier, or a score that reads the same for any)."""


def title(achievement: Achievement, context: Translator) -> str:
    """An achievement's name, with its emoji: ``⚡ A hand solved in under 10 seconds``."""
    singular, plural = TITLES[achievement.family.value]
    if singular == plural:
        text = context._(singular)
    else:
        text = context.ngettext(singular, plural, achievement.goal)
    return text.format(count=achievement.goal)


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


def progress(
    achievement: Achievement, value: float | None, context: Translator, own: bool = True
) -> str:
    """How far a player is towards ``achievement``: ``3/10``, or for the fastest solve the
    time to beat (``your best 7.3 s``, another player's ``best 7.3 s``; ``none yet``)."""
    if achievement.family is Family.FAST:
        if value is None:
            return context._("no hand solved yet")
        time = seconds_text(value, context)
        if not own:
            # TRANSLATORS: another player's fastest hand, on their /achievements.
            return context._("best {time}").format(time=time)
        return context._("your best {time}").format(time=time)
    shown = 0 if value is None else int(value)
    return f"{min(shown, achievement.goal)}/{achievement.goal}"


PAGE_TEXTS = {
    "profile": N_("Profile"),
}
"""The profile view's words on the Mini App's page (its ``Feature.page_texts``)."""
