"""The duel rating: OpenSkill behind a small interface, and its integrity rules."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.game.rating import (
    BOARD_MIN_DUELS,
    DAILY_PAIR_CAP,
    RECENT_KEPT,
    PlayerRating,
    Ratings,
    RecentResult,
    Result,
    Shown,
)

ANN, BOB, CAT, DAN, ALT, ALT2 = 1, 2, 3, 4, 5, 6
DAY = dt.date(2026, 11, 25)


def test_a_new_player_reads_1500_provisional() -> None:
    assert Ratings().of(ANN).shown == Shown(1500, 333, provisional=True)


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    ratings = Ratings()
    change = ratings.record(ANN, BOB, ANN, DAY)
    assert change.rated
    assert change.change(ANN) == 105
    assert change.change(BOB) == -105
    assert ratings.of(ANN).won == 1
    assert ratings.of(BOB).lost == 1


def test_a_draw_moves_neither_equal_player() -> None:
    ratings = Ratings()
    change = ratings.record(ANN, BOB, None, DAY)
    assert change.change(ANN) == 0
    assert ratings.of(ANN).drawn == 1
    assert ratings.of(ANN).shown.plus_minus < 333  # but both are better known


def test_provisional_for_five_rated_duels_which_move_faster() -> None:
    ratings = Ratings()
    gains = []
    for day in range(6):  # a fresh opponent each day: no cap applies
        gains.append(ratings.record(ANN, 100 + day, ANN, DAY + dt.timedelta(days=day)))
        if day == 3:
            assert ratings.of(ANN).shown.provisional
    assert ratings.of(ANN).rated == 6
    assert not ratings.of(ANN).shown.provisional
    moves = [change.change(ANN) for change in gains]
    assert moves == sorted(moves, reverse=True)
    assert moves[0] > 1.5 * moves[5]


def test_at_most_three_rated_duels_a_day_between_two_players() -> None:
    ratings = Ratings()
    changes = [ratings.record(ANN, BOB, ANN, DAY) for _ in range(DAILY_PAIR_CAP)]
    assert [c.counted_today for c in changes] == [1, 2, 3]
    before = ratings.of(ANN).shown
    friendly = ratings.record(BOB, ANN, ANN, DAY)  # Bob invites this time: the same pair
    assert not friendly.rated
    assert friendly.change(ANN) == 0
    assert ratings.of(ANN).shown == before
    assert ratings.of(ANN).won == DAILY_PAIR_CAP
    assert ratings.of(ANN).friendly == 1
    assert ratings.of(ANN).recent[0] == RecentResult(BOB, Result.WON, 0, False, "2026-11-25")
    assert ratings.record(ANN, BOB, ANN, DAY + dt.timedelta(days=1)).rated


def test_farming_with_second_accounts_is_capped_per_pair() -> None:
    ratings = Ratings()
    for alt in (ALT, ALT2):
        for _ in range(10):
            ratings.record(ANN, alt, ANN, DAY)
    assert ratings.of(ANN).rated == 2 * DAILY_PAIR_CAP
    assert ratings.of(ANN).friendly == 2 * (10 - DAILY_PAIR_CAP)
    # And each win over an account that only ever loses is worth less than the last.
    farm = Ratings()
    gains = [farm.record(ANN, ALT, ANN, DAY + dt.timedelta(days=d)).change(ANN) for d in range(6)]
    assert gains == sorted(gains, reverse=True)


def test_a_forfeit_is_rated_as_a_loss() -> None:
    # The duel's rules give a forfeit a winner; the rating treats it as any win.
    forfeit, played = Ratings(), Ratings()
    assert forfeit.record(ANN, BOB, BOB, DAY).change(ANN) == played.record(
        ANN, BOB, BOB, DAY
    ).change(ANN)
    assert forfeit.of(ANN).lost == 1


def test_no_duel_against_yourself_or_an_outsider() -> None:
    ratings = Ratings()
    with pytest.raises(ValueError, match="themselves"):
        ratings.record(ANN, ANN, ANN, DAY)
    with pytest.raises(ValueError, match="did not play"):
        ratings.record(ANN, BOB, CAT, DAY)


def test_the_board_needs_three_rated_duels_and_ranks_the_proven_first() -> None:
    ratings = Ratings()
    for day in range(BOARD_MIN_DUELS):
        when = DAY + dt.timedelta(days=day)
        ratings.record(ANN, BOB, ANN, when)
        ratings.record(CAT, DAN, CAT, when)
        ratings.record(CAT, BOB, CAT, when)
    ratings.record(ALT, ALT2, ALT, DAY)  # one lucky win: not on the board
    assert ratings.board() == [CAT, ANN, DAN, BOB]
    assert ratings.board(among={ANN, BOB, ALT}) == [ANN, BOB]
    assert ratings.rank(DAN) == 3
    assert ratings.rank(ALT) is None


def test_the_last_five_results_newest_first() -> None:
    ratings = Ratings()
    for day in range(RECENT_KEPT + 2):
        ratings.record(ANN, 100 + day, ANN if day % 2 else 100 + day, DAY)
    recent = ratings.of(ANN).recent
    assert len(recent) == RECENT_KEPT
    assert [r.opponent for r in recent] == [106, 105, 104, 103, 102]
    assert [r.result for r in recent][:2] == [Result.LOST, Result.WON]


def test_old_days_of_pair_counts_are_forgotten() -> None:
    ratings = Ratings()
    ratings.record(ANN, BOB, ANN, DAY)
    ratings.record(ANN, BOB, ANN, DAY + dt.timedelta(days=5))
    assert list(ratings.pairs) == ["2026-11-30 1 2"]


def test_a_new_player_is_not_stored_by_looking() -> None:
    ratings = Ratings()
    assert ratings.of(ANN) == PlayerRating()
    assert ratings.players == {}
