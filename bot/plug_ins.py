"""What a game or a feature declares of itself (its handlers, refusals, menus, lines of /help,
profile part, boards), generic over the context its callables take: the bot's services
(:class:`bot.context.BotData`, beside the handlers' context) hold the declarations, so
their types stand below the context.
:mod:`bot.play.registry` names them for the handlers' context; docs/adding-a-game.md."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from telegram import InlineKeyboardMarkup, InlineQueryResult, Update
from telegram.ext import Application

from bot.i18n import Translator
from bot.rules.achievements import Family
from bot.rules.chat_stats import PlayerStats
from bot.rules.off_boards import Removal
from bot.rules.requests import Rules
from bot.rules.seasons.tables import Row, SeasonBoard
from bot.rules.spoilers import Numbers
from bot.rules.table import GameSettings
from bot.services.solving import Solving
from bot.state import ChatData, GlobalData, UserData
from solver import Code

if TYPE_CHECKING:
    from bot.services.pictures import Drawing  # an annotation only: Pillow loads at a picture

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
PageTexts = Mapping[str, str]
"""A view's words on the Mini App's page, by the key its script asks for (``t("rushTitle")``):
message ids, marked with ``N_``; the page gets them with the shared words
(:mod:`bot.play.page_texts`), a key declared twice is refused."""
PAGE_FILE = re.compile(r"[a-z][a-z0-9_-]*\.(?:js|css)")
"""A view's file's name: a script's or a stylesheet's, as the page's address names it."""


@dataclass(frozen=True, slots=True)
class PageView:
    """A game's (or a feature's) view on the Mini App's page: its script, which registers it
    (``registerView``, ``bot/webapp/page.js``), and its stylesheet if it has its own styles,
    files of ``folder`` (its package's ``page/``) that the page loads as ``/app/<file>``.
    The server writes their lines into ``index.html`` (:mod:`bot.play.page_views`), the
    views in the order of their :attr:`place`: their tabs' order, and their own elements'
    where two views add to one row (the tools' buttons)."""

    folder: Path
    script: str
    """Its script's file (``daily.js``)."""
    style: str | None = None
    """Its stylesheet's file (``rush.css``), if it has styles of its own (after the shared
    ``app.css``, whose rules its own win over)."""
    place: int | None = None
    """Where its script runs among the views': the lowest first; None: after every placed
    view.  Views of one place run in the games' order, then the features'."""

    def __post_init__(self) -> None:
        for name in (self.script, self.style):
            if name is not None and PAGE_FILE.fullmatch(name) is None:
                raise ValueError(f"a view's file is named like {PAGE_FILE.pattern}: {name!r}")

    @property
    def files(self) -> tuple[str, ...]:
        """Its files' names: its stylesheet's (if any), then its script's."""
        return (self.script,) if self.style is None else (self.style, self.script)


