"""What the bot keeps for each chat and each user, in parts by the feature that owns them (a
chat's game is the rules' :class:`~bot.rules.table.Table`; a game's own part is declared in
its package, as a :class:`ChatPart` or :class:`UserPart`), handed to handlers as
``context.chat_data`` and ``context.user_data``; it knows nothing of saving
(docs/design-platform.md, *Records*)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from bot.rules.achievements import Achievements
from bot.rules.challenge import Challenges
from bot.rules.daily.puzzle import DailyRecord
from bot.rules.duel.lobby import Duels
from bot.rules.hand_records import HandRecords
from bot.rules.ladder.puzzle_rating import Ladder
from bot.rules.off_boards import OffBoards
from bot.rules.public_names import PublicName, PublicNames
from bot.rules.rating import Ratings
from bot.rules.requests import SolveRequest, WaitingSolve
from bot.rules.rush.best_runs import RushBoard, RushRecords
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
        return (
            self.put(data, self.kind() if self.new is None else self.new())
            if part is None
            else part
        )

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
class RoundMessages:
    """The messages of a chat's rounds (:mod:`bot.games.rounds`)."""

    deal_message_id: int | None = None
    """The picture of the current hand (replies to it are answers)."""
    previous_message_id: int | None = None
    """The picture of the hand before it (replies to it are answers to that round, which is
    over: a right one is late)."""


@dataclass(slots=True)
class Status:
    """A status message (:mod:`bot.play.status_message`): its id, its latest lines, and
    when it was first sent (older ones are not edited)."""

    message_id: int | None = None
    lines: list[str] = field(default_factory=list)
    sent: float = 0.0


@dataclass(slots=True)
class GroupStatus(Status):
    """In groups, the messages that gather the players' answers to a round, so that a crowd
    guessing costs the group few messages (:mod:`bot.games.rounds.group_status`): the
    status message of the current round's wrong answers, with their reasons, and who was
    right too late.
    """

    late_names: list[str] = field(default_factory=list)
    """Players whose right answer came after the round was won, still to be named (together)."""
    late_ids: list[int] = field(default_factory=list)
    """Who has been found too late in the round :attr:`late_round` (each is named once)."""
    late_round: int = 0
    """The round whose late players :attr:`late_ids` are (0: in records of earlier releases,
    the current one)."""
    late_hand: tuple[int, ...] = ()
    """That round's hand: named with the late players when they are told with the end of the
    round after it (a group's match deals its next round at once)."""


@dataclass(slots=True)
class InvitationMessage:
    """Where an invitation to a duel made in this chat was shown (:mod:`bot.games.duel`),
    to say there that it expired or was taken up."""

    message_id: int | None = None
    """The bot's message with the invitation (in a group) or the share button (in private)."""
    inline_message_id: str | None = None
    """The invitation shared through inline mode into another chat, once it was sent."""
    inviter: str = ""
    invitee: str = ""
    """The names to write (the invitee's: empty for a shared invitation)."""


@dataclass(slots=True)
class DuelChat:
    """A chat's part in duels (:mod:`bot.games.duel`): the duel played here (a group's,
    or in each player's private chat a private duel) and invitations made here."""

    token: str | None = None
    """The duel played here, or the last one (its rules are in the global data)."""
    names: dict[int, str] = field(default_factory=dict)
    """The two players' names, as this chat shows them."""
    deal_message_id: int | None = None
    """The picture of the duel's current hand (replies to it are answers)."""
    told: list[int] = field(default_factory=list)
    """Onlookers told that only the two players' answers count (each once a duel)."""
    invitations: dict[str, InvitationMessage] = field(default_factory=dict)
    """Invitations made here and still open, by token."""


@dataclass(slots=True)
class RushMessages:
    """The messages of a chat's Rush run (:mod:`bot.games.rush`)."""

    deal_message_id: int | None = None
    """The current hand's picture (replies to it are answers)."""
    hands: dict[int, int] = field(default_factory=dict)
    """The run's latest pictures, by message id: the number of the hand each shows (a reply
    to an older one is not judged against the hand now played)."""
    status: Status = field(default_factory=Status)
    """In groups, the message gathering the wrong answers, edited as they come."""


