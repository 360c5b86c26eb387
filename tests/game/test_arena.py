"""The arena's rules, driven with a fixed clock, a seeded random source and no Telegram."""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.arena import (
    HAND_SECONDS,
    Arena,
    Refusal,
    Repeat,
    Schedule,
    command,
    level_of,
    podium,
    points,
    standings,
    start_vote,
    top,
    winner,
)
from bot.rules.arena.tournament import Player
from bot.rules.hands import LevelTable
from bot.rules.pace import floor_of
from bot.rules.rated import LEVELS_4_24
from solver import solve

ANN, BOB, CAT = 1, 2, 3
TABLE = LevelTable.from_text(4, 24, LEVELS_4_24)


def deal(rng: random.Random, level: int) -> tuple[int, ...]:
    """The rated table's draw, as the bot deals an arena's hands."""
    return TABLE.dealer(rng, (1, 13))(level).hand


def answer_of(hand: tuple[int, ...]) -> str:
    return solve(hand, 24)[0].pretty.replace("×", "*").replace("÷", "/").replace("−", "-")


def arena(minutes: int = 10, seed: int = 7) -> Arena:
    return Arena.create(1, ANN, 1000.0, minutes, seed=seed)


def shown(a: Arena, user: int, now: float) -> tuple[int, ...]:
    hand = a.current(user, deal)
    assert hand is not None
    a.show(user, now)
    return hand


def solve_now(a: Arena, user: int, now: float) -> int:
    """``user`` is shown their hand at ``now`` and solves it 5 s later: the points."""
    hand = shown(a, user, now)
    return a.answer(user, answer_of(hand), now + 5).points


# --- scoring -------------------------------------------------------------------------------


def test_a_solve_is_two_points() -> None:
    assert points.points(0, berserk=False) == 2


def test_the_third_solve_in_a_row_is_doubled() -> None:
    assert points.points(2, berserk=False) == 4


def test_berserk_adds_a_point() -> None:
    assert points.points(0, berserk=True) == 3


def test_berserk_halves_the_time() -> None:
    assert points.hand_seconds(60, berserk=True) == 30


@given(st.integers(0, 50), st.booleans())
def test_points_are_two_or_four_and_the_bonus(streak: int, berserk: bool) -> None:
    assert points.points(streak, berserk=berserk) - berserk in (2, 4)


# --- length --------------------------------------------------------------------------------


def test_the_default_length_is_ten_minutes() -> None:
    assert Arena.create(1, ANN, 0.0, seed=1).length == 600


@pytest.mark.parametrize(("asked", "kept"), [(1, 3), (3, 3), (60, 60), (600, 60)])
def test_lengths_are_kept_from_3_to_60_minutes(asked: int, kept: int) -> None:
    assert Arena.create(1, ANN, 0.0, asked, seed=1).length == kept * 60


# --- the same hands for everyone -----------------------------------------------------------


def test_everyone_gets_the_same_hands_in_the_same_order() -> None:
    a = arena()
    for user in (ANN, BOB):
        a.join(user, str(user), 1000.0)
    ann = [solve_now(a, ANN, 1000.0 + 10 * i) or a.hands[i] for i in range(5)]
    bob_hands = []
    for i in range(5):
        bob_hands.append(shown(a, BOB, 1100.0 + 10 * i))
        a.skip(BOB, 1101.0 + 10 * i)
    assert bob_hands == a.hands[:5] and len(ann) == 5


@given(st.integers(0, 2**32))
def test_a_seed_deals_the_same_hands_whoever_reaches_them_first(seed: int) -> None:
    first, second = Arena.create(1, ANN, 0, seed=seed), Arena.create(1, BOB, 0, seed=seed)
    first.hand(3, deal)
    second.hand(0, deal)
    second.hand(3, deal)
    assert first.hands == second.hands


def test_an_arena_deals_no_hand_twice() -> None:
    a = arena(seed=3)
    a.hand(59, lambda rng, _level: (rng.randrange(1, 13), 1, 1, 1))  # a pool of 12 hands
    assert len(set(a.hands[:12])) == 12


def test_an_arena_past_its_pool_deals_a_hand_again() -> None:
    a = arena()
    a.hand(2, lambda _rng, _level: (1, 2, 3, 4))
    assert a.hands == [(1, 2, 3, 4)] * 3


@given(st.integers(0, 2**32))
def test_sixty_hands_of_the_rated_table_are_sixty_hands(seed: int) -> None:
    a = Arena.create(1, ANN, 0, seed=seed)
    a.hand(59, deal)
    assert len(set(a.hands)) == 60


def test_hands_get_harder_as_they_go() -> None:
    assert [level_of(i) for i in (0, 2, 3, 6, 10, 15, 40)] == [1, 1, 2, 3, 4, 5, 5]


