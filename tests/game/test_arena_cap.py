"""An arena's cap on players: who comes after the last seat is refused, nobody before."""

from __future__ import annotations

from bot.rules.arena import MAX_PLAYERS, Arena


def _arena() -> Arena:
    return Arena.create(1, None, 0.0, 10, seed=1)


def test_an_arena_takes_players_up_to_its_cap() -> None:
    arena = _arena()
    joined = [arena.join(user, f"P{user}", 1.0) for user in range(1, MAX_PLAYERS + 1)]
    assert all(joined)


def test_a_full_arena_refuses_a_newcomer() -> None:
    arena = _arena()
    for user in range(1, MAX_PLAYERS + 1):
        arena.join(user, f"P{user}", 1.0)
    assert not arena.join(MAX_PLAYERS + 1, "Late", 2.0)


def test_a_full_arena_keeps_its_count() -> None:
    arena = _arena()
    for user in range(1, MAX_PLAYERS + 2):
        arena.join(user, f"P{user}", 1.0)
    assert len(arena.entries) == MAX_PLAYERS


def test_a_full_arena_still_knows_its_players() -> None:
    arena = _arena()
    for user in range(1, MAX_PLAYERS + 1):
        arena.join(user, f"P{user}", 1.0)
    arena.join(1, "Renamed", 2.0)
    assert arena.entries[1].name == "Renamed"
