"""A message that starts with the bot's name is said to it: what follows is the answer."""

from __future__ import annotations

import pytest

from bot.rules.plain_text import after_mention


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("@TwentyFourBot 12*10/5", "12*10/5"),
        ("@twentyfourbot: 1+2", "1+2"),
        ("@TwentyFourBot，(1+2)×8", "(1+2)×8"),
        ("@TwentyFourBot\n8/(3-8/3)", "8/(3-8/3)"),
        ("@TwentyFourBot(1+2)*8", "(1+2)*8"),
        ("  @TwentyFourBot   none ", "none"),
        ("@TwentyFourBot", ""),
    ],
)
def test_the_text_after_the_bots_name(text: str, said: str) -> None:
    assert after_mention(text, "TwentyFourBot") == said


@pytest.mark.parametrize(
    "text",
    ["@TwentyFourBotFan 1+1", "@Ann 1+1", "8/(3-8/3) @TwentyFourBot", "hi @TwentyFourBot 1+1"],
)
def test_other_names_and_later_mentions_are_not_said_to_the_bot(text: str) -> None:
    assert after_mention(text, "TwentyFourBot") is None
