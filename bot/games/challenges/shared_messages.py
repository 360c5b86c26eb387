"""Challenges in chats: the "Challenge a friend" button a solve offers (declared as
:attr:`bot.play.registry.Game.offer`: the daily puzzle and a private round show it through
:mod:`bot.play.after_solve`), the shared message (its text and Play button, edited as friends
play), and the end of a play that was a friend's daily attempt (:func:`settle_daily`, as
:attr:`~bot.play.registry.Game.puzzle_ended`).  The rules are :mod:`bot.rules.challenge`'s."""

from __future__ import annotations

import datetime as dt
import html
import logging
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    SwitchInlineQueryChosenChat,
)
from telegram.error import BadRequest, TelegramError
from telegram.ext import Application

from bot.context import BotContext, services
from bot.games.challenges.offers import make_offer
from bot.games.challenges.parts import CHALLENGES
from bot.i18n import gettext_for, ngettext_for
from bot.play.puzzle_days import day_open, days_of
from bot.rules.challenge import Challenge, ChallengeRefused, Origin
from bot.rules.durations import clock_text
from solver import daily_number

logger = logging.getLogger(__name__)

NAME_CHARS = 32
"""Characters of a player's name shown on the shared message (a name is up to 128)."""
MAX_TEXT = 4096
"""Telegram's limit on a message's text."""


def offer_markup(
    context: BotContext,
    user_id: int,
    hand: tuple[int, ...],
    target: int,
    seconds: float,
    day: dt.date | None = None,
) -> InlineKeyboardMarkup:
    """The "Challenge a friend" button of a solve: it asks the player for a chat, and puts
    the bot's inline query of this solve in it (see :mod:`bot.games.challenges.offers`)."""
    number = daily_number(day) if day is not None else None
    query = make_offer(context.bot.token, user_id, hand, target, seconds, number, context.now())
    chosen = SwitchInlineQueryChosenChat(
        query=query, allow_user_chats=True, allow_group_chats=True, allow_channel_chats=False
    )
    button = InlineKeyboardButton(
        context._("⚔️ Challenge a friend"), switch_inline_query_chosen_chat=chosen
    )
    return InlineKeyboardMarkup([[button]])


def time_text(challenge: Challenge, seconds: float, _: Callable[[str], str]) -> str:
    """A time on a challenge: as the daily puzzle shows it (``0:42``), or to the tenth of a
    second for a practice hand (``8.7 s``), which takes seconds."""
    if challenge.origin is Origin.DAILY:
        return clock_text(seconds)
    return _("{seconds} s").format(seconds=f"{seconds:.1f}")


def _name(name: str) -> str:
    short = name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
    return html.escape(short)


def card_text(challenge: Challenge) -> str:
    """The shared message (HTML), in the setter's language: who set it, on which puzzle, in
    how long, and every friend's time; no cards, no solution."""
    _ = gettext_for(challenge.language)
    card = challenge.card()
    values = {
        "name": _name(card.setter_name),
        "time": time_text(challenge, card.setter_seconds, _),
        "number": card.daily,
        "target": challenge.target,
    }
    if card.origin is Origin.DAILY:
        head = _("⚔️ {name} solved 24点 Daily #{number} in {time}: can you beat it?")
    elif challenge.target == 24:
        head = _("⚔️ {name} solved a hand of 24点 in {time}: can you beat it?")
    else:
        head = _("⚔️ {name} made {target} from a hand of 24点 in {time}: can you beat it?")
    lines = [head.format(**values)]
    for entry in card.entries:
        if entry.seconds is not None:
            status = time_text(challenge, entry.seconds, _)
        elif entry.finished:
            status = _("gave up")
        else:
            status = _("playing…")
        lines.append(_("{name}: {status}").format(name=_name(entry.name), status=status))
    if card.more:
        more = ngettext_for(challenge.language)
        lines.append(
            more("… and {count} more", "… and {count} more", card.more).format(count=card.more)
        )
    if card.entries:
        lines.insert(1, "")
    text = "\n".join(lines)
    return text if len(text) <= MAX_TEXT else lines[0]


def play_markup(challenge: Challenge, bot_username: str) -> InlineKeyboardMarkup:
    """The shared message's Play button: a link that opens the challenge in private."""
    _ = gettext_for(challenge.language)
    url = f"https://t.me/{bot_username}?start=ch_{challenge.token}"
    return InlineKeyboardMarkup([[InlineKeyboardButton(_("▶️ Play"), url=url)]])


