"""What an arena says: the group's standings message (the announcement, edited as the
arena goes on, and its end), a player's hand, the news of the hand before it, and the
refusals (HTML unless said otherwise)."""

from __future__ import annotations

import datetime as dt
import html
from zoneinfo import ZoneInfo

from bot.i18n import Translator
from bot.rules.arena import Arena, Repeat, Row, Schedule, standings, top
from bot.rules.arena import points as arena_points
from bot.rules.arena.standings import CONTESTED, contested, podium
from bot.rules.daily.days import clock_text
from bot.rules.votes import Ballot
from bot.texts import player_line

NAME_SHOWN = 32
"""Characters of a player's name shown in the standings: ten rows stay far below 4096."""
MEDALS = ("🥇", "🥈", "🥉")


def _name(name: str) -> str:
    short = name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"
    return html.escape(short)


def _row(row: Row, context: Translator, final: bool) -> str:
    marks = ""
    if row.streak >= arena_points.STREAK_FROM and not final:
        marks += " 🔥"
    if row.berserks:
        marks += " ⚡"
    if row.too_fast:
        marks += " ⚠"
    name = _name(row.name)
    if final and row.score > 0 and row.place <= len(MEDALS):
        name = MEDALS[row.place - 1] + " " + name
    points = context.ngettext("{count} point", "{count} points", row.score).format(count=row.score)
    return player_line(name, points + marks, context, row.place)


def standings_text(arena: Arena, context: Translator, now: float) -> str:
    """The running standings: the clock, the player count, the top ten."""
    _ = context._
    rows = standings(arena.entries)
    if not arena.started(now):
        head = _("🏟 <b>Arena #{number}</b> · starts in {left}").format(
            number=arena.number, left=clock_text(arena.starts - now)
        )
    else:
        head = _("🏟 <b>Arena #{number}</b> · {left} left").format(
            number=arena.number, left=clock_text(max(arena.ends - now, 0.0))
        )
    count = context.ngettext("{count} player", "{count} players", len(rows)).format(count=len(rows))
    lines = [head, count]
    lines += [_row(row, context, final=False) for row in top(rows)]
    lines.append(
        _(
            "Join with the button: you play in private, hand after hand, all on the same "
            "hands. 2 points a hand, 4 on a streak (from the third in a row); berserk: half "
            "the time, +1."
        )
    )
    return "\n".join(lines)


def final_text(arena: Arena, context: Translator, winner_trophies: int) -> str:
    """The final standings: the podium and the top ten, the winner's trophy, and who
    answered faster than a person's pace."""
    _ = context._
    rows = standings(arena.entries)
    lines = [_("🏁 <b>Arena #{number}</b> is over.").format(number=arena.number)]
    count = context.ngettext("{count} player", "{count} players", len(rows)).format(count=len(rows))
    lines.append(count)
    lines += [_row(row, context, final=True) for row in top(rows)]
    first = podium(rows)
    if first and not contested(rows):
        lines.append(
            context.ngettext(
                "No trophy this time: an arena's trophy and podium need {count} player who "
                "scored, or more.",
                "No trophy this time: an arena's trophy and podium need {count} players who "
                "scored, or more.",
                CONTESTED,
            ).format(count=CONTESTED)
        )
    elif first:
        lines.append(
            _("🏆 {name} wins the arena's trophy (trophies won: {count}).").format(
                name=_name(first[0].name), count=winner_trophies
            )
        )
    else:
        lines.append(_("Nobody scored: no trophy this time."))
    if any(row.too_fast for row in rows):
        lines.append(_("⚠ An answer faster than a person's pace scored nothing (marked ⚠ above)."))
    return "\n".join(lines)


def hand_caption(arena: Arena, index: int, berserk: bool, news: str | None, t: Translator) -> str:
    """A player's hand: the news of the one before, its number and time, how to answer."""
    _ = t._
    lines = [news] if news else []
    seconds = int(arena_points.hand_seconds(arena.hand_seconds, berserk=berserk))
    hand = " ".join(map(str, arena.hands[index]))
    if berserk:
        head = _("⚡ Hand {number} · {seconds} s (berserk): make 24 from <b>{hand}</b>")
    else:
        head = _("🏟 Hand {number} · {seconds} s: make 24 from <b>{hand}</b>")
    lines.append(head.format(number=index + 1, seconds=seconds, hand=hand))
    lines.append(_("Type your answer; /skip deals the next hand (your streak ends)."))
    return "\n".join(lines)


def solved_news(points: int, streak: int, seconds: float, t: Translator) -> str:
    """The line over the next hand after a solve."""
    text = t.ngettext(
        "✅ +{points} point in {seconds} s", "✅ +{points} points in {seconds} s", points
    ).format(points=points, seconds=f"{seconds:.1f}")
    if arena_points.on_streak(streak):
        text += " · " + t._("🔥 streak {count}: the next hand counts double").format(count=streak)
    return text


def berserk_label(on: bool, t: Translator) -> str:
    """The hand's button: berserk from the next hand, or back to the full time."""
    if on:
        return t._("⚡ Berserk is on: full time from the next hand")
    return t._("⚡ Berserk from the next hand (half the time, +1)")


def stop_text(ballot: Ballot, t: Translator) -> str:
    """A player's request to stop the arena that is not enough alone."""
    return t._("{votes} of {needed} players asked to stop the arena.").format(
        votes=ballot.votes, needed=ballot.needed
    )


def vote_text(votes: int, needed: int, t: Translator) -> str:
    """A member's request for an arena that waits for others."""
    return t._(
        "{votes} of {needed} members asked for an arena: another member's /arena starts it "
        "(or an admin's)."
    ).format(votes=votes, needed=needed)


def place_text(row: Row, players: int, t: Translator) -> str:
    """What a player is told in private at the end."""
    return t.ngettext(
        "🏁 The arena is over: you placed {place} of {players}, with {score} points and "
        "{solved} hand solved.",
        "🏁 The arena is over: you placed {place} of {players}, with {score} points and "
        "{solved} hands solved.",
        row.solved,
    ).format(place=row.place, players=players, score=row.score, solved=row.solved)


def scheduled_text(schedule: Schedule, start: dt.datetime, t: Translator) -> str:
    """What scheduling an arena says: when, in which zone, how often, how long."""
    local = start.astimezone(ZoneInfo(schedule.zone))
    values = {
        "minutes": schedule.minutes,
        "time": local.strftime("%H:%M"),
        "zone": schedule.zone,
        "date": local.date().isoformat(),
    }
    if schedule.repeat is Repeat.DAILY:
        text = t._(
            "🗓 An arena of {minutes} minutes every day at {time} ({zone}), the first on "
            "{date}, each announced five minutes before. /arena unschedule cancels them."
        )
    elif schedule.repeat is Repeat.WEEKLY:
        text = t._(
            "🗓 An arena of {minutes} minutes every week at {time} ({zone}), the first on "
            "{date}, each announced five minutes before. /arena unschedule cancels them."
        )
    else:
        text = t._(
            "🗓 An arena of {minutes} minutes on {date} at {time} ({zone}), announced five "
            "minutes before. /arena unschedule cancels it."
        )
    return text.format(**values)
