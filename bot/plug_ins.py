"""What a game or a feature declares of itself (its handlers, refusals, menus, lines of /help,
profile part, boards), generic over the context its callables take: the bot's services
(:class:`bot.context.BotData`, beside the handlers' context) hold the declarations, so
their types stand below the context.
:mod:`bot.play.registry` names them for the handlers' context; docs/design.md, "Adding a
game"."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, NamedTuple, TypeVar

from telegram.ext import Application

from bot.i18n import Translator
from bot.rules.achievements import Family
from bot.rules.chat_stats import ChatStats, PlayerStats
from bot.state import ChatData, GlobalData, UserData

Context = TypeVar("Context")
"""The context a game's callables take (the handlers', :class:`bot.context.BotContext`)."""

Register = Callable[[Application], None]
"""Adds a game's handlers (and its answer routes, deep links, page calls) to the application."""
Restore = Callable[[Application], object]
"""After a restart, sets again what PTB does not keep (a game's alarms, its live hands)."""
On = Callable[[ChatData, GlobalData], bool]
"""Whether the game is on in a chat (the chat's data, the bot's)."""
Busy = Callable[[Translator, bool, bool], str]
"""What another game's command is told while this one is on: (its reader, in private, the
command is /hint) → the text, saying how to answer this game or end it."""
Told = Callable[[Translator], str]
"""A text of the game's, in its reader's language."""
Opening = Callable[[Translator, str | None], str]
"""What opening the daily puzzle (its command) or a friend's challenge (None) is told in a
private chat where this game is on: end it first."""


class Asking(NamedTuple):
    """Who asks /solve (or inline mode) for numbers of a live hand of the game."""

    held: bool
    """The numbers hold its whole hand (else three of them are its cards)."""
    plays: bool
    """The asker plays the game."""
    here: bool
    """The asker asks in the game's chat."""


Moved = Callable[[GlobalData, int, int], None]
"""A group became a supergroup: what the game keeps across chats by the old id follows it
to the new one (global data, the old id, the new id)."""
Kept = Callable[[Asking, Translator], str]
"""Why /solve keeps a live hand's solutions from the asker, in the game's words."""


class Menu(Enum):
    """Which of Telegram's command menus a command is in (:mod:`bot.menus`)."""

    EVERYONE = "everyone"
    """Every menu: private chats', groups', group admins' (and the owner's)."""
    ADMINS = "admins"
    """Group admins' only, after everyone's."""
    PRIVATE = "private"
    """Private chats' only, after everyone's."""
    OWNER = "owner"
    """The owner's private chat only, after the private chats' (``TWENTYFOUR_OWNER_ID``)."""


class MenuEntry(NamedTuple):
    """A command in a menu: where it stands (the lowest first; docs/design.md, "Adding a
    game", has the positions taken), its name and its description (a message id,
    translated per language)."""

    position: int
    command: str
    description: str
    menu: Menu = Menu.EVERYONE


class Help(Enum):
    """The sections of /help, in this order (:func:`bot.features.basics.help.help_command`)."""

    PLAIN = "plain"
    """The plain game's (the rounds')."""
    GAMES = "games"
    """More games, headed so."""
    OWN_CLOCK = "own clock"
    """What each plays on their own clock (the daily puzzle, challenges, the Mini App)."""
    TOOLS = "tools"
    """Solving and settings."""


class HelpLine(NamedTuple):
    """A line of /help: its section, where it stands there (the lowest first; docs/design.md,
    "Adding a game", has the positions taken) and its text, translated."""

    section: Help
    position: int
    text: str


Helps = Callable[[Context], Iterable[HelpLine]]
"""A game's lines of /help, in the reader's language (none where they do not apply: /game
without a short name)."""


class ProfilePart(NamedTuple):
    """A game's (or a feature's: :mod:`bot.play.profiles`) part of a player's profile
    (``/me``, the Mini App's Profile): where it stands (the lowest first), its lines of
    the caption (HTML, translated), its tiles on the card (an icon's name,
    :mod:`bot.services.pictures.profile_card`, and the value as drawn: ``""`` for none yet), and
    the player's values as they stand now for families of achievements (the daily streak
    today, not the best counted)."""

    position: int
    lines: tuple[str, ...] = ()
    tiles: tuple[tuple[str, str], ...] = ()
    current: tuple[tuple[Family, float], ...] = ()


