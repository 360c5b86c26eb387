"""The words of a /solve or inline request, in any language."""

from __future__ import annotations

from bot.i18n import K_

RULE_WORDS = (K_("keyword", "int"), K_("keyword", "countdown"))
"""The rules' words of a /solve request, in any language (bot.rules.requests knows English)."""
