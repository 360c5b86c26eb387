"""A player's own game set aside in their private chat by another game, its clock running
on, and taken up again (the daily puzzle's: :attr:`bot.play.registry.Game.aside`): said at
the other game's start (:func:`take_answers`), reminded at its end (:func:`remind`), answers
routed back (:func:`waiting`), no give-up by chance (:func:`offer_give_up`; docs/games.md,
*What both do alike*)."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.registry import Aside, Game, Told
from bot.play.registry import game_on as a_game_on
from bot.state import CHATS_GAME, ChatData
from bot.typed_handlers import HandlerContext, MessageUpdate


def _asides(context: BotContext) -> tuple[Aside, ...]:
    return tuple(game.aside for game in context.bot_data.games if game.aside is not None)


def own_game(context: BotContext, chat: ChatData) -> Game | None:
    """The player's own game that the chat's plain answers go to (by the word it declares:
    the daily puzzle's attempt, a friend's challenge); None: the chat's game."""
    if chat.answers_to == CHATS_GAME:
        return None
    return next(
        (game for game in context.bot_data.games if game.answers_to == chat.answers_to), None
    )


def answers_to(context: BotContext, chat: ChatData) -> str:
    """What the chat's plain answers go to, read: a word no game declares (a later
    release's) is the chat's game (``CHATS_GAME``), so the chat can still count as free."""
    if own_game(context, chat) is None:
        return CHATS_GAME
    return chat.answers_to


def own_game_on(context: BotContext, chat: ChatData) -> bool:
    """Whether the chat's plain answers go to a player's own game that sets nothing aside
    (a friend's challenge): its answers are its own."""
    own = own_game(context, chat)
    return own is not None and own.aside is None


def game_on(context: BotContext, chat_id: int, chat: ChatData) -> bool:
    """Whether a game of the chat other than one set aside is on, or on its way (a round, a
    hunt, a hand being looked for, a match between two rounds, a duel, a player's own game
    that sets nothing aside: a friend's challenge)."""
    return (
        own_game_on(context, chat)
        or chat.table.held
        or chat_id in context.bot_data.dealing
        or a_game_on(chat, context.bot_data) is not None
    )


def free(context: BotContext, chat_id: int, chat: ChatData) -> bool:
    """Whether no game of the chat is on, nor on its way, and no own game shown."""
    return answers_to(context, chat) == CHATS_GAME and not game_on(context, chat_id, chat)


def busy_text(
    context: BotContext, chat_id: int, command: str | None, general: Told | None = None
) -> str | None:
    """Why a daily puzzle (``command`` opens it), or a friend's challenge (``command`` None,
    its ``general`` words given), cannot be started in a private chat now: another game of
    the player's is on there (None: it can), and how to end that game: the game's own words,
    else ``general`` (the opened game's own: a challenge's), else "then ``command``".  The
    new one would hide that game, and its answers, /hint and /giveup would no longer go where
    the player means them (a give-up or a wrong answer to the daily is a day missed), so it
    waits, its clock not started, until that game is over.  In a group nothing of this applies."""
    chat = context.application.chat_data.get(chat_id)
    if chat_id <= 0 or chat is None or not game_on(context, chat_id, chat):
        return None
    _ = context._
    on = a_game_on(chat, context.bot_data)
    if on is not None and on.opening is not None:  # a duel, a Rush run: its own way to end
        return on.opening(context, command)
    if chat.table.held:  # /giveup would end a hand, not the series that holds the table
        held = next((game.held for game in context.bot_data.games if game.held), None)
        if held is not None:  # the rounds' match: its words
            return held(context, command)
    # A round (or its hand on the way), a hunt, a Countdown game, a challenge.
    if general is not None:
        return general(context)
    return _("A game is on here: answer it or /giveup first, then {command}.").format(
        command=command
    )


def waiting(context: HandlerContext, chat_id: int) -> bool:
    """In a handler: whether the chat's plain answers go to its player's own game though it
    was set aside: in private, its clock runs and no other game is on."""
    return any(aside.waiting(context, chat_id) for aside in _asides(context))


def take_answers(context: BotContext, chat_id: int, to: str = CHATS_GAME) -> None:
    """A game starts in the chat: its plain answers go to it (``to``: the word of a player's
    own game, or the chat's game).  In private, while
    the player's own game's clock runs, say first that it is set aside."""
    chat = context.application.chat_data.get(chat_id)
    if chat is None:
        return
    for aside in _asides(context):
        note = aside.note(context, chat_id)
        if note is not None:
            # In the game's lane: the note comes before the game's first message, never after.
            context.send(chat_id, note, game=True)
    chat.answers_to = to


def remind(context: BotContext, chat_id: int) -> None:
    """A game has ended in the chat (its end told): in private, while the player's own
    game's clock runs and no other game is on, remind them once that it waits."""
    chat = context.application.chat_data.get(chat_id)
    if chat is None:
        return
    for aside in _asides(context):
        text = aside.reminder(context, chat_id)
        if text is not None and free(context, chat_id, chat):
            context.send(chat_id, text, game=True)


def offer_give_up(update: MessageUpdate, context: HandlerContext) -> bool:
    """A give-up (/giveup, /reveal, /stop) with no game on while an own game set aside
    waits: ask, with a button that gives it up (never by chance).  False when none waits
    (nothing was said)."""
    return any(aside.give_up(update, context) for aside in _asides(context))
