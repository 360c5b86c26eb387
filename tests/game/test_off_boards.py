"""Taking runs and players off the boards (the host's ``/admin fairplay``), in the boards'
own rules: Rush boards and records, hands' records, the rating board, finished duels' hands;
and the week's fastest results the host reviews."""

from __future__ import annotations

import datetime as dt

from bot.rules.duel.lobby import Duels, PastDuel, fastest_duels
from bot.rules.duel.race import Duel, End, HandResult
from bot.rules.duel.rating import BOARD_MIN_DUELS, PlayerRating, Ratings
from bot.rules.hand_records import HandRecords
from bot.rules.off_boards import OffBoards, fastest_records
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from bot.rules.rush.best_runs import RushBoard, RushRecords
from bot.rules.rush.removals import fastest_runs
from bot.rules.rush.run import RunResult

WED = dt.date(2026, 11, 25)
LAST_WEEK = dt.date(2026, 11, 18)


def result(score: int, times: tuple[float, ...] = (3.04, 2.96)) -> RunResult:
    return RunResult(score, min(times), 120.0, score + 1, 0, False, 1, hand_times=times)


def test_a_run_keeps_its_hand_times_to_the_tenth() -> None:
    records = RushRecords()
    records.add(result(2), WED)
    assert records.best is not None and records.best.hand_times == (3.0, 3.0)


def test_a_players_runs_come_off_the_board_and_stay_marked_as_theirs() -> None:
    board, mine = RushBoard(), RushRecords()
    board.add(1, "Ann", result(2), WED)
    board.add(2, "Bob", result(3), WED)
    mine.add(result(3), WED)
    assert board.remove(2)
    mine.take_off_boards()
    assert [e.user_id for e in board.all_time] == [1]
    assert [e.user_id for e in board.week] == [1]
    assert mine.best is not None and mine.best.off_boards
    assert mine.this_week(WED) is not None and mine.this_week(WED).off_boards  # type: ignore[union-attr]
    assert not board.remove(2)


def test_a_player_kept_off_the_boards_still_has_their_runs() -> None:
    board, mine = RushBoard(), RushRecords()
    best = mine.add(result(4), WED, off_boards=True)
    board.add(2, "Bob", result(4), WED, off_boards=True)
    assert best.new_best
    assert board.all_time == []
    assert mine.best is not None and mine.best.off_boards


def test_a_player_off_the_boards_sets_no_hands_record_and_loses_those_held() -> None:
    records = HandRecords()
    records.note((3, 3, 8, 8), 24, 2, 4.0, ROUND_SOURCE, day=WED)
    records.note((1, 2, 3, 4), 24, 2, 5.0, ROUND_SOURCE, day=WED)
    assert records.get((3, 3, 8, 8), 24).day == WED
    noted = records.note((1, 1, 4, 6), 24, 3, 2.0, ROUND_SOURCE, off_boards=True)
    assert not noted.new_record
    assert records.get((1, 1, 4, 6), 24).seen == 1
    assert sorted(records.remove_holder(2)) == ["1 2 3 4=24", "3 3 8 8=24"]
    cleared = records.get((3, 3, 8, 8), 24)
    assert (cleared.seen, cleared.best, cleared.holder, cleared.day) == (1, None, None, None)


def test_a_rated_player_off_the_boards_is_on_no_rating_board() -> None:
    ratings = Ratings()
    for player in (1, 2):
        ratings.players[player] = PlayerRating(rated=BOARD_MIN_DUELS)
    ratings.players[2].off_boards = True
    assert ratings.top(10) == [1]
    assert ratings.board() == [1]
    assert ratings.rank(2) is None
    assert ratings.ranked() == 1


def test_a_finished_duel_keeps_each_hands_winner_and_time() -> None:
    duels = Duels()
    duel = Duel("t", (1, 2), 0.0)
    duel.results = [HandResult(1, 2.5), HandResult(None)]
    duel.end, duel.winner = End.STOPPED, 1
    duels.duels["t"] = duel
    past = duels.finish("t", 60.0, rated=True)
    assert past is not None and past.hands == (HandResult(1, 2.5), HandResult(None))


def test_the_weeks_fastest_results_for_the_hosts_review() -> None:
    board = RushBoard()
    board.add(2, "Bob", result(5), LAST_WEEK)
    board.add(1, "Ann", result(2), WED)
    assert [e.user_id for e in fastest_runs(board, WED)] == [1]
    old = PastDuel("a", (1, 2), (3, 0), End.WINS, 1, True, 0.0, 10.0, (HandResult(1, 1.0),))
    slow = PastDuel("b", (1, 2), (3, 0), End.WINS, 1, True, 0.0, 100.0, (HandResult(1, 9.0),))
    fast = PastDuel("c", (1, 3), (3, 0), End.WINS, 1, True, 0.0, 100.0, (HandResult(3, 2.0),))
    none = PastDuel("d", (1, 3), (0, 0), End.IDLE, None, False, 0.0, 100.0, (HandResult(None),))
    assert [d.token for d in fastest_duels([old, slow, fast, none], 50.0)] == ["c", "b"]
    records = HandRecords()
    records.note((3, 3, 8, 8), 24, 2, 4.0, ROUND_SOURCE, day=WED)
    records.note((1, 2, 3, 4), 24, 3, 2.0, ROUND_SOURCE, day=WED)
    records.note((1, 1, 4, 6), 24, 3, 1.7, ROUND_SOURCE, day=LAST_WEEK)
    assert [key for key, _, _ in fastest_records(records, WED)] == ["1 2 3 4=24", "3 3 8 8=24"]


def test_off_the_boards_is_kept_once_with_when() -> None:
    off = OffBoards()
    assert off.add(5, 100.0)
    assert not off.add(5, 200.0)
    assert 5 in off and off.players == {5: 100.0}
