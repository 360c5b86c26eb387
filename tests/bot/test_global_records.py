"""The bot's data across all chats (ratings, duels, hand records, challenges) as saved
rows: the round trip, pinned rows of this format, and data of the current release (which
had no such rows) still loading.

``tests/fixtures/records-release-2.json`` holds a chat's and a user's rows as the release
before duels wrote them (made by that release's ``bot.records.saved``).
``tests/fixtures/global-rows-2.json`` holds the rows the release of duels wrote for the
story of :func:`story` (kind, stored key, JSON text), ``global-rows-3.json`` those of the
next release (a duel keeps the hands it dealt), ``global-rows-4.json`` those of this version
(a duel knows whether a hand reached both players, a rating its day's gain from
provisional opponents, a challenge whom the bot gave its solutions): later versions must
still read them.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot import records
from bot.games.challenges.parts import CHALLENGES
from bot.games.daily.parts import DAILY_RECORD
from bot.games.duel.parts import DUELS, RATINGS
from bot.games.rush.parts import RUSH_BOARD, RUSH_RECORDS
from bot.local_api import LocalBotApi
from bot.persistence import SQLitePersistence
from bot.rules.challenge import SETTER_KEPT, Origin, Play
from bot.rules.duel.race import End
from bot.rules.duel.rating import PROVISIONAL_GAIN_PER_DAY, Result
from bot.rules.hand_records import HandRecord, hand_key
from bot.rules.hands import facts_job
from bot.rules.rounds import HAND_SOURCE as ROUND_SOURCE
from bot.rules.rounds import ROUND_SEAT, may_be_unsolvable
from bot.rules.rush.run import RunResult
from bot.state import ChatData, GlobalData, UserData
from tests.bot.harness import FakeClock, running_bot

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PINNED = FIXTURES / "global-rows-4.json"
BEFORE_THE_CAP = FIXTURES / "global-rows-3.json"
RELEASE_OF_DUELS = FIXTURES / "global-rows-2.json"
ANN, BOB, CAT = 1, 2, 3


def story() -> GlobalData:
    """Ann and Bob mid-duel (Ann missed once), Cat's shared invitation out, a rated duel
    won by Ann, a hand record, and Ann's daily challenge that Bob has opened."""
    data = GlobalData()
    invitation = DUELS.get(data).invite(ANN, BOB, 0.0, random.Random(1))
    duel = DUELS.get(data).accept(invitation.token, BOB, 1.0)
    facts = facts_job([(3, 3, 8, 8)], 24, False)
    assert facts is not None
    duel.deal(facts, 5, 2.0)
    duel.show(2.0)
    duel.answer(ANN, "3+3+8+8", 3.0)
    assert duel.hand is not None
    duel.hand.hint_list = None  # not saved: worked out again when needed
    DUELS.get(data).invite(CAT, None, 5.0, random.Random(2))
    RATINGS.get(data).record(ANN, BOB, ANN, dt.date(2026, 11, 25))
    data.hand_records.note((3, 3, 8, 8), 24, ANN, 9.0, ROUND_SOURCE)
    challenge = CHALLENGES.get(data).create(
        ANN, "Ann", (3, 3, 8, 8), 24, 42.0, Origin.DAILY, 0.0, random.Random(3), daily=329
    )
    challenge.play(BOB, "Bob", 10.0)
    challenge.note_given(CAT, 11.0)
    challenge.inline_message_ids.append("AAA")
    return data


def before_round_two(data: GlobalData) -> GlobalData:
    """``data`` as releases before issue #38's second round kept it: no first rated day nor
    played-out opponents, no duel's answers known, no play voided while it was open."""
    for rating in RATINGS.get(data).players.values():
        rating.first_day, rating.played_with = "", []
    for duel in DUELS.get(data).duels.values():
        duel.answered = []
    for challenge in CHALLENGES.get(data).challenges.values():
        for play in challenge.plays.values():
            play.unranked = play.given_while_open = False
    return data


def before_seasons(data: GlobalData) -> GlobalData:
    """``data`` as releases before seasons kept it: no rating knew its duels' season."""
    for rating in RATINGS.get(data).players.values():
        rating.season, rating.season_rated, rating.season_against = "", 0, []
    return data


def before_the_cap(data: GlobalData) -> GlobalData:
    """``data`` as the releases before the cap on gains from provisional opponents kept it:
    no duel knew whether its hand had reached both players, the win was rated in full (the
    rating as that release computed it), no challenge knew whom the bot gave its solutions."""
    for duel in DUELS.get(data).duels.values():
        duel.shown = False
    ann, bob = RATINGS.get(data).players[ANN], RATINGS.get(data).players[BOB]
    ann.mu, ann.sigma, bob.mu, bob.sigma = OLD_MU_ANN, OLD_SIGMA, OLD_MU_BOB, OLD_SIGMA
    ann.recent[0] = dataclasses.replace(ann.recent[0], change=105)
    bob.recent[0] = dataclasses.replace(bob.recent[0], change=-105)
    ann.gain_day, ann.provisional_gain = "", 0.0
    for challenge in CHALLENGES.get(data).challenges.values():
        challenge.given.clear()
    return data


