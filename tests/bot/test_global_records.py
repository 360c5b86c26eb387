"""The bot's data across all chats (ratings, duels, hand records, challenges) as a saved
record: the round trip, a pinned record of this format, and data of the current release
(which had no such record) still loading.

``tests/fixtures/records-release-2.json`` holds a chat's and a user's rows as the release
before duels wrote them (made by that release's ``bot.records.saved``).
``tests/fixtures/global-record-2.json`` is the global row as this version writes it, from the
story of :func:`story`: later versions must still read it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
from pathlib import Path

import pytest

from bot import records
from bot.game.challenge import Origin, Play
from bot.game.duel import End
from bot.game.hand_records import HandRecord, Source
from bot.game.hands import facts_job
from bot.game.rating import Result
from bot.persistence import SQLitePersistence
from bot.state import ChatData, GlobalData, UserData

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ANN, BOB, CAT = 1, 2, 3


def story() -> GlobalData:
    """Ann and Bob mid-duel (Ann missed once), Cat's shared invitation out, a rated duel
    won by Ann, a hand record, and Ann's daily challenge that Bob has opened."""
    data = GlobalData()
    invitation = data.duels.invite(ANN, BOB, 0.0, random.Random(1))
    duel = data.duels.accept(invitation.token, BOB, 1.0)
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    duel.deal(facts, 5, 2.0)
    duel.answer(ANN, "3+3+8+8", 3.0)
    assert duel.hand is not None
    duel.hand.hint_list = None  # not saved: worked out again when needed
    data.duels.invite(CAT, None, 5.0, random.Random(2))
    data.ratings.record(ANN, BOB, ANN, dt.date(2026, 11, 25))
    data.hand_records.note((3, 3, 8, 8), 24, ANN, 9.0, Source.ROUND)
    challenge = data.challenges.create(
        ANN, "Ann", (3, 3, 8, 8), 24, 42.0, Origin.DAILY, 0.0, random.Random(3), daily=329
    )
    challenge.play(BOB, "Bob", 10.0)
    challenge.inline_message_ids.append("AAA")
    return data


def test_global_data_survives_the_round_trip() -> None:
    data = story()
    assert records.load("global", records.saved("global", data).text) == data


def test_a_finished_duel_and_its_history_survive_the_round_trip() -> None:
    data = story()
    duel = next(iter(data.duels.duels.values()))
    duel.stop(BOB)
    data.duels.finish(duel.token, 9.0, rated=True)
    loaded = records.load("global", records.saved("global", data).text)
    assert loaded.duels.history == data.duels.history
    assert loaded.duels.history[0].end is End.STOPPED


def test_the_global_record_of_this_format_still_loads() -> None:
    loaded = records.load("global", (FIXTURES / "global-record-2.json").read_text())
    assert loaded == story()
    assert loaded.ratings.of(ANN).recent[0].result is Result.WON
    assert loaded.hand_records.get((8, 3, 8, 3), 24) == HandRecord(1, 9.0, ANN, "round")
    challenge = next(iter(loaded.challenges.challenges.values()))
    assert challenge.plays == {BOB: Play("Bob", 10.0)}


def test_every_field_of_the_global_data_is_saved() -> None:
    data = story()
    record = records.global_record(data)
    duel = next(iter(data.duels.duels.values()))
    token = duel.token
    challenge = next(iter(data.challenges.challenges.values()))
    for obj, fields in [
        (data, record),
        (data.ratings, record["ratings"]),
        (data.ratings.players[ANN], record["ratings"]["players"]["1"]),
        (data.duels, record["duels"]),
        (duel, record["duels"]["duels"][token]),
        (data.hand_records.hands["3 3 8 8=24"], record["hand_records"]["hands"]["3 3 8 8=24"]),
        (challenge, record["challenges"]["challenges"][challenge.token]),
    ]:
        names = {field.name for field in dataclasses.fields(obj)}
        assert set(fields) - {"v"} == names, type(obj).__name__


def test_rows_of_the_release_before_duels_still_load_as_they_were() -> None:
    rows = json.loads((FIXTURES / "records-release-2.json").read_text())
    chat = records.load("chat", rows["chat"])
    user = records.load("user", rows["user"])
    assert isinstance(chat, ChatData)
    assert chat.members == {ANN: "Ann", BOB: "Bob"}
    assert isinstance(user, UserData)
    assert user.language == "zh"
    assert chat.table.round is not None
    assert chat.table.round.hand == (3, 3, 8, 8)
    assert chat.table.round.wrong == {BOB: 1}
    assert user.daily.results["2026-11-24"].seconds == 42.0


@pytest.mark.asyncio
async def test_global_data_written_before_an_announcement_survives_a_restart(
    tmp_path: Path,
) -> None:
    data = story()
    first = SQLitePersistence(tmp_path)
    assert await first.get_chat_data() == {}
    first.write_now({("global", 0): data})
    await first.flush()
    second = SQLitePersistence(tmp_path)
    try:
        # The persistence reads every kind of row alike (see SQLitePersistence._rows).
        assert second._rows("global") == {0: data}
    finally:
        await second.flush()


def test_a_data_file_without_global_data_starts_with_none() -> None:
    assert records.load("global", '{"v":2}') == GlobalData()
