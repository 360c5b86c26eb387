"""The duel rating: OpenSkill behind a small interface, and its integrity rules."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.rules.duel.rating import (
    BOARD_MIN_DUELS,
    ESTABLISHED_DAYS,
    ESTABLISHED_OPPONENTS,
    PAIR_CAP_PER_DAY,
    PROVISIONAL_DUELS,
    PROVISIONAL_GAIN_PER_DAY,
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


def established(ratings: Ratings, *players: int) -> None:
    """Give each player :data:`PROVISIONAL_DUELS` rated duels (won and lost in turn) against
    other players, each on a day of its own, long before :data:`DAY`."""
    for player in players:
        for n in range(PROVISIONAL_DUELS):
            other = 1000 * player + n
            day = DAY - dt.timedelta(days=100 + n)
            ratings.record(player, other, player if n % 2 else other, day)


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    ratings = Ratings()
    established(ratings, ANN, BOB)
    before = ratings.of(ANN).shown.points - ratings.of(BOB).shown.points
    change = ratings.record(ANN, BOB, ANN, DAY)
    assert change.rated
    assert change.change(ANN) > 0
    assert change.change(BOB) < 0
    assert before == 0  # equal players: the two moves mirror each other
    assert change.change(ANN) == -change.change(BOB)
    assert ratings.of(ANN).won == PROVISIONAL_DUELS // 2 + 1
    assert not change.weighed


def test_a_win_over_a_provisional_player_moves_the_winner_little() -> None:
    ratings = Ratings()
    change = ratings.record(ANN, BOB, ANN, DAY)  # two new players
    assert change.change(ANN) == 26  # a quarter of OpenSkill's +105
    assert change.change(BOB) == -105  # the loser's move is OpenSkill's own
    assert change.weighed == {ANN}


def test_the_days_gain_from_provisional_opponents_is_capped() -> None:
    ratings = Ratings()
    changes = [ratings.record(ANN, alt, ANN, DAY) for alt in range(100, 118)]
    assert ratings.of(ANN).shown.points - 1500 == PROVISIONAL_GAIN_PER_DAY
    assert [c.change(ANN) for c in changes[2:]] == [0] * 16
    assert changes[1].capped == {ANN}
    assert ratings.of(ANN).rated == 18  # rated all the same: the alts lost
    assert ratings.record(ANN, 200, ANN, DAY + dt.timedelta(days=1)).change(ANN) > 0


def test_six_throwaway_accounts_three_duels_each_lift_by_the_cap_at_most() -> None:
    ratings = Ratings()
    for alt in range(100, 106):
        for _ in range(PAIR_CAP_PER_DAY):
            ratings.record(alt, ANN, ANN, DAY)  # each alt invites Ann and loses
    assert ratings.of(ANN).shown.points <= 1500 + PROVISIONAL_GAIN_PER_DAY


def test_the_cap_keeps_the_winners_uncertainty_too() -> None:
    ratings = Ratings()
    for alt in range(100, 103):
        ratings.record(ANN, alt, ANN, DAY)
    sigma = ratings.of(ANN).sigma
    ratings.record(ANN, 103, ANN, DAY)  # over the cap: nothing moves, not even the ±
    assert ratings.of(ANN).sigma == sigma


def test_a_win_over_an_established_player_is_not_capped() -> None:
    ratings = Ratings()
    established(ratings, BOB)
    for alt in range(100, 110):
        ratings.record(ANN, alt, ANN, DAY)  # the day's cap reached
    assert ratings.record(ANN, BOB, ANN, DAY).change(ANN) > 0


def test_a_draw_moves_neither_equal_player() -> None:
    ratings = Ratings()
    change = ratings.record(ANN, BOB, None, DAY)
    assert change.change(ANN) == 0
    assert ratings.of(ANN).drawn == 1
    assert ratings.of(ANN).shown.plus_minus < 333  # but both are better known


def test_provisional_for_five_rated_duels_which_move_faster() -> None:
    ratings = Ratings()
    opponents = range(100, 106)
    established(ratings, *opponents)
    gains = []
    for day, opponent in enumerate(opponents):  # established: no weight, no cap
        gains.append(ratings.record(ANN, opponent, ANN, DAY + dt.timedelta(days=day)))
        if day == 3:
            assert ratings.of(ANN).shown.provisional
    assert ratings.of(ANN).rated == 6
    assert not ratings.of(ANN).shown.provisional
    moves = [change.change(ANN) for change in gains]
    assert moves == sorted(moves, reverse=True)
    assert moves[0] > 1.5 * moves[5]


def test_at_most_three_rated_duels_a_day_between_two_players() -> None:
    ratings = Ratings()
    changes = [ratings.record(ANN, BOB, ANN, DAY) for _ in range(PAIR_CAP_PER_DAY)]
    assert [c.counted_today for c in changes] == [1, 2, 3]
    before = ratings.of(ANN).shown
    friendly = ratings.record(BOB, ANN, ANN, DAY)  # Bob invites this time: the same pair
    assert not friendly.rated
    assert friendly.change(ANN) == 0
    assert ratings.of(ANN).shown == before
    assert ratings.of(ANN).won == PAIR_CAP_PER_DAY
    assert ratings.of(ANN).friendly == 1
    assert ratings.of(ANN).recent[0] == RecentResult(BOB, Result.WON, 0, False, "2026-11-25")
    assert ratings.record(ANN, BOB, ANN, DAY + dt.timedelta(days=1)).rated


def test_farming_with_second_accounts_is_capped_per_pair() -> None:
    ratings = Ratings()
    for alt in (ALT, ALT2):
        for _ in range(10):
            ratings.record(ANN, alt, ANN, DAY)
    assert ratings.of(ANN).rated == 2 * PAIR_CAP_PER_DAY
    assert ratings.of(ANN).friendly == 2 * (10 - PAIR_CAP_PER_DAY)


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


def test_established_after_five_played_out_duels_with_five_players_over_a_week() -> None:
    ratings = Ratings()
    for n in range(ESTABLISHED_OPPONENTS):
        ratings.record(ALT, 100 + n, ALT, DAY, played_out=n != 0)  # one forfeited to it
    assert not ratings.of(ALT).established(DAY + dt.timedelta(days=ESTABLISHED_DAYS))
    ratings.record(ALT, 200, 200, DAY + dt.timedelta(days=1))
    assert not ratings.of(ALT).established(DAY + dt.timedelta(days=ESTABLISHED_DAYS - 1))
    assert ratings.of(ALT).established(DAY + dt.timedelta(days=ESTABLISHED_DAYS))


def test_the_same_opponent_played_out_again_counts_once() -> None:
    ratings = Ratings()
    for n in range(2 * ESTABLISHED_OPPONENTS):
        ratings.record(ALT, ALT2, ALT, DAY + dt.timedelta(days=n))
    assert ratings.of(ALT).played_with == [ALT2]
    assert not ratings.of(ALT).established(DAY + dt.timedelta(days=100))


def test_a_forfeit_win_over_an_established_player_is_weighed_and_capped() -> None:
    ratings = Ratings()
    established(ratings, ANN, BOB)
    full = ratings.record(ANN, BOB, ANN, DAY).change(ANN)
    forfeit = Ratings()
    established(forfeit, ANN, BOB)
    change = forfeit.record(ANN, BOB, ANN, DAY, forfeit=True)
    assert change.weighed == {ANN}
    assert change.change(ANN) <= full / 3
    assert change.change(BOB) < 0
