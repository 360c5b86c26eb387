"""The challenges someone has opened, known by their cards (in memory, rebuilt at start-up):
whoever the bot solves those cards for from then on plays them unranked."""

from __future__ import annotations

import weakref

from telegram.ext import Application

from bot.context import BotContext
from bot.games.challenges.parts import CHALLENGES
from bot.rules.spoilers import HandIndex, Numbers

_OPENED: weakref.WeakKeyDictionary[Application, HandIndex] = weakref.WeakKeyDictionary()


def opened(application: Application) -> HandIndex:
    """The application's opened challenges, by token (:mod:`bot.rules.challenge`)."""
    found = _OPENED.get(application)
    if found is None:
        found = _OPENED[application] = HandIndex()
    return found


def peeked(numbers: Numbers, user_id: int, context: BotContext) -> None:
    """The user was given the solutions of ``numbers``: a challenge whose cards they share
    that the user opens later is played unranked (:mod:`bot.rules.challenge`)."""
    challenges = CHALLENGES.get(context.bot_data.global_data).challenges
    index = opened(context.application)
    noted = []
    for token in index.sharing(numbers):
        challenge = challenges.get(token)
        if challenge is None:  # dropped to make room
            index.drop(token)
        elif challenge.note_given(user_id, context.now()):
            noted.append(token)
    if noted:
        context.save_global(challenge=noted)
