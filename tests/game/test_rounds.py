"""The rules of a round, driven with a fixed clock and no Telegram."""

from __future__ import annotations

import datetime as dt

from bot.rules.chat_stats import ChatStats, week_of
from bot.rules.hands import facts_job
from bot.rules.rounds import (
    NO_SOLUTION_HINT,
    ROUND_SEAT,
    Phase,
    Round,
    may_be_unsolvable,
    new_round,
)
from bot.rules.scoring import NO_SOLUTION_POINTS, POINTS_BY_LEVEL, points
from bot.rules.table import Table
from solver import Code, difficulty

ANN, BOB = 1, 2


def dealt(number: int, hand: tuple[int, ...], now: float, time_limit: float | None = None) -> Round:
    """A round of ``hand`` for 24, rated and solved as the bot's workers do it."""
    facts = facts_job([hand], 24, False)
    assert facts is not None
    level = difficulty(hand).level if facts.solvable else None
    return Round.deal(number, facts, level, now, time_limit)


def test_first_correct_answer_wins_exactly_once() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0)
    assert game.level == 5
    wrong = game.answer(BOB, "3*3+8+8", now=101.0)
    assert not wrong.won
    assert wrong.verdict.code is Code.WRONG_VALUE
    won = game.answer(ANN, "8/(3-8/3)", now=112.5)
    assert won.won
    assert won.seconds == 12.5
    assert won.points == POINTS_BY_LEVEL[5]
    late = game.answer(BOB, "8÷(3−8÷3)", now=112.6)
    assert not late.won
    assert late.too_late
    assert late.points == 0
    assert game.phase is Phase.WON
    assert game.winner == ANN
    assert game.wrong == {BOB: 1}


def test_hints_cost_points_and_run_out() -> None:
    game = dealt(1, (1, 2, 3, 4), now=0.0)
    hints = [game.next_hint() for _ in range(4)]
    assert [h.level for h in hints[:3] if h] == [1, 2, 3]
    assert hints[3] is None
    outcome = game.answer(ANN, "(1+2+3)*4", now=5.0)
    assert game.level is not None
    assert outcome.points == points(game.level, 3)
    assert points(game.level, 3) < POINTS_BY_LEVEL[game.level]
    assert points(1, 10) == 1


def test_timers_cannot_end_a_newer_round() -> None:
    old = dealt(1, (1, 2, 3, 4), now=0.0, time_limit=120)
    assert not old.half_time_hint_due(1, now=59.0)
    assert old.half_time_hint_due(1, now=60.0)
    assert not old.expire(1, now=119.0)
    assert old.expire(1, now=120.0)
    assert old.phase is Phase.EXPIRED
    assert not old.expire(1, now=121.0)
    new = dealt(2, (3, 3, 8, 8), now=200.0, time_limit=120)
    assert not new.expire(1, now=400.0)
    assert not new.half_time_hint_due(1, now=400.0)
    assert new.phase is Phase.PLAYING


def test_reveal_and_no_solution_claims() -> None:
    game = dealt(1, (1, 1, 1, 1), now=0.0)
    assert not game.solvable
    assert game.level is None
    outcome = game.answer(BOB, "无解", now=3.0)
    assert outcome.won
    assert outcome.points == NO_SOLUTION_POINTS
    solvable = dealt(2, (3, 3, 8, 8), now=0.0)
    assert solvable.answer(BOB, "none", now=1.0).verdict.code is Code.NO_SOLUTION_WRONG
    assert solvable.reveal()
    assert not solvable.reveal()  # revealed once only
    assert not solvable.answer(ANN, "8/(3-8/3)", now=4.0).won


def test_empty_answers_do_not_count_as_wrong() -> None:
    game = dealt(1, (3, 3, 8, 8), now=0.0)
    game.answer(BOB, "   ", now=1.0)
    assert game.wrong == {}


def test_stats_streaks_times_and_weekly_leaderboard() -> None:
    stats = ChatStats()
    monday = dt.date(2026, 11, 16)
    stats.record_win(ANN, "Ann", 20, 10.0, monday)
    stats.record_win(ANN, "Ann", 10, 30.0, monday)
    stats.record_win(BOB, "Bob", 40, 5.0, monday + dt.timedelta(days=7))
    ann, bob = stats.players[ANN], stats.players[BOB]
    assert ann.wins == 2
    assert ann.points == 30
    assert ann.best_time == 10.0
    assert ann.median_time == 20.0
    assert ann.streak == 0
    assert ann.best_streak == 2
    assert bob.streak == 1
    stats.record_no_winner()
    assert bob.streak == 0
    assert bob.best_streak == 1
    assert [row[0] for row in stats.top()] == [BOB, ANN]
    assert [(row[0], row[2]) for row in stats.top(week=week_of(monday))] == [(ANN, 30)]
    assert week_of(dt.date(2026, 11, 22)) == "2026-W47"


