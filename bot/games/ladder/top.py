"""``/train top``, the board of puzzle ratings (established players only, off-the-boards
players left out, named as the other boards that span every chat name them), and
``/review``, which deals on request the hands the player missed or solved slowest lately."""

from __future__ import annotations

from bot.games.ladder import play, words
from bot.games.ladder.parts import LADDER_RATINGS
from bot.play import game_life, set_aside
from bot.play.board_names import shown_name
from bot.rules.ladder.training import REVIEW_DEALT
from bot.texts import player_line
from bot.typed_handlers import HandlerContext, MessageUpdate

BOARD_SHOWN = 10
NAME_SHOWN = 32
"""Characters of a name shown on the board."""


def _name(update: MessageUpdate, context: HandlerContext, user_id: int) -> str:
    """How the board names a player here (HTML): as every board names players."""
    chat = update.effective_chat.id
    return shown_name(context, chat, update.effective_user, user_id, NAME_SHOWN)


def board(update: MessageUpdate, context: HandlerContext) -> None:
    """/train top: the best puzzle ratings everywhere, and the asker's."""
    data = context.bot_data.global_data
    ladder = LADDER_RATINGS.get(data)
    off = data.off_boards
    ranked = [user for user in ladder.board(BOARD_SHOWN + len(off.players)) if user not in off]
    ranked = ranked[:BOARD_SHOWN]
    me = ladder.player(update.effective_user.id)
    if not ranked:
        lines = [words.board_empty(context)]
    else:
        lines = [words.board_heading(context)]
        lines += [
            player_line(_name(update, context, user), ladder.players[user].shown, context, place)
            for place, user in enumerate(ranked, 1)
        ]
    if update.effective_user.id not in ranked:
        lines += ["", words.board_you(me.shown, me.results, context, me.steady)]
    context.reply(update, "\n".join(lines))


async def review(update: MessageUpdate, context: HandlerContext) -> None:
    """/review in private: deal the hands missed or solved slowest in the last 30 days,
    the misses first (never dealt again unasked)."""
    if not play.in_private(update, context, review=True):
        return
    chat_id, user_id = update.effective_chat.id, update.effective_user.id
    training = play.training_of(context.chat_data)
    if training.live:
        context.reply(update, words.training_on(context, training.reviewing))
        return
    if game_life.refused(update, context):
        return
    keys = LADDER_RATINGS.get(context.bot_data.global_data).review(user_id, context.today())[
        :REVIEW_DEALT
    ]
    if not keys:
        context.reply(update, words.nothing_to_review(context))
        return
    training.review = list(keys)
    play.begin(context, training, user_id)
    set_aside.take_answers(context, chat_id)
    context.reply(update, words.review_start(len(keys), context), game=True)
    await play.deal_next(context, chat_id, user_id)
