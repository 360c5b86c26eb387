"""The answer router's priority: which game of a chat an answer goes to, asked of the
routes the real application's features give it (the updates and the context are stand-ins:
the claims read only their chat, message and data)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from telegram import MessageEntity
from telegram.constants import ChatType

from bot import app
from bot.app import build_application
from bot.context import BotData, services
from bot.features import fair_play
from bot.games import challenges, countdown, daily, duel, hunt, rush
from bot.games.countdown.parts import COUNTDOWN_MESSAGES, CountdownMessages
from bot.games.daily import ended_attempts
from bot.games.daily import parts as daily_parts
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD
from bot.games.hunt.parts import HUNT_MESSAGES, HuntMessages
from bot.games.rounds import answers as round_answers
from bot.games.rounds.parts import ROUND_MESSAGES
from bot.rules.countdown import COUNTDOWN_SEAT, new_countdown
from bot.rules.hands import HandFacts
from bot.rules.hunt import HUNT_SEAT, new_hunt
from bot.rules.rounds import ROUND_SEAT, new_round
from bot.services.answer_routes import AnswerRouter, Route
from bot.settings import Settings
from bot.state import CHATS_GAME, ChatData, UserData

ANN, BOB = 501, 502
GROUP = -1_002_000
NOW = 1_790_000_000.0
"""A fixed time (a day's afternoon: a daily attempt opened now is open, not closed)."""
USERNAME = "TwentyFourBot"
HUNT_PICTURE, COUNTDOWN_PICTURE, DAILY_PICTURE, ROUND_PICTURE, OLD_ROUND_PICTURE = 11, 14, 12, 13, 9
NOT_A_PICTURE = 20


class Priority:
    """The priorities the games declare, by the names these tests give them."""

    CLOSED_DAILY = ended_attempts.PRIORITY
    DAILY = daily.PRIORITY
    CHALLENGE = challenges.PRIORITY
    NO_SCORE = fair_play.PRIORITY
    DUEL = duel.PRIORITY
    HUNT = hunt.PRIORITY
    COUNTDOWN = countdown.PRIORITY
    RUSH = rush.PRIORITY
    DAILY_SET_ASIDE = daily.SET_ASIDE_PRIORITY
    ROUND = round_answers.PRIORITY


@pytest.fixture
def bot_data(tmp_path: Path) -> BotData:
    """The real application's services, its routes given by its features."""
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    data = services(build_application(settings, token="42:TEST"))
    data.clock = data.calendar = lambda: NOW
    return data


class _Context(SimpleNamespace):
    """What a claim reads of a handler's context."""

    def now(self) -> float:
        return NOW


def _context(bot_data: BotData, chat: ChatData, user: UserData | None = None) -> Any:
    return _Context(
        bot=SimpleNamespace(username=USERNAME),
        bot_data=bot_data,
        chat_data=chat,
        user_data=user or UserData(),
    )


def _update(
    chat_id: int, text: str, *, reply_to: int | None = None, user: int = ANN, command: bool = False
) -> Any:
    entities = (MessageEntity(MessageEntity.BOT_COMMAND, 0, len(text.split()[0])),)
    replied = None if reply_to is None else SimpleNamespace(message_id=reply_to)
    message = SimpleNamespace(
        text=text, reply_to_message=replied, entities=entities if command else ()
    )
    kind = ChatType.PRIVATE if chat_id > 0 else ChatType.SUPERGROUP
    return SimpleNamespace(
        effective_chat=SimpleNamespace(id=chat_id, type=kind),
        effective_user=SimpleNamespace(id=user),
        effective_message=message,
    )


def _hunting(chat: ChatData) -> None:
    new_hunt(chat.table, (3, 3, 8, 8), ("8/(3-8/3)",), NOW, 60, ANN)
    HUNT_MESSAGES.put(chat, HuntMessages(deal_message_id=HUNT_PICTURE))


def _counting(chat: ChatData) -> None:
    new_countdown(chat.table, (25, 50, 75, 100, 3, 6), 952, (None, None, None), NOW, 30, ANN)
    COUNTDOWN_MESSAGES.put(chat, CountdownMessages(deal_message_id=COUNTDOWN_PICTURE))


def _playing(chat: ChatData) -> None:
    new_round(chat.table, HandFacts((3, 3, 8, 8), 24, True, (), 1, ()), 1, NOW, ANN)
    ROUND_MESSAGES.get(chat).deal_message_id = ROUND_PICTURE


def _daily_attempt(bot_data: BotData, chat: ChatData, user: UserData) -> None:
    """An attempt at today's daily puzzle open in a private chat (as /daily leaves it)."""
    DAILY_RECORD.get(user).start(bot_data.local_now().date(), NOW)
    chat.answers_to = daily_parts.ANSWERS_TO
    DAILY_CHAT.get(chat).message_id = DAILY_PICTURE


def _to(bot_data: BotData, update: Any, context: Any) -> int | None:
    route = bot_data.answers.claimant(update, context)
    return None if route is None else route.priority


def test_the_routes_are_asked_in_their_declared_priority(bot_data: BotData) -> None:
    judges = [(r.priority, r.judge.__module__) for r in bot_data.answers.routes]
    # The numbers of docs/design.md's table ("Where an answer goes").
    assert judges == [
        (10, "bot.games.daily.ended_attempts"),
        (20, "bot.games.daily"),
        (25, "bot.games.challenges.playing"),
        (27, "bot.games.arena.play"),
        (30, "bot.features.fair_play"),
        (35, "bot.games.duel.answers"),
        (40, "bot.games.hunt"),
        (50, "bot.games.countdown"),
        (55, "bot.games.rush.play"),
        (57, "bot.games.ladder.play"),
        (58, "bot.games.daily.attempt"),
        (60, "bot.games.rounds.judging"),
    ]


def test_the_order_of_the_features_does_not_change_the_priority(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app, "HANDLERS", tuple(reversed(app.HANDLERS)))
    monkeypatch.setattr(app, "GAMES", tuple(reversed(app.GAMES)))
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(tmp_path)})
    routes = services(build_application(settings, token="42:TEST")).answers.routes
    assert [r.priority for r in routes] == [10, 20, 25, 27, 30, 35, 40, 50, 55, 57, 58, 60]


