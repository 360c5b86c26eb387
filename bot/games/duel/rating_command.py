"""/rating and /rating top: a player's duel rating across all chats, and the best players, read
from :mod:`bot.rules.duel.rating`; each player named only as the asking chat knows them
(docs/games.md, *Ratings and each hand's record: what players see*)."""

from __future__ import annotations

import html

from telegram import Message, User
from telegram.constants import ChatType
from telegram.ext import Application, CommandHandler

from bot.context import BotContext
from bot.games.duel.parts import DUELS, RATINGS
from bot.i18n import N_
from bot.play.board_names import shown_name
from bot.play.registry import Help, HelpLine, MenuEntry
from bot.rules.duel.rated_season import (
    SEASON_MIN_OPPONENTS,
    SEASON_MIN_RATED,
    season_rank,
    season_rated,
)
from bot.rules.duel.rating import BOARD_MIN_DUELS, PROVISIONAL_DUELS, PlayerRating, Result, Shown
from bot.rules.seasons.calendar import season_of
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate, for_messages

BOARD_SHOWN = 10
"""Players on each board of /rating top."""
NAME_SHOWN = 40
"""Characters of a name shown (longer ones are cut, with "…")."""


def _cut(name: str) -> str:
    return html.escape(name if len(name) <= NAME_SHOWN else name[: NAME_SHOWN - 1] + "…")


def _points(shown: Shown) -> str:
    return f"{shown.points} ± {shown.plus_minus}"


def _signed(change: int) -> str:
    return f"{change:+d}".replace("-", "−")


def _name_here(context: HandlerContext, update: MessageUpdate, user_id: int) -> str:
    """How ``user_id`` is named in this chat (HTML): :func:`bot.play.board_names.shown_name`."""
    return shown_name(context, update.effective_chat.id, update.effective_user, user_id)


def _replied_user(message: Message) -> User | None:
    """The author of the message that ``message`` replies to, if it is a real reply: in a
    forum topic, every message "replies" to the topic's first (service) message."""
    replied = message.reply_to_message
    if replied is None or replied.forum_topic_created is not None:
        return None
    return replied.from_user


async def rating(update: MessageUpdate, context: HandlerContext) -> None:
    """A player's rating, rank, duels and last results (as a reply: the replied-to player's);
    ``/rating top``: the best players."""
    _ = context._
    args = context.args or []
    if args and args[0].lower() == "top" and len(args) == 1:
        _top(update, context)
        return
    if args and args[0].startswith("@") and len(args) == 1:
        # A bot cannot look a username up (the Bot API has no such method).
        context.reply(
            update,
            _("I cannot look up @names: reply to one of their messages with /rating instead."),
        )
        return
    if args:
        context.reply(
            update,
            _(
                "/rating: your duel rating; /rating top: the best players; "
                "as a reply to someone's message: their rating."
            ),
        )
        return
    viewer = update.effective_user
    who = _replied_user(update.effective_message) or viewer
    if who.is_bot:
        context.reply(update, _("Bots do not duel, so they have no rating."))
        return
    ratings = RATINGS.get(context.bot_data.global_data)
    player = ratings.players.get(who.id)
    mine = who.id == viewer.id
    name = _cut(context.chat_data.members.get(who.id) or who.full_name)
    if player is None or not (player.rated or player.recent):
        if mine and DUELS.get(context.bot_data.global_data).duel_of(who.id) is not None:
            context.reply(update, _("Your first duel is on: it counts once it is finished."))
        elif mine:
            context.reply(update, _("No rated duels yet: /duel to play one."))
        else:
            context.reply(update, _("{name} has no rated duels yet.").format(name=name))
        return
    context.reply(update, "\n".join(_card(context, update, who.id, name, player)))


def _card(
    context: HandlerContext,
    update: MessageUpdate,
    user_id: int,
    name: str,
    player: PlayerRating,
) -> list[str]:
    """The lines of a player's rating."""
    _ = context._
    shown = player.shown
    ratings = RATINGS.get(context.bot_data.global_data)
    if shown.provisional:
        head = _(
            "<b>{name}</b>: {rating}, provisional ({played} of {placement} placement duels)"
        ).format(name=name, rating=_points(shown), played=player.rated, placement=PROVISIONAL_DUELS)
    else:
        head = _("<b>{name}</b>: {rating}").format(name=name, rating=_points(shown))
    rank = ratings.rank(user_id)
    if player.off_boards:
        place = _("Taken off the boards for fair play.")
    elif rank is None:
        place = _("Not ranked yet: it takes {count} rated duels.").format(count=BOARD_MIN_DUELS)
    else:
        place = _("🏅 Rank {rank} of {count} rated players").format(
            rank=rank, count=ratings.ranked()
        )
    lines = [head, place]
    if not player.off_boards:
        lines.append(_season_line(context, user_id, player))
    duels = _("⚔️ Duels: {won} won, {lost} lost").format(won=player.won, lost=player.lost)
    if player.drawn:
        duels += _(", {drawn} drawn").format(drawn=player.drawn)
    if player.friendly:
        duels += context.ngettext(
            " (and {count} friendly duel, not rated)",
            " (and {count} friendly duels, not rated)",
            player.friendly,
        ).format(count=player.friendly)
    lines.append(duels)
    if player.recent:
        lines.append(
            context.ngettext("Last result:", "Last {count} results:", len(player.recent)).format(
                count=len(player.recent)
            )
        )
        for result in player.recent:
            opponent = _name_here(context, update, result.opponent)
            lines.append(
                _result_line(context, result.result, opponent, result.change, result.rated)
            )
    return lines


