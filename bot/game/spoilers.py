"""Which hands are being played right now, so that their solutions are kept from the players.

The rule (it prevents a player from asking the bot for the answer of the hand they race
for): while a group plays a hand, a player who has been seen in that group gets no solution
of it, in any chat and in any way, nor for numbers that hold the hand among others, whatever
the target; the same goes for the daily puzzle of a player whose daily clock runs.  Only a
round's very hand with another target is another puzzle (:func:`another_puzzle`): its
answers use every card, so none holds an answer of the round's.

A Countdown game may be answered with only some of its numbers, so any part of them
spoils it too: while one is on, its players get no solution of numbers sharing two or
more with it (counted as often as each was drawn), asked with a target of Countdown's
size (101 and up: a 24-game hand of small numbers stays free to solve), besides numbers
holding all six, whatever the target.  Extra numbers that are not among the game's do not
hide a part of them: under Countdown's rules the solver may leave them out.

A game one player plays on their own beside their chat's game (a friend's challenge, in
private) is live for that player only: it is found as their private chat (whose id is the
player's), so that they, and nobody else, are refused its solutions.  A player may have
several at once, one of each kind (a challenge's play and a Rush run on the game's page):
each stays live for them.

Anyone else (a member who only reads a group, whom the bot has never seen there) is given
the solutions, as is a player of another chat that happens to deal the same hand: nothing
tells a lurker from a stranger.  Instead, whoever is given solutions that would spoil a live
game is marked in it (:func:`peek`), and answers of a marked player to that game score
nothing (it prevents a lurker's instant win).  Nobody is told where the hand is played.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Protocol

Numbers = tuple[int | Fraction, ...]


class Game(Protocol):
    """A round, a Solution Hunt or a Countdown game: a hand, live until the game is over."""

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def live(self) -> bool: ...

    peeked: list[int]
    """Who was given solutions that spoil it while it was live."""


def peek(game: Game, user_id: int) -> None:
    """``user_id`` was given solutions that spoil ``game``: their answers to it score nothing."""
    if game.live and user_id not in game.peeked:
        game.peeked.append(user_id)


def peeked(game: Game, user_id: int) -> bool:
    """Whether ``user_id`` was given solutions of ``game``'s hand while it was live."""
    return game.live and user_id in game.peeked


def holds(numbers: Iterable[int | Fraction], hand: Iterable[int | Fraction]) -> bool:
    """Whether ``numbers`` hold every card of ``hand``, as many times as it was dealt."""
    return not Counter(hand) - Counter(numbers)


def holds_any(numbers: Iterable[int | Fraction], hands: Iterable[Iterable[int]]) -> bool:
    """Whether ``numbers`` hold one of ``hands`` (see :func:`holds`)."""
    return any(holds(numbers, hand) for hand in hands)


def held_by(hands: Iterable[Iterable[int]], cards: int) -> frozenset[tuple[int, ...]]:
    """Every hand of ``cards`` cards that holds one of ``hands``, sorted: those of ``hands``
    of that size (a hand holds one of its own size only by being it; a smaller one, none)."""
    return frozenset(tuple(sorted(hand)) for hand in map(tuple, hands) if len(hand) == cards)


class Round(Game, Protocol):
    """A round: a hand to make a target from."""

    @property
    def target(self) -> int: ...


def another_puzzle(numbers: Numbers, target: int | Fraction, game: Round | None) -> bool:
    """Whether a request for ``numbers`` and ``target`` is another puzzle than the live
    ``game``'s: its very hand (no number more), with another target."""
    if game is None or not game.live or target == game.target:
        return False
    return Counter(numbers) == Counter(game.hand)


def pairs(numbers: Iterable[int | Fraction]) -> set[Numbers]:
    """Every two of ``numbers`` (a number drawn twice makes a pair with itself), sorted."""
    return set(combinations(sorted(numbers), 2))


