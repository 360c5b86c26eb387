"""The hand-record line's worst case fits beside an announcement in a photo's caption."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.context import BotContext
from bot.i18n import translations
from bot.play.hand_record_line import count_solve
from bot.rules.hand_records import HandRecord, hand_key
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from bot.state import ChatData, GlobalData, UserData

GROUP, ANN, BOB = -100, 1, 2
LINE_BUDGET = 200
"""Characters the line may take of a caption's 1024 (the rest is the announcement's)."""


def context_in(language: str, data: GlobalData, members: dict[int, str]) -> BotContext:
    """What count_solve reads of a handler's context: the words, the chats' data, the
    global data and its save (a stand-in: the e2e tests run the real one)."""
    words = translations(language)
    stub: Any = SimpleNamespace(
        _=words.gettext,
        ngettext=words.ngettext,
        application=SimpleNamespace(
            chat_data={GROUP: ChatData(members=members)},
            user_data={ANN: UserData()},
            mark_data_for_update_persistence=lambda **_ids: None,
        ),
        bot_data=SimpleNamespace(global_data=data),
        save_global=lambda **_rows: True,
        now=lambda: 0.0,
    )
    return cast("BotContext", stub)


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_longest_line_fits_a_caption_beside_its_announcement(language: str) -> None:
    data = GlobalData()
    hand = (13, 13, 13, 13, 13, 13)
    data.hand_records.hands[hand_key(hand, 999)] = HandRecord(999_999, 59.94, BOB, "round")
    context = context_in(language, data, {BOB: "Ｗ" * 129})
    line, saved = count_solve(context, GROUP, hand, 999, ANN, 59.91, ROUND_SOURCE)
    assert saved
    assert line is not None
    assert "…" in line  # the name was cut
    assert len(line) <= LINE_BUDGET
