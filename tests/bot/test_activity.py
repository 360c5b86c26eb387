"""Who was active when, to the hour, and games dealt by kind: the counts behind ``/admin``
and the metrics (:mod:`bot.services.watch.activity`), and the live hands' word of a new game."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from bot.rules.spoilers import LiveHands
from bot.services.watch.activity import HOUR, Activity, Seen, label

DAY = dt.date(2026, 11, 23)


def test_each_id_counts_once_in_the_hour_it_was_last_seen() -> None:
    seen = Seen()
    assert seen.see(1, 10 * HOUR + 5)
    assert not seen.see(1, 10 * HOUR + 50)  # the same hour: nothing to change
    assert seen.see(2, 12 * HOUR)
    assert seen.see(1, 13 * HOUR)  # seen again later: counted in its new hour only
    assert (seen.since(0), seen.since(12 * HOUR), seen.since(13 * HOUR + 59)) == (2, 2, 1)
    assert seen.since(14 * HOUR) == 0


def test_games_dealt_are_counted_by_kind_and_for_the_day() -> None:
    activity = Activity()
    game = object()
    activity.played("Countdown game", DAY, game)
    activity.played("Countdown game", DAY, game)  # the same game dealt to a second chat
    activity.played("duel hand", DAY)
    activity.played("round", DAY + dt.timedelta(days=1))
    assert dict(activity.games) == {"countdown": 1, "duel": 1, "round": 1}
    assert activity.played_today(DAY + dt.timedelta(days=1)) == {"round": 1}
    activity.keep_today(DAY + dt.timedelta(days=1), {"round": 4, "hunt": 1})
    assert activity.played_today(DAY + dt.timedelta(days=1)) == {"round": 5, "hunt": 1}
    assert (label("Countdown game"), label("")) == ("countdown", "other")


@dataclass
class _Game:
    """A game as the live hands see it (a Rush run's hand changes as it is played)."""

    hand: tuple[int, ...]
    live: bool = True
    peeked: list[int] = field(default_factory=list)


def test_a_game_added_again_with_each_hand_is_new_once() -> None:
    hands, new = LiveHands(), []
    hands.on_new = lambda kind, game: new.append(kind)
    run = _Game((1, 2, 3, 4))
    hands.add(5, run, kind="rush")
    run.hand = (5, 6, 7, 8)
    hands.add(5, run, kind="rush")  # its next hand
    hands.add(5, _Game((2, 3, 4, 5)), kind="round")
    assert new == ["rush", "round"]
    assert dict(hands.live_kinds()) == {"round": 1}
