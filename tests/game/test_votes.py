"""Who may end a round or take a hint at once, and when the others' votes carry it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.rules.countdown import Countdown
from bot.rules.hunt import Hunt
from bot.rules.rounds import Round, new_round
from bot.rules.votes import Action, request

STARTER, ADMIN, PLAYER, OTHER, BYSTANDER = 1, 2, 3, 4, 5


def played() -> Round:
    """A round STARTER dealt, where PLAYER and OTHER have answered wrongly."""
    game = Round(1, (3, 3, 8, 8), 24, 0.0, starter=STARTER)
    game.answer(PLAYER, "3+3+8+8", 1.0)
    game.answer(OTHER, "3*3+8+8", 2.0)
    return game


def test_the_starter_acts_at_once() -> None:
    assert request(played(), Action.SKIP, STARTER, admin=False).agreed


def test_an_admin_acts_at_once() -> None:
    assert request(played(), Action.STOP, ADMIN, admin=True).agreed


def test_one_players_request_is_a_vote() -> None:
    ballot = request(played(), Action.REVEAL, PLAYER, admin=False)
    assert not ballot.agreed
    assert ballot.votes == 1


def test_two_players_agreeing_carry_it() -> None:
    game = played()
    request(game, Action.SKIP, PLAYER, admin=False)
    assert request(game, Action.SKIP, OTHER, admin=False).agreed


def test_the_same_player_twice_is_one_vote() -> None:
    game = played()
    request(game, Action.HINT, PLAYER, admin=False)
    assert not request(game, Action.HINT, PLAYER, admin=False).agreed


def test_a_bystanders_vote_does_not_count() -> None:
    game = played()
    ballot = request(game, Action.HINT, BYSTANDER, admin=False)
    assert not ballot.counted


def test_bystanders_cannot_carry_it_together_with_one_player() -> None:
    game = played()
    request(game, Action.HINT, BYSTANDER, admin=False)
    assert not request(game, Action.HINT, PLAYER, admin=False).agreed


def test_a_bystanders_vote_counts_once_they_answer() -> None:
    game = Round(1, (3, 3, 8, 8), 24, 0.0, starter=STARTER)
    game.answer(PLAYER, "3+3+8+8", 1.0)
    request(game, Action.HINT, BYSTANDER, admin=False)
    game.answer(BYSTANDER, "8+8+3+3", 3.0)
    assert request(game, Action.HINT, PLAYER, admin=False).agreed


def test_votes_for_one_action_do_not_count_for_another() -> None:
    game = played()
    request(game, Action.SKIP, PLAYER, admin=False)
    assert not request(game, Action.REVEAL, OTHER, admin=False).agreed


def test_each_hint_needs_its_own_votes() -> None:
    game = played()
    request(game, Action.HINT, PLAYER, admin=False)
    request(game, Action.HINT, OTHER, admin=False)
    assert not request(game, Action.HINT, PLAYER, admin=False).agreed


def test_the_starter_of_a_match_starts_its_rounds() -> None:
    from bot.rules.hands import HandFacts
    from bot.rules.rounds import start_match
    from bot.rules.table import Table

    table = Table()
    start_match(table, 3, starter=STARTER)
    game = new_round(table, HandFacts((3, 3, 8, 8), 24, True, (), 1, ()), 1, 0.0, PLAYER)
    assert game.starter == STARTER


def hunted() -> Hunt:
    """A hunt STARTER started, where PLAYER and OTHER have answered."""
    from solver import solve

    hand = (2, 4, 8, 10)
    game = Hunt(1, hand, 24, 0.0, 90, tuple(s.pretty for s in solve(hand, 24)), starter=STARTER)
    game.answer(PLAYER, "Player", "10+8+4+2", 1.0)
    game.answer(OTHER, "Other", "10-8-4-2", 2.0)
    return game


def counted() -> Countdown:
    """A Countdown game STARTER started, where PLAYER and OTHER have answered."""
    game = Countdown(1, (1, 3, 7, 10, 25, 50), 765, 0.0, 30, starter=STARTER)
    game.answer(PLAYER, "Player", "25*10", 1.0)
    game.answer(OTHER, "Other", "50+1", 2.0)
    return game


@pytest.mark.parametrize("make", [hunted, counted])
def test_the_starter_of_a_hunt_or_countdown_stops_it_at_once(
    make: Callable[[], Hunt | Countdown],
) -> None:
    assert request(make(), Action.STOP, STARTER, admin=False).agreed


@pytest.mark.parametrize("make", [hunted, counted])
def test_an_admin_stops_a_hunt_or_countdown_at_once(
    make: Callable[[], Hunt | Countdown],
) -> None:
    assert request(make(), Action.STOP, ADMIN, admin=True).agreed


@pytest.mark.parametrize("make", [hunted, counted])
def test_one_players_stop_of_a_hunt_or_countdown_is_a_vote(
    make: Callable[[], Hunt | Countdown],
) -> None:
    ballot = request(make(), Action.STOP, PLAYER, admin=False)
    assert (ballot.agreed, ballot.votes) == (False, 1)


@pytest.mark.parametrize("make", [hunted, counted])
def test_two_players_stop_a_hunt_or_countdown(make: Callable[[], Hunt | Countdown]) -> None:
    game = make()
    request(game, Action.STOP, PLAYER, admin=False)
    assert request(game, Action.STOP, OTHER, admin=False).agreed


@pytest.mark.parametrize("make", [hunted, counted])
def test_bystanders_cannot_stop_a_hunt_or_countdown(make: Callable[[], Hunt | Countdown]) -> None:
    game = make()
    first = request(game, Action.STOP, BYSTANDER, admin=False)
    second = request(game, Action.STOP, BYSTANDER + 1, admin=False)
    assert (first.counted, second.agreed) == (False, False)


@pytest.mark.parametrize("text", ["x", "1+1", "none", "3+3+8", "3+3+8+8+8", "33+8+8"])
def test_an_answer_that_is_no_expression_of_the_cards_makes_no_player(text: str) -> None:
    game = Round(1, (3, 3, 8, 8), 24, 0.0, starter=STARTER)
    game.answer(BYSTANDER, text, 1.0)
    assert BYSTANDER not in game.players


@pytest.mark.parametrize("text", ["3+3+8+8", "8/(3-3)+8", "8/(3-8/3)"])
def test_an_expression_of_the_cards_makes_a_player(text: str) -> None:
    game = Round(1, (3, 3, 8, 8), 24, 0.0, starter=STARTER)
    game.answer(PLAYER, text, 1.0)
    assert PLAYER in game.players


def test_a_vote_needs_a_majority_of_the_players() -> None:
    game = played()
    for newcomer in (6, 7):
        game.answer(newcomer, "3*3*8/8", 3.0)
    request(game, Action.STOP, 6, admin=False)
    ballot = request(game, Action.STOP, 7, admin=False)
    assert (ballot.agreed, ballot.needed) == (False, 3)
