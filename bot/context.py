"""The handlers' context: the chat's and user's data (:mod:`bot.state`), the application's
services (:class:`BotData`), the language to speak and the way to send."""

from __future__ import annotations

import datetime as dt
import random
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn, TypedDict, Unpack

from telegram import CallbackQuery, Chat, MaybeInaccessibleMessage, Message, Update, User
from telegram.error import BadRequest
from telegram.ext import Application, CallbackContext, ExtBot, JobQueue

from bot.clock import Pause
from bot.i18n import N_, language_of, translations
from bot.plug_ins import FeatureOf, GameOf, Profiled
from bot.rules.off_boards import Removal
from bot.rules.results import GameResult
from bot.rules.spoilers import LiveHands
from bot.services.answer_routes import AnswerRouter
from bot.services.deferred_solves import DeferredSolves
from bot.services.outbox import Letter, Outbox, Sent, Skipped
from bot.services.polling import PollingRequest
from bot.services.saving import NewsUntilSaved
from bot.services.sending import unread
from bot.services.solving import Solving
from bot.services.timers import Timers
from bot.services.watch import Activity, ErrorWatch, Heartbeat, Metrics
from bot.services.web import AppUser, GameToken
from bot.settings import Settings
from bot.state import ChatData, GlobalData, UserData

RowWriter = Callable[[dict[tuple[str, Any], object]], bool]
"""Writes rows of the data file at once: (kind, key) → the data, e.g. ``("chat", chat_id)``;
whether the disk took them (if not, they are kept and tried again)."""

SORRY = N_("Sorry, something went wrong. Please try again.")


Handler = Callable[[Update, "BotContext"], Coroutine[Any, Any, None]]
"""A handler callback as PTB's handlers take it (a deep link's: :attr:`BotData.deep_links`)."""
Listener = Callable[["BotContext", int | None, Sequence[GameResult]], list[str]]
"""Who hears the games' results: ``listener(context, chat_id, results)`` → lines to add to
the game's message there (:mod:`bot.play.result_listeners`)."""


@dataclass
class AppRequest:
    """One call of the Mini App's API, judged to come from :attr:`user`
    (:mod:`bot.play.miniapp`)."""

    context: BotContext
    user: AppUser
    body: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AppPicture:
    """A call's answer that is a picture (PNG), not JSON: the profile's card."""

    png: bytes


AppReply = tuple[int, dict[str, Any] | AppPicture]
AppCall = Callable[[AppRequest], Awaitable[AppReply]]


@dataclass
class GameRequest:
    """One call of a Telegram game's page, from the player its token names
    (:mod:`bot.play.game_page`)."""

    context: BotContext
    token: GameToken
    body: dict[str, Any] = field(default_factory=dict)


GameReply = tuple[int, dict[str, Any]]
GameCall = Callable[[GameRequest], Awaitable[GameReply]]


@dataclass(frozen=True)
class GamePage:
    """What a game serves to its Telegram game's page (:func:`bot.play.game_page.serve_game`)."""

    calls: dict[str, GameCall]
    """``"POST start"`` → the game's answer to ``POST /app/api/<mode>/start``."""
    max_age: float
    """Seconds after its token was issued that a call is taken at most (the game ends what
    its token started on its own clock)."""