def test_a_router_refuses_two_routes_of_one_priority() -> None:
    router: AnswerRouter[Any, None] = AnswerRouter()
    router.add(Route(Priority.HUNT, lambda u, c: True, _judge))
    with pytest.raises(ValueError, match=f"priority {Priority.HUNT} "):
        router.add(Route(Priority.HUNT, lambda u, c: True, _judge))


async def _judge(update: Any, context: Any, text: str) -> None:
    """A judge never called: the router's order is what is tested."""


def test_a_router_asks_by_priority_whatever_the_order_given() -> None:
    router: AnswerRouter[Any, None] = AnswerRouter()
    router.add(Route(Priority.ROUND, lambda u, c: True, _judge))
    router.add(Route(Priority.HUNT, lambda u, c: u == "hunt", _judge))
    assert router.claimant("hunt", None) is router.routes[0]


def test_a_hunt_in_a_group_and_a_daily_attempt_in_private(bot_data: BotData) -> None:
    group, private, ann = ChatData(), ChatData(), UserData()
    _hunting(group)
    _daily_attempt(bot_data, private, ann)
    in_group = _update(GROUP, "8/(3-8/3)")
    in_private = _update(ANN, "8/(3-8/3)")
    assert _to(bot_data, in_group, _context(bot_data, group, ann)) == Priority.HUNT
    assert _to(bot_data, in_private, _context(bot_data, private, ann)) == Priority.DAILY


def test_in_private_the_open_daily_attempt_comes_before_the_chats_hunt(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _hunting(chat)
    _daily_attempt(bot_data, chat, ann)  # /hunt, then /daily
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "8/(3-8/3)"), context) == Priority.DAILY


