"""What the bot keeps for each chat and each user, in parts by the feature that owns them (a
chat's game is the rules' :class:`~bot.rules.table.Table`; a game's own part is declared in
its package, as a :class:`ChatPart` or :class:`UserPart`), handed to handlers as
``context.chat_data`` and ``context.user_data``; it knows nothing of saving
(docs/design-platform.md, *Records*)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bot.rules.achievements import Achievements
from bot.rules.hand_records import HandRecords
from bot.rules.off_boards import OffBoards
from bot.rules.public_names import PublicName, PublicNames
from bot.rules.requests import SolveRequest, WaitingSolve
from bot.rules.seasons.groups import ListedGroups
from bot.rules.seasons.tables import Seasons, SeasonTrophy
from bot.rules.table import Table
from bot.rules.unread import Unread

SOLVE_REQUESTS_KEPT = 30

T = TypeVar("T")


class Parted(Protocol):
    """Data kept in parts by name (a chat's, a user's)."""

    parts: dict[str, object]


@dataclass(frozen=True, slots=True)
class Part(Generic[T]):
    """A game's (or a feature's) own part of the data of a chat or of a user: its name, which
    is its key in the data and in the saved record (never changed once saved), and the type
    of its state.  A chat's data has a part only once its game first made it."""

    name: str
    kind: type[T]
    new: Callable[[], T] | None = None
    """What a new part is (None: the kind made with no arguments)."""

    declared: ClassVar[dict[str, Part[Any]]]

    def __post_init__(self) -> None:
        if self.name in self.fields():
            raise ValueError(f"a part named as a field of the data: {self.name!r}")
        declared = self.declared.setdefault(self.name, self)
        if declared.kind is not self.kind:
            raise ValueError(f"two parts of the data declared as {self.name!r}")

    def fields(self) -> frozenset[str]:
        """The names of the data's own fields (beside which its parts are saved)."""
        return frozenset()

    def of(self, data: Parted) -> T | None:
        """The data's part, if it has one."""
        part = data.parts.get(self.name)
        if isinstance(part, Unread):
            part = data.parts[self.name] = part.as_kind(self.kind)
        return part if isinstance(part, self.kind) else None

    def get(self, data: Parted) -> T:
        """The data's part, made new if it has none."""
        part = self.of(data)
        return self.put(data, self.made_new()) if part is None else part

    def made_new(self) -> T:
        """A new part (as :meth:`get` makes one)."""
        return self.kind() if self.new is None else self.new()

    def as_new(self, part: object) -> bool:
        """Whether ``part`` is this part as new (a data's part as new is as none: its game
        reads the same either way; an earlier release saved it as a field, always there)."""
        return isinstance(part, self.kind) and part == self.made_new()

    def put(self, data: Parted, part: T) -> T:
        """Set the data's part (a new one in place of the last)."""
        data.parts[self.name] = part
        return part

    def drop(self, data: Parted) -> None:
        """Remove the data's part."""
        data.parts.pop(self.name, None)


@dataclass(frozen=True, slots=True)
class ChatPart(Part[T]):
    """A game's (or a feature's) part of a chat's data (:attr:`ChatData.parts`)."""

    declared: ClassVar[dict[str, Part[Any]]] = {}
    """Every chat part declared, by name: the records read each by its kind (one not yet
    declared is kept unread, and written back as it was)."""

    def fields(self) -> frozenset[str]:
        return frozenset(field.name for field in dataclasses.fields(ChatData))


@dataclass(frozen=True, slots=True)
class UserPart(Part[T]):
    """A game's (or a feature's) part of a user's data (:attr:`UserData.parts`)."""

    declared: ClassVar[dict[str, Part[Any]]] = {}
    """Every user part declared, by name (as :attr:`ChatPart.declared`)."""

    def fields(self) -> frozenset[str]:
        return frozenset(field.name for field in dataclasses.fields(UserData))


def made(parts: dict[str, object], declared: dict[str, Part[Any]]) -> dict[str, object]:
    """The parts that hold more than as new (see :meth:`Part.as_new`): a data's parts, as its
    equality compares them."""
    return {
        name: part
        for name, part in parts.items()
        if (kind := declared.get(name)) is None or not kind.as_new(part)
    }


