"""The shared message of a challenge: within Telegram's limits, however many play it."""

from __future__ import annotations

import random

from bot.games.challenges.shared_messages import MAX_TEXT, card_text, play_markup
from bot.rules import challenge as rules
from bot.rules.challenge import Challenges, Origin

HAND = (3, 3, 8, 8)


def test_the_card_stays_within_a_message_whoever_plays() -> None:
    challenge = Challenges().create(
        1, "A" * 128, HAND, 24, 42.0, Origin.DAILY, 0.0, random.Random(1), daily=329
    )
    for friend in range(2, 2 + rules.MOST_PLAYS):
        challenge.play(friend, "<b>" + "名" * 125, 0.0)
    text = card_text(challenge)
    assert len(text) <= MAX_TEXT
    assert text.count("\n") == 1 + rules.CARD_LINES + 1  # head, blank, lines, "and more"
    assert "<b>" not in text  # names are escaped


def test_the_card_and_its_button_hold_no_card_of_the_hand() -> None:
    challenge = Challenges().create(
        1, "Ann", HAND, 24, 9.5, Origin.PRACTICE, 0.0, random.Random(1), language="zh"
    )
    assert card_text(challenge) == "⚔️ Ann 用 9.5 秒 解出了一手 24点：你能更快吗？"
    button = play_markup(challenge, "TwentyFourBot").inline_keyboard[0][0]
    assert button.text == "▶️ 来挑战"
    assert button.url == f"https://t.me/TwentyFourBot?start=ch_{challenge.token}"
