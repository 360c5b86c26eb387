"""Public names: what the boards that span every chat call a player (the handle, the names
refused, one holder, the changes allowed).  Each rule and what it prevents:
docs/fair-play.md, *Public names*."""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

HANDLE_PREFIX = "Player-"
HANDLE_DIGITS = 6
"""Hex digits of a handle: 16 million of them, so that two players of a board share one
only by a rare chance (four digits would give two of a thousand players the same)."""
SHORTEST = 2
LONGEST = 24
CHANGES = 2
CHANGE_WINDOW = 7 * 24 * 3600.0
"""Seconds: :data:`CHANGES` changes at most in any such window."""

_LINK = re.compile(r"://|www\.|\w[.。｡]\w{2,}", re.IGNORECASE)
"""A scheme, ``www.`` or a dot between a word and two letters (``t.me``, ``ann.com``)."""
_WIDE_BLOCKS = ((0xFDF0, 0xFDFF), (0x12000, 0x1254F))
"""Arabic ligatures (``ﷺ``, ``﷽``: a phrase each) and cuneiform: one character many
letters wide.  Also refused: a character whose NFKC form is over :data:`_WIDEST` letters."""
_WIDEST = 3
_INVISIBLE = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Control, format (bidi overrides, zero-width spaces), private, unassigned characters and
line breaks: refused (the joiner of emoji sequences aside)."""
_JOINER = "\u200d"
_IGNORED = frozenset({_JOINER, "\ufe0e", "\ufe0f"})
"""The emoji joiner and variation selectors: allowed, and no difference between names."""


class Refusal(StrEnum):
    """Why a public name is refused."""

    SHORT = "short"
    LONG = "long"
    LINK = "link"
    MENTION = "mention"
    INVISIBLE = "invisible"
    BOT = "bot"
    HANDLE = "handle"
    WIDE = "wide"
    TAKEN = "taken"


@dataclass(slots=True)
class PublicName:
    """A player's chosen public name (saved with the player's data)."""

    name: str = ""
    """The name (empty: none, the handle is shown)."""
    changes: list[float] = field(default_factory=list)
    """When a name was taken (set; a clear is no change), the last :data:`CHANGES` times,
    oldest first."""


def handle(key: str, user_id: int) -> str:
    """The player's handle under ``key`` (see the module)."""
    digest = hmac.new(key.encode(), str(user_id).encode(), hashlib.sha256).hexdigest()
    return HANDLE_PREFIX + digest[:HANDLE_DIGITS].upper()


