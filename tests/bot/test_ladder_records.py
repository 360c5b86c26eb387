"""The ladder's saved rows (each hand's rating, each player's puzzle rating) and a private
chat's training, as this version writes them: the round trip, and the pinned rows of
``tests/fixtures/ladder-rows-3.json`` (kind, stored key, JSON text: each attempt a list, a
player's days with a solve), which later versions must still read, as they must
``ladder-rows-2.json`` (the release before: no days with a solve) and ``ladder-rows-1.json``
(each attempt an object)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

from bot import records
from bot.games.ladder.parts import TRAINING
from bot.rules.hands import facts_job
from bot.rules.ladder.puzzle_rating import ESTABLISHED_DAYS, ESTABLISHED_RESULTS, PuzzlePlayer
from bot.rules.ladder.training import Training, key_of
from bot.state import ChatData, GlobalData

PINNED = Path(__file__).resolve().parents[1] / "fixtures" / "ladder-rows-3.json"
EARLIER = [PINNED.with_name("ladder-rows-2.json"), PINNED.with_name("ladder-rows-1.json")]
ANN, BOB = 1, 2
DAY = dt.date(2026, 12, 2)


def story() -> tuple[GlobalData, ChatData]:
    """Ann established (solves on two days before; her tenth solve and her last moved two
    hands), Bob with one miss, and Ann's private chat mid-hand."""
    data = GlobalData()
    ladder = data.ladder
    ladder.players[ANN] = PuzzlePlayer(
        solve_days=ESTABLISHED_DAYS - 1, last_solve_day=(DAY - dt.timedelta(days=1)).isoformat()
    )
    for n in range(ESTABLISHED_RESULTS):
        ladder.dealt(ANN, (1, 1, 2, 6 + n % 3), 24)
        ladder.record(ANN, (1, 1, 2, 6 + n % 3), 24, 9.0, day=DAY, prior=22.0, floor=1.5)
    ladder.record(ANN, (1, 2, 3, 4), 24, 4.0, day=DAY, prior=19.0, floor=1.5)
    ladder.record(BOB, (3, 3, 8, 8), 24, None, day=DAY, prior=31.0, floor=2.1)
    chat = ChatData()
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    training = TRAINING.put(chat, Training(played=3, began=1500, deal_message_id=7))
    training.next_round(facts, 100.0, ANN, review=False)
    assert training.hand is not None
    training.hand.hint_list = None  # not saved: worked out again when needed
    return data, chat


def as_text(data: GlobalData, chat: ChatData) -> list[list[Any]]:
    rows = [
        [kind, records.stored_key(key), records.saved(kind, value).text]
        for (kind, key), value in records.global_rows(data).items()
        if kind.startswith("ladder-")
    ]
    return [*rows, ["chat", ANN, records.saved("chat", chat).text]]


def from_text(rows: list[list[Any]]) -> tuple[GlobalData, ChatData]:
    by_kind: dict[str, dict[Any, Any]] = {}
    for kind, key, text in rows:
        by_kind.setdefault(kind, {})[records.key_from_stored(key)] = records.load(kind, text)
    chat = by_kind.pop("chat")[ANN]
    return records.global_from_rows(by_kind), chat


def test_the_ladder_survives_the_round_trip() -> None:
    data, chat = story()
    assert from_text(as_text(data, chat)) == (data, chat)


def test_each_hand_and_player_is_a_row_of_its_own() -> None:
    data, chat = story()
    kinds = [kind for kind, _key, _text in as_text(data, chat)]
    assert kinds == ["ladder-hand", "ladder-hand", "ladder-player", "ladder-player", "chat"]


def test_the_rows_of_this_format_still_load() -> None:
    loaded, chat = from_text(json.loads(PINNED.read_text()))
    assert (loaded, chat) == story()


def test_the_rows_of_the_releases_before_still_load() -> None:
    """They load with no day with a solve counted (their players must solve on
    :data:`ESTABLISHED_DAYS` days again to move hands: docs/fair-play.md)."""
    expected = story()
    expected[0].ladder.players[ANN].solve_days = 0
    expected[0].ladder.players[ANN].last_solve_day = ""
    for earlier in EARLIER:
        assert from_text(json.loads(earlier.read_text())) == expected, earlier.name


def test_a_player_of_the_rows_before_is_no_longer_established() -> None:
    loaded, _chat = from_text(json.loads(EARLIER[0].read_text()))
    assert not loaded.ladder.players[ANN].established


def test_an_attempt_is_written_as_a_list() -> None:
    data, _chat = story()
    text = records.saved("ladder-player", data.ladder.players[BOB]).text
    assert json.loads(text)["history"] == [["3 3 8 8=24", DAY.toordinal(), None]]


def test_an_attempts_time_is_kept_to_the_tenth_below() -> None:
    data = GlobalData()
    data.ladder.record(BOB, (3, 3, 8, 8), 24, 2.99, day=DAY, prior=31.0, floor=1.5)
    assert data.ladder.players[BOB].history[-1].seconds == 2.9


def test_the_pinned_rows_hold_an_established_player() -> None:
    loaded, _chat = from_text(json.loads(PINNED.read_text()))
    assert loaded.ladder.players[ANN].established


def test_the_pinned_chat_holds_a_hand_on() -> None:
    _loaded, chat = from_text(json.loads(PINNED.read_text()))
    training = TRAINING.of(chat)
    assert training is not None and training.live


if __name__ == "__main__":  # writes the pinned rows (once, for this format)
    PINNED.write_text(json.dumps(as_text(*story()), ensure_ascii=False, indent=1) + "\n")


def test_the_hands_saved_before_other_card_counts_load_as_four_cards_for_24() -> None:
    loaded, _chat = from_text(json.loads(PINNED.read_text()))
    read = [found for key in loaded.ladder.hands if (found := key_of(key)) is not None]
    assert {(len(hand), target) for hand, target in read} == {(4, 24)}
