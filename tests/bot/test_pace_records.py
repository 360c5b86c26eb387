"""The records' steady-pace rule's saved format: ``tests/fixtures/records-pace-2.json`` holds
a user's row as the release that keeps each player's last answers writes it (``paces``);
later releases must still read it.  Rows of the releases before it load with none
(``records-seasons-2.json``)."""

from __future__ import annotations

import json
from pathlib import Path

from bot import records
from bot.state import UserData

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PACE = FIXTURES / "records-pace-2.json"
BEFORE_PACE = FIXTURES / "records-seasons-2.json"


def rows(path: Path) -> dict[str, str]:
    loaded: dict[str, str] = json.loads(path.read_text())
    return loaded


def test_a_players_last_answers_load() -> None:
    user = records.load("user", rows(PACE)["user"])
    assert isinstance(user, UserData)
    assert user.paces == [1.62, 1.91, 6.0, 2.05]


def test_the_row_of_this_format_saved_again_loads_the_same() -> None:
    loaded = records.load("user", rows(PACE)["user"])
    assert records.load("user", records.saved("user", loaded).text) == loaded


def test_a_user_row_from_before_loads_with_no_answers_kept() -> None:
    user = records.load("user", rows(BEFORE_PACE)["user"])
    assert isinstance(user, UserData)
    assert user.paces == []
