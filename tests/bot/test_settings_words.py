"""What /settings says to a half-typed or impossible change."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.local_api import plain_text
from tests.bot.harness import ANN, BOB, make_api, reply_to, running_bot

pytestmark = pytest.mark.asyncio


async def test_a_setting_without_its_value_is_explained(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/settings target"))
    assert said == "The target is a whole number from 1 to 100, like /settings target 36."


async def test_a_word_that_is_no_setting_gets_the_list_of_settings(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, ANN, ANN, "/settings colour red"))
    assert said == (
        "There is no setting “colour”. The settings are deck, difficulty, time, target, cards, "
        "countdown, unsolvable, language: try /settings target 36."
    )


async def test_a_value_out_of_range_is_told_in_chinese(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        said = plain_text(await reply_to(api, BOB, BOB, "/settings target 1000"))
    assert said == "目标数为 1 到 100 的整数，例如 /settings target 36。"


async def test_the_refusal_names_the_difficulty_as_the_menu_does(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await reply_to(api, BOB, BOB, "/settings cards 6")
        said = plain_text(await reply_to(api, BOB, BOB, "/settings difficulty easy"))
    assert "“不限”" in said
