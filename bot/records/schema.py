"""The records of this version, class by class: which fields need a converter, and which
are not saved (:data:`NOT_SAVED`).  A chat's record holds its table's, which holds its
round's...; a record names no class."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

from bot.game.countdown import Best, Countdown
from bot.game.daily import DailyRecord, DailyResult
from bot.game.hunt import Find, Hunt
from bot.game.requests import Rules, SolveRequest
from bot.game.rounds import Phase, Round
from bot.game.stats import ChatStats, PlayerStats
from bot.game.table import GameSettings, Match, Table
from bot.records.codec import Codec, Record, by_id, dict_of, from_id
from bot.state import (
    ChatData,
    ChatLanguage,
    CountdownMessages,
    DailyChat,
    GroupStatus,
    HuntMessages,
    RoundMessages,
    SolvePages,
    Status,
    UserData,
)

VERSION = 2
"""The schema version of the records this version writes."""

NOT_SAVED: dict[type, frozenset[str]] = {
    Round: frozenset({"hint_list"}),
    DailyRecord: frozenset({"_fold"}),
}
"""Fields left out of the records (read back as their defaults).  A round's hints are
worked out again from its hand when first needed (:meth:`Round.needs_facts`): they are
objects of the solver (steps of fractions), and a running round is rare in a file.  A
player's streak is worked out again from the days solved."""

CODEC = Codec(NOT_SAVED)
_record = CODEC.record
_build = CODEC.build


def _number(value: object) -> int | str:
    """A number of a /solve request: an int as such, a fraction as text (``"3/4"``)."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number of a request: {value!r}")


def _number_from(value: object) -> int | Fraction:
    if isinstance(value, str):
        return Fraction(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"not a number of a request: {value!r}")


def _request(request: SolveRequest) -> list[Any]:
    """A /solve request (numbers, target, rules) as ``[[numbers], target, rules]``."""
    numbers, target, rules = request
    return [[_number(n) for n in numbers], _number(target), rules.value]


def _request_from(value: list[Any]) -> SolveRequest:
    """Reads back what :func:`_request` wrote; records written before Countdown's rules have
    ``true`` (whole numbers only) or ``false`` where the rules are."""
    numbers, target, rules = value
    if isinstance(rules, bool):
        rules = Rules.WHOLE if rules else Rules.EXACT
    return tuple(_number_from(n) for n in numbers), _number_from(target), Rules(rules)


def _settings_from(record: Record) -> GameSettings:
    return _build(GameSettings, record, deck=tuple)


def _round(game: Round) -> Record:
    return _record(game, phase=str, wrong=by_id(), votes=dict_of(list))


def _round_from(record: Record) -> Round:
    return _build(
        Round,
        record,
        hand=tuple,
        phase=Phase,
        wrong=from_id(),
        solutions=tuple,
        votes=dict_of(tuple),
    )


def _match(match: Match) -> Record:
    return _record(match, points=by_id(), names=by_id())


def _match_from(record: Record) -> Match:
    return _build(Match, record, points=from_id(), names=from_id())


def _stats(stats: ChatStats) -> Record:
    return _record(stats, players=by_id(_record))


def _stats_from(record: Record) -> ChatStats:
    return _build(ChatStats, record, players=from_id(lambda r: _build(PlayerStats, r)))


def _hunt(hunt: Hunt) -> Record:
    return _record(hunt, found=by_id(_record), votes=dict_of(list))


def _hunt_from(record: Record) -> Hunt:
    return _build(
        Hunt,
        record,
        hand=tuple,
        solutions=tuple,
        found=from_id(lambda r: _build(Find, r)),
        votes=dict_of(tuple),
    )


def _countdown(game: Countdown) -> Record:
    return _record(game, below=list, above=list, best=by_id(_record), votes=dict_of(list))


def _countdown_from(record: Record) -> Countdown:
    return _build(
        Countdown,
        record,
        numbers=tuple,
        below=tuple,
        above=tuple,
        best=from_id(lambda r: _build(Best, r)),
        votes=dict_of(tuple),
    )


def table_record(table: Table) -> Record:
    """A chat's game as a record (its settings, round, match, hunt and players' stats)."""
    return _record(
        table,
        settings=_record,
        round=_round,
        match=_match,
        stats=_stats,
        hunt=_hunt,
        countdown=_countdown,
    )


def table_from_record(record: Record) -> Table:
    """The game a :func:`table_record` holds."""
    return _build(
        Table,
        record,
        settings=_settings_from,
        round=_round_from,
        match=_match_from,
        stats=_stats_from,
        hunt=_hunt_from,
        countdown=_countdown_from,
    )


def daily_record(daily: DailyRecord) -> Record:
    """A player's daily puzzles as a record."""
    return _record(daily, results=dict_of(_record), replays=dict_of(_record))


def daily_from_record(record: Record) -> DailyRecord:
    """The daily puzzles a :func:`daily_record` holds."""
    result = dict_of(lambda r: _build(DailyResult, r))
    return _build(DailyRecord, record, results=result, replays=result)


def _daily_chat(daily: DailyChat) -> Record:
    return _record(daily, done=dt.date.isoformat)


def _daily_chat_from(record: Record) -> DailyChat:
    return _build(DailyChat, record, done=dt.date.fromisoformat)


def _solve_pages(pages: SolvePages) -> Record:
    return _record(pages, requests=by_id(_request))


def _solve_pages_from(record: Record) -> SolvePages:
    return _build(SolvePages, record, requests=from_id(_request_from))


def chat_record(data: ChatData) -> Record:
    """What the data file keeps for a chat: its game, and its other parts by feature."""
    return {
        "v": VERSION,
        **_record(
            data,
            table=table_record,
            language=_record,
            rounds=_record,
            status=_record,
            daily=_daily_chat,
            solve=_solve_pages,
            hunt=lambda part: _record(part, status=_record),
            countdown=lambda part: _record(part, status=_record),
            members=by_id(),
        ),
    }


def chat_from_record(record: Record) -> ChatData:
    """A chat's data from its record (of this version: see :func:`load`)."""
    return _build(
        ChatData,
        record,
        table=table_from_record,
        language=lambda part: _build(ChatLanguage, part),
        rounds=lambda part: _build(RoundMessages, part),
        status=lambda part: _build(GroupStatus, part),
        daily=_daily_chat_from,
        solve=_solve_pages_from,
        hunt=lambda part: _build(HuntMessages, part, status=lambda status: _build(Status, status)),
        countdown=lambda part: _build(
            CountdownMessages, part, status=lambda status: _build(Status, status)
        ),
        members=from_id(),
    )


def user_record(data: UserData) -> Record:
    """What the data file keeps for a user."""
    return {"v": VERSION, **_record(data, daily=daily_record)}


def user_from_record(record: Record) -> UserData:
    """A user's data from its record (of this version: see :func:`load`)."""
    return _build(UserData, record, daily=daily_from_record)