def test_in_private_a_reply_to_the_hunts_picture_is_the_hunts_during_a_daily_attempt(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _hunting(chat)
    _daily_attempt(bot_data, chat, ann)
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "3*8", reply_to=HUNT_PICTURE), context) == Priority.HUNT


def test_in_private_a_reply_to_the_daily_picture_is_the_dailys_during_a_round(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _daily_attempt(bot_data, chat, ann)
    _playing(chat)  # /daily, then /play: plain answers are the round's again
    chat.answers_to = CHATS_GAME
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "3*8", reply_to=DAILY_PICTURE), context) == Priority.DAILY
    assert _to(bot_data, _update(ANN, "3*8"), context) == Priority.ROUND


def test_during_a_daily_attempt_a_reply_to_the_bots_other_messages_is_the_dailys(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _daily_attempt(bot_data, chat, ann)
    context = _context(bot_data, chat, ann)
    update = _update(ANN, "8/(3-8/3)", reply_to=NOT_A_PICTURE)  # the bot's "Not quite"
    assert _to(bot_data, update, context) == Priority.DAILY


def test_during_a_daily_attempt_a_reply_to_the_rounds_picture_is_the_rounds(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _playing(chat)
    _daily_attempt(bot_data, chat, ann)  # /play, then /daily
    context = _context(bot_data, chat, ann)
    update = _update(ANN, "8/(3-8/3)", reply_to=ROUND_PICTURE)
    assert _to(bot_data, update, context) == Priority.ROUND


def test_a_reply_to_an_old_rounds_picture_goes_to_the_game_on(bot_data: BotData) -> None:
    chat = ChatData()
    _counting(chat)
    update = _update(GROUP, "25*50-3", reply_to=OLD_ROUND_PICTURE)
    assert _to(bot_data, update, _context(bot_data, chat)) == Priority.COUNTDOWN


def test_a_reply_to_an_old_rounds_picture_with_no_game_on_is_nobodys(bot_data: BotData) -> None:
    chat = ChatData()
    _playing(chat)
    game = ROUND_SEAT.of(chat.table)
    assert game is not None
    game.reveal()  # /reveal: it is over
    update = _update(GROUP, "8/(3-8/3)", reply_to=OLD_ROUND_PICTURE)
    assert _to(bot_data, update, _context(bot_data, chat)) is None


def test_a_reply_to_the_rounds_picture_is_the_rounds_even_in_words(bot_data: BotData) -> None:
    chat = ChatData()
    _playing(chat)
    update = _update(GROUP, "no idea", reply_to=ROUND_PICTURE)
    assert _to(bot_data, update, _context(bot_data, chat)) == Priority.ROUND


def test_a_mention_goes_to_the_hunt_on(bot_data: BotData) -> None:
    chat = ChatData()
    _hunting(chat)
    update = _update(GROUP, f"@{USERNAME} 8/(3-8/3)")
    assert _to(bot_data, update, _context(bot_data, chat)) == Priority.HUNT


def test_a_mention_with_no_game_on_is_the_rounds_to_answer(bot_data: BotData) -> None:
    update = _update(GROUP, f"@{USERNAME} 8/(3-8/3)")
    assert _to(bot_data, update, _context(bot_data, ChatData())) == Priority.ROUND


def test_a_mention_of_another_bot_is_nobodys(bot_data: BotData) -> None:
    update = _update(GROUP, f"@{USERNAME}Fan 8/(3-8/3)")
    assert _to(bot_data, update, _context(bot_data, ChatData())) is None


def test_a_slash_a_with_no_game_on_is_the_rounds_to_answer(bot_data: BotData) -> None:
    update = _update(GROUP, "/a 8/(3-8/3)", command=True)
    assert _to(bot_data, update, _context(bot_data, ChatData())) == Priority.ROUND


def test_group_chat_around_a_hunt_is_nobodys(bot_data: BotData) -> None:
    chat = ChatData()
    _hunting(chat)
    assert _to(bot_data, _update(GROUP, "nice one"), _context(bot_data, chat)) is None


def test_a_player_given_the_solutions_scores_nothing_before_the_hunt_judges(
    bot_data: BotData,
) -> None:
    chat = ChatData()
    _hunting(chat)
    hunt = HUNT_SEAT.of(chat.table)
    assert hunt is not None
    bot_data.live_hands.add(GROUP, hunt)
    hunt.peeked.append(BOB)
    context = _context(bot_data, chat)
    assert _to(bot_data, _update(GROUP, "8/(3-8/3)", user=BOB), context) == Priority.NO_SCORE
    assert _to(bot_data, _update(GROUP, "8/(3-8/3)", user=ANN), context) == Priority.HUNT


def test_an_attempt_closed_at_midnight_is_told_so_before_the_daily_judges(
    bot_data: BotData,
) -> None:
    chat, ann = ChatData(), UserData()
    _daily_attempt(bot_data, chat, ann)
    # Two days on: the attempt's day, and the grace after it, have ended.
    bot_data.clock = bot_data.calendar = lambda: NOW + 2 * 86_400
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "8/(3-8/3)"), context) == Priority.CLOSED_DAILY


