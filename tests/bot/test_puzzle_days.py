"""A player's days of the daily puzzle as the other games and the features read them
(bot.plug_ins.PuzzleDays, declared by the daily puzzle's package over its part of the user's
data: bot.play.puzzle_days), and a chat's time zone (Game.zone)."""

from __future__ import annotations

import datetime as dt

from bot.games.daily import GAME
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD, DAYS, DailyChat
from bot.play.puzzle_days import NO_DAYS
from bot.rules.daily.puzzle import DailyRecord, DailyResult
from bot.state import ChatData, UserData

DAY = dt.date(2026, 11, 25)
NOW = dt.datetime(2026, 11, 25, 12, 0)


def _solver(*days_back: int, seconds: float = 60.0) -> UserData:
    """A user who solved the daily puzzle ``days_back`` days before :data:`DAY`."""
    user = UserData()
    record = DAILY_RECORD.get(user)
    for back in days_back:
        record.results[(DAY - dt.timedelta(days=back)).isoformat()] = DailyResult(seconds, 0)
    return user


def test_the_daily_puzzle_declares_its_days() -> None:
    assert GAME.days is DAYS


def test_a_user_with_no_daily_has_no_result() -> None:
    assert DAYS.result(UserData(), DAY) is None


def test_reading_the_days_makes_no_part() -> None:
    user = UserData()
    DAYS.result(user, DAY)
    assert DAILY_RECORD.of(user) is None


def test_a_days_result_is_its_seconds() -> None:
    assert DAYS.result(_solver(0, seconds=37.5), DAY) == 37.5


def test_a_day_not_solved_has_no_result() -> None:
    assert DAYS.result(_solver(1), DAY) is None


def test_a_day_given_up_is_told() -> None:
    user = UserData()
    DAILY_RECORD.put(user, DailyRecord(gave_up=[DAY.isoformat()]))
    assert DAYS.given_up(user, DAY)


def test_todays_puzzle_is_unplayed_until_solved() -> None:
    assert DAY in DAYS.unplayed(UserData(), NOW)


def test_todays_puzzle_solved_is_played() -> None:
    assert DAY not in DAYS.unplayed(_solver(0), NOW)


def test_no_game_declaring_days_leaves_none() -> None:
    assert NO_DAYS.result(_solver(0), DAY) is None


def test_a_chats_zone_is_its_subscriptions() -> None:
    chat = ChatData()
    DAILY_CHAT.put(chat, DailyChat(subscription="08:30", subscription_zone="Asia/Shanghai"))
    assert GAME.zone is not None and GAME.zone(chat) == "Asia/Shanghai"


def test_a_chat_never_subscribed_has_no_zone() -> None:
    assert GAME.zone is not None and GAME.zone(ChatData()) is None