def _same_fields(data: object, other: object) -> bool:
    """Whether two data of one class hold the same fields but their parts."""
    return all(
        getattr(data, field.name) == getattr(other, field.name)
        for field in dataclasses.fields(data)  # type: ignore[arg-type]
        if field.compare
    )


ROWS_OF_THEIR_OWN = frozenset({"chat", "user", "global", "hand"})
"""The kinds of row the data file keeps that are no global part's (a part's rows may not take
one of these names)."""


@dataclass(frozen=True, slots=True)
class ItemRows(Generic[T]):
    """Rows of their own in which a global part (of kind ``T``) keeps its items, one a row,
    keyed by ``(key,)``: a part kept by the thousand (every challenge, every hand's rating)
    is not written whole at each change, only the items a change touched."""

    kind: str
    """The rows' kind in the data file (never changed once saved)."""
    item: type
    """The type of each row's value."""
    key: type[str] | type[int]
    """The type of each item's key (in the rows: ``(key,)``)."""
    items: Callable[[T], dict[Any, Any]]
    """The part's items, by key (written each to its row)."""
    put: Callable[[T, dict[Any, Any]], None]
    """Set the part's items, by key, from the rows read."""
    dropped: Callable[[T], list[Any]] | None = None
    """The keys of the items dropped since the last call (their rows to delete), if the part
    drops any of itself."""
    plain_key: bool = False
    """Keyed by the key itself, an id, rather than ``(key,)``: the rows saved so before their
    part was declared (the players' ratings, kind ``rating``)."""

    def row_key(self, key: Any) -> Any:
        """An item's key as its row's key (see :attr:`plain_key`)."""
        return key if self.plain_key else (key,)


@dataclass(frozen=True, slots=True)
class RowValue(Generic[T]):
    """A value of a global part kept in rows of its own that the global row holds beside,
    under a name of its own: saved so before the part was declared (the duels' ratings keep
    each pair's rated duels of the day there, as ``pairs``)."""

    name: str
    """Its key in the global row (never changed once saved)."""
    kind: Any
    """The type of the value (``dict[str, int]``)."""
    get: Callable[[T], object]
    """The value, of the part."""
    put: Callable[[T, Any], None]
    """Set the part's value, as read."""


@dataclass(frozen=True, slots=True)
class GlobalPart(Part[T]):
    """A game's (or a feature's) part of the bot's data across all chats
    (:attr:`GlobalData.parts`): in the global row by its name, or, if it has :attr:`rows`,
    in rows of its own (and then not in the global row)."""

    rows: tuple[ItemRows[T], ...] = ()
    """The rows of its own the part is kept in, if any, by kind."""
    values: tuple[RowValue[T], ...] = ()
    """What a part kept in rows of its own keeps in the global row beside, if anything."""

    declared: ClassVar[dict[str, Part[Any]]] = {}
    """Every global part declared, by name (as :attr:`ChatPart.declared`)."""
    row_kinds: ClassVar[dict[str, tuple[GlobalPart[Any], ItemRows[Any]]]] = {}
    """Every kind of row of a global part declared: the part, and its rows."""

    def __post_init__(self) -> None:
        if self.values and not self.rows:
            raise ValueError(f"values beside no rows of their own: {self.name!r}")
        for rows in self.rows:  # checked before anything is declared
            if rows.kind in ROWS_OF_THEIR_OWN or rows.kind.startswith("conversation:"):
                raise ValueError(f"a part's rows named as the data file's own: {rows.kind!r}")
            part, declared = self.row_kinds.get(rows.kind, (self, rows))
            if part.name != self.name or declared.item is not rows.item:
                raise ValueError(f"two parts' rows declared as {rows.kind!r}")
        Part.__post_init__(self)
        for rows in self.rows:
            self.row_kinds.setdefault(rows.kind, (self, rows))

    def fields(self) -> frozenset[str]:
        return frozenset(field.name for field in dataclasses.fields(GlobalData))

    @staticmethod
    def of_kind(kind: type[T]) -> GlobalPart[T]:
        """The global part declared of ``kind``: for a package that reads another's part by
        the type of its rules, which it may import, where it may not import that package
        (the arena and the seasons read the duels' ratings); KeyError if none is."""
        for part in GlobalPart.declared.values():
            if part.kind is kind and isinstance(part, GlobalPart):
                return part
        raise KeyError(f"no global part of {kind.__name__} declared")


