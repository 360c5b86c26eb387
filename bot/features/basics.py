"""Telegram handlers: thin functions that read the update, call the solver, and reply."""

from __future__ import annotations

import html
import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.error import BadRequest, Forbidden
from telegram.ext import (
    Application,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.context import SORRY, BotContext
from bot.i18n import language_choices
from bot.play import visibility
from bot.play.chat_moves import move_chat
from bot.play.miniapp import label_menu_button
from bot.play.registry import Help, HelpLine, games_of
from bot.play.visibility import privacy_would_hide
from bot.services.limits import in_messages
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

logger = logging.getLogger(__name__)


async def start(update: MessageUpdate, context: HandlerContext) -> None:
    """Greet the user and say how to play; a deep link (``/start daily``) goes to the
    feature that registered it."""
    if update.effective_chat.type == ChatType.PRIVATE and len(context.args or []) == 1:
        payload = (context.args or [""])[0]
        # A link with a token of its own (duel_TOKEN) goes to the feature of its prefix.
        links = context.bot_data.deep_links
        opened = links.get(payload) or links.get(payload.split("_", 1)[0] + "_")
        if opened is not None:
            await opened(update, context)
            return
    _ = context._
    name = html.escape(update.effective_user.first_name)
    if update.effective_chat.type == ChatType.PRIVATE:
        text = _(
            "Hi {name}! I am Twenty-Four, the 24 game.\n"
            "Make 24 from four cards with + − × ÷ and brackets, each card used once.\n"
            "Send /play for a hand, /daily for today's puzzle, or /help for everything I can do."
        ).format(name=name)
    else:
        text = _(
            "Hi! I am Twenty-Four. /play deals a hand here: the first to make 24 wins. "
            "Ask me /solve 3 3 8 8, or /help to see how to play here."
        )
    context.reply(update, text, key="start")
    if update.effective_chat.type == ChatType.PRIVATE and context.language != "en":
        label_menu_button(context, update.effective_chat.id)


def _position(line: HelpLine) -> int:
    """Where a line of /help stands in its section."""
    return line.position


async def help_command(update: Update, context: BotContext) -> None:
    """Explain the commands, in short sections, and how answers reach the bot."""
    _ = context._
    lines = [
        HelpLine(Help.GAMES, 0, _("<b>More games</b>")),
        HelpLine(
            Help.GAMES,
            50,
            _(
                "/rating: your duel rating, rank and last results (/rating top: the best "
                "players; as a reply to someone's message: their rating)"
            ),
        ),
        HelpLine(
            Help.GAMES,
            60,
            _(
                "/name Ann: your public name on the boards that span every chat (else a handle "
                "such as Player-7F3A9C); /name clear removes it"
            ),
        ),
        HelpLine(
            Help.GAMES,
            65,
            _(
                "/season: this month's boards (duels, Rush); at the month's end their first "
                "three win a trophy and ratings regain uncertainty; /season 2026-11: a past "
                "season's tables. /groups top: this week's groups, for groups their admins "
                "list in /settings"
            ),
        ),
        HelpLine(
            Help.GAMES,
            66,
            _(
                "/achievements: what you earned and how far the next ones are; /me: your "
                "profile card (either as a reply to someone's message: theirs)"
            ),
        ),
        HelpLine(
            Help.TOOLS,
            10,
            _(
                "<b>Solving and settings</b>\n"
                "/solve 3 3 8 8: every distinct solution of any numbers\n"
                "/settings: deck, difficulty, time, target, cards, language (admins)\n"
                "/language {languages}: the chat's language (admins in groups); /language alone "
                "names it"
            ).format(languages=language_choices(context.language)),
        ),
    ]
    for game in games_of(context.bot_data):
        if game.help is not None:
            lines.extend(game.help(context))
    # Each section is one message of the catalogue, headed in bold, a command to a line.
    parts = [
        _(
            "<b>Twenty-Four</b>: make 24 from the cards with + − × ÷ and brackets, "
            "each card used exactly once. J=11, Q=12, K=13, A=1."
        )
    ]
    for section in Help:
        shown = sorted((line for line in lines if line.section is section), key=_position)
        if shown:
            parts.append("\n".join(line.text for line in shown))
    # Last, after every command: how answers reach the bot (privacy mode in groups).
    chat_type = update.effective_chat.type if update.effective_chat else ChatType.PRIVATE
    if chat_type != ChatType.PRIVATE and visibility.sees_all(context, chat_type):
        parts.append(visibility.answers_line(context, chat_type))
    else:
        answering = _(
            "In groups I see only commands, replies to my messages and mentions "
            "(Telegram's privacy mode), so answer with /a, by replying to the cards, or by "
            "starting with my name: @{bot} (8-2)*4. In private, just type your answer, like "
            "(8-2)*4."
        ).format(bot=context.bot.username)
        if chat_type != ChatType.PRIVATE:
            answering += "\n" + visibility.answers_line(context, chat_type)
        parts.append(answering)
    # In languages that take more words, every section no longer fits one message of
    # Telegram's 4096 characters: the sections go in as few messages as they fit.
    for number, text in enumerate(in_messages(parts)):
        context.reply(update, text, key=f"help-{number}")


def _known_commands(application: Application) -> set[str]:
    """Every command a feature has registered (PTB matches them in lower case)."""
    return {
        command
        for handlers in application.handlers.values()
        for handler in handlers
        if isinstance(handler, CommandHandler)
        for command in handler.commands
    }


async def unknown_command(update: MessageUpdate, context: HandlerContext) -> None:
    """A command no feature knows, in private: say briefly what there is (in groups, where
    other bots' commands pass by, nothing is said)."""
    text = update.effective_message.text or ""
    command = text.split(maxsplit=1)[0][1:].split("@")[0].lower()
    if command in _known_commands(context.application):
        return  # a known command: its own handler answered
    context.reply(
        update,
        context._(
            "I don't know /{command}. Try /play for a hand, /daily for today's puzzle or "
            "/solve 3 3 8 8; /help lists everything."
        ).format(command=html.escape(command[:32])),
    )


async def added_to_group(update: Update, context: BotContext) -> None:
    """Greet a group when someone adds the bot to it."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    was_in = change.old_chat_member.status in ("member", "administrator", "creator")
    is_in = change.new_chat_member.status in ("member", "administrator")
    promoted = change.new_chat_member.status == "administrator"
    was_admin = change.old_chat_member.status == "administrator"
    if context.chat_data is not None and is_in:
        # Telegram gives an admin bot every message of the group (privacy mode or not).
        context.chat_data.sees_all = promoted
    if is_in and not was_in:
        if visibility.sees_all(context, change.chat.type):
            how = context._("Just type your answer, like (8-2)*4.")
        else:
            how = (
                context._("Answer with /a followed by your expression, or reply to the cards.")
                + "\n"
                + visibility.answers_line(context, change.chat.type)
            )
        context.send(
            change.chat.id,
            context._(
                "Hi everyone! I am Twenty-Four, the 24 game. /play deals four cards: the "
                "first to make 24 wins. {how} /help for more."
            ).format(how=how),
        )
    elif is_in and promoted and not was_admin:
        context.send(change.chat.id, visibility.answers_line(context, change.chat.type))
    elif was_in and not is_in:
        logger.info("Removed from chat %s", change.chat.id)


async def migrate_chat(update: Update, context: BotContext) -> None:
    """Move a group's data and jobs when Telegram upgrades it to a supergroup."""
    message = update.effective_message
    if message is None:
        return
    # Telegram sends two service messages: migrate_to_chat_id in the old group and
    # migrate_from_chat_id in the new supergroup.  Move the data once, while the old chat
    # still has it (PTB's chat_data would hand the second call an empty default).
    old_chat_id = message.migrate_from_chat_id or message.chat.id
    new_chat_id = message.migrate_to_chat_id or message.chat.id
    move_chat(context, old_chat_id, new_chat_id)


async def error_handler(update: object, context: BotContext) -> None:
    """Log the error and tell the user briefly that something went wrong."""
    error = context.error
    if isinstance(error, Forbidden):
        # The bot was blocked or removed from the chat: nothing can be sent there any more.
        logger.info("Forbidden in update %s: %s", getattr(update, "update_id", "?"), error)
        return
    if isinstance(error, BadRequest) and "message is not modified" in str(error).lower():
        return
    logger.error("Exception while handling an update", exc_info=error)
    if isinstance(update, Update) and update.effective_chat:
        context.send(update.effective_chat.id, context._(SORRY), key="sorry")


async def track(update: Update, context: BotContext) -> None:
    """Remember, before any other handler runs, who spoke in a chat and in what language."""
    user, chat = update.effective_user, update.effective_chat
    if user is None or context.chat_data is None:
        return
    if user.language_code:
        # Timers and match deals have no user: they speak as the chat was last spoken to.
        context.chat_data.language.recent = user.language_code
    if chat is not None and chat.type != ChatType.PRIVATE:
        context.chat_data.members[user.id] = user.full_name
        if user.username:  # for /duel @name (a bot cannot look a username up)
            context.chat_data.usernames[user.username.lower()] = user.id
        message = update.message or update.edited_message  # users' messages (not a button's)
        if message is not None and not context.chat_data.sees_all:
            bot = context.bot
            context.chat_data.sees_all = privacy_would_hide(message, bot.id, bot.username)


def register(application: Application) -> None:
    """/start, /help, the greeting in a new group, group upgrades and the error handler;
    and, first of all, who spoke where (:func:`track`)."""
    # Group -1 runs before the handlers of group 0, for every update.
    application.add_handler(TypeHandler(Update, track), group=-1)
    application.add_handler(CommandHandler("start", for_messages(start)))
    application.add_handler(CommandHandler("help", help_command))
    application.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, migrate_chat))
    application.add_handler(ChatMemberHandler(added_to_group, ChatMemberHandler.MY_CHAT_MEMBER))
    # Group 1 runs after every feature's handlers of group 0, which are registered later.
    private_commands = filters.ChatType.PRIVATE & filters.COMMAND
    application.add_handler(
        MessageHandler(private_commands, for_messages(unknown_command)), group=1
    )
    application.add_error_handler(error_handler)