def _set_aside(bot_data: BotData, chat: ChatData, user: UserData) -> None:
    """A daily attempt another game set aside (its clock running on), that game ended."""
    _daily_attempt(bot_data, chat, user)
    chat.answers_to = CHATS_GAME


def test_a_set_aside_daily_takes_plain_answers_with_no_game_on(bot_data: BotData) -> None:
    chat, ann = ChatData(), UserData()
    _set_aside(bot_data, chat, ann)
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "8/(3-8/3)"), context) == Priority.DAILY_SET_ASIDE


def test_a_set_aside_daily_leaves_the_hunt_on_its_answers(bot_data: BotData) -> None:
    chat, ann = ChatData(), UserData()
    _set_aside(bot_data, chat, ann)
    _hunting(chat)
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "8/(3-8/3)"), context) == Priority.HUNT


def test_a_late_countdown_answer_is_not_a_miss_of_the_set_aside_daily(bot_data: BotData) -> None:
    """For a minute after its end, an answer to a Countdown game is told it came late."""
    chat, ann = ChatData(), UserData()
    _set_aside(bot_data, chat, ann)
    _counting(chat)
    game = COUNTDOWN_SEAT.of(chat.table)
    assert game is not None and game.stop()
    context = _context(bot_data, chat, ann)
    assert _to(bot_data, _update(ANN, "75+50*3"), context) == Priority.COUNTDOWN


def test_a_game_waits_for_an_answer_only_while_it_is_on(bot_data: BotData) -> None:
    chat, ann = ChatData(), UserData()
    idle = bot_data.answers.waiting(_context(bot_data, chat, ann))
    _hunting(chat)
    assert (idle, bot_data.answers.waiting(_context(bot_data, chat, ann))) == (False, True)


def test_an_open_daily_attempt_waits_for_an_answer(bot_data: BotData) -> None:
    chat, ann = ChatData(), UserData()
    _daily_attempt(bot_data, chat, ann)
    assert bot_data.answers.waiting(_context(bot_data, chat, ann))


def test_the_daily_picture_is_a_fixed_day(bot_data: BotData) -> None:
    # The stand-in clock is a day's afternoon where the daily puzzle's day is counted,
    # so that an attempt opened "now" is open (the tests above rely on it).
    local = dt.datetime.fromtimestamp(NOW, bot_data.settings.timezone)
    assert 6 <= local.hour <= 20


def test_the_design_pages_table_has_every_routes_priority(bot_data: BotData) -> None:
    # docs/design.md, "Where an answer goes": one row per route, its number second.
    design = (Path(__file__).resolve().parents[2] / "docs" / "design.md").read_text("utf-8")
    section = design.split("## Where an answer goes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| \d+ \| (\d+) \|", section, flags=re.M)
    assert [int(number) for number in rows] == [r.priority for r in bot_data.answers.routes]