class BotData:
    """The application's shared services, reachable from every handler as
    ``context.bot_data`` (never persisted; :func:`bot.app.build_application` fills it in)."""

    settings: Settings
    clock: Callable[[], float]
    """The games' clock: their times, deadlines and durations (a step of the wall clock
    does not move it: :class:`bot.clock.GameClock`)."""
    calendar: Callable[[], float]
    """The wall clock, for what the date and the hour decide (the daily puzzle's day,
    reminders, weeks) and for times Telegram signs (:class:`bot.clock.SteadyClock`)."""
    outbox: Outbox
    solving: Solving
    rng: random.Random
    """Deals and suits; a seeded ``random.Random`` makes games reproducible (tests)."""
    dealing: set[int]
    """Chats whose next hand is being found right now (a second /play waits its turn)."""
    hand_posted: dict[int, float]
    """When a game's hand was last posted in each chat, on the games' clock (this process's:
    none after a restart): a late answer to a game that ended goes to it only until another
    game's hand comes (:func:`bot.play.game_life.post_hand`)."""
    timers: Timers
    """Every chat's pending jobs: round timers, a match's next deal, the daily post."""
    admins: dict[tuple[int, int], tuple[bool, float]]
    """(chat, user) → (is an admin, when Telegram was asked): see :mod:`bot.play.admins`."""
    answers: AnswerRouter[MessageUpdate, HandlerContext]
    """Which game of a chat a typed answer goes to (:mod:`bot.services.answer_routes`)."""
    deep_links: dict[str, Handler]
    """``/start PAYLOAD`` in private (a t.me/<bot>?start=PAYLOAD link) → the feature's handler."""
    file_ids: dict[tuple[tuple[int, ...], bool, int | None], str]
    """Each hand's picture, once uploaded, by Telegram's file id (sent again by id)."""
    polling: PollingRequest
    """The connection that polls for updates (whether a poll has succeeded yet)."""
    live_hands: LiveHands
    """The rounds being played, whose solutions their players may not ask for."""
    deferred_solves: DeferredSolves
    """The /solve requests waiting for a duel's hand to end (:mod:`.deferred_solves`)."""
    app_calls: dict[str, AppCall]
    """``"GET daily"`` → the answer to the Mini App's ``GET /app/api/daily`` (:mod:`.miniapp`:
    JSON, or a picture)."""
    game_pages: dict[str, GamePage]
    """A page's mode (``?mode=…``, its API's folder) → what the game serves there, from the
    Telegram game's page (see :mod:`bot.play.game_page`)."""
    web_address: str | None
    """Where the bot's web server listens once started; None when it serves none."""
    write_now: RowWriter | None
    """The persistence's way to save a chat's and a user's data at once (see
    :meth:`BotContext.save_now`), given where the application is built; None saves nothing."""
    until_saved: NewsUntilSaved
    """Announcements of scores waiting for the disk to take them (:mod:`bot.services.saving`)."""
    global_data: GlobalData
    """What the bot keeps across all chats: ratings, each hand's record, the games' global
    parts (loaded at start-up; saved by :meth:`BotContext.save_global`)."""
    activity: Activity
    """Players and chats by the hour last seen, games dealt by kind (``/admin``, metrics)."""
    _metrics: Metrics | None
    heartbeat: Heartbeat
    """The event loop's heartbeat, for ``/healthz``."""
    errors: ErrorWatch
    """Errors logged since start, and those still to report to the owner."""
    writable: Callable[[], bool]
    """Whether the data file's disk takes writes now (for ``/readyz``)."""
    telegram_seen: float | None
    """With a webhook: when (``time.monotonic``) Telegram was last seen to reach the bot
    (an update posted, or ``getWebhookInfo`` with no delivery error); polling keeps its
    own (:attr:`PollingRequest.answered_at`)."""
    backups: dict[str, float]
    """Scheduled backups since start: ``ok``, ``failed``, ``last``
    (:mod:`bot.play.backup_schedule`)."""
    maintenance: float | None
    """Since when the owner's maintenance notice answers everyone; None: it is off."""
    fairplay_removals: list[Removal]
    """The owner's latest removals from the boards, to undo (``/admin fairplay undo``)."""
    pause: Pause
    """The games' clock's pauses: it stands still while maintenance is on."""
    result_listeners: list[Listener]
    """Who hears the games' results once saved (:mod:`bot.play.result_listeners`)."""
    profile_parts: list[Profiled[BotContext]]
    """The features' parts of a player's profile (:mod:`bot.play.profiles`)."""
    moved_chats: dict[int, int]
    """Groups upgraded to a supergroup since start: old id → new (:mod:`bot.play.chat_moves`)."""
    games: tuple[GameOf[BotContext], ...]
    """The games, as the application registered them (:data:`bot.games.GAMES`)."""
    features: tuple[FeatureOf[BotContext], ...]
    """The features that are not games, as it registered them (:data:`bot.features.FEATURES`)."""

    def __init__(self) -> None:
        self.clock = time.time
        self.calendar = time.time
        self.rng = random.Random()
        self.dealing = set()
        self.hand_posted = {}
        self.live_hands = LiveHands()
        self.deferred_solves = DeferredSolves()
        self.admins = {}
        self.answers = AnswerRouter()
        self.file_ids = {}
        self.deep_links = {}
        self.app_calls = {}
        self.game_pages = {}
        self.web_address = None
        self.write_now = None
        self.until_saved = NewsUntilSaved()
        self.global_data = GlobalData()
        self.activity = Activity()
        self._metrics = None
        self.heartbeat = Heartbeat()
        self.errors = ErrorWatch()
        self.writable = lambda: True
        self.telegram_seen = None
        self.backups = {}
        self.maintenance = None
        self.pause = Pause()
        self.fairplay_removals = []
        self.result_listeners = []
        self.profile_parts = []
        self.moved_chats = {}
        self.games = ()
        self.features = ()

    @property
    def metrics(self) -> Metrics:
        """The Prometheus metrics served at ``/metrics`` (:mod:`bot.play.monitoring`).  Made
        on first use if none was given: the application's are given when it is built, and
        making a registry it would replace at once cost a millisecond of each start."""
        if self._metrics is None:
            self._metrics = Metrics()
        return self._metrics

    @metrics.setter
    def metrics(self, metrics: Metrics) -> None:
        self._metrics = metrics

    def now(self) -> float:
        """The games' clock, in seconds (standing still during maintenance: :attr:`pause`)."""
        return self.pause.read(self.clock())

    def local_now(self) -> dt.datetime:
        """The wall clock in the time zone where the daily puzzle's day is counted."""
        return dt.datetime.fromtimestamp(self.calendar(), self.settings.timezone)


