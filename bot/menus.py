"""The command menus Telegram shows (private chats, groups, group admins, in each language),
published again only when they changed, and the menu button of private chats."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence

from telegram import (
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeChat,
    MenuButtonDefault,
    MenuButtonWebApp,
    WebAppInfo,
)
from telegram.error import BadRequest
from telegram.ext import Application

from bot.context import services
from bot.features import FEATURES
from bot.games import GAMES
from bot.i18n import (
    DEFAULT,
    gettext_for,
    language_choices,
    language_of,
    languages,
    locale_of,
    translations,
)
from bot.persistence import SQLitePersistence
from bot.play.miniapp import MENU_BUTTON
from bot.play.registry import Feature, Game, Menu

logger = logging.getLogger(__name__)


def commands_of(
    menu: Menu, declared: tuple[Game | Feature, ...] = (*GAMES, *FEATURES)
) -> list[tuple[str, str]]:
    """(command, description) of a menu's own commands (the games' and the features'), by
    their position: the description is a message id, translated per language."""
    entries = [entry for each in declared for entry in each.menu]
    chosen = sorted((entry for entry in entries if entry.menu is menu), key=lambda e: e.position)
    return [(entry.command, entry.description) for entry in chosen]


PLAYER_COMMANDS = commands_of(Menu.EVERYONE)
GROUP_COMMANDS = PLAYER_COMMANDS
ADMIN_COMMANDS = [*PLAYER_COMMANDS, *commands_of(Menu.ADMINS)]
PRIVATE_COMMANDS = [*PLAYER_COMMANDS, *commands_of(Menu.PRIVATE)]
OWNER_COMMANDS = [*PRIVATE_COMMANDS, *commands_of(Menu.OWNER)]
"""The owner's private chat alone (``TWENTYFOUR_OWNER_ID``): nobody else's menu has /admin."""


def menu_languages() -> dict[str | None, str]:
    """The menus' languages by the two-letter code Telegram takes (None: every other one).
    Telegram keeps one menu per code: ``zh`` is the folder ``language_of("zh")`` gives."""
    codes = {locale_of(language).language for language in languages() if language != DEFAULT}
    return {None: DEFAULT} | {code: language_of(code) for code in sorted(codes)}


_MENUS: dict[
    tuple[str, tuple[tuple[str, str], ...], tuple[str, ...]], tuple[object, list[BotCommand]]
] = {}
"""Each menu built, by language, commands and the languages there are (``/language``'s
description lists them), with the catalogue it was translated from: a menu depends on these
alone, and every start (and every test's bot) sends the same."""


def menu(language: str, commands: list[tuple[str, str]]) -> list[BotCommand]:
    """A command menu in ``language`` (built again only when the catalogues are read again,
    :func:`bot.i18n.forget`; Telegram's objects are immutable, so one list serves each start)."""
    catalogue = translations(language_of(language))
    key = (language, tuple(commands), languages())
    kept = _MENUS.get(key)
    if kept is not None and kept[0] is catalogue:
        return list(kept[1])
    _ = gettext_for(language)
    choices = language_choices(language)
    built = [BotCommand(name, _(text).format(languages=choices)) for name, text in commands]
    _MENUS[key] = (catalogue, built)
    return list(built)


PUBLISHED = "menus:v1"
"""The kept table (:meth:`SQLitePersistence.save_table`) holding the mark of the menus this
bot last published: its id and a hash of every menu, scope and language."""

Publication = tuple[BotCommandScope, str | None, tuple[BotCommand, ...]]
"""One ``setMyCommands``: its scope, its language code (None: every other one), its menu."""

_PLANS: dict[
    tuple[int | None, tuple[str, ...]], tuple[tuple[object, ...], tuple[Publication, ...]]
] = {}
"""Each plan made, by the owner and the languages there are, with the catalogues its menus
were translated from: a plan depends on these alone, and each start asks for it (a test's
bot twice: its data file is made as a restart finds it), all but the first the same."""


def planned(application: Application) -> list[Publication]:
    """Every menu the bot publishes: private chats, groups and group admins, in each
    language, then the owner's private chat (``TWENTYFOUR_OWNER_ID``).

    Made again only when the catalogues are read again (:func:`bot.i18n.forget`); its
    scopes and menus are Telegram's immutable objects, so one plan serves each start."""
    owner = services(application).settings.owner_id
    languages_now = menu_languages()
    catalogues = tuple(translations(language_of(each)) for each in languages_now.values())
    key = (owner, languages())
    kept = _PLANS.get(key)
    if kept is not None and _same(kept[0], catalogues):
        return list(kept[1])
    scopes = [
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
        (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
        (BotCommandScopeAllChatAdministrators(), ADMIN_COMMANDS),
    ]
    plan: list[Publication] = [
        (scope, code, tuple(menu(language, commands)))
        for code, language in languages_now.items()
        for scope, commands in scopes
    ]
    if owner is not None:
        plan += [
            (BotCommandScopeChat(owner), code, tuple(menu(language, OWNER_COMMANDS)))
            for code, language in languages_now.items()
        ]
    _PLANS[key] = (catalogues, tuple(plan))
    return plan


def _same(kept: Sequence[object], now: Sequence[object]) -> bool:
    """Whether ``kept`` holds the very objects ``now`` does, in order."""
    return len(kept) == len(now) and all(a is b for a, b in zip(kept, now, strict=True))


_MARKS: dict[tuple[int, tuple[int, ...]], tuple[tuple[Publication, ...], str]] = {}
"""The marks made lately, by bot id and the identity of the plan's publications (kept
beside it, so that no other object takes their ids): a plan :func:`planned` kept is
marked once per bot id, not at each start (a json text and hash of every menu)."""

MARKS_KEPT = 16
"""Marks kept at most (:data:`_MARKS`): a process sees a handful of plans and bot ids."""


def mark(bot_id: int, plan: list[Publication]) -> str:
    """What :data:`PUBLISHED` keeps: the bot's id and a hash of every menu of ``plan``."""
    key = (bot_id, tuple(map(id, plan)))
    kept = _MARKS.get(key)
    if kept is not None and _same(kept[0], plan):
        return kept[1]
    made = _mark(bot_id, plan)
    if len(_MARKS) >= MARKS_KEPT:
        _MARKS.clear()
    _MARKS[key] = (tuple(plan), made)
    return made


def _mark(bot_id: int, plan: list[Publication]) -> str:
    menus = [
        [
            scope.type,
            getattr(scope, "chat_id", None),
            code,
            [[c.command, c.description] for c in commands],
        ]
        for scope, code, commands in plan
    ]
    text = json.dumps(menus, ensure_ascii=False, sort_keys=True)
    return f"{bot_id}:{hashlib.sha256(text.encode()).hexdigest()}"


async def register_commands(application: Application) -> None:
    """Publish the command menus, unless this bot published these very menus before and
    Telegram still shows its private chats' default one; then the menu button.

    Telegram keeps the menus across restarts: sending the 22 again at every start cost a
    second of round trips before the first poll, and ``setMyCommands`` has its own flood
    limit, which a bot restarted in a loop would reach."""
    plan = planned(application)
    persistence = application.persistence
    kept = persistence if isinstance(persistence, SQLitePersistence) else None
    published = mark(application.bot.id, plan)
    if (
        kept is not None
        and kept.load_table(PUBLISHED) == published
        and await _shown(application, plan[0])
    ):
        logger.info("The command menus are as this bot published them: not sent again")
    else:
        if await _publish(application, plan) and kept is not None:
            kept.save_table(PUBLISHED, published)
    await register_menu_button(application)


async def _shown(application: Application, publication: Publication) -> bool:
    """Whether Telegram shows ``publication``'s menu as published (someone may have set
    another with the same token since: @BotFather, another program)."""
    scope, code, commands = publication
    shown = await application.bot.get_my_commands(scope=scope, language_code=code)
    return [(c.command, c.description) for c in shown] == [
        (c.command, c.description) for c in commands
    ]


async def _publish(application: Application, plan: list[Publication]) -> bool:
    """Send every menu of ``plan``; False when the owner's was refused.  Telegram refuses a
    chat's scope until the owner has started the bot ("chat not found"): then it is
    published at the next start, and the other menus are not held up."""
    for scope, code, commands in plan:
        try:
            await application.bot.set_my_commands(commands, scope=scope, language_code=code)
        except BadRequest as error:
            if not isinstance(scope, BotCommandScopeChat):
                raise
            logger.warning("The owner's menu is not published (%s): start the bot first", error)
            return False
    return True


async def register_menu_button(application: Application) -> None:
    """The menu button of private chats: the Mini App with ``TWENTYFOUR_WEBAPP_URL``.

    Telegram keeps one default button for every private chat, in no particular language:
    its label is the English one (a chat in another language gets its own at /start).
    Without the app the button is left as it is (an operator may have set one with
    @BotFather), unless it is the app's, set by an earlier run: it would open a page no
    longer served, so Telegram's default (the command list) takes its place.
    """
    bot = application.bot
    url = services(application).settings.webapp_url
    if url is not None:
        label = gettext_for("en")(MENU_BUTTON)
        await bot.set_chat_menu_button(menu_button=MenuButtonWebApp(label, WebAppInfo(url)))
        return
    current = await bot.get_chat_menu_button()
    ours = {gettext_for(language)(MENU_BUTTON) for language in languages()}
    if isinstance(current, MenuButtonWebApp) and current.text in ours:
        await bot.set_chat_menu_button(menu_button=MenuButtonDefault())
