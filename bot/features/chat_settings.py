"""/settings (an inline keyboard; in groups, admins only: anyone else reads them, without
buttons) and /language."""

from __future__ import annotations

import dataclasses
import html
import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatType
from telegram.ext import Application, CallbackQueryHandler, ChatMemberHandler, CommandHandler

from bot.context import BotContext
from bot.i18n import (
    K_,
    N_,
    canonical,
    chosen_language,
    label_in_english,
    language_choices,
    languages,
)
from bot.i18n import language_name as own_name
from bot.play import visibility
from bot.play.admins import is_admin, member_changed
from bot.play.listed_groups import is_listed, set_listed
from bot.play.miniapp import label_menu_button
from bot.play.registry import Feature, Help, HelpLine, Menu, MenuEntry, Setting
from bot.rules.table import (
    CARD_COUNTS,
    DECKS,
    DIFFICULTIES,
    TIME_LIMITS,
    UNTIMED_WORDS,
    GameSettings,
)
from bot.services.solving import DealRefused
from bot.texts import DIFFICULTY_LABELS, deal_refusal
from bot.typed_handlers import (
    ButtonUpdate,
    ChatContext,
    HandlerContext,
    MessageUpdate,
    for_buttons,
    for_messages,
)

TARGETS = (24, 10, 36, 100)
"""Targets offered as buttons; ``/settings target N`` sets any whole number from 1 to 100."""


def _describe(
    settings: GameSettings, context: ChatContext, chat_type: str, listed: bool = False
) -> str:
    """The settings as text (``listed``: a group's on /groups top)."""
    _ = context._
    low, high = settings.deck
    lines = [
        _("<b>Settings</b>"),
        _("Deck: {low}–{high}").format(low=low, high=high),
        _("Difficulty: {value}").format(value=_(DIFFICULTY_LABELS[settings.difficulty])),
        _("Time limit: {value}").format(
            value=_("{seconds} s").format(seconds=settings.time_limit)
            if settings.time_limit
            else _("untimed")  # as its button reads
        ),
        _("Target: {value}").format(value=settings.target),
        _("Cards: {value}").format(value=settings.cards),
        _("Unsolvable hands: {value}").format(value=_("on") if settings.unsolvable else _("off")),
        _("Language: {value}").format(value=language_name(context)),
        *(setting.line(settings, context) for setting in game_settings(context)),
    ]
    if chat_type != ChatType.PRIVATE:  # how answers reach the bot here, for the admins
        lines.append(_("Listed on /groups top: {value}").format(value=_on_off(context, listed)))
        lines.append(visibility.answers_line(context, chat_type))  # last: the admins' tip
    return "\n".join(lines)


def _on_off(context: ChatContext, on: bool) -> str:
    return context._("on") if on else context._("off")


def _keyboard(
    settings: GameSettings, context: ChatContext, listed: bool | None = None
) -> InlineKeyboardMarkup:
    """The settings' buttons (``listed``: a group's on /groups top; None in private)."""
    _ = context._

    def button(label: str, key: str, value: object, current: object) -> InlineKeyboardButton:
        mark = "• " if value == current else ""
        return InlineKeyboardButton(mark + label, callback_data=f"cfg:{key}:{value}")

    rows = [
        [button(f"{lo}–{hi}", "deck", hi, settings.deck[1]) for lo, hi in DECKS],
        [
            button(_(DIFFICULTY_LABELS[d]), "difficulty", d or "any", settings.difficulty or "any")
            for d in DIFFICULTIES
        ],
        [
            button(
                _("{seconds} s").format(seconds=t) if t else _("untimed"),
                "time",
                t,
                settings.time_limit,
            )
            for t in TIME_LIMITS
        ],
        [button(str(t), "target", t, settings.target) for t in TARGETS],
        [button(_("{n} cards").format(n=n), "cards", n, settings.cards) for n in CARD_COUNTS],
        [
            button(_("unsolvable: on"), "unsolvable", "on", "on" if settings.unsolvable else "off"),
            button(
                _("unsolvable: off"), "unsolvable", "off", "on" if settings.unsolvable else "off"
            ),
        ],
        *(
            [
                button(label, setting.key, value, setting.current(settings))
                for label, value in setting.buttons(settings, context)
            ]
            for setting in game_settings(context)
        ),
    ]
    codes = [*languages(), "auto"]
    chosen = context.chat_data.language.chosen or "auto"
    names = [own_name(code) if code != "auto" else _("automatic") for code in codes]
    buttons = [
        button(name, "language", code, chosen) for name, code in zip(names, codes, strict=True)
    ]
    rows.extend(buttons[i : i + 3] for i in range(0, len(buttons), 3))
    if listed is not None:  # a group, on /groups top or not (bot.play.listed_groups)
        current = "on" if listed else "off"
        rows.append(
            [
                button(_("/groups top: on"), "groups", "on", current),
                button(_("/groups top: off"), "groups", "off", current),
            ]
        )
    return InlineKeyboardMarkup(rows)


