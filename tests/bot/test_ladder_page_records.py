"""The Mini App's Train page's training saved with its player's row (the user part ``ladder``):
the round trip, the pinned row of ``tests/fixtures/ladder-page-1.json`` (a hand on), which
later versions must still read, and rows of every earlier release loading with none."""

from __future__ import annotations

import json
from pathlib import Path

from bot import records
from bot.games.ladder.parts import PAGE_TRAINING
from bot.rules.hands import facts_job
from bot.rules.ladder.training import Training
from bot.state import UserData

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PINNED = FIXTURES / "ladder-page-1.json"
EARLIER = [
    p for p in sorted(FIXTURES.glob("records-*-2.json")) if "user" in json.loads(p.read_text())
]
"""The pinned rows of earlier releases that hold a user's row."""


def story() -> UserData:
    """Ann mid-hand on the page, her third hand of the training."""
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    training = Training(number=2, played=2, began=1500)
    training.next_round(facts, 100.0, 1, review=False)
    assert training.hand is not None
    training.hand.hint_list = None  # not saved: worked out again when needed
    user = UserData()
    PAGE_TRAINING.put(user, training)
    return user


def test_a_page_training_survives_the_round_trip() -> None:
    user = story()
    assert records.load("user", records.saved("user", user).text) == user


def test_the_pinned_row_still_loads() -> None:
    text = json.loads(PINNED.read_text())["user"]
    assert records.load("user", text) == story()


def test_the_pinned_row_holds_a_hand_on() -> None:
    user = records.load("user", json.loads(PINNED.read_text())["user"])
    training = PAGE_TRAINING.of(user)
    assert training is not None and training.live


def test_user_rows_of_earlier_releases_load_with_no_page_training() -> None:
    loaded = [records.load("user", json.loads(p.read_text())["user"]) for p in EARLIER]
    assert [PAGE_TRAINING.of(u) for u in loaded] == [None] * len(EARLIER)


if __name__ == "__main__":  # writes the pinned row (once, for this format)
    PINNED.write_text(
        json.dumps({"user": records.saved("user", story()).text}, ensure_ascii=False, indent=1)
        + "\n"
    )