def test_an_ended_round_keeps_no_hints() -> None:
    game = dealt(1, (1, 2, 3, 4), now=0.0)
    game.reveal()
    assert game.hint_list == ()


def test_a_round_dealt_without_its_facts_learns_them() -> None:
    quick = facts_job([(1, 2, 3, 4, 5, 6)], 24, True, False)
    assert quick is not None
    game = Round.deal(1, quick, None, 0.0)
    facts = facts_job([(1, 2, 3, 4, 5, 6)], 24, True)
    assert facts is not None
    game.learn(facts)
    assert facts.hints is not None
    assert game.next_hint() == facts.hints[0]


def test_a_round_gives_no_hint_before_it_knows_them() -> None:
    quick = facts_job([(1, 2, 3, 4, 5, 6)], 24, True, False)
    assert quick is not None
    assert Round.deal(1, quick, None, 0.0).next_hint() is None


def test_the_clock_starts_when_the_hand_is_shown() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=60)
    game.show(now=130.0)
    assert game.answer(ANN, "8/(3-8/3)", now=140.0).seconds == 10.0


def test_the_time_limit_runs_from_the_showing() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=60)
    game.show(now=130.0)
    assert not game.expire(1, now=170.0)


def test_an_ended_round_is_not_shown_again() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0)
    game.reveal()
    game.show(now=130.0)
    assert game.started == 100.0


def test_a_hand_with_no_level_pays_the_middle_level() -> None:
    facts = facts_job([(1, 2, 3, 4, 5)], 24, False)
    assert facts is not None
    game = Round.deal(1, facts, None, 0.0)
    assert game.answer(ANN, "(5+3-2)*4*1", now=5.0).points == 20


def test_no_solution_pays_without_a_level() -> None:
    assert points(None, 0, solvable=False) == NO_SOLUTION_POINTS


def test_a_hand_with_no_solution_has_one_hint_that_says_so_and_costs() -> None:
    game = dealt(1, (1, 1, 1, 1), now=0.0)
    assert game.next_hint() is NO_SOLUTION_HINT
    assert game.next_hint() is None
    assert game.answer(BOB, "none", now=1.0).points == NO_SOLUTION_POINTS * 3 // 4


def test_a_wrong_claim_puts_its_player_out_of_the_round() -> None:
    game = dealt(1, (3, 3, 8, 8), now=0.0)
    assert game.answer(BOB, "none", now=1.0).out
    later = game.answer(BOB, "8/(3-8/3)", now=2.0)
    assert (later.out, later.won) == (True, False)
    assert game.answer(ANN, "8/(3-8/3)", now=3.0).won


def test_an_answer_after_the_deadline_is_too_late_even_before_the_timer() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=120)
    assert game.answer(BOB, "8/(3-8/3)", now=219.9).won  # a moment before the deadline


def test_a_right_answer_at_the_deadline_ends_the_round_by_its_clock() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=120)
    late = game.answer(BOB, "8/(3-8/3)", now=220.0)  # its timer has not fired yet
    assert (late.won, late.too_late, late.expired) == (False, True, True)
    assert game.phase is Phase.EXPIRED
    assert game.winner is None
    assert not game.expire(1, now=600.0)  # the timer, firing later, ends nothing again
    again = game.answer(ANN, "8/(3-8/3)", now=221.0)
    assert (again.too_late, again.expired) == (True, False)


def test_a_wrong_answer_after_the_deadline_ends_the_round_and_counts_for_nothing() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=120)
    late = game.answer(BOB, "3+3+8+8", now=500.0)
    assert (late.too_late, late.expired) == (False, True)
    assert game.wrong == {}
    assert game.phase is Phase.EXPIRED


def test_an_untimed_round_takes_a_win_at_any_time() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0)
    assert game.answer(BOB, "8/(3-8/3)", now=100_000.0).won


def test_a_round_keeps_the_unsolvable_setting_it_was_dealt_with() -> None:
    table = Table()
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    new_round(table, facts, 5, now=0.0)
    table.settings.unsolvable = True  # an admin's switch mid-round
    assert may_be_unsolvable(table) is False
    new_round(table, facts, 5, now=10.0)
    table.settings.unsolvable = False
    assert may_be_unsolvable(table) is True


def test_a_round_saved_before_rounds_kept_the_setting_goes_by_the_chats() -> None:
    table = Table(games={"round": dealt(1, (3, 3, 8, 8), now=0.0)})
    game = ROUND_SEAT.of(table)
    assert game is not None and game.unsolvable is None
    table.settings.unsolvable = True
    assert may_be_unsolvable(table) is True


def test_a_round_is_overdue_from_its_deadline_while_still_on() -> None:
    game = dealt(1, (3, 3, 8, 8), now=100.0, time_limit=120)
    assert not game.overdue(219.9)
    assert game.overdue(220.0)
    game.expire(1, now=220.0)
    assert not game.overdue(500.0)  # ended: no longer on
    assert not dealt(2, (3, 3, 8, 8), now=100.0).overdue(10_000.0)  # untimed