def _listing(update: MessageUpdate | ButtonUpdate, context: ChatContext, value: str) -> str | None:
    """``/settings groups on`` (or off, or its button) in a group; why not, or None once done."""
    chat = update.effective_chat
    if chat.type == ChatType.PRIVATE or value not in ("on", "off"):
        return usage(context, "groups")
    if not set_listed(context, chat.id, chat.title or "", value == "on"):
        return context._("A group whose title holds a link or an @ is not listed on /groups top.")
    return None


def _listed(update: MessageUpdate | ButtonUpdate, context: ChatContext) -> bool | None:
    """Whether the group is on /groups top (None in a private chat)."""
    chat = update.effective_chat
    return None if chat.type == ChatType.PRIVATE else is_listed(context, chat.id)


SETTING_WORDS = (
    K_("keyword", "deck"),
    K_("keyword", "difficulty"),
    K_("keyword", "time"),
    K_("keyword", "target"),
    K_("keyword", "cards"),
    K_("keyword", "unsolvable"),
    K_("keyword", "language"),
)
"""The settings' names (each language brings its own words for them, and for on, off, auto;
the games' settings bring theirs: :func:`setting_words`)."""
VALUE_WORDS = (K_("keyword", "on"), K_("keyword", "off"), K_("keyword", "auto"))


def game_settings(context: BotContext) -> tuple[Setting, ...]:
    """The games' settings of a chat (:attr:`bot.play.registry.Game.setting`), in their order."""
    return tuple(game.setting for game in context.bot_data.games if game.setting is not None)


def setting_words(context: BotContext) -> tuple[str, ...]:
    """Every setting's name: the chat's own, then the games'."""
    return (*SETTING_WORDS, *(setting.key for setting in game_settings(context)))


def language_name(context: ChatContext) -> str:
    """The chat's language by its own name, or that each player gets their own."""
    chosen = context.chat_data.language.chosen
    return own_name(chosen) if chosen else context._("each player's own")


def language_lines(context: ChatContext) -> str:
    """Each language's code and own name, a line each, and auto."""
    lines = [f"{code} — {own_name(code)}" for code in languages()]
    return "\n".join([*lines, "auto — " + context._("each player's own")])


def usage(context: ChatContext, key: str) -> str:
    """What values the setting ``key`` takes, with an example (in the user's language); for
    a word that is no setting, the settings there are."""
    _ = context._
    usages = {
        "deck": _("The deck is 1–10 or 1–13 (or just 10 or 13), like /settings deck 1–10."),
        "difficulty": _(
            "The difficulty is any, easy, medium or hard, like /settings difficulty easy."
        ),
        "time": _(
            "The time limit is untimed (or 0), 30, 60, 120 or 300 seconds, like /settings time 60."
        ),
        "target": _("The target is a whole number from 1 to 100, like /settings target 36."),
        "cards": _("A hand has 3, 4, 5 or 6 cards, like /settings cards 5."),
        **{setting.key: setting.usage(context) for setting in game_settings(context)},
        "unsolvable": _("Unsolvable hands are on or off, like /settings unsolvable on."),
        "language": _("The language is {languages}, like /settings language auto.").format(
            languages=language_choices(context.language)
        ),
        "groups": _("In a group, /settings groups on lists it on /groups top (off: not)."),
    }
    if key in usages:
        return usages[key]
    keys = [each for each in usages if each != "groups"]  # a group's own: on its card there
    return _(
        "There is no setting “{key}”. The settings are {settings}: try /settings target 36."
    ).format(key=key[:32], settings=_(", ").join(keys))