CHATS_GAME = "round"
"""In a private chat, what :attr:`ChatData.answers_to` holds while plain answers (no reply,
no ``/a`` to tell) go to the chat's game (a round, a hunt, a Countdown game): the word
records have always held.  A player's own game that takes them while it is open (the daily
puzzle's attempt, a friend's challenge) declares its own word
(:attr:`bot.plug_ins.GameOf.answers_to`); the answer router's priority and the games read
it (:mod:`bot.play.set_aside`)."""


@dataclass(slots=True)
class ChatLanguage:
    """The language to speak in a chat (:mod:`bot.features.chat_settings` sets ``chosen``;
    :mod:`bot.features.basics.chats` keeps ``recent``)."""

    chosen: str | None = None
    """A language chosen for the chat; ``None`` follows each user's Telegram language."""
    recent: str | None = None
    """The Telegram language of the last user who wrote here (for messages sent by timers)."""


@dataclass(slots=True)
class Status:
    """A status message (:mod:`bot.play.status_message`): its id, its latest lines, and
    when it was first sent (older ones are not edited)."""

    message_id: int | None = None
    lines: list[str] = field(default_factory=list)
    sent: float = 0.0


@dataclass(slots=True)
class SolvePages:
    """The requests behind a chat's recent ``/solve`` replies, for their page buttons
    (:mod:`bot.features.solve`)."""

    requests: dict[int, SolveRequest] = field(default_factory=dict)
    """By the message id of the reply."""

    def remember(self, message_id: int, request: SolveRequest) -> None:
        """Keep a request for its page buttons (only the most recent ones)."""
        self.requests[message_id] = request
        while len(self.requests) > SOLVE_REQUESTS_KEPT:
            del self.requests[min(self.requests)]