# --- streaks, berserk, misses ----------------------------------------------------------------


def test_a_streak_doubles_from_the_third_solve() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    assert [solve_now(a, ANN, 1000.0 + 10 * i) for i in range(4)] == [2, 2, 4, 4]


def test_a_skip_ends_the_streak() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    for i in range(3):
        solve_now(a, ANN, 1000.0 + 10 * i)
    shown(a, ANN, 1040.0)
    a.skip(ANN, 1041.0)
    assert solve_now(a, ANN, 1050.0) == 2


def test_a_wrong_attempt_ends_the_streak_and_the_hand_goes_on() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    for i in range(3):
        solve_now(a, ANN, 1000.0 + 10 * i)
    hand = shown(a, ANN, 1040.0)
    outcome = a.answer(ANN, wrong_for(hand), 1042.0)
    assert (outcome.miss, a.answer(ANN, answer_of(hand), 1045.0).points) == (True, 2)


def test_chat_that_is_no_attempt_costs_nothing() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    for i in range(3):
        solve_now(a, ANN, 1000.0 + 10 * i)
    hand = shown(a, ANN, 1040.0)
    a.answer(ANN, "hello", 1041.0)
    assert a.answer(ANN, answer_of(hand), 1045.0).points == 4


def test_a_wrong_no_solution_is_a_miss() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    shown(a, ANN, 1000.0)
    assert a.answer(ANN, "no solution", 1003.0).miss


def test_a_hand_whose_time_ran_out_is_a_miss_and_the_next_comes() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    solve_now(a, ANN, 1000.0)
    solve_now(a, ANN, 1010.0)
    shown(a, ANN, 1020.0)
    assert a.expire(ANN, 2, 1020.0 + HAND_SECONDS)
    assert (a.entries[ANN].index, a.entries[ANN].streak) == (3, 0)


def test_an_early_or_stale_alarm_changes_nothing() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    shown(a, ANN, 1000.0)
    assert not a.expire(ANN, 0, 1030.0) and not a.expire(ANN, 1, 1100.0)


def test_an_answer_after_the_hands_time_counts_not() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1000.0)
    outcome = a.answer(ANN, answer_of(hand), 1000.0 + HAND_SECONDS + 1)
    assert (outcome.expired, outcome.points, a.entries[ANN].index) == (True, 0, 1)


def test_berserk_is_for_the_next_hand_not_the_one_seen() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1000.0)
    a.berserk(ANN, True)
    assert a.answer(ANN, answer_of(hand), 1005.0).points == 2


def test_a_berserk_hand_scores_a_point_more() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    a.berserk(ANN, True)
    assert solve_now(a, ANN, 1000.0) == 3


def test_a_berserk_hand_has_half_the_time() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    a.berserk(ANN, True)
    shown(a, ANN, 1000.0)
    assert a.deadline(ANN) == 1000.0 + HAND_SECONDS / 2


def test_a_hands_time_ends_with_the_arena() -> None:
    a = arena(minutes=3)
    a.join(ANN, "Ann", 1000.0)
    shown(a, ANN, 1170.0)
    assert a.deadline(ANN) == a.ends


# --- a person's pace -------------------------------------------------------------------------


def test_an_answer_under_the_floor_scores_nothing_and_the_hand_goes_on() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1000.0)
    fast = a.answer(ANN, answer_of(hand), 1000.0 + floor_of(hand) / 2)
    later = a.answer(ANN, answer_of(hand), 1005.0)
    assert (fast.too_fast, fast.points, later.points) == (True, 0, 2)


def test_a_fast_answer_marks_the_player() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1000.0)
    a.answer(ANN, answer_of(hand), 1000.5)
    assert standings(a.entries)[0].too_fast


# --- refusals --------------------------------------------------------------------------------


def test_nothing_counts_before_the_hand_reached_the_player() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = a.current(ANN, deal)
    assert hand is not None and a.answer(ANN, answer_of(hand), 1005.0).refused is Refusal.NOT_SHOWN


def test_an_answer_to_an_old_hand_is_refused() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1000.0)
    a.answer(ANN, answer_of(hand), 1005.0)
    a.show(ANN, 1006.0)
    assert a.answer(ANN, answer_of(hand), 1010.0, index=0).refused is Refusal.STALE


def test_someone_who_did_not_join_is_refused() -> None:
    a = arena()
    assert a.answer(BOB, "1+2", 1005.0).refused is Refusal.NOT_JOINED


def test_nothing_counts_before_the_start() -> None:
    a = arena()
    a.join(ANN, "Ann", 900.0)
    a.show(ANN, 900.0)
    assert a.entries[ANN].shown is None


