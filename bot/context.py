"""Typed per-chat and per-user data, and the callback context that carries them."""

from __future__ import annotations

import datetime as dt
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from telegram import Update
from telegram.ext import Application, CallbackContext, ExtBot

from bot.game.daily import DailyRecord
from bot.game.table import Table
from bot.i18n import language_of, translations
from bot.persistence import Pickled, SQLitePersistence
from bot.settings import Settings

SolveRequest = tuple[tuple[int | Fraction, ...], int | Fraction, bool]
"""(numbers, target, integer_only) of a /solve, kept to page through its answer."""

SOLVE_REQUESTS_KEPT = 30

_SETTINGS: weakref.WeakKeyDictionary[Application, Settings] = weakref.WeakKeyDictionary()
_CLOCKS: weakref.WeakKeyDictionary[Application, Callable[[], float]] = weakref.WeakKeyDictionary()


def register_settings(
    application: Application, settings: Settings, clock: Callable[[], float] = time.time
) -> None:
    """Make ``settings`` and the clock reachable from the handlers' context (never persisted)."""
    _SETTINGS[application] = settings
    _CLOCKS[application] = clock


def settings_of(application: Application) -> Settings:
    """The application's settings."""
    return _SETTINGS[application]


def now_of(application: Application) -> float:
    """The application's clock, in seconds (``time.time`` unless a test gave another)."""
    return _CLOCKS.get(application, time.time)()


def local_now(application: Application) -> dt.datetime:
    """The application's clock in the time zone where the daily puzzle's day is counted."""
    return dt.datetime.fromtimestamp(now_of(application), settings_of(application).timezone)


@dataclass
class ChatData:
    """What the bot keeps for one chat (persisted)."""

    language: str | None = None
    """A language chosen for the chat; ``None`` follows each user's Telegram language."""
    solve_requests: dict[int, SolveRequest] = field(default_factory=dict)
    """The requests behind this chat's recent /solve replies, by message id."""
    table: Table = field(default_factory=Table)
    """The chat's game: settings, current round, match and scores."""
    deal_message_id: int | None = None
    """The picture of the current hand (replies to it are answers)."""
    status_message_id: int | None = None
    """The message listing wrong answers of the current round, in groups."""
    status_lines: list[str] = field(default_factory=list)
    status_time: float = 0.0
    """When the status message was last sent or edited."""
    status_sent: float = 0.0
    """When the status message was first sent (older ones are not edited)."""
    status_pending: bool = False
    """Whether a status update is already scheduled."""
    late_names: list[str] = field(default_factory=list)
    """Players whose right answer came after the round was won (named together, in groups)."""
    recent_language: str | None = None
    """The Telegram language of the last user who wrote here (for messages sent by timers)."""
    daily_message_id: int | None = None
    """The picture of today's daily puzzle in this private chat (replies to it are answers)."""
    mode: str = "round"
    """In private chats, what plain answers go to: ``round`` or ``daily``."""
    members: dict[int, str] = field(default_factory=dict)
    """Users seen in this group, by id (for the group's daily results)."""
    subscription: str | None = None
    """``HH:MM`` (local time) at which the daily puzzle is posted here, if subscribed."""
    daily_done: dt.date | None = None
    """The last day whose post is done here: posted, or subscribed after its time."""

    def __setstate__(self, state: dict) -> None:
        # Data saved by an older version lacks newer fields: start from the defaults.
        self.__init__()  # type: ignore[misc]
        self.__dict__.update(state)

    def __deepcopy__(self, memo: dict) -> Pickled:
        # PTB deep-copies chat and user data only to hand the copies to the persistence,
        # which stores them pickled: the pickled form is the copy, made once (a copy as
        # objects would be made by pickling and unpickling, then pickled again to be stored).
        return Pickled.of(self)

    def remember_solve(self, message_id: int, request: SolveRequest) -> None:
        """Keep a /solve request for its page buttons (only the most recent ones)."""
        self.solve_requests[message_id] = request
        while len(self.solve_requests) > SOLVE_REQUESTS_KEPT:
            del self.solve_requests[min(self.solve_requests)]


@dataclass
class UserData:
    """What the bot keeps for one user (persisted)."""

    language: str | None = None
    daily: DailyRecord = field(default_factory=DailyRecord)

    def __setstate__(self, state: dict) -> None:
        self.__init__()  # type: ignore[misc]
        self.__dict__.update(state)

    def __deepcopy__(self, memo: dict) -> Pickled:
        return Pickled.of(self)  # as ChatData's


class BotContext(CallbackContext[ExtBot, UserData, ChatData, dict]):
    """The context of every handler, with the language helpers handlers need."""

    def __init__(
        self,
        application: Application,
        chat_id: int | None = None,
        user_id: int | None = None,
    ) -> None:
        super().__init__(application=application, chat_id=chat_id, user_id=user_id)
        self.telegram_language: str | None = None

    @classmethod
    def from_update(cls, update: object, application: Application) -> BotContext:
        """PTB's constructor for every handler (and error handler) context."""
        context = super().from_update(update, application)
        if isinstance(update, Update) and update.effective_user:
            context.telegram_language = update.effective_user.language_code
            if context.chat_data is not None and context.telegram_language:
                # Timers and match deals have no user: they speak as the chat was last spoken to.
                context.chat_data.recent_language = context.telegram_language
            chat = update.effective_chat
            if context.chat_data is not None and chat and chat.type != "private":
                user = update.effective_user
                context.chat_data.members[user.id] = user.full_name
        return context

    @property
    def settings(self) -> Settings:
        """The bot's settings."""
        return settings_of(self.application)

    def now(self) -> float:
        """The current time in seconds, from the application's clock."""
        return now_of(self.application)

    def today(self) -> dt.date:
        """Today's date where the daily puzzle's day is counted (``TWENTYFOUR_TIMEZONE``)."""
        return local_now(self.application).date()

    @property
    def language(self) -> str:
        """The chat's chosen language, else the user's, else the Telegram client's."""
        chosen = (self.chat_data.language if self.chat_data else None) or (
            self.user_data.language if self.user_data else None
        )
        recent = self.chat_data.recent_language if self.chat_data else None
        return language_of(chosen or self.telegram_language or recent)

    def _(self, message: str) -> str:
        """``message`` translated into :attr:`language`."""
        return translations(self.language).gettext(message)

    def save_now(self, chat_id: int, user_id: int) -> None:
        """Save one chat's and one user's data at once (a score must survive a crash).

        Only these two are written, not everything that changed since the last save; PTB
        still saves them again with the rest at its next regular save.
        """
        persistence = self.application.persistence
        if isinstance(persistence, SQLitePersistence):
            persistence.write_now(
                {
                    ("chat", chat_id): Pickled.of(self.application.chat_data[chat_id]),
                    ("user", user_id): Pickled.of(self.application.user_data[user_id]),
                }
            )

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural message for ``count``, translated into :attr:`language`."""
        return translations(self.language).ngettext(singular, plural, count)