class Asking(NamedTuple):
    """Who asks /solve (or inline mode) for numbers of a live hand of the game."""

    held: bool
    """The numbers hold its whole hand (else three of them are its cards)."""
    plays: bool
    """The asker plays the game."""
    here: bool
    """The asker asks in the game's chat."""


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
    """A command in a menu: where it stands (the lowest first; docs/adding-a-game.md has the
    positions taken), its name and its description (a message id,
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


class Invitation(NamedTuple):
    """A game's line of the greetings (``/start``, a group's welcome) and of the reply to a
    command the bot does not know: where it stands (the lowest first) and its sentence,
    inviting to its command (a message id, ``N_``), in private and in a group (None: it
    invites there to nothing)."""

    position: int
    private: str | None
    group: str | None = None


class HelpLine(NamedTuple):
    """A line of /help: its section, where it stands there (the lowest first;
    docs/adding-a-game.md has the positions taken) and its text, translated."""

    section: Help
    position: int
    text: str


Moved = Callable[[Context, int, int], None]
"""A group became a supergroup: what the game keeps across chats by the old id follows it
to the new one (the bot's context, the old id, the new id; the group's own data has moved
already)."""
Helps = Callable[[Context], Iterable[HelpLine]]
"""A game's lines of /help, in the reader's language (none where they do not apply: /game
without a short name)."""


LearnedLevel = Callable[[GlobalData, tuple[int, ...], int, int | None], int | None]
"""The level a game's play has learned of a hand (the bot's data, the hand, its target, the
model's level: the level to name, the model's until play rated the hand enough)."""


class ProfilePart(NamedTuple):
    """A game's (or a feature's: :mod:`bot.play.profiles`) part of a player's profile
    (``/me``, the Mini App's Profile): where it stands (the lowest first), its lines of
    the caption (HTML, translated), its tiles on the card (its icon: a shared pictogram's
    name, or its own drawing, :class:`bot.services.pictures.Tile`; and the value as drawn:
    ``""`` for none yet), and
    the player's values as they stand now for families of achievements (the daily streak
    today, not the best counted)."""

    position: int
    lines: tuple[str, ...] = ()
    tiles: tuple[tuple[str | Drawing, str], ...] = ()
    current: tuple[tuple[Family, float], ...] = ()


class TelegramGame(NamedTuple):
    """A Telegram game as @BotFather's /newgame makes it: its short name (the one the bot is
    told by ``TWENTYFOUR_GAME_SHORT_NAME``), title and description."""

    short_name: str
    title: str
    description: str


class Titled(NamedTuple):
    """A game's family of achievements (declared in its rules:
    :func:`bot.rules.achievements.declare_family`) as ``/achievements``, ``/me`` and the lines
    that tell one earned name it: its title's forms, a count's (``NP_``, ``{count}`` the tier's
    goal) or one text twice (``(N_(...),) * 2``: a family of one tier, or a score that reads the
    same for any)."""

    family: Family
    forms: tuple[str, str]


Profiled = Callable[[Context, int, UserData], ProfilePart | tuple[ProfilePart, ...] | None]
"""A game's (or a feature's) part of a player's profile: (the player's id, their data) →
the part, or its parts where they stand apart (the duel rating first, the season's rank after
the fastest hand), None: it has nothing to show of them."""
Scored = Callable[[Context, ChatData, int], str | None]
"""A game's line of a player's /score in a chat: (the chat's data, the player's id) → the
line, read from its part of the chat's data (None: nothing of theirs there yet)."""
Board = tuple[str, list[tuple[int, PlayerStats, int]]]
"""A board of /top: its title (HTML, translated) and its rows (the player's id, their
record in the chat, the points shown)."""
Boarded = Callable[[Context, ChatData], Board]
"""A game's own board in a chat's /top, read from its part of the chat's data (shown when
it has rows)."""


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


Work = Callable[[Solving], None]
"""Sets up a game's work with the solver's workers, once the pool is made: the hands it
keeps from every deal (:meth:`Solving.keep_from_deals`), what it keeps across deals
(:meth:`Solving.add`), its warm-up (:meth:`Solving.on_warm_up`)."""
Keeps = Callable[[Numbers, int, bool, Context], Awaitable[str | None]]
"""Why /solve (or inline mode) keeps the solutions of numbers from a user for a hand of the
game that is no chat's live hand (the numbers, the user's id, whether asked in a group) →
the refusal, worded (None: it keeps nothing)."""
Peeked = Callable[[Numbers, int, Context], None]
"""A user was given the solutions of numbers (the numbers, the user's id): what the game
notes of it, outside the chats' live hands."""
Shareable = Callable[[Context], Awaitable[Iterable[InlineQueryResult]]]
"""What an empty inline query offers of the game, to share in any chat."""
Overview = Callable[[Context], Iterable[str]]
"""A game's lines of the owner's ``/admin`` overview, in the owner's language."""
Reviewed = Callable[[Context, dt.date], list[str]]
"""A game's section of the owner's fair-play review (``/admin fairplay``): its heading and
the week's fastest (today being the UTC day)."""
Offer = Callable[[Context, int, tuple[int, ...], int, float, dt.date | None], InlineKeyboardMarkup]
"""The button a game offers under a solve in private: (the player's id, the hand, its
target, the time, the day of the puzzle solved or None) → the markup."""
PuzzleEnded = Callable[[Context, int, dt.date, float | None, bool], str | None]
"""A player's attempt at a day's puzzle ended (their id, the day, the time or None given
up, too fast for a person): what the game that plays on it does, and the line to tell them
(None: nothing of it)."""