Profiled = Callable[[Context, int, UserData], ProfilePart | None]
"""A game's (or a feature's) part of a player's profile: (the player's id, their data) →
the part (None: it has nothing to show of them)."""
Scored = Callable[[Context, PlayerStats], str | None]
"""A game's line of a player's /score in a chat (None: nothing of theirs there yet)."""
Board = tuple[str, list[tuple[int, PlayerStats, int]]]
"""A board of /top: its title (HTML, translated) and its rows (the player's id, their
record in the chat, the points shown)."""
Boarded = Callable[[Context, ChatStats], Board]
"""A game's own board in a chat's /top (shown when it has rows)."""


class Slot(Enum):
    """Where a game's handlers stand among the features' (PTB gives an update to the first
    handler of a group that takes it; :data:`bot.app.HANDLERS` places each slot)."""

    BEFORE_START = "before start"
    """Before /start and /help: handlers that take some /start, /daily, /stop or /giveup
    before anyone else (a daily attempt given up, a challenge's /giveup)."""
    GAMES = "games"
    """The games' commands, after /start and /help, before /score and /top."""
    BEFORE_SOLVE = "before solve"
    """Before /solve, whose inline handler takes every inline query left."""
    LAST = "last"
    """After /solve and the settings."""


@dataclass(frozen=True, slots=True)
class Handlers:
    """A part of a game's handlers, and where they stand."""

    register: Register
    slot: Slot = Slot.GAMES


@dataclass(frozen=True)  # not slotted: `Game(...)`, an alias's call, sets __orig_class__
class GameOf(Generic[Context]):
    """A game, as its package declares it (:data:`bot.play.registry.Game`: of the handlers'
    context)."""

    name: str
    """What the logs call it."""
    handlers: tuple[Handlers, ...]
    """Its handlers, registered in this order within each slot, and the games of a slot in
    the order of :data:`bot.games.GAMES`."""
    restore: Restore | None = None
    """What it sets again after a restart (after the maintenance's, before the waiting
    /solve requests are answered: a hand still live keeps them waiting)."""
    on: On | None = None
    """Whether it is on in a chat (then another game is refused there); None: it never
    holds a chat (the daily puzzle, a challenge: a player's own)."""
    busy: Busy | None = None
    """While it is on: what another game's command is told (None: the caller says it, as
    for a round, whose wording is each command's)."""
    opening: Opening | None = None
    """While it is on in a private chat: what opening the daily puzzle or a challenge is
    told (None: the general "a game is on here")."""
    kept: Kept | None = None
    """While it is on: why /solve keeps its hand's solutions from someone."""
    given: Told | None = None
    """While it is on: what a player given its hand's solutions is told of their answers
    (None: the general "while it was being played")."""
    menu: tuple[MenuEntry, ...] = ()
    """Its commands in the command menus."""
    help: Helps[Context] | None = None
    """Its lines of /help."""
    moved: Moved | None = None
    """A group became a supergroup: what it keeps by chat id outside the chat's data follows
    (the chat's data, live hands and alarms are moved for every game)."""
    plain: bool = False
    """The chat's plain game (the rounds): a live hand that no game on claims is kept in
    its words."""
    profile: Profiled[Context] | None = None
    """Its part of a player's profile (:class:`ProfilePart`)."""
    score: Scored[Context] | None = None
    """Its line of a player's /score (after the plain game's numbers, in the games' order)."""
    board: Boarded[Context] | None = None
    """Its own board of /top (after the plain game's, in the games' order)."""


@dataclass(frozen=True)  # not slotted: `Game(...)`, an alias's call, sets __orig_class__
class FeatureOf(Generic[Context]):
    """A feature that is not a game (/score, /solve, the settings), as its module declares
    it (:data:`bot.play.registry.Feature`): its handlers stand where :data:`bot.app.HANDLERS`
    places it."""

    name: str
    """What the logs call it."""
    register: Register
    """Adds its handlers to the application."""
    menu: tuple[MenuEntry, ...] = ()
    """Its commands in the command menus."""
    help: Helps[Context] | None = None
    """Its lines of /help."""