OLD_MU_ANN, OLD_MU_BOB, OLD_SIGMA = 27.635389493140497, 22.364610506859503, 8.06590141354368
"""The ratings after Ann's win over Bob, as the releases before the cap computed them."""


def as_text(data: GlobalData) -> list[list[Any]]:
    """The rows of ``data`` as the data file stores them: kind, stored key, JSON text."""
    return [
        [kind, records.stored_key(key), records.saved(kind, value).text]
        for (kind, key), value in records.global_rows(data).items()
    ]


def from_text(rows: list[list[Any]]) -> GlobalData:
    """The data that rows as :func:`as_text` makes them hold."""
    by_kind: dict[str, dict[Any, Any]] = {}
    for kind, key, text in rows:
        by_kind.setdefault(kind, {})[records.key_from_stored(key)] = records.load(kind, text)
    return records.global_from_rows(by_kind)


def test_global_data_survives_the_round_trip() -> None:
    data = story()
    assert from_text(as_text(data)) == data


def test_a_finished_duel_and_its_history_survive_the_round_trip() -> None:
    data = story()
    duel = next(iter(DUELS.get(data).duels.values()))
    duel.stop(BOB)
    DUELS.get(data).finish(duel.token, 9.0, rated=True)
    loaded = from_text(as_text(data))
    assert DUELS.get(loaded).history == DUELS.get(data).history
    assert DUELS.get(loaded).history[0].end is End.STOPPED
    assert DUELS.get(loaded).history[0].dealt == tuple(duel.dealt) != ()  # its players' next avoid


def test_each_rating_hand_record_and_challenge_is_a_row_of_its_own() -> None:
    data = story()
    kinds = sorted(kind for kind, _key, _text in as_text(data))  # the rows' order is none
    assert kinds == ["challenge", "global", "hand", "rating", "rating"]
    small = len(records.saved("global", data).text)
    for n in range(100):  # the global row does not grow with the hands solved
        data.hand_records.note((1, 1, 1, n + 1), 24, ANN, 9.0, ROUND_SOURCE)
    assert len(records.saved("global", data).text) == small


def test_the_rows_of_this_format_still_load() -> None:
    loaded = from_text(json.loads(PINNED.read_text()))
    assert loaded == before_seasons(before_round_two(story()))
    assert RATINGS.get(loaded).of(ANN).recent[0].result is Result.WON
    assert loaded.hand_records.get((8, 3, 8, 3), 24) == HandRecord(1, 9.0, ANN, "round")
    challenge = next(iter(CHALLENGES.get(loaded).challenges.values()))
    assert challenge.plays == {BOB: Play("Bob", 10.0)}


def test_the_rows_of_the_release_before_the_cap_still_load() -> None:
    # Its duel loads as one whose hand may not have reached both players (its finished
    # hands say whether it is a contest), its ratings with no gain from provisional players.
    loaded = from_text(json.loads(BEFORE_THE_CAP.read_text()))
    assert loaded == before_seasons(before_the_cap(before_round_two(story())))
    assert RATINGS.get(loaded).of(ANN).allowance("2026-11-25") == PROVISIONAL_GAIN_PER_DAY


def test_the_rows_of_the_release_of_duels_still_load() -> None:
    # That release kept no duel's dealt hands: its duel loads knowing none.
    data = before_seasons(before_the_cap(before_round_two(story())))
    for duel in DUELS.get(data).duels.values():
        duel.dealt.clear()
    assert from_text(json.loads(RELEASE_OF_DUELS.read_text())) == data


def test_every_field_of_the_global_data_is_saved() -> None:
    data = story()
    duel = next(iter(DUELS.get(data).duels.values()))
    challenge = next(iter(CHALLENGES.get(data).challenges.values()))
    global_row = records.global_record(data)
    assert set(global_row) == {
        "v",
        "duels",
        "pairs",
        "rush",
        "off_boards",
        "names_key",
        "seasons",
        "groups",
    }
    for obj, fields in [
        (DUELS.get(data), global_row["duels"]),
        (duel, global_row["duels"]["duels"][duel.token]),
        (RUSH_BOARD.get(data), global_row["rush"]),
        (data.off_boards, global_row["off_boards"]),
        (
            RATINGS.get(data).players[ANN],
            records.to_record("rating", RATINGS.get(data).players[ANN]),
        ),
        (data.hand_records.hands["3 3 8 8=24"], records.to_record("hand", HandRecord())),
        (challenge, records.to_record("challenge", challenge)),
    ]:
        names = {field.name for field in dataclasses.fields(obj)}  # type: ignore[arg-type]
        assert set(fields) - {"v"} == names, type(obj).__name__