_DASHES = str.maketrans(dict.fromkeys("–—−‐‑", "-"))
_SECONDS = re.compile(r"([0-9]+)(?:s|secs?|seconds?|秒)", re.IGNORECASE)


def typed_value(context: ChatContext, key: str, value: str) -> str:
    """A value typed after ``/settings key`` as the buttons and the card label it ("1–10" or
    "1-10", "untimed", "30 s"; "none" and the like too), turned into the value its button
    sets; any other value unchanged."""
    value = canonical(value, VALUE_WORDS)
    if key == "difficulty":  # "fácil": as the button reads
        value = label_in_english(value, tuple(DIFFICULTY_LABELS.values()))
    if key == "time":  # "不计时"
        value = label_in_english(value, ("untimed",))
    folded = "".join(value.split()).translate(_DASHES)  # "1 – 10", "30 s"
    if key == "deck":
        for low, high in DECKS:
            if folded == f"{low}-{high}":
                return str(high)
    if key == "time" and folded.lower() in UNTIMED_WORDS:
        return "0"
    seconds = _SECONDS.fullmatch(folded)
    in_seconds = {setting.key for setting in game_settings(context) if setting.seconds}
    if (key == "time" or key in in_seconds) and seconds:
        return seconds[1]
    return value


def apply(settings: GameSettings, context: ChatContext, key: str, value: str) -> bool:
    """Change one setting from a button or a command; False for a value out of range."""
    for setting in game_settings(context):
        if key == setting.key:
            return setting.apply(settings, value)
    if key == "deck" and value in ("10", "13"):
        settings.deck = (1, int(value))
    elif key == "difficulty" and value in ("any", "easy", "medium", "hard"):
        settings.difficulty = None if value == "any" else value
    elif key == "time" and value.isdecimal() and int(value) in TIME_LIMITS:
        settings.time_limit = int(value)
    elif key == "target" and value.isdecimal() and 1 <= int(value) <= 100:
        settings.target = int(value)
    elif key == "cards" and value.isdecimal() and int(value) in CARD_COUNTS:
        settings.cards = int(value)
    elif key == "unsolvable" and value in ("on", "off"):
        settings.unsolvable = value == "on"
    elif key == "language" and value == "auto":
        context.chat_data.language.chosen = None
    elif key == "language" and (language := chosen_language(value)) is not None:
        context.chat_data.language.chosen = language
    else:
        return False
    return True


async def change(
    settings: GameSettings, context: ChatContext, key: str, value: str, user_id: int
) -> str | None:
    """Change one setting; returns why not (in the user's language), or None once changed.

    A change that would leave no hand to deal (a difficulty for 6 cards; no hard hands of 3
    cards that make 97) is refused here, with what would work, rather than failing at every
    /play.
    """
    while True:
        before = dataclasses.replace(settings)
        trial = dataclasses.replace(settings)
        if not apply(trial, context, key, value):
            return usage(context, key)
        try:
            await context.bot_data.solving.check(trial, owner=user_id)
        except DealRefused as refused:
            if refused.problem == "busy":
                return context._("I am busy right now: try that setting again in a minute.")
            return deal_refusal(refused, context)
        if settings == before:
            break
        # Another change landed while this one was checked (two admins, two presses): the
        # pair might leave nothing to deal, so this one is checked again on top of it.
    apply(settings, context, key, value)
    return None


async def settings_command(update: MessageUpdate, context: HandlerContext) -> None:
    """Show the chat's settings with buttons; ``/settings target 36`` sets a value directly."""
    _ = context._
    settings = context.chat_data.table.settings
    if not await is_admin(update, context):
        # Anyone may read them (what the next round deals); only the buttons are the admins'.
        only = _("Only the group's admins can change settings.")
        on_top = bool(_listed(update, context))
        described = _describe(settings, context, update.effective_chat.type, on_top)
        context.reply(update, described + "\n\n" + only)
        return
    words = context.args or []
    if len(words) == 1:
        context.reply(
            update, html.escape(usage(context, canonical(words[0], setting_words(context))))
        )
        return
    if words:
        # The rest as one value: "/settings time 30 s" as its button reads.
        key = canonical(words[0], setting_words(context))
        value = typed_value(context, key, " ".join(words[1:]))
        if key == "groups":
            refusal = _listing(update, context, value)
        else:
            refusal = await change(settings, context, key, value, update.effective_user.id)
        if refusal is not None:
            context.reply(update, html.escape(refusal))
            return
    listed = _listed(update, context)
    text = _describe(settings, context, update.effective_chat.type, bool(listed))
    context.reply(update, text, reply_markup=_keyboard(settings, context, listed))


