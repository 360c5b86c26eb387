"""What a newcomer types the way people write, through the local Bot API: a full stop after
an answer, a decimal for a card, arrows, glyphs and grouped digits in /solve, and settings as
their buttons read."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.local_api import plain_text
from solver import daily, solve
from tests.bot.harness import ANN, BOB, make_api, reply_to, running_bot, untimed_deal

pytestmark = pytest.mark.asyncio

TEST_DAY = dt.date(2026, 11, 23)


@pytest.mark.parametrize("ending", [".", "。", " = 24."])
async def test_an_answer_ending_a_sentence_wins(tmp_path: Path, ending: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, ANN)
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text + ending))
    assert re.match(r"🎉 Ann wins in \d+\.\d s", won), won


async def test_a_decimal_in_an_answer_is_not_one_of_the_cards(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, ANN)
        reply = await reply_to(api, ANN, ANN, f"{hand[0]}*2.5")
    assert reply == "Not quite: 2.5 is not one of the cards."


async def test_a_decimal_in_an_answer_is_not_one_of_the_cards_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, BOB)
        reply = await reply_to(api, BOB, BOB, f"{hand[0]}*2.5")
    assert reply == "还不对：2.5 不是发到的牌。"


@pytest.mark.parametrize("arrow", ["->", "→", "=>"])
async def test_solve_takes_an_arrow_before_the_target(tmp_path: Path, arrow: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, f"/solve 3 3 8 8 {arrow} 24"))
    assert reply == "3 3 8 8 → 24: 1 distinct solution\n8÷(3−8÷3)"


async def test_solve_reads_back_the_fraction_it_shows(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        shown = plain_text(await reply_to(api, ANN, ANN, "/solve 1/2 3 4 5"))
        again = plain_text(await reply_to(api, ANN, ANN, "/solve ½ 3 4 5"))
    assert again == shown


async def test_solve_groups_a_big_target(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, "/solve 1 2 3 4 = 1000000"))
    assert reply.splitlines()[0] == "1 2 3 4 cannot make 1,000,000."


async def test_solve_reads_back_a_grouped_target(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, "/solve 10 10 10 10 = 10,000"))
    assert reply == "10 10 10 10 → 10,000: 1 distinct solution\n10×10×10×10"


async def test_solve_reads_back_a_grouped_number_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, BOB, BOB, "/solve 10,000 1 = 10,001"))
    assert reply == "10,000 1 → 10,001：共 1 种不同解法\n10000+1"


async def test_the_closest_values_are_shown_in_one_form(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, "/solve 3 4 6 10 = 25"))
    assert reply.splitlines()[1:] == [
        "Closest below: 243/10 = 6×4+3÷10",
        "Closest above: 126/5 = (6+3÷10)×4",
    ]


@pytest.mark.parametrize("typed", ["1-10", "1–10", "1 – 10"])
async def test_the_deck_is_set_as_its_button_reads(tmp_path: Path, typed: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.deck = (1, 13)
        await reply_to(api, ANN, ANN, f"/settings deck {typed}")
        deck = application.chat_data[ANN].table.settings.deck
    assert deck == (1, 10)


async def test_untimed_is_set_as_its_button_reads(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/settings time untimed")
        limit = application.chat_data[ANN].table.settings.time_limit
    assert limit == 0


async def test_untimed_is_set_as_its_chinese_button_reads(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, BOB, BOB, "/settings time 不计时")
        limit = application.chat_data[BOB].table.settings.time_limit
    assert limit == 0


async def test_a_time_is_set_as_its_button_reads(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/settings time 30 s")
        limit = application.chat_data[ANN].table.settings.time_limit
    assert limit == 30


async def test_a_deck_that_is_none_is_told_what_decks_are(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, BOB, BOB, "/settings deck 2-9")
    assert reply == "牌组为 1–10 或 1–13（也可只写 10 或 13），例如 /settings deck 1–10。"


@pytest.mark.parametrize(
    ("user", "typed"), [(ANN, "none"), (ANN, "No limit"), (BOB, "不限"), (BOB, "不限时")]
)
async def test_untimed_is_set_in_the_words_players_reach_for(
    tmp_path: Path, user: int, typed: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, user, user, f"/settings time {typed}")
        limit = application.chat_data[user].table.settings.time_limit
    assert limit == 0


async def test_the_settings_card_says_untimed_as_its_button_does(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, ANN, ANN, "/settings time untimed")
        card = plain_text(await reply_to(api, ANN, ANN, "/settings")).splitlines()
    assert "Time limit: untimed" in card


async def test_the_chinese_settings_card_says_untimed_as_its_button_does(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, BOB, "/settings time 不计时")
        card = plain_text(await reply_to(api, BOB, BOB, "/settings")).splitlines()
    assert "限时：不计时" in card


@pytest.mark.parametrize("target", [" = 24.0", "=24.00"])
async def test_an_answer_ending_with_the_target_as_a_decimal_wins(
    tmp_path: Path, target: str
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = await untimed_deal(api, application, ANN)
        won = plain_text(await reply_to(api, ANN, ANN, solve(hand)[0].text + target))
    assert re.match(r"🎉 Ann wins in \d+\.\d s", won), won


async def test_the_daily_puzzle_answered_with_the_target_as_a_decimal_is_solved(
    tmp_path: Path,
) -> None:
    # Refused for its form only, it would have counted as a miss.
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, ANN, ANN, "/daily")
        await reply_to(api, ANN, ANN, solve(daily(TEST_DAY))[0].text + " = 24.0")
        record = DAILY_RECORD.get(application.user_data[ANN])
    assert record.result(TEST_DAY) is not None
    assert record.misses == {}


async def test_an_ellipsis_is_quoted_as_typed(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await untimed_deal(api, application, ANN)
        reply = await reply_to(api, ANN, ANN, "3*7+8-5..")
    assert reply == "Not quite: “..” (column 8) is not part of an answer."


@pytest.mark.parametrize("stop", [".", "。", " ."])
async def test_solve_leaves_out_a_closing_full_stop(tmp_path: Path, stop: str) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, f"/solve 3 3 8 8 = 24{stop}"))
    assert reply == "3 3 8 8 → 24: 1 distinct solution\n8÷(3−8÷3)"


async def test_solve_refuses_digits_grouped_and_parted_at_once(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, ANN, ANN, "/solve 1,000,2,3"))
    assert reply == (
        "I could not read that: 1,000,2,3: “000” after a comma is no number; part the numbers "
        "with spaces or commas, and write a thousand as 1000 or 1,000\nTry /solve 3 3 8 8"
    )


async def test_solve_refuses_a_group_cut_short_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = plain_text(await reply_to(api, BOB, BOB, "/solve 1,00 2 3 4"))
    assert reply == (
        "看不懂这个输入：1,00：逗号后的“00”不是一个数。各个数请用空格或逗号隔开，一千写作 "
        "1000 或 1,000\n试试 /solve 3 3 8 8"
    )


async def test_a_number_with_an_exponent_is_told_so(tmp_path: Path) -> None:
    # "1e3" is a number written with an exponent: not "“e” is not a card", nor a decimal.
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        await untimed_deal(api, application, ANN)
        answer = plain_text(await reply_to(api, ANN, ANN, "1e3"))
        request = plain_text(await reply_to(api, ANN, ANN, "/solve 1e3 2 3 4"))
    assert answer == "Not quite: 1e3: write numbers out in full, like 1000, not with an exponent."
    assert "1e3: write numbers out in full, like 1000, not with an exponent" in request
