"""A timed game's life (bot.rules.live_game): its clock starts when it is shown, a stale or early
timer changes nothing, a stop ends it once; and every timed game lives it alike."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from bot.rules.countdown import Countdown
from bot.rules.hunt import Hunt
from bot.rules.live_game import LiveGame, TimedGame
from bot.rules.rounds import Round
from solver import Code, Verdict


@dataclass(slots=True)
class Game(TimedGame):
    """The least timed game: the life alone, no rules."""

    number: int
    started: float
    time_limit: float
    ended: bool = False
    starter: int | None = None
    answered: list[int] = field(default_factory=list)


def test_the_clock_starts_when_the_game_is_shown() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    game.show(5.0)
    assert game.deadline == 35.0


def test_an_ended_game_is_not_shown_again() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    game.stop()
    game.show(5.0)
    assert game.started == 0.0


def test_its_own_timer_ends_it_when_the_time_is_up() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    assert game.expire(1, 30.0)
    assert not game.live


def test_an_early_timer_changes_nothing() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    game.show(10.0)  # shown late: its deadline moved with it
    assert not game.expire(1, 30.0)


def test_a_stale_timer_changes_nothing() -> None:
    game = Game(2, started=0.0, time_limit=30.0)
    assert not game.expire(1, 60.0)


def test_a_timer_after_a_stop_ends_nothing() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    game.stop()
    assert not game.expire(1, 60.0)


def test_a_stop_ends_it_once() -> None:
    game = Game(1, started=0.0, time_limit=30.0)
    assert (game.stop(), game.stop()) == (True, False)


def test_players_are_the_starter_and_who_made_a_real_attempt() -> None:
    game = Game(1, started=0.0, time_limit=30.0, starter=7)
    game.attempt(8, Verdict(Code.WRONG_VALUE))
    game.attempt(9, Verdict(Code.NO_SOLUTION_WRONG))  # a word anyone can type
    assert game.players == {7, 8}


def _games() -> list[LiveGame]:
    return [
        Round(1, (3, 3, 8, 8), 24, 0.0, time_limit=30.0),
        Hunt(1, (3, 3, 8, 8), 24, 0.0, 30.0, ("8/(3-8/3)",)),
        Countdown(1, (1, 2, 3, 4, 25, 50), 321, 0.0, 30.0),
    ]


@pytest.mark.parametrize("game", _games(), ids=["round", "hunt", "countdown"])
def test_every_timed_game_lives_alike(game: LiveGame) -> None:
    game.show(10.0)
    lived = (game.deadline, game.expire(1, 39.0), game.expire(1, 40.0), game.live, game.stop())
    assert lived == (40.0, False, True, False, False)


@pytest.mark.parametrize("game", _games(), ids=["round", "hunt", "countdown"])
def test_every_timed_game_stops_alike(game: LiveGame) -> None:
    assert (game.stop(), game.live, game.expire(1, 60.0)) == (True, False, False)