@dataclass(slots=True)
class ChatData:
    """What the bot keeps for one chat (saved)."""

    table: Table = field(default_factory=Table)
    """The chat's games: settings, the games by kind (:mod:`bot.rules.seats`), what they keep
    beside them (:mod:`bot.rules.table_parts`: a match) and scores."""
    language: ChatLanguage = field(default_factory=ChatLanguage)
    solve: SolvePages = field(default_factory=SolvePages)
    members: dict[int, str] = field(default_factory=dict)
    """Users seen in this group, by id (for the group's daily results)."""
    usernames: dict[str, int] = field(default_factory=dict)
    """Usernames seen in this group (lower case, no ``@``) → user id: a bot cannot look a
    username up, so ``/duel @name`` finds only members seen here."""
    answers_to: str = CHATS_GAME
    """In a private chat, what plain answers go to: the chat's game (:data:`CHATS_GAME`), or
    the word of a player's own game open there (its ``Game.answers_to``: the daily puzzle's
    attempt, a friend's challenge)."""
    sees_all: bool = False
    """In a group, whether the bot gets its every message there (it is an admin, or a
    message came that privacy mode would have kept from it): see :mod:`bot.play.visibility`."""
    seen: float = 0.0
    """When someone last wrote here, to the hour (for the host's counts of active chats:
    :mod:`bot.services.watch.activity`); 0 in records of earlier releases."""
    parts: dict[str, object] = field(default_factory=dict, compare=False)
    """The games' own parts, by name (:class:`ChatPart`: read and set through the part; a
    chat has one once its game made it, and an idle chat's data is kept in memory)."""

    def __eq__(self, other: object) -> bool:
        """Equal data: the same fields, and the same parts but those as new (a chat whose
        record of an earlier release held a game's part as new equals one that has none)."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, ChatData)
        return _same_fields(self, other) and made(self.parts, ChatPart.declared) == made(
            other.parts, ChatPart.declared
        )


@dataclass(slots=True)
class UserData:
    """What the bot keeps for one user (saved)."""

    language: str | None = None
    """A language the user chose (none can yet: the user's Telegram language is used)."""
    met: dict[int, str] = field(default_factory=dict)
    """Players this user has played a duel or a challenge with, by the name the bot showed
    them under (:mod:`bot.play.players_met`), the latest last."""
    seen: float = 0.0
    """When the user was last seen, to the hour (for the host's counts of active players:
    :mod:`bot.services.watch.activity`); 0 in records of earlier releases."""
    waiting_solve: WaitingSolve | None = None
    """The user's /solve waiting for a duel's hand to end (one per user), if any."""
    public_name: PublicName | None = None
    """The name the user chose for the boards (``/name``: :mod:`bot.features.names`), if
    any: None in records of earlier releases."""
    achievements: Achievements | None = None
    """What the user earned and counts towards achievements (None until their first
    result that counts: :mod:`bot.features.achievements`)."""
    trophies: list[SeasonTrophy] = field(default_factory=list)
    """The season trophies the user won (:mod:`bot.features.seasons`), oldest first."""
    paces: list[float] = field(default_factory=list)
    """Seconds of the user's last timed answers counted for hands' records, newest last
    (:func:`bot.rules.pace.heard`: a script's steady pace sets no record); empty in records
    of earlier releases."""
    parts: dict[str, object] = field(default_factory=dict, compare=False)
    """The games' own parts, by name (:class:`UserPart`)."""

    def __eq__(self, other: object) -> bool:
        """Equal data: as :meth:`ChatData.__eq__`."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, UserData)
        return _same_fields(self, other) and made(self.parts, UserPart.declared) == made(
            other.parts, UserPart.declared
        )


@dataclass(slots=True)
class GlobalData:
    """What the bot keeps across all chats (saved as one record of kind ``global``, and rows
    of their own for the items kept by the thousand): each hand's record, the players taken
    off the boards, the public names, the seasons, the listed groups, and the games' own
    parts (:class:`GlobalPart`: the duels' ratings, ...)."""

    hand_records: HandRecords = field(default_factory=HandRecords)
    off_boards: OffBoards = field(default_factory=OffBoards)
    """Players the host took off every board (``/admin fairplay``)."""
    names: PublicNames = field(default_factory=PublicNames)
    """The key of the players' handles (saved) and who holds each public name."""
    seasons: Seasons = field(default_factory=Seasons)
    """The season on, its boards, and the final tables of the seasons ended."""
    groups: ListedGroups = field(default_factory=ListedGroups)
    """The groups their admins listed on ``/groups top``, and their arenas."""
    parts: dict[str, object] = field(default_factory=lambda: _new_global_parts())
    """The games' own parts, by name (:class:`GlobalPart`: read and set through the part):
    a new one of each part declared, from the start (the bot keeps one global data)."""

    def changed_rows(
        self, hands: Iterable[str] = (), **changed: Iterable[Any]
    ) -> dict[tuple[str, Any], object]:
        """The rows of the data file to write for a change (:meth:`bot.context.BotContext.
        save_global`): the global row, the records of ``hands`` (by
        :func:`~bot.rules.hand_records.hand_key`), the items of a part's rows that ``changed``
        names by the rows' kind (``challenge=[token]``, ``rating=[player]``), and None for the
        rows of hand records and parts' items dropped since the last call (to delete)."""
        rows: dict[tuple[str, Any], object] = {("global", 0): self}
        rows.update(
            {
                ("hand", (k,)): self.hand_records.hands[k]
                for k in hands
                if k in self.hand_records.hands
            }
        )
        unknown = set(changed) - set(GlobalPart.row_kinds)
        if unknown:
            raise ValueError(f"no rows of the kinds {sorted(unknown)}")
        for kind, keys in changed.items():
            part, kept = GlobalPart.row_kinds[kind]
            items = kept.items(part.get(self))
            rows.update({(kind, kept.row_key(k)): items[k] for k in keys if k in items})
        rows.update({("hand", (k,)): None for k in self.hand_records.take_dropped()})
        for kind, (part, kept) in GlobalPart.row_kinds.items():
            if kept.dropped is not None:
                rows.update({(kind, kept.row_key(k)): None for k in kept.dropped(part.get(self))})
        return rows


def _new_global_parts() -> dict[str, object]:
    """A new one of each global part declared (the global data's parts when it is made)."""
    return {name: part.made_new() for name, part in GlobalPart.declared.items()}
