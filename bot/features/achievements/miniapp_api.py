"""The Mini App's profile: ``GET /app/api/profile``, the lines of ``/me``'s caption and of
``/achievements``, for the player whose launch data came with the call, in their language;
``GET /app/api/profile/card``, ``/me``'s card (the same PNG, drawn once for both: the
drawing's cache, :func:`bot.services.pictures.profile_card.render_card`)."""

from __future__ import annotations

import asyncio

from telegram.ext import Application

from bot.context import AppReply, AppRequest
from bot.features.achievements.listing import listing
from bot.features.achievements.me import profile
from bot.play.board_names import public_name
from bot.play.miniapp import AppPicture, serve_app
from bot.services import pictures


async def profile_call(request: AppRequest) -> AppReply:
    """The player's profile and achievements, as lines of HTML (the page shows their text)."""
    context, user_id = request.context, request.user.id
    data = context.application.user_data.get(user_id)
    _card, caption = profile(context, user_id, data)
    listed = listing(context, user_id, data, public_name(context, user_id))
    return 200, {
        "language": context.language,
        "card": caption.split("\n"),
        "achievements": listed.split("\n"),
    }


async def card_call(request: AppRequest) -> AppReply:
    """The player's profile card, the PNG ``/me`` sends."""
    context, user_id = request.context, request.user.id
    card, _caption = profile(context, user_id, context.application.user_data.get(user_id))
    return 200, AppPicture(await asyncio.to_thread(pictures.render_card, card))


def register_page(application: Application) -> None:
    """``GET /app/api/profile`` and ``GET /app/api/profile/card``."""
    serve_app(application, "GET", "profile", profile_call)
    serve_app(application, "GET", "profile/card", card_call)
