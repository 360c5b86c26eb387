"""Hypothesis strategies that build every saved record (chats, users and their parts), shared
by the records' tests (``test_records*.py``)."""

from __future__ import annotations

from hypothesis import strategies as st

from bot.games.challenges import parts as challenge_parts
from bot.games.countdown.parts import COUNTDOWN_MESSAGES, COUNTDOWN_POINTS, CountdownMessages
from bot.games.daily import parts as daily_parts
from bot.games.daily.parts import DAILY_CHAT, DAILY_RECORD, DailyChat
from bot.games.duel.parts import DUEL_CHAT, DuelChat, InvitationMessage
from bot.games.hunt.parts import HUNT_POINTS
from bot.games.rounds.parts import GROUP_STATUS, ROUND_MESSAGES, GroupStatus, RoundMessages
from bot.games.rush.parts import RUSH_MESSAGES, RushMessages
from bot.rules.chat_stats import ChatStats, PlayerStats
from bot.rules.countdown import Best, Countdown, CountdownPoints
from bot.rules.daily.puzzle import DailyRecord, DailyResult
from bot.rules.hunt import Find, Hunt, HuntPoints
from bot.rules.requests import DECLARED, Rules
from bot.rules.rounds import Match, Phase, Round
from bot.rules.table import GameSettings, Table
from bot.state import (
    CHATS_GAME,
    ChatData,
    ChatLanguage,
    SolvePages,
    Status,
    UserData,
)

ids = st.integers(-(10**13), 10**13)
counts = st.integers(0, 10**6)
seconds = st.floats(allow_nan=False)
words = st.text(max_size=12)
days = st.dates().map(lambda day: day.isoformat())
numbers = st.integers(-(10**6), 10**6) | st.fractions(max_denominator=10**4)

