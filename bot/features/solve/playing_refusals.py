"""Why /solve (or inline mode) keeps a game's solutions from a user: the wording of its
refusals, which speak to who is asking. A player of the game is told it is "a hand you are
playing" (and of /hint, which only a round's player in its chat can ask for, as a vote in a
group; a player's own game, a friend's challenge or a Rush run on the game's page, has no
round and no /hint); anyone else of "a hand being played here" (asked in its chat) or "in a
group you are in" (asked anywhere else): a member who has not played is not playing it."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.registry import Asking
from bot.rules.spoilers import Spoiled
from bot.state import ChatData


def _plays(spoiled: Spoiled, user_id: int) -> bool:
    """Whether the user plays the game: their own private chat's, or one they started or
    answered in."""
    if spoiled.chat_id == user_id:
        return True
    players = getattr(spoiled.game, "players", None)  # every chat's game has them
    return isinstance(players, set) and user_id in players


def playing_refusal(
    spoiled: Spoiled, data: ChatData | None, user_id: int, chat_id: int | None, context: BotContext
) -> str:
    """Why a game being played keeps a request's solutions from ``user_id`` (asking in
    ``chat_id``, None inline): "those numbers hold" its hand, or three of them are its
    cards.  A chat's game says it in its own words (:attr:`bot.play.registry.Game.kept`):
    the game on in the chat, else the chat's plain game."""
    asking = Asking(spoiled.held, _plays(spoiled, user_id), spoiled.chat_id == chat_id)
    if spoiled.own:
        return _own_refusal(asking.held, context)
    games = context.bot_data.games
    for game in games:
        on = (
            data is not None and game.on is not None and game.on(data, context.bot_data.global_data)
        )
        if on and game.kept is not None and not game.plain:
            return game.kept(asking, context)
    plain = next((game.kept for game in games if game.plain and game.kept is not None), None)
    if plain is None:  # an application with no plain game: the general words
        return _own_refusal(asking.held, context)
    return plain(asking, context)


def _own_refusal(held: bool, context: BotContext) -> str:
    """A player's own game's refusal (a friend's challenge played in private, a Rush run on
    the game's page): it has no round, and /hint is not for it."""
    _ = context._
    if held:
        return _(
            "No spoilers: those numbers hold a hand you are playing right now. "
            "Ask again once you are done with it."
        )
    return _(
        "No spoilers: three of those numbers are cards of a hand you are playing right now. "
        "Ask again once you are done with it."
    )


def everyone_refusal(held: bool, context: BotContext) -> str:
    """A hand kept from everyone (a duel's, a group's shared Rush hand) refused to someone
    not in its chat (inline mode, which cannot wait for its end; or with too many /solve
    requests waiting already): it never says which game holds it, nor where."""
    _ = context._
    if held:
        return _(
            "No spoilers: those numbers hold a hand someone is playing right now. "
            "Ask again in a minute."
        )
    return _(
        "No spoilers: three of those numbers are cards of a hand someone is playing right "
        "now. Ask again in a minute."
    )