class LiveHands:
    """The rounds, hunts and Countdown games being played, found by any numbers that hold
    their hand (and a Countdown game by two of its numbers, too).

    A game is added when it is dealt; one that is over is dropped when it is next looked
    at (or when its chat deals again), so ending a game needs no call here.
    """

    def __init__(self) -> None:
        self._by_hand: dict[Numbers, dict[int, Game]] = {}
        self._by_chat: dict[int, Game] = {}
        self._by_pair: dict[Numbers, dict[int, Game]] = {}
        self._parts_from: dict[int, int] = {}
        """The chats whose game any two of its numbers spoil, with the least target that
        does."""
        self._hands: dict[int, Numbers] = {}
        """Each chat's hand as it was added (a Rush run's hand changes as it is played:
        re-added then, its old hand is dropped from where it was filed)."""
        self._by_player: dict[tuple[int, str], Game] = {}
        """Each player's own games, by (player, kind)."""
        self._player_hands: dict[Numbers, dict[tuple[int, str], Game]] = {}

    def add_player(self, user_id: int, game: Game, kind: str = "") -> None:
        """A game ``user_id`` plays on their own, beside their chat's (see the module): its
        hand is live for them, found as their private chat's, until it is over.  It takes
        the place of their game of the same ``kind`` only (a player may play a friend's
        challenge and a Rush run on the game's page at once: each hand stays theirs)."""
        self.drop_player(user_id, kind)
        self._by_player[user_id, kind] = game
        self._player_hands.setdefault(tuple(sorted(game.hand)), {})[user_id, kind] = game

    def drop_player(self, user_id: int, kind: str = "") -> None:
        """``user_id``'s own game of ``kind`` is over (or set aside)."""
        game = self._by_player.pop((user_id, kind), None)
        if game is None:
            return
        key = tuple(sorted(game.hand))
        players = self._player_hands.get(key, {})
        players.pop((user_id, kind), None)
        if not players:
            self._player_hands.pop(key, None)

    def add(self, chat_id: int, game: Game, *, parts_from: int | None = None) -> None:
        """A game dealt in a chat: its hand is live until the game is over.  With
        ``parts_from`` (a Countdown game), any two of its numbers asked with a target of
        ``parts_from`` or more spoil it too."""
        self._drop(chat_id)
        self._by_chat[chat_id] = game
        key = self._hands[chat_id] = tuple(sorted(game.hand))
        self._by_hand.setdefault(key, {})[chat_id] = game
        if parts_from is not None:
            self._parts_from[chat_id] = parts_from
            for pair in pairs(game.hand):
                self._by_pair.setdefault(pair, {})[chat_id] = game

    def move(self, old_chat_id: int, new_chat_id: int) -> None:
        """A group became a supergroup: its round goes on under the new id."""
        game = self._by_chat.get(old_chat_id)
        parts_from = self._parts_from.get(old_chat_id)
        self._drop(old_chat_id)
        if game is not None:
            self.add(new_chat_id, game, parts_from=parts_from)

    def chats_spoiled(self, numbers: Numbers, target: int | Fraction) -> list[int]:
        """The groups whose live game a request for ``numbers`` and ``target`` would
        spoil: numbers holding its hand, or two of a Countdown game's numbers with a
        target of its size (see the module's rule)."""
        found = self.chats_holding(numbers)
        for pair in pairs(numbers) if self._by_pair else ():
            for chat_id, game in list(self._by_pair.get(pair, {}).items()):
                if not game.live:
                    self._drop(chat_id)
                elif target >= self._parts_from[chat_id] and chat_id not in found:
                    found.append(chat_id)
        return found

    def chats_holding(self, numbers: Numbers) -> list[int]:
        """The groups whose live hand ``numbers`` hold.

        The hands looked at are every choice of as many of the numbers as a live hand has
        cards (70 for eight numbers), or every live hand if there are fewer of those.
        """
        ordered = sorted(numbers)
        live = self._by_hand.keys() | self._player_hands.keys()
        sizes = {len(hand) for hand in live}
        choices = sum(comb(len(ordered), size) for size in sizes)
        if choices <= len(live):
            hands: Iterable[Numbers] = {
                choice for size in sizes for choice in combinations(ordered, size)
            }
        else:
            hands = [hand for hand in live if holds(ordered, hand)]
        found = []
        for hand in hands:
            for chat_id, game in list(self._by_hand.get(hand, {}).items()):
                if game.live:
                    found.append(chat_id)
                else:
                    self._drop(chat_id)
            for (user_id, kind), game in list(self._player_hands.get(hand, {}).items()):
                if not game.live:
                    self.drop_player(user_id, kind)
                elif user_id not in found:
                    found.append(user_id)
        return found

    def game(self, chat_id: int) -> Game | None:
        """The live game of a chat, if any."""
        game = self._by_chat.get(chat_id)
        return game if game is not None and game.live else None

    def __len__(self) -> int:
        return len(self._by_chat)

    def _drop(self, chat_id: int) -> None:
        game = self._by_chat.pop(chat_id, None)
        if game is None:
            return
        key = self._hands.pop(chat_id)
        chats = self._by_hand.get(key, {})
        chats.pop(chat_id, None)
        if not chats:
            self._by_hand.pop(key, None)
        if self._parts_from.pop(chat_id, None) is not None:
            for pair in pairs(key):
                sharing = self._by_pair.get(pair, {})
                sharing.pop(chat_id, None)
                if not sharing:
                    self._by_pair.pop(pair, None)