@dataclass(frozen=True, slots=True)
class Setting:
    """A game's setting of a chat, in /settings (after the chat's own, before the language):
    ``/settings KEY VALUE``, a line of the card and a row of buttons."""

    key: str
    """The English keyword typed after /settings and in the buttons' data (marked
    ``K_("keyword", ...)``: each language brings its own words for it)."""
    line: Callable[[GameSettings, Translator], str]
    """Its line of the settings' card."""
    buttons: Callable[[GameSettings, Translator], tuple[tuple[str, object], ...]]
    """Its row of buttons: each one's label and the value it sets."""
    current: Callable[[GameSettings], object]
    """The value set now (its button is marked)."""
    usage: Callable[[Translator], str]
    """What values it takes, with an example."""
    apply: Callable[[GameSettings, str], bool]
    """Set a value (as typed, or a button's); False for one out of range."""
    seconds: bool = False
    """A value of seconds: typed ``45 s`` reads as 45."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class RunBoardsOf(Generic[Context]):
    """A game's boards of runs, which the owner takes runs off (``/admin fairplay run``,
    ``player``) and puts back (``undo``); each also marks the player's own runs."""

    take_code: Callable[[Context, str], Removal | None]
    """Take the run of a code (as the review lists it) off the boards (None: no such run)."""
    take_player: Callable[[Context, int], Removal]
    """Take all of a player's runs off the boards."""
    put_back: Callable[[Context, Removal], None]
    """Put a removal's runs back on the boards (its player's own runs marked back on)."""
    holds: Callable[[Context, int], bool]
    """Whether a player has a run on the boards."""
    has_runs: Callable[[Context, int, Removal], bool]
    """Whether a player had any run (taken off by the removal, or their own best)."""
    none: str
    """What the owner is told of a player who had none (``{id}``: theirs), untranslated
    (``N_``, in its words)."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class PlayerBoardsOf(Generic[Context]):
    """A game's boards of players (the duels' rating), which the owner takes a player off
    (``/admin fairplay player``) and puts back (``undo``)."""

    holds: Callable[[Context, int], bool]
    """Whether the game knows the player (a rating of theirs)."""
    take_off: Callable[[Context, int], dict[str, list[Any]]]
    """Take the player off its boards: the items changed, by their rows' kind, to save
    (``{"rating": [player]}``: :meth:`bot.state.GlobalData.changed_rows`)."""
    put_back: Callable[[Context, int], dict[str, list[Any]]]
    """Put the player back on its boards (the items changed, as :attr:`take_off`)."""


@dataclass(frozen=True, slots=True)
class PuzzleDays:
    """A player's days of a game played by each day's puzzle, as other games and the
    features ask them (:mod:`bot.play.puzzle_days`): read from the game's part of the
    player's data, which no other package names."""

    result: Callable[[UserData, dt.date], float | None]
    """The seconds of the player's solve of the date's puzzle (None: not solved)."""
    given_up: Callable[[UserData, dt.date], bool]
    """Whether the player gave up the date's puzzle."""
    unplayed: Callable[[UserData | None, dt.datetime], list[dt.date]]
    """The days whose puzzle the player has yet to play and may still score (at the bot's
    local time): their solutions are kept from them."""
    running: Callable[[UserData], dt.date | None]
    """The day whose puzzle the player's attempt running is at, if any."""