def test_rows_of_the_release_before_duels_still_load_as_they_were() -> None:
    rows = json.loads((FIXTURES / "records-release-2.json").read_text())
    chat = records.load("chat", rows["chat"])
    user = records.load("user", rows["user"])
    assert isinstance(chat, ChatData)
    assert chat.members == {ANN: "Ann", BOB: "Bob"}
    assert isinstance(user, UserData)
    assert user.language == "zh"
    game = ROUND_SEAT.of(chat.table)
    assert game is not None
    assert game.hand == (3, 3, 8, 8)
    assert game.wrong == {BOB: 1}
    # Rounds then did not keep whether they were dealt with unsolvable hands: the chat's
    # setting says it.
    assert game.unsolvable is None
    assert may_be_unsolvable(chat.table) is False
    assert DAILY_RECORD.get(user).results["2026-11-24"].seconds == 42.0


@pytest.mark.asyncio
async def test_global_data_written_before_an_announcement_survives_a_restart(
    tmp_path: Path,
) -> None:
    data = story()
    first = SQLitePersistence(tmp_path)
    first.write_now(records.global_rows(data))
    await first.flush()
    second = SQLitePersistence(tmp_path)
    try:
        loaded = second.load_global()
    finally:
        await second.flush()
    assert loaded == data


def test_a_data_file_without_global_data_starts_with_none() -> None:
    assert records.load("global", '{"v":2}') == GlobalData()
    assert records.global_from_rows({}) == GlobalData()


@pytest.mark.asyncio
async def test_a_deleted_row_of_global_data_is_gone_after_a_restart(tmp_path: Path) -> None:
    data = story()
    first = SQLitePersistence(tmp_path)
    first.write_now(records.global_rows(data))
    first.write_now({("hand", (hand_key((3, 3, 8, 8), 24),)): None})
    await first.flush()
    second = SQLitePersistence(tmp_path)
    try:
        loaded = second.load_global()
    finally:
        await second.flush()
    assert loaded.hand_records.hands == {}


@pytest.mark.asyncio
async def test_the_bot_starts_with_the_global_data_of_its_data_file(tmp_path: Path) -> None:
    data = story()
    data.seasons.current = "1970-01"  # the season of its clock (else the bot starts it)
    first = SQLitePersistence(tmp_path)
    first.write_now(records.global_rows(data))
    await first.flush()
    # Ten seconds into the story: its duel's hand and its invitation are still open (a
    # restart would cancel a duel whose hand ran out meanwhile: see the duel's tests).
    clock = FakeClock(10.0)
    async with running_bot(LocalBotApi(), tmp_path, clock=clock) as application:
        assert application.bot_data.global_data == data


def test_rush_records_and_board_load_as_they_were_saved() -> None:
    run = RunResult(9, 3.5, 150.0, 11, 2, False, 1)
    user, data = UserData(), GlobalData()
    RUSH_RECORDS.get(user).add(run, dt.date(2026, 11, 25))
    RUSH_BOARD.get(data).add(ANN, "Ann", run, dt.date(2026, 11, 25))
    assert records.load("user", records.saved("user", user).text) == user
    loaded = records.load("global", records.saved("global", data).text)
    assert RUSH_BOARD.get(loaded) == RUSH_BOARD.get(data)


def test_a_challenges_save_writes_the_global_row_and_its_row() -> None:
    data = story()
    token = next(iter(CHALLENGES.get(data).challenges))
    rows = data.changed_rows(challenge=[token])
    assert list(rows) == [("global", 0), ("challenge", (token,))]


def test_a_challenge_dropped_to_make_room_has_its_row_deleted() -> None:
    data = story()
    challenges = CHALLENGES.get(data)
    token = next(iter(challenges.challenges))
    for n in range(SETTER_KEPT):
        challenges.create(
            ANN, "Ann", (1, 1, 1, n + 1), 24, 9.0, Origin.PRACTICE, n, random.Random(n)
        )
    assert data.changed_rows()[("challenge", (token,))] is None


def test_the_duels_are_read_from_the_global_row_alone() -> None:
    data = story()
    loaded = records.global_from_record(records.global_record(data))
    assert DUELS.get(loaded) == DUELS.get(data)


def test_the_challenges_are_not_in_the_global_row() -> None:
    assert "challenges" not in records.global_record(story())
