"""Which hands are being played right now, so that their solutions are kept from the players.

The rule (it prevents a player from asking the bot for the answer of the hand they race
for): while a group plays a hand, a player who has been seen in that group gets no solution
of it, in any chat and in any way, nor for numbers that hold the hand among others, or with
another target.  The same goes for the daily puzzle of a player whose daily clock runs.
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
    """A round or a Solution Hunt: a hand, live until the game is over."""

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def live(self) -> bool: ...


def holds(numbers: Iterable[int | Fraction], hand: Iterable[int | Fraction]) -> bool:
    """Whether ``numbers`` hold every card of ``hand``, as many times as it was dealt."""
    return not Counter(hand) - Counter(numbers)


class LiveHands:
    """The rounds and hunts being played, found by any numbers that hold their hand.

    A game is added when it is dealt; one that is over is dropped when it is next looked
    at (or when its chat deals again), so ending a game needs no call here.
    """

    def __init__(self) -> None:
        self._by_hand: dict[Numbers, dict[int, Game]] = {}
        self._by_chat: dict[int, Game] = {}

    def add(self, chat_id: int, game: Game) -> None:
        """A game dealt in a chat: its hand is live until the game is over."""
        self._drop(chat_id)
        self._by_chat[chat_id] = game
        self._by_hand.setdefault(tuple(sorted(game.hand)), {})[chat_id] = game

    def move(self, old_chat_id: int, new_chat_id: int) -> None:
        """A group became a supergroup: its round goes on under the new id."""
        game = self._by_chat.get(old_chat_id)
        self._drop(old_chat_id)
        if game is not None:
            self.add(new_chat_id, game)

    def chats_holding(self, numbers: Numbers) -> list[int]:
        """The groups whose live hand ``numbers`` hold.

        The hands looked at are every choice of as many of the numbers as a live hand has
        cards (70 for eight numbers), or every live hand if there are fewer of those.
        """
        ordered = sorted(numbers)
        sizes = {len(hand) for hand in self._by_hand}
        choices = sum(comb(len(ordered), size) for size in sizes)
        if choices <= len(self._by_hand):
            hands: Iterable[Numbers] = {
                choice for size in sizes for choice in combinations(ordered, size)
            }
        else:
            hands = [hand for hand in self._by_hand if holds(ordered, hand)]
        found = []
        for hand in hands:
            for chat_id, game in list(self._by_hand.get(hand, {}).items()):
                if game.live:
                    found.append(chat_id)
                else:
                    self._drop(chat_id)
        return found

    def __len__(self) -> int:
        return len(self._by_chat)

    def _drop(self, chat_id: int) -> None:
        game = self._by_chat.pop(chat_id, None)
        if game is None:
            return
        key = tuple(sorted(game.hand))
        chats = self._by_hand.get(key, {})
        chats.pop(chat_id, None)
        if not chats:
            self._by_hand.pop(key, None)