rounds = st.builds(
    Round,
    number=counts,
    hand=st.lists(st.integers(1, 13), max_size=6).map(tuple),
    target=st.integers(-100, 1000),
    started=seconds,
    time_limit=st.none() | seconds,
    level=st.none() | st.integers(0, 5),
    solvable=st.booleans(),
    hints=st.integers(0, 3),
    phase=st.sampled_from(Phase),
    winner=st.none() | ids,
    wrong=st.dictionaries(ids, counts, max_size=3),
    solutions=st.none() | st.lists(words, max_size=3).map(tuple),
    solution_count=counts,
    starter=st.none() | ids,
    votes=st.dictionaries(
        st.sampled_from(["stop", "skip", "reveal", "hint"]),
        st.lists(ids, max_size=3).map(tuple),
        max_size=2,
    ),
    unsolvable=st.none() | st.booleans(),
)
players = st.builds(
    PlayerStats,
    name=words,
    wins=counts,
    points=counts,
    best_time=st.none() | seconds,
    times=st.lists(seconds, max_size=5),
    streak=counts,
    best_streak=counts,
    weekly_points=st.dictionaries(words, counts, max_size=3),
)
hunts = st.builds(
    Hunt,
    number=counts,
    hand=st.lists(st.integers(1, 13), max_size=6).map(tuple),
    target=st.integers(1, 100),
    started=seconds,
    time_limit=seconds,
    solutions=st.lists(words, max_size=4).map(tuple),
    found=st.dictionaries(
        st.integers(0, 3),
        st.builds(Find, user_id=ids, name=words, written=words, seconds=seconds),
        max_size=3,
    ),
    ended=st.booleans(),
    starter=st.none() | ids,
    answered=st.lists(ids, max_size=3),
    votes=st.dictionaries(
        st.sampled_from(["stop"]), st.lists(ids, max_size=3).map(tuple), max_size=1
    ),
)
witnesses = st.none() | st.tuples(st.integers(1, 10_000), words)
countdowns = st.builds(
    Countdown,
    number=counts,
    numbers=st.lists(st.integers(1, 100), max_size=6).map(tuple),
    target=st.integers(101, 999),
    started=seconds,
    time_limit=seconds,
    exact=st.none() | words,
    below=witnesses,
    above=witnesses,
    best=st.dictionaries(
        ids,
        st.builds(
            Best,
            user_id=ids,
            name=words,
            written=words,
            value=counts,
            distance=counts,
            seconds=seconds,
        ),
        max_size=3,
    ),
    ended=st.booleans(),
    starter=st.none() | ids,
    answered=st.lists(ids, max_size=3),
    votes=st.dictionaries(
        st.sampled_from(["stop"]), st.lists(ids, max_size=3).map(tuple), max_size=1
    ),
)
tables = st.builds(
    Table,
    settings=st.builds(
        GameSettings,
        deck=st.tuples(st.integers(1, 13), st.integers(1, 13)),
        difficulty=st.none() | words,
        time_limit=counts,
        target=st.integers(-100, 1000),
        cards=st.integers(1, 8),
        unsolvable=st.booleans(),
        times=st.dictionaries(st.sampled_from(["countdown"]), counts, max_size=1),
    ),
    games=st.fixed_dictionaries(
        {}, optional={"round": rounds, "hunt": hunts, "countdown": countdowns}
    ),
    previous=st.fixed_dictionaries({}, optional={"round": rounds}),
    dealt=counts,
    stats=st.builds(
        ChatStats,
        players=st.dictionaries(ids, players, max_size=3),
    ),
    # What the games keep beside them, or none (by the part's name): the rounds' match.
    parts=st.fixed_dictionaries(
        {},
        optional={
            "match": st.builds(
                Match,
                hands=counts,
                played=counts,
                points=st.dictionaries(ids, counts, max_size=3),
                names=st.dictionaries(ids, words, max_size=3),
                starter=st.none() | ids,
            )
        },
    ),
)
chats = st.builds(
    ChatData,
    table=tables,
    language=st.builds(ChatLanguage, chosen=st.none() | words, recent=st.none() | words),
    solve=st.builds(
        SolvePages,
        requests=st.dictionaries(
            ids,
            st.tuples(
                st.lists(numbers, max_size=4).map(tuple),
                numbers,
                st.sampled_from([Rules.EXACT, Rules.WHOLE, *DECLARED]),
            ),
        ),
    ),
    # Each game's part, or none yet (by the part's name).
    parts=st.fixed_dictionaries(
        {},
        optional={
            COUNTDOWN_MESSAGES.name: st.builds(
                CountdownMessages,
                deal_message_id=st.none() | ids,
                status=st.builds(
                    Status,
                    message_id=st.none() | ids,
                    lines=st.lists(words, max_size=3),
                    sent=seconds,
                ),
            ),
            COUNTDOWN_POINTS.name: st.builds(
                CountdownPoints, points=st.dictionaries(ids, counts, max_size=3)
            ),
            HUNT_POINTS.name: st.builds(
                HuntPoints,
                points=st.dictionaries(ids, counts, max_size=3),
                best=st.dictionaries(words, counts, max_size=3),
            ),
            ROUND_MESSAGES.name: st.builds(RoundMessages, deal_message_id=st.none() | ids),
            GROUP_STATUS.name: st.builds(
                GroupStatus,
                message_id=st.none() | ids,
                lines=st.lists(words, max_size=3),
                sent=seconds,
                late_names=st.lists(words, max_size=3),
                late_ids=st.lists(ids, max_size=3),
            ),
            DAILY_CHAT.name: st.builds(
                DailyChat,
                message_id=st.none() | ids,
                subscription=st.none() | words,
                done=st.none() | st.dates(),
            ),
            DUEL_CHAT.name: st.builds(
                DuelChat,
                token=st.none() | words,
                names=st.dictionaries(ids, words, max_size=2),
                deal_message_id=st.none() | ids,
                told=st.lists(ids, max_size=3),
                invitations=st.dictionaries(
                    words, st.builds(InvitationMessage, message_id=st.none() | ids), max_size=2
                ),
            ),
            RUSH_MESSAGES.name: st.builds(
                RushMessages,
                deal_message_id=st.none() | ids,
                hands=st.dictionaries(ids, counts, max_size=3),
            ),
        },
    ),
    members=st.dictionaries(ids, words, max_size=3),
    answers_to=st.sampled_from((CHATS_GAME, daily_parts.ANSWERS_TO, challenge_parts.ANSWERS_TO)),
)
users = st.builds(
    UserData,
    language=st.none() | words,
    # Each game's part, or none yet.
    parts=st.fixed_dictionaries(
        {},
        optional={
            DAILY_RECORD.name: st.builds(
                DailyRecord,
                started=st.dictionaries(days, seconds, max_size=3),
                misses=st.dictionaries(days, counts, max_size=3),
                results=st.dictionaries(
                    days, st.builds(DailyResult, seconds=seconds, misses=counts), max_size=3
                ),
                attempt=st.none() | days,
                replaying=st.booleans(),
                replay_started=st.dictionaries(days, seconds, max_size=3),
                replay_misses=st.dictionaries(days, counts, max_size=3),
                replays=st.dictionaries(
                    days, st.builds(DailyResult, seconds=seconds, misses=counts), max_size=3
                ),
                remind_at=st.none() | words,
                remind_zone=st.none() | words,
                reminded=st.none() | days,
            )
        },
    ),
)