@dataclass(slots=True)
class DailyChat:
    """The daily puzzle in a chat (:mod:`bot.games.daily`)."""

    message_id: int | None = None
    """The picture of today's puzzle in this private chat (replies to it are answers), or in
    a group its last post there (replies to it are answers sent to private)."""
    subscription: str | None = None
    """``HH:MM`` at which the daily puzzle is posted here, if subscribed, in
    :attr:`subscription_zone`."""
    done: dt.date | None = None
    """The last day whose post is done here: posted, or subscribed after its time."""
    previous_message_id: int | None = None
    """The picture before ``message_id`` (replies to it are answers too: after midnight,
    yesterday's puzzle may still be open)."""
    day: dt.date | None = None
    """In a group, the day whose puzzle ``message_id`` shows (None in records of earlier
    releases: taken to be today's)."""
    previous_day: dt.date | None = None
    """In a group, the day whose puzzle ``previous_message_id`` shows (None in records of
    earlier releases: taken to be yesterday's)."""
    told: list[int] = field(default_factory=list)
    """In a group, the players sent to private since its last post (most recent last): a
    player who keeps replying with answers is told once, not the whole group each time (not
    saved: after a restart each is told once more, at most)."""
    subscription_zone: str | None = None
    """The time zone of :attr:`subscription` (an IANA name, as /subscribe was given it);
    None: the bot's (``TWENTYFOUR_TIMEZONE``)."""


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
    """The chat's games: settings, the games by kind (:mod:`bot.rules.seats`), match and scores."""
    language: ChatLanguage = field(default_factory=ChatLanguage)
    rounds: RoundMessages = field(default_factory=RoundMessages)
    status: GroupStatus = field(default_factory=GroupStatus)
    daily: DailyChat = field(default_factory=DailyChat)
    solve: SolvePages = field(default_factory=SolvePages)
    rush: RushMessages | None = None
    """The messages of the chat's latest Rush run (None until its first)."""
    members: dict[int, str] = field(default_factory=dict)
    """Users seen in this group, by id (for the group's daily results)."""
    usernames: dict[str, int] = field(default_factory=dict)
    """Usernames seen in this group (lower case, no ``@``) → user id: a bot cannot look a
    username up, so ``/duel @name`` finds only members seen here."""
    duel: DuelChat | None = None
    """The chat's duels (None until its first: most chats never duel)."""
    answers_to: str = CHATS_GAME
    """In a private chat, what plain answers go to: the chat's game (:data:`CHATS_GAME`), or
    the word of a player's own game open there (its ``Game.answers_to``: the daily puzzle's
    attempt, a friend's challenge)."""
    sees_all: bool = False
    """In a group, whether the bot gets its every message there (it is an admin, or a
    message came that privacy mode would have kept from it): see :mod:`bot.play.visibility`."""
    seen: float = 0.0
    """When someone last wrote here, to the hour (for the host's counts of active chats:
    :mod:`bot.services.activity`); 0 in records of earlier releases."""
    parts: dict[str, object] = field(default_factory=dict)
    """The games' own parts, by name (:class:`ChatPart`: read and set through the part; a
    chat has one once its game made it, and an idle chat's data is kept in memory)."""


@dataclass(slots=True)
class UserData:
    """What the bot keeps for one user (saved)."""

    language: str | None = None
    """A language the user chose (none can yet: the user's Telegram language is used)."""
    daily: DailyRecord = field(default_factory=DailyRecord)
    """The user's daily puzzles: attempts, results, streaks."""
    rush: RushRecords = field(default_factory=RushRecords)
    """The user's Rush runs: how many, the personal best, the week's best (in the chat and
    through the Telegram game alike)."""
    met: dict[int, str] = field(default_factory=dict)
    """Players this user has played a duel or a challenge with, by the name the bot showed
    them under (:mod:`bot.play.players_met`), the latest last."""
    seen: float = 0.0
    """When the user was last seen, to the hour (for the host's counts of active players:
    :mod:`bot.services.activity`); 0 in records of earlier releases."""
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
    parts: dict[str, object] = field(default_factory=dict)
    """The games' own parts, by name (:class:`UserPart`)."""


@dataclass(slots=True)
class GlobalData:
    """What the bot keeps across all chats (saved as one record of kind ``global``): duels
    and their invitations, ratings, each hand's record, challenges."""

    ratings: Ratings = field(default_factory=Ratings)
    duels: Duels = field(default_factory=Duels)
    """Invitations out, duels being played and the history of finished ones."""
    hand_records: HandRecords = field(default_factory=HandRecords)
    challenges: Challenges = field(default_factory=Challenges)
    rush: RushBoard = field(default_factory=RushBoard)
    """The best Rush runs everywhere: the week's and all time's."""
    off_boards: OffBoards = field(default_factory=OffBoards)
    """Players the host took off every board (``/admin fairplay``)."""
    names: PublicNames = field(default_factory=PublicNames)
    """The key of the players' handles (saved) and who holds each public name."""
    ladder: Ladder = field(default_factory=Ladder)
    """Every hand's rating learned from play and every player's puzzle rating (rows of
    their own: ``ladder-hand``, ``ladder-player``)."""
    seasons: Seasons = field(default_factory=Seasons)
    """The season on, its boards, and the final tables of the seasons ended."""
    groups: ListedGroups = field(default_factory=ListedGroups)
    """The groups their admins listed on ``/groups top``, and their arenas."""

    def changed_rows(
        self,
        players: Iterable[int] = (),
        hands: Iterable[str] = (),
        challenges: Iterable[str] = (),
    ) -> dict[tuple[str, Any], object]:
        """The rows of the data file to write for a change (:meth:`bot.context.BotContext.
        save_global`): the global row, the ratings of ``players``, the records of ``hands``
        (by :func:`~bot.rules.hand_records.hand_key`) and the ``challenges`` (by token) that
        changed, and None for the rows of hand records and challenges dropped since the last
        call (to delete)."""
        rows: dict[tuple[str, Any], object] = {("global", 0): self}
        rows.update(
            {("rating", p): self.ratings.players[p] for p in players if p in self.ratings.players}
        )
        rows.update(
            {
                ("hand", (k,)): self.hand_records.hands[k]
                for k in hands
                if k in self.hand_records.hands
            }
        )
        rows.update(
            {
                ("challenge", (t,)): self.challenges.challenges[t]
                for t in challenges
                if t in self.challenges.challenges
            }
        )
        rows.update({("hand", (k,)): None for k in self.hand_records.take_dropped()})
        rows.update({("challenge", (t,)): None for t in self.challenges.take_dropped()})
        return rows
