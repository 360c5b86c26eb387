"""The achievements' words: each one's name (its family's, with the goal), the line that
tells one earned, and a player's progress towards a family's next tier."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.i18n import N_, NP_, Translator
from bot.play.registry import Game
from bot.rules.achievements import FAST, Achievement

TITLES: dict[str, tuple[str, str]] = {
    "hands": NP_("🧮 {count} hand solved", "🧮 {count} hands solved"),
    "fast": NP_(
        "⚡ A hand solved in under {count} second", "⚡ A hand solved in under {count} seconds"
    ),
    "season": (N_("🏆 A season's trophy"),) * 2,
}
"""The shared families' titles (by saved name, :attr:`bot.rules.achievements.Family.name`): a
count's forms, or one text twice.  A game's own families are titled by the game
(``Game.achievements``: :class:`bot.plug_ins.Titled`)."""


class _Games(Protocol):
    @property
    def games(self) -> Sequence[Game]: ...


class Reader(Translator, Protocol):
    """Who reads a title: a translator that knows the games (a handler's context,
    :class:`bot.context.BotContext`)."""

    @property
    def bot_data(self) -> _Games: ...


def titles(context: Reader) -> dict[str, tuple[str, str]]:
    """Every family's title's forms, by saved name: the shared families' and each game's."""
    found = dict(TITLES)
    for game in context.bot_data.games:
        found |= {titled.family.name: titled.forms for titled in game.achievements}
    return found


def title(achievement: Achievement, context: Reader) -> str:
    """An achievement's name, with its emoji: ``⚡ A hand solved in under 10 seconds``."""
    singular, plural = titles(context)[achievement.family.name]
    if singular == plural:
        text = context._(singular)
    else:
        text = context.ngettext(singular, plural, achievement.goal)
    return text.format(count=achievement.goal)


def earned_line(achievements: list[Achievement], name: str | None, context: Reader) -> str:
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
    if achievement.family is FAST:
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