def _season_line(context: HandlerContext, user_id: int, player: PlayerRating) -> str:
    """This season's rank on its duel board (:mod:`bot.rules.duel.rated_season`), or how far
    from it; the rating itself is the all-time one."""
    _ = context._
    season = season_of(context.bot_data.local_now())
    standing = season_rank(RATINGS.get(context.bot_data.global_data), season, user_id)
    if standing is not None:
        return _("🗓 Season {season}: rank {rank} of {count}").format(
            season=season, rank=standing[0], count=standing[1]
        )
    played = season_rated(player, season)
    if played >= SEASON_MIN_RATED:
        return _(
            "🗓 Season {season}: rated duels against {needed} different established players to be "
            "ranked"
        ).format(season=season, needed=SEASON_MIN_OPPONENTS)
    return _(
        "🗓 Season {season}: {played} of {needed} rated duels against established players "
        "to be ranked"
    ).format(season=season, played=played, needed=SEASON_MIN_RATED)


def _result_line(
    context: BotContext, result: Result, opponent: str, change: int, rated: bool
) -> str:
    """One of the last results: ``✅ won against Bob: +52`` (an opponent the chat does not
    know is named by their public name or handle, never left out)."""
    _ = context._
    what = {
        Result.WON: _("✅ won against {name}"),
        Result.LOST: _("❌ lost to {name}"),
        Result.DRAWN: _("🤝 drew with {name}"),
    }[result].format(name=opponent)
    if not rated:
        return _("{result} (friendly)").format(result=what)
    return player_line(what, _signed(change), context)


def _top(update: MessageUpdate, context: HandlerContext) -> None:
    """The best players everywhere and, in a group, among its members."""
    _ = context._
    ratings = RATINGS.get(context.bot_data.global_data)
    chat, viewer = update.effective_chat, update.effective_user.id
    everywhere = ratings.top(BOARD_SHOWN)
    if not everywhere:
        context.reply(
            update,
            _("Nobody has {count} rated duels yet: /duel to play one.").format(
                count=BOARD_MIN_DUELS
            ),
        )
        return
    lines = [_("<b>🌍 Top players</b> ({count} rated duels or more)").format(count=BOARD_MIN_DUELS)]
    lines += _board(context, update, everywhere)
    rank = ratings.rank(viewer)
    if rank is not None and viewer not in everywhere:
        lines.append(
            _("You: rank {rank}, {rating}").format(
                rank=rank, rating=_points(ratings.players[viewer].shown)
            )
        )
    if chat.type != ChatType.PRIVATE:
        here = ratings.top(BOARD_SHOWN, among=context.chat_data.members)
        lines += ["", f"<b>👥 {_cut(chat.title or '')}</b>"]
        lines += _board(context, update, here) or [
            _("Nobody here has {count} rated duels yet.").format(count=BOARD_MIN_DUELS)
        ]
    lines += ["", _("Ranked by rating − 3 × ±: a rating proven over many duels ranks higher.")]
    context.reply(update, "\n".join(lines))


def _board(context: HandlerContext, update: MessageUpdate, players: list[int]) -> list[str]:
    ratings = RATINGS.get(context.bot_data.global_data)
    return [
        player_line(
            _name_here(context, update, player),
            _points(ratings.players[player].shown),
            context,
            place,
        )
        for place, player in enumerate(players, 1)
    ]


def register(application: Application) -> None:
    """/rating (and /rating top)."""
    application.add_handler(CommandHandler("rating", for_messages(rating)))


def help_lines(context: BotContext) -> list[HelpLine]:
    """/rating's line of /help."""
    return [
        HelpLine(
            Help.GAMES,
            50,
            context._(
                "/rating: your duel rating, rank and last results (/rating top: the best "
                "players; as a reply to someone's message: their rating)"
            ),
        )
    ]


MENU = (MenuEntry(72, "rating", N_("Your duel rating (/rating top: the best players)")),)