Establishes = Callable[[Context, int, dt.date], bool]
"""Whether a player's play of a game establishes them on a day (the player's id, the day):
the daily puzzle's days, the duels' rating (:mod:`bot.play.standing` asks every game)."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class SeasonBoardOf(Generic[Context]):
    """A game's board of a season on ``/season`` (:mod:`bot.features.seasons` goes over
    them): its rules (:class:`bot.rules.seasons.tables.SeasonBoard`, declared in the game's
    rules), its words, and what its rows are read from where the season keeps nothing for
    it."""

    board: SeasonBoard[Any]
    """Its rules: its name (saved), its place among the boards, its rows."""
    heading: Callable[[Translator], str]
    """Its heading on ``/season`` (HTML): ``⚡ Rush: the best run of each player...``."""
    called: Callable[[Translator], str]
    """Its name in a trophy's line: ``the Rush board``."""
    value: Callable[[Translator, Row], str]
    """A row's value as shown: ``25 · best hand 2.1 s``."""
    source: Callable[[Context], object] | None = None
    """What its rows are read from, if the season keeps nothing for it (the duels'
    ratings): its rules' source."""
    end_rows: Callable[[Context], dict[tuple[str, Any], object]] | None = None
    """The rows of the data file its source's end changes (each rating regained), written
    with the season's end, by kind and key."""
    shown_empty: bool = True
    """Whether ``/season`` shows it with nobody on it yet ("Nobody yet.")."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class GroupShareOf(Generic[Context]):
    """A game's share of a listed group's week on ``/groups top``
    (:mod:`bot.features.seasons.groups_top` goes over them): what it counts of the group
    and how it says it."""

    position: int
    """Its place among the shares: the groups rank by the first share's count, then the
    next's...; its words stand in this order."""
    count: Callable[[Context, int, dt.date], int]
    """The group's count in the week of the day (the group's id, the day)."""
    words: Callable[[Translator, int], str]
    """Its words for a count, joined to the others' (``""``: none said)."""


Zone = Callable[[ChatData], str | None]
"""The time zone a chat gave the game (an IANA name), if any: the chat's own time."""