def tidy(text: str) -> str:
    """A name as typed, composed (NFC) and with its spaces collapsed to one."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def fold(name: str) -> str:
    """A name as names are compared: compatibility-folded (NFKC: full-width letters as
    others), case-folded, without spaces, joiners or variation selectors."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(c for c in folded if not c.isspace() and c not in _IGNORED)


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character (UTS #39's confusables, from ``confusable_homoglyphs``) →
    one character of its look-alike class, the same for the whole class."""
    # Imported only here, when a name is first compared: the module reads its JSON table at
    # import (60 ms of CPU), which no start of the bot needs.
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(c: str) -> str:
        while parent.setdefault(c, c) != c:
            c = parent[c]
        return c

    for char, entries in confusables_data.items():
        for entry in entries:
            other = entry["c"].replace("\u200e", "")
            if len(char) == 1 and len(other) == 1:
                a, b = root(char), root(other)
                parent[max(a, b)] = min(a, b)
    return {c: root(c) for c in parent}


_ACCENTS = (
    (0x0300, 0x036F),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20FF),
    (0xFE20, 0xFE2F),
)
"""The combining diacritical marks (accents, dots, rings, tildes...): a skeleton drops them,
so ``Ánn`` and ``Ann`` look alike (a script's own vowel signs are kept)."""


def _unaccented(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(
        c for c in decomposed if not any(low <= ord(c) <= high for low, high in _ACCENTS)
    )


def skeleton(name: str) -> str:
    """A name as look-alikes are compared, the same for a name taken and one held: folded
    (:func:`fold`), without accents (``Ánn``), each character as its look-alike class
    (``Аnn``, ``PIayer``), folded again."""
    prototypes = _prototypes()
    bare = _unaccented(unicodedata.normalize("NFKC", name))
    once = "".join(prototypes.get(c, c) for c in bare)
    return "".join(prototypes.get(c, c) for c in _unaccented(fold(once)))


def skeletons(name: str) -> frozenset[str]:
    """A name's skeletons as written and in small letters: two names look alike when they
    share one.  As written, ``PIayer`` is ``Player``; in small letters, ``JOSÉ`` is ``Jose``
    (as written its ``O`` reads as a zero).  The same for a name taken and each name held."""
    return frozenset({skeleton(name), skeleton(name.casefold())})


def _unbroken(look: str) -> str:
    """A skeleton without what parts words (spaces, hyphens of every kind, underscores,
    dots and other punctuation): ``Twenty_Four`` as ``TwentyFour``."""
    return "".join(c for c in look if unicodedata.category(c)[0] not in "PZ")


def _bot_looks(bot_names: tuple[str, ...]) -> set[str]:
    """The bot's names as :func:`_unbroken` skeletons, a username also without "bot"."""
    looks = {_unbroken(look) for bot in bot_names for look in skeletons(bot)}
    ending = {_unbroken(look) for look in skeletons("bot")}
    looks |= {look.removesuffix(end) for look in looks for end in ending}
    return {look for look in looks if len(look) >= SHORTEST}


@cache
def _handle_shape() -> re.Pattern[str]:
    digits = "".join(sorted({skeleton(c) for c in "0123456789abcdef"}))
    return re.compile(re.escape(skeleton("player")) + r"\W?[" + re.escape(digits) + "]{4,}")


def _wide(char: str) -> bool:
    point = ord(char)
    return any(low <= point <= high for low, high in _WIDE_BLOCKS) or (
        len(unicodedata.normalize("NFKC", char)) > _WIDEST
    )


def refusal(name: str, bot_names: tuple[str, ...]) -> Refusal | None:
    """Why ``name`` (tidied) cannot be a public name, whoever holds it (see
    :meth:`PublicNames.holder` for the names others hold), or None.  ``bot_names``: the
    bot's name and username."""
    if any(unicodedata.category(c) in _INVISIBLE and c != _JOINER for c in name):
        return Refusal.INVISIBLE
    if any(_wide(c) for c in name):
        return Refusal.WIDE
    if len(name) < SHORTEST:
        return Refusal.SHORT
    if len(name) > LONGEST:
        return Refusal.LONG
    compat = unicodedata.normalize("NFKC", name)
    if "@" in compat:
        return Refusal.MENTION
    if _LINK.search(compat):
        return Refusal.LINK
    looks = skeletons(name)
    bots = _bot_looks(bot_names)
    if any(bot in _unbroken(look) for bot in bots for look in looks):
        return Refusal.BOT
    if any(_handle_shape().search(look) for look in looks):
        return Refusal.HANDLE
    return None


def next_change(public: PublicName | None, now: float) -> float | None:
    """When the player may change their name next (None: now; see the module)."""
    if public is None or len(public.changes) < CHANGES:
        return None
    free = public.changes[-CHANGES] + CHANGE_WINDOW
    return None if free <= now else free


def changed(public: PublicName | None, name: str, now: float) -> PublicName:
    """The player's public name once changed to ``name`` at ``now`` (a change spent)."""
    changes = [*(public.changes if public is not None else []), now][-CHANGES:]
    return PublicName(name, changes)


def cleared(public: PublicName | None) -> PublicName:
    """The player's public name once cleared: none, and no change spent (a name taken is
    the change: clearing one passes for nobody)."""
    return PublicName("", list(public.changes) if public is not None else [])


@dataclass(slots=True)
class PublicNames:
    """The key of the handles (saved, made once) and who holds each name (not saved: built
    again from the players' data at the first need)."""

    key: str = ""
    holders: dict[str, int] = field(default_factory=dict)
    """Folded name (:func:`fold`) → the player who holds it."""
    looks: dict[str, set[int]] = field(default_factory=dict)
    """Skeleton (each of :func:`skeletons`) → the players whose names look so (more than one only
    for names taken before look-alikes were compared: each keeps it)."""
    built: bool = False
    """Whether :attr:`holders` has been built since the start."""

    def build(self, names: dict[int, PublicName | None]) -> None:
        """Who holds each name, from every player's (``names``, by id)."""
        self.holders = {fold(p.name): user for user, p in names.items() if p and p.name}
        self.looks = {}
        for user, p in names.items():
            if p and p.name:
                for look in skeletons(p.name):
                    self.looks.setdefault(look, set()).add(user)
        self.built = True

    def holder(self, name: str) -> int | None:
        """Who holds ``name`` (compared folded) or, failing that, a name that looks like it
        (the lowest id of them), if anyone."""
        exact = self.holders.get(fold(name))
        if exact is not None:
            return exact
        alike = {user for look in skeletons(name) for user in self.looks.get(look, ())}
        return min(alike, default=None)

    def moved(self, user_id: int, old: str, new: str) -> None:
        """``user_id`` gave up ``old`` (empty: none) and holds ``new`` (empty: none)."""
        if old and self.holders.get(fold(old)) == user_id:
            del self.holders[fold(old)]
        for look in skeletons(old) if old else ():
            self.looks.get(look, set()).discard(user_id)
        if new:
            self.holders[fold(new)] = user_id
            for look in skeletons(new):
                self.looks.setdefault(look, set()).add(user_id)