def test_nothing_counts_after_the_end() -> None:
    a = arena(minutes=3)
    a.join(ANN, "Ann", 1000.0)
    hand = shown(a, ANN, 1170.0)
    assert a.answer(ANN, answer_of(hand), 1180.0).refused is Refusal.OVER


def test_the_end_is_the_deadline_however_late_it_is_noticed() -> None:
    a = arena(minutes=3)
    a.finish(5000.0)
    assert a.ended_at == 1180.0


def test_nobody_joins_an_ended_arena() -> None:
    a = arena(minutes=3)
    assert not a.join(ANN, "Ann", 2000.0)


def test_joining_twice_is_once() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    assert not a.join(ANN, "Ann", 1001.0)


def test_a_stop_ends_it_now() -> None:
    a = arena()
    a.stop(1100.0)
    assert (a.ended_at, a.stopped) == (1100.0, True)


def test_played_hands_are_live_until_the_end() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    solve_now(a, ANN, 1000.0)
    shown(a, ANN, 1010.0)
    live = len(a.live_hands)
    a.stop(1020.0)
    assert (live, a.live_hands) == (len(set(a.hands)), [])


# --- restart ---------------------------------------------------------------------------------


def test_a_restart_sends_each_hand_again_with_its_time_anew() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    solve_now(a, ANN, 1000.0)
    shown(a, ANN, 1010.0)
    assert (a.resume(), a.entries[ANN].index, a.entries[ANN].shown) == ([ANN], 1, None)


def test_a_restart_keeps_the_streak() -> None:
    a = arena()
    a.join(ANN, "Ann", 1000.0)
    for i in range(2):
        solve_now(a, ANN, 1000.0 + 10 * i)
    a.resume()
    assert solve_now(a, ANN, 1100.0) == 4


# --- votes -----------------------------------------------------------------------------------


def test_the_starter_stops_it_alone() -> None:
    assert arena().request_stop(ANN, admin=False).agreed


def test_a_player_alone_does_not_stop_it() -> None:
    a = arena()
    for user in (ANN, BOB, CAT):
        a.join(user, str(user), 1000.0)
    assert not a.request_stop(BOB, admin=False).agreed


def test_an_admin_starts_one_at_once() -> None:
    assert start_vote.ask(None, BOB, 10, 0.0, admin=True)[1].agreed


def test_two_members_start_one() -> None:
    vote, first = start_vote.ask(None, BOB, 10, 0.0, admin=False)
    _vote, second = start_vote.ask(vote, CAT, 10, 10.0, admin=False)
    assert (first.agreed, second.agreed) == (False, True)


def test_one_member_asking_twice_starts_nothing() -> None:
    vote, _ = start_vote.ask(None, BOB, 10, 0.0, admin=False)
    assert not start_vote.ask(vote, BOB, 10, 10.0, admin=False)[1].agreed


def test_a_request_waits_five_minutes_at_most() -> None:
    vote, _ = start_vote.ask(None, BOB, 10, 0.0, admin=False)
    assert not start_vote.ask(vote, CAT, 10, 301.0, admin=False)[1].agreed


# --- standings -------------------------------------------------------------------------------


def players(*scores: tuple[int, float]) -> dict[int, Player]:
    return {
        user: Player(f"P{user}", 0.0, score=score, reached=reached)
        for user, (score, reached) in enumerate(scores, start=1)
    }


def test_standings_are_by_points() -> None:
    rows = standings(players((2, 5), (8, 9), (4, 1)))
    assert [row.user_id for row in rows] == [2, 3, 1]


def test_equal_points_share_a_place() -> None:
    rows = standings(players((4, 5), (8, 9), (4, 1), (1, 1)))
    assert [row.place for row in rows] == [1, 2, 2, 4]


def test_a_tie_is_listed_by_who_got_there_first() -> None:
    rows = standings(players((4, 5), (4, 1)))
    assert [row.user_id for row in rows] == [2, 1]


def test_the_winner_of_a_tie_got_there_first() -> None:
    found = winner(standings(players((4, 5), (4, 1))))
    assert found is not None and found.user_id == 2


def test_the_top_is_ten() -> None:
    assert len(top(standings(players(*((i, 0.0) for i in range(25)))))) == 10


def test_the_podium_is_three() -> None:
    assert len(podium(standings(players(*((i + 1, 0.0) for i in range(5)))))) == 3


def test_nobody_who_scored_nothing_is_on_the_podium() -> None:
    assert [row.user_id for row in podium(standings(players((0, 0), (2, 1))))] == [2]


def test_no_winner_when_nobody_scored() -> None:
    assert winner(standings(players((0, 0), (0, 0)))) is None


