"""Countdown's time, a setting of the chat (``/settings countdown 45``, a row of buttons)."""

from __future__ import annotations

from bot.i18n import K_, Translator
from bot.play.registry import Setting
from bot.rules import countdown
from bot.rules.table import GameSettings


def _line(settings: GameSettings, context: Translator) -> str:
    _ = context._
    return _("Countdown time: {value}").format(
        value=_("{seconds} s").format(seconds=countdown.chat_time(settings))
    )


def _buttons(settings: GameSettings, context: Translator) -> tuple[tuple[str, object], ...]:
    return tuple(
        (context._("Countdown {seconds} s").format(seconds=t), t) for t in countdown.SECONDS_CHOICES
    )


def _current(settings: GameSettings) -> object:
    return countdown.chat_time(settings)


def _usage(context: Translator) -> str:
    return context._(
        "Countdown's time goes from {low} to {high} seconds, like /settings countdown 45."
    ).format(low=countdown.MIN_SECONDS, high=countdown.MAX_SECONDS)


def _apply(settings: GameSettings, value: str) -> bool:
    if (
        value.isdecimal()
        and value.isascii()
        and countdown.MIN_SECONDS <= int(value) <= countdown.MAX_SECONDS
    ):
        countdown.set_chat_time(settings, int(value))
        return True
    return False


SETTING = Setting(
    K_("keyword", "countdown"), _line, _buttons, _current, _usage, _apply, seconds=True
)
"""Countdown's time in /settings."""