@dataclass(frozen=True)  # not slotted: an alias's call sets __orig_class__
class AsideOf(Generic[Context]):
    """A player's own game that another game in their private chat sets aside, its clock
    running on, and that takes their answers again when that game ends
    (:mod:`bot.play.set_aside`)."""

    note: Callable[[Context, int], str | None]
    """Another game starts in the chat (its id): that this one is set aside (None: it is
    not on there)."""
    reminder: Callable[[Context, int], str | None]
    """The other game has ended (the chat free): that this one waits (None: it does not)."""
    waiting: Callable[[Context, int], bool]
    """In a handler: whether the chat's plain answers go to it, set aside (its clock runs,
    the chat free)."""
    give_up: Callable[[Update, Context], bool]
    """In a handler, a give-up with nothing else on: offer to give it up with a button, if
    it waits (False: nothing was said)."""


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
    """While it is on: what another game's command is told; the plain game's (the rounds')
    only where that command has no words of its own for it (:func:`bot.play.game_life.refused`)."""
    opening: Opening | None = None
    """While it is on in a private chat: what opening the daily puzzle or a challenge is
    told (None: the general "a game is on here")."""
    held: Opening | None = None
    """While a part of its holds the table (:attr:`bot.rules.table.Table.held`: a series of
    its hands, between them too): what opening the daily puzzle or a challenge is told in a
    private chat (the first game's that has one; None: the general "a game is on here")."""
    kept: Kept | None = None
    """While it is on: why /solve keeps its hand's solutions from someone."""
    given: Told | None = None
    """While it is on: what a player given its hand's solutions is told of their answers
    (None: the general "while it was being played")."""
    menu: tuple[MenuEntry, ...] = ()
    """Its commands in the command menus."""
    help: Helps[Context] | None = None
    """Its lines of /help."""
    invitation: Invitation | None = None
    """Its line of the greetings and of the reply to an unknown command."""
    moved: Moved[Context] | None = None
    """A group became a supergroup: what it keeps by chat id outside the chat's data follows
    (the chat's data, live hands and alarms are moved for every game)."""
    plain: bool = False
    """The chat's plain game (the rounds): a live hand that no game on claims is kept in
    its words."""
    profile: Profiled[Context] | None = None
    """Its part of a player's profile (:class:`ProfilePart`)."""
    achievements: tuple[Titled, ...] = ()
    """The titles of its families of achievements (:class:`Titled`)."""
    score: Scored[Context] | None = None
    """Its line of a player's /score (after the plain game's numbers, in the games' order)."""
    board: Boarded[Context] | None = None
    """Its own board of /top (after the plain game's, in the games' order)."""
    work: Work | None = None
    """What it sets up with the solving service (:data:`Work`); None: its deals are the
    service's own (a round's), or its own functions' over the service (a Countdown game's)."""
    keeps: Keeps[Context] | None = None
    """A hand of its that /solve keeps from someone though no chat plays it now (after
    the live hands' refusals, before the hands kept from everyone), and why."""
    peeked: Peeked[Context] | None = None
    """What it notes of someone given solutions (after the live hands' marks)."""
    shareable: Shareable[Context] | None = None
    """What an empty inline query offers of it (in the games' order)."""
    telegram_game: TelegramGame | None = None
    """It is played as a Telegram game, made so with @BotFather's /newgame (the console's
    bot has the first game's)."""
    solve_rules: tuple[tuple[Rules, str], ...] = ()
    """Its rules, as /solve solves by them, and what follows the target in a reply
    solved by them (a message id)."""
    request_reasons: Mapping[Code, str] = field(default_factory=dict, hash=False)
    """Its wording of what is wrong with a /solve request that only its rules refuse
    (message ids by the solver's code: a Countdown's numbers are whole)."""
    unrecorded: tuple[tuple[str, Told], ...] = ()
    """Why a solve of one of its hands, fast enough for the hand's record, sets none."""
    offer: Offer[Context] | None = None
    """The button it offers under another game's solve in private (the first game's)."""
    puzzle_ended: PuzzleEnded[Context] | None = None
    """What it does when a player's attempt at a day's puzzle ends (a play of it on it)."""
    answers_to: str | None = None
    """In a private chat, what the chat's ``answers_to`` holds while a player's own play of
    it is on: a word of its own, saved in the chat's record and never changed once saved
    (None: it plays as the chat's game, :data:`~bot.state.CHATS_GAME`)."""
    aside: AsideOf[Context] | None = None
    """A player's own play of it that another game sets aside in private."""
    setting: Setting | None = None
    """Its setting of a chat in /settings."""
    review: Reviewed[Context] | None = None
    """Its section of the owner's fair-play review (before the hands' records)."""
    runs: RunBoardsOf[Context] | None = None
    """Its boards of runs, which the owner takes runs off (the first game's that has some)."""
    players: PlayerBoardsOf[Context] | None = None
    """Its boards of players, which the owner takes a player off (every game's that has
    some)."""
    overview: Overview[Context] | None = None
    """Its lines of the owner's ``/admin`` overview (after the games dealt today)."""
    days: PuzzleDays | None = None
    """A player's days of its puzzle of the day, as others ask them (the first game's)."""
    establishes: Establishes[Context] | None = None
    """Whether a player's play of it establishes them on a day (a player is established by
    any game's: :mod:`bot.play.standing`)."""
    season_boards: tuple[SeasonBoardOf[Context], ...] = ()
    """Its boards of a season (``/season``, the trophies)."""
    group_share: GroupShareOf[Context] | None = None
    """Its share of a listed group's week (``/groups top``)."""
    zone: Zone | None = None
    """The time zone a chat gave it (the first game's that has one for the chat)."""
    learned_level: LearnedLevel | None = None
    """The level its play has learned of a hand, which the other games' deals then name
    (the first game's that has one)."""
    page_texts: PageTexts = field(default_factory=dict, hash=False)
    """Its view's words on the Mini App's page (:data:`PageTexts`)."""
    page_view: PageView | None = None
    """Its view on the Mini App's page, its script's and stylesheet's files (None: it has
    none there)."""


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
    page_texts: PageTexts = field(default_factory=dict, hash=False)
    """Its view's words on the Mini App's page (:data:`PageTexts`)."""
    page_view: PageView | None = None
    """Its view on the Mini App's page, its script's and stylesheet's files (None: it has
    none there)."""