@dataclass
class _Edits:
    """The challenges whose shared messages are being edited, and those to edit again."""

    running: set[str] = field(default_factory=set)
    again: set[str] = field(default_factory=set)


_EDITS: weakref.WeakKeyDictionary[Application, _Edits] = weakref.WeakKeyDictionary()


def refresh_shared(application: Application, challenge: Challenge) -> None:
    """Edit every message ``challenge`` was shared as, to show the latest times (in the
    background: Telegram's limits are waited out by no handler).  Edits asked for while
    some run are made once, after them.  An edit that fails is logged and skipped: the
    shared messages are cosmetic."""
    if not challenge.inline_message_ids:
        return
    edits = _EDITS.setdefault(application, _Edits())
    if challenge.token in edits.running:
        edits.again.add(challenge.token)
        return
    edits.running.add(challenge.token)
    application.create_task(_edit_all(application, challenge, edits), name="challenge edits")


async def _edit_all(application: Application, challenge: Challenge, edits: _Edits) -> None:
    try:
        while True:
            edits.again.discard(challenge.token)
            text = card_text(challenge)
            markup = play_markup(challenge, application.bot.username)
            for inline_message_id in list(challenge.inline_message_ids):
                try:
                    await application.bot.edit_message_text(
                        text, inline_message_id=inline_message_id, reply_markup=markup
                    )
                except BadRequest as error:
                    if "not modified" not in error.message.lower():
                        logger.warning("Shared challenge %s not edited: %s", challenge.token, error)
                except (TimeoutError, TelegramError) as error:
                    logger.warning("Shared challenge %s not edited: %s", challenge.token, error)
            if challenge.token not in edits.again:
                return
    finally:
        edits.running.discard(challenge.token)


def after_saved(context: BotContext, saved: bool, challenge: Challenge) -> None:
    """Show a play's end on the shared messages: now if it was ``saved``, else once the disk
    takes it (nothing is announced before it is kept)."""
    if saved:
        refresh_shared(context.application, challenge)
    else:
        context.bot_data.until_saved.hold(lambda: refresh_shared(context.application, challenge))


def settle_daily(
    context: BotContext, user_id: int, day: dt.date, seconds: float | None, too_fast: bool
) -> str | None:
    """A daily attempt of ``day`` ended: solved in ``seconds``, or given up (None).  If it
    was the player's play of a friend's challenge, the play ends with it (saved, and the
    shared messages edited); the line to tell the player (None: it was no challenge)."""
    challenges = CHALLENGES.get(services(context.application).global_data)
    challenge = challenges.open_play(user_id)
    if challenge is None or challenge.daily != daily_number(day):
        return None
    try:
        challenge.finish(user_id, seconds, unranked=too_fast)
    except ChallengeRefused:  # a play with its own clock: the challenge judges it
        return None
    saved = context.save_global(challenge=[challenge.token])
    after_saved(context, saved, challenge)
    name = html.escape(challenge.setter_name)
    if seconds is None:
        return context._("⚔️ {name}'s challenge is given up with it.").format(name=name)
    return context._("⚔️ On {name}'s challenge: your {time} against {name}'s {theirs}.").format(
        name=name,
        time=time_text(challenge, seconds, context._),
        theirs=time_text(challenge, challenge.seconds, context._),
    )


def settle_lapsed(context: BotContext, user_id: int) -> None:
    """End a play that was the player's daily attempt, if that attempt ended unseen by
    :func:`settle_daily`: its day closed with no result (given up), or a result came
    another way.  A play of today's puzzle not yet given up or solved goes on."""
    challenge = CHALLENGES.get(services(context.application).global_data).open_play(user_id)
    user = context.application.user_data.get(user_id)
    if challenge is None or challenge.daily is None or user is None:
        return
    if not challenge.plays[user_id].daily:
        return
    today = context.today()
    day = today - dt.timedelta(days=daily_number(today) - challenge.daily)
    seconds = days_of(context).result(user, day)
    if seconds is None and day == today and day_open(context, user, day):
        return
    challenge.finish(user_id, seconds)
    after_saved(context, context.save_global(challenge=[challenge.token]), challenge)
