"""Which hands are being played right now, so that their solutions are kept from their players
(:func:`shares`), from everyone for the kinds :attr:`LiveHands.kept_from_everyone` names, and
who was given them anyway (:func:`peek`).  The rules and why: docs/fair-play.md,
*Spoilers, votes and the daily* and *Hands only their players see*."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import NamedTuple, Protocol

Numbers = tuple[int | Fraction, ...]

SHARED = 3
"""Cards that numbers share with a live hand to spoil it (all of a smaller hand's)."""


class Game(Protocol):
    """A round, a Solution Hunt or a Countdown game: a hand, live until the game is over."""

    @property
    def hand(self) -> tuple[int, ...]: ...

    @property
    def live(self) -> bool: ...

    peeked: list[int]
    """Who was given solutions that spoil it while it was live."""


def peek(game: Game, user_id: int) -> bool:
    """``user_id`` was given solutions that spoil ``game``: their answers to it score nothing.
    Whether that marked them (False: marked already, or the game is over)."""
    if game.live and user_id not in game.peeked:
        game.peeked.append(user_id)
        return True
    return False


def peeked(game: Game, user_id: int) -> bool:
    """Whether ``user_id`` was given solutions of ``game``'s hand while it was live."""
    return game.live and user_id in game.peeked


def holds(numbers: Iterable[int | Fraction], hand: Iterable[int | Fraction]) -> bool:
    """Whether ``numbers`` hold every card of ``hand``, as many times as it was dealt."""
    return not Counter(hand) - Counter(numbers)


def shared(numbers: Iterable[int | Fraction], hand: Iterable[int | Fraction]) -> int:
    """How many cards of ``hand`` are among ``numbers``: each as often as it was dealt and
    as often as it was asked, whichever is less."""
    return sum((Counter(numbers) & Counter(hand)).values())


def shares(numbers: Iterable[int | Fraction], hand: Iterable[int | Fraction]) -> bool:
    """Whether ``numbers`` share enough of ``hand`` to spoil it (see the module's rule):
    :data:`SHARED` cards, or every card of a smaller hand."""
    hand = tuple(hand)
    return shared(numbers, hand) >= min(SHARED, len(hand))


def shares_any(numbers: Iterable[int | Fraction], hands: Iterable[Iterable[int]]) -> bool:
    """Whether ``numbers`` share enough of one of ``hands`` to spoil it (:func:`shares`)."""
    numbers = tuple(numbers)
    return any(shares(numbers, hand) for hand in hands)


def parts(numbers: Iterable[int | Fraction], size: int) -> set[Numbers]:
    """Every ``size`` of ``numbers`` (a number drawn twice may be taken twice), sorted."""
    return set(combinations(sorted(numbers), size))


def pairs(numbers: Iterable[int | Fraction]) -> set[Numbers]:
    """Every two of ``numbers`` (a number drawn twice makes a pair with itself), sorted."""
    return parts(numbers, 2)


LOOKUPS_PER_CHECK = 32
"""Parts looked up in the time of one hand checked on its own (a :func:`shares`), about."""

Owner = tuple[int, str | None]
"""Whose a live game is: (chat, None) for a chat's game, (player, kind) for a player's own."""


class Spoiled(NamedTuple):
    """A live game that a request would spoil (a tuple: thousands may be found at once)."""

    chat_id: int
    """The chat it is played in (a player's own game: the player's private chat)."""
    game: Game
    own: bool
    """Whether it is a player's own game (see the module), not a chat's."""
    hand: Numbers
    """Its hand, sorted."""
    asked: Numbers
    """The numbers of the request, sorted."""
    everyone: bool = False
    """Whether it is refused to everyone, not only to its players (see the module)."""

    @property
    def held(self) -> bool:
        """Whether the numbers hold its whole hand (else they share part of it)."""
        return holds(self.asked, self.hand)


class LiveHands:
    """The games being played, found by any numbers that share three cards with their hand
    (and a Countdown game by two of its numbers, too): each hand is filed under every three
    of its cards (20 for a Countdown game's six), so that a request looks up every three of
    its numbers (56 for eight), or checks every live hand if there are fewer of those.

    A game is added when it is dealt; one that is over is dropped when it is next looked
    at (or when its chat deals again), so ending a game needs no call here.
    """

    def __init__(self) -> None:
        self._games: dict[Owner, Game] = {}
        self._hands: dict[Owner, Numbers] = {}
        """Each game's hand as it was added (a Rush run's hand changes as it is played:
        re-added then, its old hand is dropped from where it was filed)."""
        self._by_part: dict[Numbers, dict[Owner, Game]] = {}
        """Every game, under each part of its hand that spoils it (:func:`shares`)."""
        self._part_sizes: Counter[int] = Counter()
        """How many games are filed under parts of each size (3, or a smaller hand's)."""
        self._by_pair: dict[Numbers, dict[int, Game]] = {}
        self._parts_from: dict[int, int] = {}
        """The chats whose game any two of its numbers spoil, with the least target that
        does."""
        self.kept_from_everyone: set[str] = set()
        """The kinds of game (as their dealers name them) whose hands are refused to
        everyone, not only to their players (see the module): each game's feature names
        its own (a duel's hand)."""
        self._kinds: dict[int, str] = {}
        """The kind of each chat's game, as its dealer named it (for the host's counts, and
        :attr:`kept_from_everyone`)."""
        self.on_new: Callable[[str, Game], object] | None = None
        """Called with its kind and itself when a chat's new game is added (the host's
        counts of games dealt; a Rush run, added again with each hand, is new once)."""

    def add_player(self, user_id: int, game: Game, kind: str = "") -> None:
        """A game ``user_id`` plays on their own, beside their chat's (see the module): its
        hand is live for them, found as their private chat's, until it is over.  It takes
        the place of their game of the same ``kind`` only (a player may play a friend's
        challenge and a Rush run on the game's page at once: each hand stays theirs)."""
        self._file((user_id, kind), game)

    def drop_player(self, user_id: int, kind: str = "") -> None:
        """``user_id``'s own game of ``kind`` is over (or set aside)."""
        self._unfile((user_id, kind))

    def add(
        self,
        chat_id: int,
        game: Game,
        *,
        parts_from: int | None = None,
        kind: str = "",
    ) -> None:
        """A game dealt in a chat (of ``kind``, as its dealer names it): its hand is live until
        the game is over.  With ``parts_from`` (a Countdown game), any two of its numbers
        asked with a target of ``parts_from`` or more spoil it too."""
        if self.on_new is not None and self._games.get((chat_id, None)) is not game:
            self.on_new(kind, game)
        self._drop(chat_id)
        self._file((chat_id, None), game)
        if kind:
            self._kinds[chat_id] = kind
        if parts_from is not None:
            self._parts_from[chat_id] = parts_from
            for pair in pairs(game.hand):
                self._by_pair.setdefault(pair, {})[chat_id] = game

    def move(self, old_chat_id: int, new_chat_id: int) -> None:
        """A group became a supergroup: its round goes on under the new id."""
        game = self._games.get((old_chat_id, None))
        parts_from = self._parts_from.get(old_chat_id)
        kind = self._kinds.get(old_chat_id, "")
        self._drop(old_chat_id)
        if game is not None:
            self.add(new_chat_id, game, parts_from=parts_from, kind=kind)

    def spoiled(self, numbers: Numbers, target: int | Fraction) -> list[Spoiled]:
        """The live games a request for ``numbers`` and ``target`` would spoil: numbers
        sharing three cards with its hand, or two of a Countdown game's numbers with a
        target of its size (see the module's rule)."""
        found = self._sharing(numbers)
        for pair in pairs(numbers) if self._by_pair else ():
            for chat_id, game in list(self._by_pair.get(pair, {}).items()):
                if not game.live:
                    self._drop(chat_id)
                elif target >= self._parts_from[chat_id] and (chat_id, None) not in found:
                    hand = self._hands[chat_id, None]
                    asked = tuple(sorted(numbers))
                    everyone = self._kinds.get(chat_id) in self.kept_from_everyone
                    found[chat_id, None] = Spoiled(chat_id, game, False, hand, asked, everyone)
        return list(found.values())

    def chats_spoiled(self, numbers: Numbers, target: int | Fraction) -> list[int]:
        """The chats whose live game a request for ``numbers`` and ``target`` would spoil
        (see :meth:`spoiled`): a player's own game is found as their private chat."""
        return list(dict.fromkeys(spoiled.chat_id for spoiled in self.spoiled(numbers, target)))

    def chats_holding(self, numbers: Numbers) -> list[int]:
        """The chats whose live hand ``numbers`` hold (see :func:`holds`)."""
        found = self._sharing(numbers).values()
        return list(dict.fromkeys(spoiled.chat_id for spoiled in found if spoiled.held))

    def game(self, chat_id: int) -> Game | None:
        """The live game of a chat, if any."""
        game = self._games.get((chat_id, None))
        return game if game is not None and game.live else None

    def live_kinds(self) -> Counter[str]:
        """How many games are live, by kind (a player's own: the kind it was filed with)."""
        return Counter(
            (self._kinds.get(chat_id, "") if kind is None else kind) or "other"
            for (chat_id, kind), game in self._games.items()
            if game.live
        )

    def __len__(self) -> int:
        """How many games are filed (a chat's or a player's own), live or not yet dropped."""
        return len(self._games)

    def _sharing(self, numbers: Numbers) -> dict[Owner, Spoiled]:
        """The live games whose hand shares enough with ``numbers`` (:func:`shares`).

        The parts looked up are every choice of three of the numbers (or of as many as a
        smaller hand has cards), or every live hand is checked if that is cheaper (many
        more numbers than /solve takes, few live hands).
        """
        ordered = tuple(sorted(numbers))
        choices = sum(comb(len(ordered), size) for size in self._part_sizes)
        owners: Iterable[Owner]
        if choices <= LOOKUPS_PER_CHECK * len(self._games):
            owners = dict.fromkeys(
                owner
                for size in self._part_sizes
                for part in combinations(ordered, size)
                for owner in self._by_part.get(part, ())
            )
        else:
            owners = [owner for owner, hand in self._hands.items() if shares(ordered, hand)]
        found = {}
        for owner in owners:
            game = self._games[owner]
            chat_id, kind = owner
            if not game.live:
                if kind is None:
                    self._drop(chat_id)
                else:
                    self._unfile(owner)
                continue
            hand = self._hands[owner]
            everyone = kind is None and (
                self._kinds.get(chat_id) in self.kept_from_everyone
                or getattr(game, "kept_from_everyone", False)  # a game may say so itself
            )
            found[owner] = Spoiled(chat_id, game, kind is not None, hand, ordered, everyone)
        return found

    def _file(self, owner: Owner, game: Game) -> None:
        self._unfile(owner)
        hand = self._hands[owner] = tuple(sorted(game.hand))
        self._games[owner] = game
        size = min(SHARED, len(hand))
        self._part_sizes[size] += 1
        for part in parts(hand, size):
            self._by_part.setdefault(part, {})[owner] = game

    def _unfile(self, owner: Owner) -> None:
        if self._games.pop(owner, None) is None:
            return
        hand = self._hands.pop(owner)
        size = min(SHARED, len(hand))
        self._part_sizes[size] -= 1
        if not self._part_sizes[size]:
            del self._part_sizes[size]
        for part in parts(hand, size):
            sharing = self._by_part.get(part, {})
            sharing.pop(owner, None)
            if not sharing:
                self._by_part.pop(part, None)

    def _drop(self, chat_id: int) -> None:
        hand = self._hands.get((chat_id, None), ())
        self._unfile((chat_id, None))
        self._kinds.pop(chat_id, None)
        if self._parts_from.pop(chat_id, None) is not None:
            for pair in pairs(hand):
                sharing = self._by_pair.get(pair, {})
                sharing.pop(chat_id, None)
                if not sharing:
                    self._by_pair.pop(pair, None)


class HandIndex:
    """Hands that are no live game, by key, found by numbers that share enough of one to
    spoil it (:func:`shares`): the challenges whose cards someone has seen, so that the bot
    knows whom it gave their solutions (see :mod:`bot.rules.challenge`).  Each hand is filed
    under every three of its cards (a request looks up every three of its numbers)."""

    def __init__(self) -> None:
        self._hands: dict[str, Numbers] = {}
        self._by_part: dict[Numbers, set[str]] = {}
        self._sizes: Counter[int] = Counter()
        """How many hands are filed under parts of each size (3, or a smaller hand's)."""

    def add(self, key: str, hand: Iterable[int]) -> None:
        """File ``hand`` under ``key`` (in place of the hand filed there before, if any)."""
        self.drop(key)
        ordered = self._hands[key] = tuple(sorted(hand))
        size = min(SHARED, len(ordered))
        self._sizes[size] += 1
        for part in parts(ordered, size):
            self._by_part.setdefault(part, set()).add(key)

    def drop(self, key: str) -> None:
        """Forget the hand filed under ``key``."""
        hand = self._hands.pop(key, None)
        if hand is None:
            return
        size = min(SHARED, len(hand))
        self._sizes[size] -= 1
        if not self._sizes[size]:
            del self._sizes[size]
        for part in parts(hand, size):
            keys = self._by_part.get(part, set())
            keys.discard(key)
            if not keys:
                self._by_part.pop(part, None)

    def sharing(self, numbers: Iterable[int | Fraction]) -> list[str]:
        """The keys of the hands that ``numbers`` share enough of (:func:`shares`)."""
        ordered = tuple(sorted(numbers))
        found: dict[str, None] = {}
        for size in self._sizes:
            for part in combinations(ordered, size):
                found.update(dict.fromkeys(self._by_part.get(part, ())))
        return list(found)

    def __len__(self) -> int:
        return len(self._hands)
