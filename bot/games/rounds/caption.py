"""A round's deal caption: the hand as digits, its time and difficulty, and how to answer it
in this chat (just typed where the bot sees every message: :mod:`bot.play.visibility`)."""

from __future__ import annotations

from telegram.constants import ChatType

from bot.games.rounds.matches import running_score
from bot.play import visibility
from bot.rules.rounds import Round
from bot.texts import how_to_answer
from bot.typed_handlers import ChatContext


def deal_caption(game: Round, context: ChatContext, match_text: str, private: bool) -> str:
    """The deal's caption: the hand (after ``match_text``, a match's "Round 2 of 5"), the
    match's score so far, its time, its difficulty (or that it may have no solution), and
    how to answer it here."""
    _ = context._
    hand = " ".join(map(str, sorted(game.hand)))  # in the picture's order
    lines = [_("Make {target} from <b>{hand}</b>").format(target=game.target, hand=hand)]
    if match_text:
        lines[0] = f"{match_text} · {lines[0]}"
    score = running_score(context.chat_data.table, context)  # a match's, after its first round
    if score is not None:
        lines.append(score)
    if game.time_limit:
        lines.append(_("Time: {seconds} s.").format(seconds=int(game.time_limit)))
    if context.chat_data.table.settings.unsolvable:
        # Only a solvable hand has a level: every deal reads the same, with none shown.
        lines.append(
            _(
                "This hand may have no solution: then answer /a none "
                "(if it has one, that puts you out of the round)."
            )
        )
    elif game.level is not None:
        lines.append(_("Difficulty: {level}/5.").format(level=game.level))
    # Where the bot sees every message (in private; a group where it is an admin) answers
    # are just typed.
    chat_type = ChatType.PRIVATE if private else ChatType.GROUP
    lines.append(how_to_answer(visibility.sees_all(context, chat_type), context))
    return "\n".join(lines)