@given(st.lists(st.tuples(st.integers(0, 40), st.floats(0, 600)), max_size=30))
def test_standings_are_ordered_and_places_fit(scores: list[tuple[int, float]]) -> None:
    rows = standings(players(*scores))
    assert all(
        a.score >= b.score and (a.place == b.place) == (a.score == b.score)
        for a, b in itertools.pairwise(rows)
    )


def wrong_for(hand: tuple[int, ...]) -> str:
    """An attempt with the hand's cards that does not make 24."""
    return "+".join(map(str, hand)) if sum(hand) != 24 else "*".join(map(str, hand))


@given(st.lists(st.sampled_from(["solve", "skip", "wrong", "fast"]), max_size=30))
def test_a_score_is_what_the_solves_earned(moves: list[str]) -> None:
    a = Arena.create(1, ANN, 0.0, 60, seed=3)
    a.join(ANN, "Ann", 0.0)
    now, earned, streak, since = 0.0, 0, 0, None
    for move in moves:
        hand = shown(a, ANN, now)
        since = now if since is None else since
        after = {"solve": 5.0, "fast": 0.1, "wrong": 3.0, "skip": 3.0}[move]
        if now + after - since >= HAND_SECONDS:  # the hand's time ran out: a miss
            a.answer(ANN, answer_of(hand), now + after)
            streak, since = 0, None
        elif move == "solve" or (move == "fast" and now + after - since >= floor_of(hand)):
            a.answer(ANN, answer_of(hand), now + after)
            earned += 4 if streak >= 2 else 2
            streak, since = streak + 1, None
        elif move == "fast":
            a.answer(ANN, answer_of(hand), now + after)
        elif move == "wrong":
            a.answer(ANN, wrong_for(hand), now + after)
            streak = 0
        else:
            a.skip(ANN, now + after)
            streak, since = 0, None
        now += 10
    assert a.entries[ANN].score == earned


# --- schedule and command ----------------------------------------------------------------------

UTC = dt.UTC
NOW = dt.datetime(2026, 12, 2, 18, 0, tzinfo=UTC)  # a Wednesday


def test_an_arena_at_eight_is_today_if_it_is_before() -> None:
    at = Schedule(dt.time(20, 0), Repeat.ONCE, "UTC", 10)
    assert at.next_start(NOW) == dt.datetime(2026, 12, 2, 20, 0, tzinfo=UTC)


def test_an_arena_at_eight_is_tomorrow_if_it_is_after() -> None:
    at = Schedule(dt.time(17, 0), Repeat.DAILY, "UTC", 10)
    assert at.next_start(NOW) == dt.datetime(2026, 12, 3, 17, 0, tzinfo=UTC)


def test_the_time_is_the_groups_zone() -> None:
    at = Schedule(dt.time(20, 0), Repeat.DAILY, "Asia/Shanghai", 10)
    assert at.next_start(NOW) == dt.datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def test_a_weekly_arena_keeps_its_day() -> None:
    weekly = Schedule(dt.time(17, 0), Repeat.WEEKLY, "UTC", 10).fixed(NOW)
    first = weekly.next_start(NOW)
    assert weekly.next_start(first) - first == dt.timedelta(days=7)


def test_an_arena_is_announced_five_minutes_before() -> None:
    at = Schedule(dt.time(20, 0), Repeat.ONCE, "UTC", 10)
    start = at.next_start(NOW)
    assert start - at.announce_at(start) == dt.timedelta(minutes=5)


def test_a_once_arena_is_not_scheduled_again() -> None:
    at = Schedule(dt.time(20, 0), Repeat.ONCE, "UTC", 10)
    assert at.after(at.next_start(NOW)) is None


@pytest.mark.parametrize(
    ("words", "read"),
    [
        ([], command.Now()),
        (["15"], command.Now(15)),
        (["2"], command.Unreadable.MINUTES),
        (["61"], command.Unreadable.MINUTES),
        (["stop"], command.Stop()),
        (["at", "20:00"], command.At(dt.time(20, 0), Repeat.ONCE)),
        (["at", "20:00", "daily"], command.At(dt.time(20, 0), Repeat.DAILY)),
        (["at", "8:30", "weekly", "30"], command.At(dt.time(8, 30), Repeat.WEEKLY, 30)),
        (["at", "25:00"], command.Unreadable.TIME),
        (["at"], command.Unreadable.TIME),
        (["at", "20:00", "often"], command.Unreadable.WORD),
        (["banana"], command.Unreadable.WORD),
        (["9" * 5000], command.Unreadable.MINUTES),
    ],
)
def test_what_arena_is_asked(words: list[str], read: command.Request) -> None:
    assert command.read(words) == read
