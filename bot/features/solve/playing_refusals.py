"""Why /solve (or inline mode) keeps a game's solutions from a user: the wording of its
refusals, which speak to who is asking. A player of the game is told it is "a hand you are
playing" (and of /hint, which only a round's player in its chat can ask for, as a vote in a
group; a player's own game, a friend's challenge or a Rush run on the game's page, has no
round and no /hint); anyone else of "a hand being played here" (asked in its chat) or "in a
group you are in" (asked anywhere else): a member who has not played is not playing it."""

from __future__ import annotations

from bot.context import BotContext
from bot.play.game_life import duel_on
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
    cards."""
    _ = context._
    held = spoiled.held
    plays = _plays(spoiled, user_id)
    here = spoiled.chat_id == chat_id
    if data is not None and not spoiled.own:
        if duel_on(data, context.bot_data.global_data):
            if held:
                return _(
                    "No spoilers: those numbers hold the hand of a duel on right now. "
                    "Ask again once the hand is over."
                )
            return _(
                "No spoilers: three of those numbers are cards of a duel on right now. "
                "Ask again once the hand is over."
            )
        if data.table.counting:
            if plays:
                return _(
                    "No spoilers: those are numbers of a Countdown game you are playing "
                    "right now. Ask again once it is over."
                )
            if here:
                return _(
                    "No spoilers: those are numbers of a Countdown game being played here "
                    "right now. Ask again once it is over."
                )
            return _(
                "No spoilers: those are numbers of a Countdown game being played right now "
                "in a group you are in. Ask again once it is over."
            )
        if data.table.rushing:
            if held:
                return _(
                    "No spoilers: that hand is being played in a Rush run right now. Ask again "
                    "once that hand is solved or skipped."
                )
            return _(
                "No spoilers: three of those numbers are cards of a hand being played in a "
                "Rush run right now. Ask again once that hand is solved or skipped."
            )
        if data.table.hunting:
            return _hunt_refusal(held, plays, here, context)
    if spoiled.own:
        return _own_refusal(held, context)
    return _round_refusal(held, plays, here, context)


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


def _hunt_refusal(held: bool, plays: bool, here: bool, context: BotContext) -> str:
    """A Solution Hunt's refusal (see :func:`playing_refusal`)."""
    _ = context._
    if plays and held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt you are "
            "playing right now. Ask again once it is over."
        )
    if plays:
        return _(
            "No spoilers: three of those numbers are cards of a Solution Hunt you are "
            "playing right now. Ask again once it is over."
        )
    if here and held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt being played here "
            "right now. Ask again once it is over."
        )
    if here:
        return _(
            "No spoilers: three of those numbers are cards of a Solution Hunt being played "
            "here right now. Ask again once it is over."
        )
    if held:
        return _(
            "No spoilers: those numbers hold the hand of a Solution Hunt being played right "
            "now in a group you are in. Ask again once it is over."
        )
    return _(
        "No spoilers: three of those numbers are cards of a Solution Hunt being played "
        "right now in a group you are in. Ask again once it is over."
    )


def _round_refusal(held: bool, plays: bool, here: bool, context: BotContext) -> str:
    """A round's refusal (see :func:`playing_refusal`): /hint is named to its players asking
    in its chat, who alone can ask for one."""
    _ = context._
    if plays and here and held:
        return _(
            "No spoilers: those numbers hold a hand you are playing right now. "
            "Ask again once its round is over (/hint helps meanwhile)."
        )
    if plays and here:
        return _(
            "No spoilers: three of those numbers are cards of a hand you are playing right "
            "now. Ask again once its round is over (/hint helps meanwhile)."
        )
    if plays and held:
        return _(
            "No spoilers: those numbers hold a hand you are playing right now. "
            "Ask again once its round is over."
        )
    if plays:
        return _(
            "No spoilers: three of those numbers are cards of a hand you are playing right "
            "now. Ask again once its round is over."
        )
    if here and held:
        return _(
            "No spoilers: those numbers hold a hand being played here right now. "
            "Ask again once its round is over."
        )
    if here:
        return _(
            "No spoilers: three of those numbers are cards of a hand being played here "
            "right now. Ask again once its round is over."
        )
    if held:
        return _(
            "No spoilers: those numbers hold a hand being played right now in a group you "
            "are in. Ask again once its round is over."
        )
    return _(
        "No spoilers: three of those numbers are cards of a hand being played right now in "
        "a group you are in. Ask again once its round is over."
    )


def duel_refusal(held: bool, context: BotContext) -> str:
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
