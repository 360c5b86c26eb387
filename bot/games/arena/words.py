"""What an arena says: the group's standings message (the announcement, edited as the
arena goes on, and its end), a player's hand, the news of the hand before it, and the
refusals, and its board of a season and share of a group's week (HTML unless said
otherwise)."""

from __future__ import annotations

import datetime as dt
import html
from collections.abc import Container
from zoneinfo import ZoneInfo

from bot.i18n import N_, Translator
from bot.play.registry import Titled
from bot.rules.arena import Arena, Player, Repeat, Row, Schedule, standings, top
from bot.rules.arena import points as arena_points
from bot.rules.arena.standings import (
    ARENA_PODIUMS,
    ARENAS_WON,
    CONTESTED,
    contested,
    counted,
    newcomers,
    podium,
)
from bot.rules.daily.established import DAILY_DAYS
from bot.rules.durations import clock_text
from bot.rules.pace import PLAUSIBLE_MEDIAN
from bot.rules.seasons.tables import Row as SeasonRow
from bot.rules.votes import Ballot
from bot.texts import player_line

NAME_SHOWN = 32
"""Characters of a player's name shown in the standings: ten rows stay far below 4096."""
MEDALS = ("🥇", "🥈", "🥉")


def _name(name: str) -> str:
    short = name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…"
    return html.escape(short)


def _row(row: Row, context: Translator, final: bool, medal: str = "") -> str:
    marks = ""
    if row.streak >= arena_points.STREAK_FROM and not final:
        marks += " 🔥"
    if row.berserks:
        marks += " ⚡"
    if row.too_fast:
        marks += " ⚠"
    name = _name(row.name)
    if medal:
        name = medal + " " + name
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


def final_text(
    arena: Arena,
    context: Translator,
    winner_trophies: int,
    established: Container[int],
    scripted: Container[int] = (),
) -> str:
    """The final standings: the top ten, the medals of the podium and the winner's trophy
    (among the ``established`` players whose solves were not ``scripted``: placed among
    themselves, so a newcomer above them wears no medal), whose results stay in the group
    and why (not established yet, or too fast to count), and who answered faster than a
    person's pace."""
    _ = context._
    rows = standings(arena.entries)
    lines = [_("🏁 <b>Arena #{number}</b> is over.").format(number=arena.number)]
    count = context.ngettext("{count} player", "{count} players", len(rows)).format(count=len(rows))
    lines.append(count)
    standing = {row.user_id for row in rows if row.user_id in established} - {
        row.user_id for row in rows if row.user_id in scripted
    }
    beyond = counted(rows, standing)
    first = podium(beyond)
    # Medals only beside the podium that counts: none where "no trophy" is said, and by the
    # places among the counted players, the trophy's (docs/playing-arenas.md).
    medals = (
        {row.user_id: MEDALS[row.place - 1] for row in first if row.place <= len(MEDALS)}
        if contested(beyond)
        else {}
    )
    lines += [_row(row, context, True, medals.get(row.user_id, "")) for row in top(rows)]
    if podium(rows) and not contested(beyond):
        if contested(rows):  # enough scored, but not enough established players
            text = context.ngettext(
                "No trophy this time: an arena's trophy and podium need {count} established "
                "player who scored, or more.",
                "No trophy this time: an arena's trophy and podium need {count} established "
                "players who scored, or more.",
                CONTESTED,
            )
        else:
            text = context.ngettext(
                "No trophy this time: an arena's trophy and podium need {count} player who "
                "scored, or more.",
                "No trophy this time: an arena's trophy and podium need {count} players who "
                "scored, or more.",
                CONTESTED,
            )
        lines.append(text.format(count=CONTESTED))
    elif first:
        lines.append(
            _("🏆 {name} wins the arena's trophy (trophies won: {count}).").format(
                name=_name(first[0].name), count=winner_trophies
            )
        )
    else:
        lines.append(_("Nobody scored: no trophy this time."))
    new = top(newcomers(rows, established))
    if new:
        lines.append(
            context.ngettext(
                "{names}: not established yet (the daily puzzle solved on {days} day, or five "
                "duels played out against five players over a week), so this arena counts for "
                "them in this group only.",
                "{names}: not established yet (the daily puzzle solved on {days} days, or five "
                "duels played out against five players over a week), so this arena counts for "
                "them in this group only.",
                DAILY_DAYS,
            ).format(names=_(", ").join(_name(row.name) for row in new), days=DAILY_DAYS)
        )
    paced = top(row for row in newcomers(rows, standing) if row.user_id in established)
    if paced:
        lines.append(
            _(
                "{names}: half or more of their solves came within {seconds} s, a script's "
                "steady pace, so this arena counts for them in this group only."
            ).format(
                names=_(", ").join(_name(row.name) for row in paced),
                seconds=f"{PLAUSIBLE_MEDIAN:g}",
            )
        )
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


