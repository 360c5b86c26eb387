"""Public names' rules (:mod:`bot.rules.public_names`) and their saved format."""

from __future__ import annotations

import json
from pathlib import Path

from bot import records
from bot.rules.public_names import (
    CHANGE_WINDOW,
    PublicName,
    PublicNames,
    Refusal,
    changed,
    cleared,
    fold,
    handle,
    next_change,
    refusal,
    skeleton,
    tidy,
)
from bot.state import GlobalData, UserData

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "records-public-names-2.json"
BOT = ("Twenty-Four", "TwentyFourBot")


def test_a_handle_is_stable_keyed_and_short() -> None:
    assert handle("k", 501) == handle("k", 501)
    assert handle("k", 501) != handle("other key", 501)
    assert handle("k", 501).startswith("Player-")
    assert len(handle("k", 501)) == len("Player-") + 6


def test_names_are_compared_folded() -> None:
    assert fold("Ann Ｌee") == fold("annlee")
    assert tidy("  Ann \n  Lee ") == "Ann Lee"


def test_what_a_name_may_not_hold() -> None:
    assert refusal("Ann", BOT) is None
    assert refusal("李小龙", BOT) is None
    assert refusal("J.R.R. Tolkien", BOT) is None
    assert refusal("Ann👩‍💻", BOT) is None  # an emoji sequence's joiner is fine
    assert refusal("ann.com", BOT) is Refusal.LINK
    assert refusal("http://x", BOT) is Refusal.LINK
    assert refusal("Ann＠home", BOT) is Refusal.MENTION
    assert refusal("A\u200bnn", BOT) is Refusal.INVISIBLE
    assert refusal("\u2066Ann", BOT) is Refusal.INVISIBLE
    assert refusal("the twentyfourbot", BOT) is Refusal.BOT
    assert refusal("Player 7F3A", BOT) is Refusal.HANDLE
    assert refusal("A", BOT) is Refusal.SHORT
    assert refusal("A" * 25, BOT) is Refusal.LONG


def test_two_changes_a_week() -> None:
    first = changed(None, "Ann", 1000.0)
    assert next_change(first, 1000.0) is None
    second = changed(first, "Anne", 2000.0)
    assert next_change(second, 2000.0) == 1000.0 + CHANGE_WINDOW
    assert next_change(second, 1000.0 + CHANGE_WINDOW) is None
    assert changed(second, "Anna", 9e9).changes == [2000.0, 9e9]
    assert cleared(second) == PublicName("", [1000.0, 2000.0])  # a clear spends no change


def test_who_holds_a_name() -> None:
    names = PublicNames()
    names.build({1: PublicName("Ann"), 2: None, 3: PublicName("")})
    assert names.holder("ANN") == 1
    names.moved(1, "Ann", "Anne")
    assert names.holder("ann") is None
    assert names.holder("anne") == 1


def test_the_saved_format_of_public_names_loads() -> None:
    rows = json.loads(FIXTURE.read_text())
    user = records.load("user", rows["user"])
    data = records.load("global", rows["global"])
    assert isinstance(user, UserData)
    assert user.public_name == PublicName("Annie Oakley", [1795435200.0, 1795435260.0])
    assert isinstance(data, GlobalData)
    assert data.names.key == "5f1c0de0a11ce5ecre7"
    # Saved again (later releases may add fields), it loads as it was.
    assert records.load("user", records.saved("user", user).text) == user
    assert records.load("global", records.saved("global", data).text).names == data.names


def test_look_alikes_share_a_skeleton() -> None:
    assert skeleton("\u0410nn") == skeleton("ANN")
    assert skeleton("PIayer-64802E") == skeleton("Player-64802E")
    assert skeleton("Анна") != skeleton("Ann")
    assert skeleton("Ánn") == skeleton("Ann")  # accents dropped
    assert skeleton("A\u0301nn") == skeleton("Ann")  # decomposed, too
    assert skeleton("Zoë") == skeleton("Zoe")
    assert refusal("P1ayer-O0OO0O", BOT) is Refusal.HANDLE
    assert refusal("TwentyF\u043eurBot", BOT) is Refusal.BOT
    assert refusal("\ufdfa\ufdfa", BOT) is Refusal.WIDE
    assert refusal("\ufdfd", BOT) is Refusal.WIDE  # no decomposition, still a phrase wide
    assert refusal("Анна", BOT) is None


def test_names_taken_before_look_alikes_keep_their_holders() -> None:
    names = PublicNames()
    names.build({1: PublicName("Ann"), 2: PublicName("\u0410nn")})
    assert names.holder("Ann") == 1
    assert names.holder("\u0410nn") == 2
    assert names.holder("\u0410NN") == 2
    assert names.holder("ANN") == 1
    names.moved(1, "Ann", "")
    assert names.holder("Ann") == 2  # still looks like player 2's


def test_accents_and_case_fold_both_ways() -> None:
    for held, new in (("JOSÉ", "Jose"), ("Jose", "josé"), ("José", "JOSE"), ("jose", "JOSÉ")):
        names = PublicNames()
        names.build({1: PublicName(held)})
        assert names.holder(new) == 1, (held, new)


def test_look_alikes_of_the_bot_are_refused() -> None:
    bots = ("Twenty-Four", "twentyfourbot")
    for name in ("TwentýFour", "Twenty Four", "Twenty_Four", "TwentyFour", "TWENTY FOUR"):
        assert refusal(name, bots) is Refusal.BOT, name
    assert refusal("Twenty\u2011Four", bots) is Refusal.BOT  # a non-breaking hyphen


def test_words_of_the_bot_alone_pass() -> None:
    bots = ("Twenty-Four", "twentyfourbot")
    assert [refusal(name, bots) for name in ("Twenty", "Four", "Botany")] == [None] * 3