async def settings_button(update: ButtonUpdate, context: HandlerContext) -> None:
    """A settings button was pressed."""
    query = update.callback_query
    if not await is_admin(update, context):
        await query.answer(
            context._("Only the group's admins can change settings."), show_alert=True
        )
        return
    _, key, value = query.data.split(":", 2)
    settings = context.chat_data.table.settings
    if key == "groups":
        refusal = _listing(update, context, value)
    else:
        refusal = await change(settings, context, key, value, update.effective_user.id)
    if refusal is not None:
        await query.answer(refusal[:200], show_alert=True)
        return
    await query.answer()
    listed = _listed(update, context)
    text = _describe(settings, context, update.effective_chat.type, bool(listed))
    keyboard = _keyboard(settings, context, listed)
    # Presses in a row keep only the last edit; an unchanged menu is "not modified".
    context.post(
        update.effective_chat.id,
        lambda: query.edit_message_text(text, reply_markup=keyboard),
        key=f"settings:{query.message.message_id}",
    )


async def language_command(update: MessageUpdate, context: HandlerContext) -> None:
    """/language es (a code or a name of :func:`bot.i18n.languages`, or auto): the chat's
    language (admins only in groups); /language alone says which it is (anyone may ask)."""
    if not context.args:
        context.reply(
            update,
            context._(
                "Language: {value}. Change it with /language and one of these:\n{choices}"
            ).format(value=language_name(context), choices=language_lines(context)),
        )
        return
    if not await is_admin(update, context):
        context.reply(update, context._("Only the group's admins can change settings."))
        return
    words = context.args or []
    value = canonical(" ".join(words), VALUE_WORDS)
    if not apply(context.chat_data.table.settings, context, "language", value):
        context.reply(
            update,
            context._("Use /language and one of these:\n{choices}").format(
                choices=language_lines(context)
            ),
        )
        return
    # Said in the language just chosen (context.language reads the chat's choice).
    context.reply(update, context._("Language: {value}.").format(value=language_name(context)))
    if update.effective_chat.type == ChatType.PRIVATE:
        label_menu_button(context, update.effective_chat.id)


async def chat_member(update: Update, context: BotContext) -> None:
    """A member of a group was promoted or demoted (Telegram says so where the bot is an
    admin): a demoted admin loses the settings rights at once, not within a minute."""
    change = update.chat_member
    if change is not None:
        member = change.new_chat_member
        member_changed(context, change.chat.id, member.user.id, member.status)


def register(application: Application) -> None:
    """/settings with its buttons, and /language; who is an admin, as Telegram tells it."""
    application.add_handler(ChatMemberHandler(chat_member, ChatMemberHandler.CHAT_MEMBER))
    application.add_handler(CommandHandler("settings", for_messages(settings_command)))
    application.add_handler(CommandHandler("language", for_messages(language_command)))
    application.add_handler(
        CallbackQueryHandler(for_buttons(settings_button), pattern=r"^cfg:\w+:[\w-]+$")
    )


def help_lines(context: BotContext) -> list[HelpLine]:
    """The tools' section of /help: /settings and /language, and /solve with them (one
    message of the catalogue, as translated)."""
    return [
        HelpLine(
            Help.TOOLS,
            10,
            context._(
                "<b>Solving and settings</b>\n"
                "/solve 3 3 8 8: every distinct solution of any numbers\n"
                "/settings: deck, difficulty, time, target, cards, language (admins)\n"
                "/language {languages}: the chat's language (admins in groups); /language alone "
                "names it"
            ).format(languages=language_choices(context.language)),
        )
    ]


FEATURE = Feature(
    "chat settings",
    register,
    menu=(
        MenuEntry(120, "settings", N_("Game settings (admins)"), Menu.ADMINS),
        MenuEntry(121, "language", N_("Chat language: {languages}"), Menu.ADMINS),
        MenuEntry(120, "settings", N_("Game settings"), Menu.PRIVATE),
        MenuEntry(121, "language", N_("Language: {languages}"), Menu.PRIVATE),
    ),
    help=help_lines,
)