def stop_text(ballot: Ballot, players: int, t: Translator) -> str:
    """A player's request to stop the arena that is not enough alone: the votes so far of
    the votes needed (more than half of its ``players``, two at least), and how many players
    it has (the votes are not its player count)."""
    text = t.ngettext(
        "A vote to stop the arena: {votes} of the {needed} votes needed (it has {count} "
        "player). Another player's /arena stop adds one.",
        "A vote to stop the arena: {votes} of the {needed} votes needed (it has {count} "
        "players). Another player's /arena stop adds one.",
        players,
    )
    return text.format(votes=ballot.votes, needed=ballot.needed, count=players)


def final_note(arena: Arena, t: Translator) -> str:
    """The standings message's last edit at the end: the final standings follow in the
    end's own message (with the podium), not twice."""
    return t._("🏁 <b>Arena #{number}</b> is over: the final standings are below.").format(
        number=arena.number
    )


def length_taken(minutes: int, t: Translator) -> str:
    """A vote carried by a member who asked another length: the first request's is taken."""
    return t.ngettext(
        "The arena lasts {count} minute: the length the first request asked for.",
        "The arena lasts {count} minutes: the length the first request asked for.",
        minutes,
    ).format(count=minutes)


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


def full_text(players: int, t: Translator) -> str:
    """A player refused because the arena has all the players it takes."""
    return t.ngettext(
        "This arena is full: it has {count} player, the most an arena takes. Join the next "
        "one early.",
        "This arena is full: it has {count} players, the most an arena takes. Join the next "
        "one early.",
        players,
    ).format(count=players)


def page_status(arena: Arena, player: Player, place: int, players: int, t: Translator) -> str:
    """The page's line under a hand: its number and time, the player's points and place."""
    seconds = int(arena_points.hand_seconds(arena.hand_seconds, berserk=player.berserk))
    points = t.ngettext("{count} point", "{count} points", player.score).format(count=player.score)
    values = {
        "number": player.index + 1,
        "seconds": seconds,
        "points": points,
        "place": place,
        "players": players,
    }
    if player.berserk:
        text = t._(
            "⚡ Hand {number} · {seconds} s (berserk) · {points} · place {place} of {players}"
        )
    else:
        text = t._("🏟 Hand {number} · {seconds} s · {points} · place {place} of {players}")
    return text.format(**values)


ACHIEVEMENTS = (
    Titled(ARENA_PODIUMS, (N_("🥉 A place on an arena's podium"),) * 2),
    Titled(ARENAS_WON, (N_("🥇 An arena won"),) * 2),
)
"""Its families of achievements' titles (``Game.achievements``)."""


def season_heading(context: Translator) -> str:
    """The season's arena board's heading on /season."""
    return context._("<b>🏟 Arenas</b>")


def season_called(context: Translator) -> str:
    """The season's arena board, as a trophy's line names it."""
    return context._("the arena board")


def season_value(context: Translator, row: SeasonRow) -> str:
    """A row of the season's arena board: ``3 won, 5 podiums``."""
    podiums = int(row.second or 0)
    # Two counts, two plural forms: "1 won, 3 podiums" (one ngettext for both read "1 ganadas").
    won = context.ngettext("{count} won", "{count} won", row.value).format(count=row.value)
    on_podium = context.ngettext("{count} podium", "{count} podiums", podiums).format(count=podiums)
    # TRANSLATORS: an arena board's row: "{won}" is "3 won", "{podiums}" is "5 podiums".
    return context._("{won}, {podiums}").format(won=won, podiums=on_podium)


def played_words(context: Translator, count: int) -> str:
    """A listed group's arenas of the week on /groups top, after its daily puzzles (none:
    nothing said)."""
    if not count:
        return ""
    return context.ngettext(", {count} arena", ", {count} arenas", count).format(count=count)
