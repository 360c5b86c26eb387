"""Typed per-chat and per-user data, and the callback context that carries them."""

from __future__ import annotations

from dataclasses import dataclass

from telegram import Update
from telegram.ext import Application, CallbackContext, ExtBot

from bot.i18n import language_of, translations


@dataclass
class ChatData:
    """What the bot keeps for one chat (persisted)."""

    language: str | None = None
    """A language chosen for the chat; ``None`` follows each user's Telegram language."""


@dataclass
class UserData:
    """What the bot keeps for one user (persisted)."""

    language: str | None = None


class BotContext(CallbackContext[ExtBot, UserData, ChatData, dict]):
    """The context of every handler, with the language helpers handlers need."""

    def __init__(
        self,
        application: Application,
        chat_id: int | None = None,
        user_id: int | None = None,
    ) -> None:
        super().__init__(application=application, chat_id=chat_id, user_id=user_id)
        self.telegram_language: str | None = None

    @classmethod
    def from_update(cls, update: object, application: Application) -> BotContext:
        """PTB's constructor for every handler (and error handler) context."""
        context = super().from_update(update, application)
        if isinstance(update, Update) and update.effective_user:
            context.telegram_language = update.effective_user.language_code
        return context

    @property
    def language(self) -> str:
        """The chat's chosen language, else the user's, else the Telegram client's."""
        chosen = (self.chat_data.language if self.chat_data else None) or (
            self.user_data.language if self.user_data else None
        )
        return language_of(chosen or self.telegram_language)

    def _(self, message: str) -> str:
        """``message`` translated into :attr:`language`."""
        return translations(self.language).gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The singular or plural message for ``count``, translated into :attr:`language`."""
        return translations(self.language).ngettext(singular, plural, count)
