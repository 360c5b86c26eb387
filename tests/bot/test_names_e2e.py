"""/name through the local Bot API: a public name chosen, refused (a link, an @mention, the
bot's name, one taken, one too long), shown on a board that spans every chat, kept across a
restart, and changed at most twice a week."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from bot import records
from bot.games.duel.parts import RATINGS
from bot.local_api import plain_text
from bot.persistence import SQLitePersistence
from bot.rules.public_names import PublicName
from bot.state import GlobalData
from tests.bot.handles import tag
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    make_api,
    reply_to,
    running_bot,
    saved_record,
    settled,
)

pytestmark = pytest.mark.asyncio

CAT, DAN = 503, 504
DAY = dt.date(2026, 11, 20)


def people() -> Any:
    api = make_api()
    api.add_user(CAT, "Cat", language_code="en")
    api.add_user(DAN, "Dan", language_code="en")
    return api


async def test_a_name_is_chosen_shown_and_refused_as_the_rules_say(tmp_path: Path) -> None:
    api = people()
    async with running_bot(api, tmp_path) as application:
        before = await reply_to(api, ANN, ANN, "/name")
        chosen = await reply_to(api, ANN, ANN, "/name  Annie   Oakley ")
        shown = plain_text(await reply_to(api, ANN, ANN, "/name"))
        taken = await reply_to(api, CAT, CAT, "/name ANNIE OAKLEY")
        link = await reply_to(api, CAT, CAT, "/name see t.me/cat")
        mention = await reply_to(api, CAT, CAT, "/name @cat")
        bots = await reply_to(api, CAT, CAT, "/name twentyfourbot")
        bot_name = await reply_to(api, CAT, CAT, "/name Twenty-Four")
        long = await reply_to(api, CAT, CAT, "/name " + "C" * 25)
        short = await reply_to(api, CAT, CAT, "/name C")
        turned = await reply_to(api, CAT, CAT, "/name \u202eCat")
        posing = await reply_to(api, CAT, CAT, "/name player-7f3a9c")
        in_chinese = await reply_to(api, BOB, BOB, "/name annie oakley")
    assert before == (
        f"You have no public name: boards everywhere show you as {tag(application, ANN)}. "
        "/name Ann chooses one."
    )
    assert chosen == "✅ Your public name is now <b>Annie Oakley</b>."
    assert (
        shown
        == "Your public name is Annie Oakley: boards everywhere show it. /name clear removes it."
    )
    assert taken == "Another player has that name: choose another."
    assert link == "A public name cannot hold a link."
    assert mention == "A public name cannot hold @: it would name someone's account."
    assert bots == "That is my name: choose another."
    assert bot_name == "That is my name: choose another."
    assert long == "A public name has 2 to 24 characters."
    assert short == "A public name has 2 to 24 characters."
    assert turned == "A public name cannot hold invisible or control characters."
    assert posing == "A public name cannot look like a player's handle (Player-…)."
    assert in_chinese == "已有其他玩家使用这个名字：请换一个。"


async def test_a_global_board_shows_public_names_and_handles(tmp_path: Path) -> None:
    data = GlobalData()
    for _ in range(3):
        RATINGS.get(data).record(CAT, DAN, CAT, DAY)
    persistence = SQLitePersistence(tmp_path)
    assert persistence.write_now(dict(records.global_rows(data)))
    await persistence.flush()
    api = people()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, CAT, CAT, "/name Kat")
        in_private = plain_text(await reply_to(api, ANN, ANN, "/rating top")).splitlines()
        await reply_to(api, DAN, GROUP, "/score")  # the group sees Dan
        in_group = plain_text(await reply_to(api, ANN, GROUP, "/rating top")).splitlines()
    assert in_private[1].startswith("1. Kat: ")
    assert in_private[2].startswith(f"2. {tag(application, DAN)}: ")
    assert in_group[2].startswith("2. Dan: ")  # as the group knows him


async def test_a_name_is_kept_across_a_restart_and_changed_twice_a_week(tmp_path: Path) -> None:
    api = people()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        handle_before = await reply_to(api, ANN, ANN, "/name")
        await reply_to(api, ANN, ANN, "/name Ann")
    async with running_bot(api, tmp_path, clock=clock) as application:
        taken = await reply_to(api, CAT, CAT, "/name ann")
        clock.now += 60
        fixed = await reply_to(api, ANN, ANN, "/name Anne")
        clock.now += 60
        third = await reply_to(api, ANN, ANN, "/name Anna")
        clock.now += 7 * 24 * 3600
        cleared = await reply_to(api, ANN, ANN, "/name clear")
        on_disk = saved_record(tmp_path, "user", ANN)
        freed = await reply_to(api, CAT, CAT, "/name Anne")
    assert tag(application, ANN) in handle_before  # the same handle after the restart
    assert taken == "Another player has that name: choose another."
    assert fixed == "✅ Your public name is now <b>Anne</b>."
    assert third == (
        "You changed your public name 2 times this week: you can change it again from "
        "2026-11-30 12:00 (UTC). (So nobody passes for others by changing names.)"
    )
    assert cleared == (
        f"Your public name is removed: boards everywhere show you as {tag(application, ANN)}."
    )
    assert on_disk.public_name == PublicName("", [TEST_DAY_NOON, TEST_DAY_NOON + 60])
    assert freed == "✅ Your public name is now <b>Anne</b>."


async def test_a_private_duels_opponent_sees_the_public_name(tmp_path: Path) -> None:
    api = people()
    async with running_bot(api, tmp_path, clock=FakeClock(TEST_DAY_NOON)) as application:
        await reply_to(api, ANN, ANN, "/name Annie Oakley")
        before = len(api.sent)
        api.send(ANN, ANN, "/duel")
        await api.wait_for_sent(before + 1)
        buttons = api.sent[before]["reply_markup"]["inline_keyboard"]
        token = str(buttons[0][0]["switch_inline_query_chosen_chat"]["query"]).split()[1]
        before = len(api.sent)
        api.send(CAT, CAT, f"/start duel_{token}")
        await api.wait_for_sent(before + 1)
        await settled(api, application)
        carol_told = [
            plain_text(m.get("text") or m.get("caption") or "")
            for m in api.sent[before:]
            if m["chat"]["id"] == CAT
        ]
    assert any("Annie Oakley" in said for said in carol_told)
    assert not any("Ann " in said or said.startswith("Ann:") for said in carol_told)


async def test_look_alike_and_overwide_names_are_refused(tmp_path: Path) -> None:
    api = people()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/name Ann")
        cyrillic = await reply_to(api, CAT, CAT, "/name \u0410nn")  # a Cyrillic А
        accented = await reply_to(api, CAT, CAT, "/name Ánn")
        handle_i = await reply_to(api, CAT, CAT, "/name " + tag(application, DAN).replace("l", "I"))
        zeros = await reply_to(api, CAT, CAT, "/name P1ayer-0O0O0O")
        wide = await reply_to(api, DAN, DAN, "/name " + "\ufdfa" * 10)
        plain = await reply_to(api, DAN, DAN, "/name Анна")  # Cyrillic, nobody's look-alike
    assert cyrillic == "Another player has that name: choose another."
    assert accented == "Another player has that name: choose another."
    assert handle_i == "A public name cannot look like a player's handle (Player-…)."
    assert zeros == "A public name cannot look like a player's handle (Player-…)."
    assert wide == "A public name cannot hold a character wider than a letter (﷽, ﷺ…)."
    assert plain == "✅ Your public name is now <b>Анна</b>."


async def test_a_clear_spends_no_change_of_the_week(tmp_path: Path) -> None:
    api = people()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock):
        await reply_to(api, ANN, ANN, "/name Ann")
        clock.now += 60
        await reply_to(api, ANN, ANN, "/name Anne")
        clock.now += 60
        cleared = await reply_to(api, ANN, ANN, "/name clear")
        third = await reply_to(api, ANN, ANN, "/name Anna")
    assert cleared.startswith("Your public name is removed: ")
    assert third.startswith("You changed your public name 2 times this week: ")


async def test_accents_fold_both_ways_and_the_bot_s_look_alikes_are_refused(
    tmp_path: Path,
) -> None:
    api = people()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/name JOSÉ")
        plain = await reply_to(api, CAT, CAT, "/name Jose")
        await reply_to(api, DAN, DAN, "/name dan")
        accented = await reply_to(api, CAT, CAT, "/name DÁN")
        spaced = await reply_to(api, ANN, ANN, "/name Twenty Four")
        underscored = await reply_to(api, ANN, ANN, "/name Twenty_Four")
        accent = await reply_to(api, ANN, ANN, "/name TwentýFour")
        unbroken = await reply_to(api, CAT, CAT, "/name TwentyFour")
    assert plain == "Another player has that name: choose another."
    assert accented == "Another player has that name: choose another."
    assert spaced == "That is my name: choose another."
    assert underscored == "That is my name: choose another."
    assert accent == "That is my name: choose another."
    assert unbroken == "That is my name: choose another."
