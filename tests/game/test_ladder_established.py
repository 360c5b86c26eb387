"""Who moves hands' ratings on the ladder: counted results and solves at a person's pace on
three distinct days (docs/fair-play.md, docs/design-ladder.md)."""

from __future__ import annotations

import datetime as dt

from bot.rules.ladder.puzzle_rating import ESTABLISHED_DAYS, ESTABLISHED_RESULTS, Ladder

DAY = dt.date(2026, 12, 2)


def _attempts(ladder: Ladder, seconds: float | None, days: int, **kw: bool) -> None:
    for n in range(ESTABLISHED_RESULTS):
        day = DAY + dt.timedelta(days=n % days)
        ladder.record(1, (1, 2, 3, 4 + n % 5), 24, seconds, day=day, prior=25.0, floor=1.5, **kw)


def test_skips_on_many_days_make_no_player_established() -> None:
    ladder = Ladder()
    _attempts(ladder, None, days=5)
    assert not ladder.players[1].established


def test_solves_on_two_days_make_no_player_established() -> None:
    ladder = Ladder()
    _attempts(ladder, 9.0, days=ESTABLISHED_DAYS - 1)
    assert not ladder.players[1].established


def test_solves_on_three_days_make_a_player_established() -> None:
    ladder = Ladder()
    _attempts(ladder, 9.0, days=ESTABLISHED_DAYS)
    assert ladder.players[1].established


def test_solves_under_the_floor_count_no_day() -> None:
    ladder = Ladder()
    _attempts(ladder, 1.0, days=5)
    assert ladder.players[1].solve_days == 0


def test_reviews_count_no_day() -> None:
    ladder = Ladder()
    _attempts(ladder, 9.0, days=5, review=True)
    assert ladder.players[1].solve_days == 0


def test_a_day_counts_once() -> None:
    ladder = Ladder()
    _attempts(ladder, 9.0, days=1)
    assert ladder.players[1].solve_days == 1


def test_an_earlier_day_after_a_later_counts_no_day() -> None:
    ladder = Ladder()
    me = ladder.players.setdefault(1, ladder.player(1))
    me.solved_on("2026-12-02")
    me.solved_on("2026-12-01")
    assert me.solve_days == 1
