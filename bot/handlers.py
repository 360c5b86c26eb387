"""Telegram handlers: thin functions that read the update, call the solver, and reply."""

from __future__ import annotations

import asyncio
import html
import logging

from telegram import Update
from telegram.constants import ChatType
from telegram.error import BadRequest, Forbidden

from bot.context import BotContext
from bot.i18n import N_
from solver import SolverInputError, closest, solve
from solver.parsing import ParseError, parse_request
from solver.printing import friendly_value

logger = logging.getLogger(__name__)

SOLVE_TIMEOUT = 2.0
"""Seconds a /solve search may take before the bot gives up on it."""

SHOWN_SOLUTIONS = 10
"""Solutions listed in a /solve reply."""

SORRY = N_("Sorry, something went wrong. Please try again.")

# What was wrong with the numbers of a /solve, by the parser's ``problem``.
REQUEST_PROBLEMS = {
    "target": N_("write the target once, at the end: 1 2 3 4 7 25 = 573"),
    "empty": N_("give the numbers, like 3 3 8 8"),
    "too_many": N_("at most {limit} numbers"),
    "too_long": N_("{number} is too long to be a number"),
    "not_a_number": N_("{number} is not a number"),
    "negative": N_("{number}: negative numbers are not allowed"),
    "decimal": N_("{number}: decimals are not allowed; fractions like 1/2 are fine"),
}


async def start(update: Update, context: BotContext) -> None:
    """Greet the user and say how to play."""
    _ = context._
    name = html.escape(update.effective_user.first_name) if update.effective_user else ""
    if update.effective_chat and update.effective_chat.type == ChatType.PRIVATE:
        text = _(
            "Hi {name}! I am Twenty-Four, the 24 game.\n"
            "Make 24 from four cards with + − × ÷ and brackets, each card used once.\n"
            "Try /solve 3 3 8 8, or /help for everything I can do."
        ).format(name=name)
    else:
        text = _("Hi! I am Twenty-Four. Ask me /solve 3 3 8 8, or /help to see how to play here.")
    await update.effective_message.reply_text(text)


async def help_command(update: Update, context: BotContext) -> None:
    """Explain the commands and how answers reach the bot."""
    _ = context._
    text = _(
        "<b>Twenty-Four</b>: make 24 from the cards with + − × ÷ and brackets, "
        "each card used exactly once.\n\n"
        "/solve 3 3 8 8: every distinct solution\n"
        "/solve 1 2 3 4 7 25 = 573: other targets and up to 8 numbers\n"
        "/help: this message\n\n"
        "In groups I only see commands, replies to my messages and mentions "
        "(Telegram's privacy mode)."
    )
    await update.effective_message.reply_text(text)


def _solve_reply(text: str, context: BotContext) -> str:
    """The reply to ``/solve <text>`` (runs in a worker thread)."""
    _ = context._
    try:
        numbers, target = parse_request(text)
        goal = 24 if target is None else target
        found = solve(numbers, goal)
    except ParseError as error:
        template = REQUEST_PROBLEMS.get(error.params.get("problem", ""))
        reason = _(template).format(**error.params) if template else str(error)
        return _("I could not read that: {reason}\nTry /solve 3 3 8 8").format(
            reason=html.escape(reason)
        )
    except SolverInputError as error:  # pragma: no cover - parse_request refuses these first
        return html.escape(str(error))
    shown = " ".join(friendly_value(n) for n in numbers)
    target_text = friendly_value(goal)
    if not found:
        near = closest(numbers, goal)
        lines = [_("{numbers} cannot make {target}.").format(numbers=shown, target=target_text)]
        for side in (near.below, near.above):
            if side is not None:
                lines.append(
                    _("Closest: {value} = {expression}").format(
                        value=friendly_value(side.value), expression=html.escape(side.pretty)
                    )
                )
        return "\n".join(lines)
    header = context.ngettext(
        "{numbers} → {target}: {count} distinct solution",
        "{numbers} → {target}: {count} distinct solutions",
        len(found),
    ).format(numbers=shown, target=target_text, count=len(found))
    body = [f"<code>{html.escape(s.pretty)}</code>" for s in found[:SHOWN_SOLUTIONS]]
    if len(found) > SHOWN_SOLUTIONS:
        body.append(_("… and {count} more").format(count=len(found) - SHOWN_SOLUTIONS))
    return "\n".join([header, *body])


async def solve_command(update: Update, context: BotContext) -> None:
    """List the distinct solutions of the numbers given (off the event loop, time-bounded)."""
    text = " ".join(context.args or [])
    if not text:
        await update.effective_message.reply_text(
            context._("Give me the numbers, like /solve 3 3 8 8")
        )
        return
    try:
        # The search runs in a worker thread so that other chats are served meanwhile.
        reply = await asyncio.wait_for(
            asyncio.to_thread(_solve_reply, text, context), timeout=SOLVE_TIMEOUT
        )
    except TimeoutError:
        reply = context._("That search takes too long; try fewer or smaller numbers.")
    await update.effective_message.reply_text(reply)


async def added_to_group(update: Update, context: BotContext) -> None:
    """Greet a group when someone adds the bot to it."""
    change = update.my_chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    was_in = change.old_chat_member.status in ("member", "administrator", "creator")
    is_in = change.new_chat_member.status in ("member", "administrator")
    if is_in and not was_in:
        await context.bot.send_message(
            change.chat.id,
            context._(
                "Hi everyone! I am Twenty-Four, the 24 game. Try /solve 3 3 8 8, "
                "or /help to see how to play here."
            ),
        )
    elif was_in and not is_in:
        logger.info("Removed from chat %s", change.chat.id)


async def migrate_chat(update: Update, context: BotContext) -> None:
    """Move a group's data when Telegram upgrades it to a supergroup."""
    message = update.effective_message
    # Telegram sends two service messages: migrate_to_chat_id in the old group and
    # migrate_from_chat_id in the new supergroup.  Move the data once, while the old chat
    # still has it (PTB's chat_data would hand the second call an empty default).
    old_chat_id = message.migrate_from_chat_id or message.chat.id
    if old_chat_id in context.application.chat_data:
        context.application.migrate_chat_data(message=message)
        logger.info("Moved chat data from %s to the new supergroup", old_chat_id)


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
        try:
            await context.bot.send_message(update.effective_chat.id, context._(SORRY))
        except Exception:  # the error report itself failed; the log already has the cause
            logger.exception("Could not tell the user about the error")