def services(application: Application) -> BotData:
    """The application's shared services."""
    return application.bot_data


def settings_of(application: Application) -> Settings:
    """The application's settings."""
    return services(application).settings


def now_of(application: Application) -> float:
    """The application's clock, in seconds (``time.time`` unless a test gave another)."""
    return services(application).now()


def local_now(application: Application) -> dt.datetime:
    """The application's clock in the time zone where the daily puzzle's day is counted."""
    return services(application).local_now()


class LetterOptions(TypedDict, total=False):
    """The options of :meth:`BotContext.post` (see :class:`bot.services.outbox.Letter`)."""

    game: bool
    key: str | None
    user_id: int | None
    on_sent: Callable[[Sent], object] | None
    on_failed: Callable[[Exception], object] | None
    bulk: bool
    hold: float
    rider: str | None


class BotContext(CallbackContext[ExtBot, UserData, ChatData, BotData]):
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
        return context

    @property
    def settings(self) -> Settings:
        """The bot's settings."""
        return self.bot_data.settings

    def now(self) -> float:
        """The current time in seconds, from the application's clock."""
        return self.bot_data.now()

    def today(self) -> dt.date:
        """Today's date where the daily puzzle's day is counted (``TWENTYFOUR_TIMEZONE``)."""
        return self.bot_data.local_now().date()

    @property
    def language(self) -> str:
        """The chat's chosen language, else the user's, else the Telegram client's."""
        chosen = (self.chat_data.language.chosen if self.chat_data else None) or (
            self.user_data.language if self.user_data else None
        )
        recent = self.chat_data.language.recent if self.chat_data else None
        return language_of(chosen or self.telegram_language or recent)

    def _(self, message: str) -> str:
        """``message`` translated into :attr:`language`."""
        return translations(self.language).gettext(message)

    def save_user_now(self, user_id: int) -> bool:
        """Save one user's data at once (a daily result from the Mini App, which has no
        chat); whether the disk took it: see :meth:`save_now`."""
        write_now = self.bot_data.write_now
        if write_now is None:
            return True
        return write_now({("user", user_id): self.application.user_data[user_id]})

    def save_now(self, chat_id: int, user_id: int) -> bool:
        """Save one chat's and one user's data at once (a score must survive a crash);
        whether the disk took them (see :mod:`bot.services.saving` for when it does not).

        Only these two are written, not everything that changed since the last save; PTB
        still saves them again with the rest at its next regular save.
        """
        write_now = self.bot_data.write_now
        if write_now is None:
            return True
        return write_now(
            {
                ("chat", chat_id): self.application.chat_data[chat_id],
                ("user", user_id): self.application.user_data[user_id],
            }
        )

    def save_global(self, *, hands: Iterable[str] = (), **keys: Iterable[Any]) -> bool:
        """Save the bot's data across all chats at once: its global row (the games' global
        parts kept there, each pair's rated duels of the day...), the records of ``hands``
        (by :func:`~bot.rules.hand_records.hand_key`) and the items of a global part's rows
        that ``keys`` names by the rows' kind (``challenge=[token]``, ``rating=[player]``:
        :meth:`bot.state.GlobalData.changed_rows`), and delete the rows dropped since the
        last save.  Whether the disk took them: see :meth:`save_now` (PTB's regular saves
        never write these: whatever changes them saves them here, before announcing
        anything).
        """
        write_now = self.bot_data.write_now
        rows = self.bot_data.global_data.changed_rows(hands, **keys)
        return True if write_now is None else write_now(rows)

    # --- sending: every message goes through the outbox ---------------------------------------

    def post(
        self,
        chat_id: int,
        send: Callable[[], Awaitable[Sent | Skipped]],
        **options: Unpack[LetterOptions],
    ) -> None:
        """Queue one Bot API call into a chat (see :mod:`bot.services.outbox`); ``bulk``: one
        of many chats' notices due at once (:mod:`bot.services.outbox.bulk`); ``hold``: seconds it
        waits at least (for what comes with it); ``rider``: its text, to go in the chat's next
        game picture instead if it still waits then (``Letter.rider``)."""
        self.bot_data.outbox.post(self._letter(chat_id, send, **options))

    def _letter(
        self,
        chat_id: int,
        send: Callable[[], Awaitable[Sent | Skipped]],
        *,
        game: bool = False,
        key: str | None = None,
        user_id: int | None = None,
        on_sent: Callable[[Sent], object] | None = None,
        on_failed: Callable[[Exception], object] | None = None,
        bulk: bool = False,
        hold: float = 0.0,
        rider: str | None = None,
    ) -> Letter:
        """The letter :meth:`post` queues."""
        flood_notice = None
        if user_id is not None:
            flood_notice = self._flood_notice(chat_id)
        if on_failed is None and key != "sorry":
            on_failed = self.sorry(chat_id)
        return Letter(
            chat_id,
            send,
            game=game,
            key=key,
            user_id=user_id,
            on_sent=on_sent,
            on_failed=on_failed,
            flood_notice=flood_notice,
            bulk=bulk,
            not_before=self.bot_data.outbox.clock() + hold if hold else 0.0,
            rider=rider,
        )

    def reply_in_parts(self, update: Update, texts: Sequence[str], *, key: str) -> None:
        """Reply with ``texts``, one message each, as one reply (a /help too long for one
        message): all of them in order or, for a user who floods the chat, none
        (:meth:`bot.services.outbox.Outbox.post_together`); a later reply with ``key``
        replaces all of them while they wait."""
        message = update.effective_message
        assert message is not None
        user = update.effective_user

        def sender(text: str) -> Callable[[], Awaitable[Sent | Skipped]]:
            return lambda: unread(message.reply_text(text))

        self.bot_data.outbox.post_together(
            [
                self._letter(
                    message.chat_id,
                    sender(text),
                    key=key,
                    user_id=None if user is None else user.id,
                )
                for text in texts
            ]
        )

    def sorry(self, chat_id: int) -> Callable[[Exception], None]:
        """What to do when a message is refused (a bug of ours): say sorry rather than
        leave the user with no answer at all."""

        def failed(error: Exception) -> None:
            if isinstance(error, BadRequest):
                self.send(chat_id, self._(SORRY), key="sorry")

        return failed

    def _flood_notice(self, chat_id: int) -> Callable[[], Letter]:

        def notice() -> Letter:
            text = self._("Slow down, please: I will answer you again in half a minute.")
            return Letter(chat_id, lambda: unread(self.bot.send_message(chat_id, text)))

        return notice

    def reply(
        self,
        update: Update,
        text: str,
        *,
        game: bool = False,
        key: str | None = None,
        on_sent: Callable[[Sent], object] | None = None,
        rider: str | None = None,
        hold: float = 0.0,
        **kwargs: Any,
    ) -> None:
        """Reply to the update's message (queued; cheap unless ``game``); ``rider`` and
        ``hold``: see :meth:`post`."""
        message = update.effective_message
        assert message is not None
        user = update.effective_user
        self.post(
            message.chat_id,
            # Unless on_sent reads it, Telegram's answer is left unread (no Message is built).
            (lambda: unread(message.reply_text(text, **kwargs)))
            if on_sent is None
            else (lambda: message.reply_text(text, **kwargs)),
            game=game,
            key=key,
            user_id=None if game or user is None else user.id,
            on_sent=on_sent,
            rider=rider,
            hold=hold,
        )

    def send(
        self,
        chat_id: int,
        text: str,
        *,
        game: bool = False,
        key: str | None = None,
        on_sent: Callable[[Sent], object] | None = None,
        **kwargs: Any,
    ) -> None:
        """Send a message to a chat (queued; cheap unless ``game``)."""
        self.post(
            chat_id,
            (lambda: unread(self.bot.send_message(chat_id, text, **kwargs)))
            if on_sent is None
            else (lambda: self.bot.send_message(chat_id, text, **kwargs)),
            game=game,
            key=key,
            on_sent=on_sent,
        )

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural message for ``count``, translated into :attr:`language`."""
        return translations(self.language).ngettext(singular, plural, count)


# What a registered handler can count on, as views of the update and the context for mypy
# only (at run time they are PTB's Update and the BotContext): bot.typed_handlers checks the
# guarantee once, at registration, and names them for the handlers; they stand here, beside
# the context they view, so that BotData's registries (the answer router's routes) are typed
# by them.
if TYPE_CHECKING:

    class ChatUpdate(Update):
        """An update from a user in a chat."""

        @property
        def effective_chat(self) -> Chat: ...
        @property
        def effective_user(self) -> User: ...

    class MessageUpdate(ChatUpdate):
        """A message (a command, text, anything) from a user in a chat."""

        @property
        def effective_message(self) -> Message: ...

    class ButtonQuery(CallbackQuery):
        """The press of a button with callback data under a message in a chat."""

        data: str
        message: MaybeInaccessibleMessage

    class ButtonUpdate(ChatUpdate):
        """A button pressed under one of the bot's messages in a chat."""

        callback_query: ButtonQuery

    class ChatContext(BotContext):
        """A context with a chat: its data, and the application's job queue."""

        @property
        def chat_data(self) -> ChatData: ...
        @chat_data.setter
        def chat_data(self, _: object) -> NoReturn: ...
        # PTB types it JobQueue[ST] | None, with ST bound nowhere, so that no callback fits
        # it; it is None only without the job-queue extra, which the project depends on.
        @property
        def job_queue(self) -> JobQueue[BotContext]: ...  # type: ignore[override]

    class HandlerContext(ChatContext):
        """The context of an update from a user in a chat."""

        @property
        def user_data(self) -> UserData: ...
        @user_data.setter
        def user_data(self, _: object) -> NoReturn: ...

else:
    ChatUpdate = MessageUpdate = ButtonUpdate = Update
    ButtonQuery = CallbackQuery
    ChatContext = HandlerContext = BotContext
