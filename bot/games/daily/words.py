"""The daily puzzle's own wording: the result line to share, and whether a chat is
subscribed (plain text)."""

from __future__ import annotations

from bot.i18n import N_, NP_, Translator
from bot.play.registry import Invitation, Titled
from bot.rules.daily.puzzle import STREAK, DailyResult, clock_text


def share_line(
    number: int,
    result: DailyResult,
    streak: int,
    context: Translator,
    faster_than: int | None = None,
) -> str:
    """A daily result to share that gives nothing away (no hand, no expression), in the
    user's language: ``24点 Daily #123 ✅ 0:42 · 1 miss · 🔥5``, and ``· faster than 73%``
    given a standing that beats somebody (plain text; "faster than 0%" would be no news)."""
    misses = context.ngettext("{count} miss", "{count} misses", result.misses)
    line = context._("24点 Daily #{number} ✅ {time} · {misses} · 🔥{streak}").format(
        number=number,
        time=clock_text(result.seconds),
        misses=misses.format(count=result.misses),
        streak=streak,
    )
    if not faster_than:
        return line
    return context._("{line} · faster than {percent}%").format(line=line, percent=faster_than)


def subscription_text(time: str | None, zone: str, context: Translator) -> str:
    """Whether the chat gets the daily puzzle posted, and at what ``time`` in ``zone``."""
    if time is None:
        return context._(
            "This chat is not subscribed to the daily puzzle: /subscribe 09:00 posts it here "
            "every day at 09:00 ({zone}); /subscribe 09:00 Asia/Shanghai, at 09:00 in that "
            "time zone."
        ).format(zone=zone)
    return context._(
        "Subscribed: the daily puzzle comes here every day at {time} ({zone})."
    ).format(time=time, zone=zone)


INVITATION = Invitation(20, N_("/daily opens today's puzzle, the same for everyone."))
"""Its line of the greetings in private: after the plain game's."""

ACHIEVEMENTS = (
    Titled(
        STREAK,
        NP_(
            "🔥 The daily puzzle {count} day in a row", "🔥 The daily puzzle {count} days in a row"
        ),
    ),
)
"""Its families of achievements' titles (``Game.achievements``)."""


PAGE_TEXTS = {
    "daily": N_("Daily"),
    "copied": N_("Copied"),
    "dailyTitle": N_("Daily #{number}"),
    "gate": N_("Daily #{number} — the clock starts when you see the cards."),
    "solvedDaily": N_("Solved!"),
    "solvedAlready": N_("You solved today's puzzle already."),
    "summary": N_("Solved in {time}. Streak: {streak} (best {best})."),
}
"""The daily view's words on the Mini App's page (its ``Game.page_texts``)."""
