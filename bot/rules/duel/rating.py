"""The duel rating: each player's skill across all chats, kept by OpenSkill (this module keeps
``mu`` and ``sigma`` and the integrity rules around them, and computes no rating itself).
Each rule and what it prevents: docs/design-games.md, *Duels and ratings: the rules*, and
docs/fair-play.md, *Ratings second accounts cannot lift*."""

from __future__ import annotations

import datetime as dt
import functools
import heapq
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.rules.seasons.calendar import season_of

MODEL = PlackettLuce()
"""OpenSkill's default model: ``mu`` 25, ``sigma`` 25/3 for a new player."""
PROVISIONAL_WEIGHT = 0.25
"""The partial-play weight of a win over a provisional opponent (see the module)."""
PROVISIONAL_GAIN_PER_DAY = 50
"""The most shown points a player gains in a day from provisional opponents."""
SCALE = 40.0
"""Shown points per unit of ``mu`` and ``sigma``."""
SHOWN_BASE = 1500.0
"""The shown rating of a new player."""
PROVISIONAL_DUELS = 5
ESTABLISHED_OPPONENTS = 5
"""Played-out rated duels, against as many distinct opponents, that make a player
established (see the module)."""
ESTABLISHED_DAYS = 7
"""Days from a player's first rated duel before they can be established."""
SEASON_OPPONENTS = 3
"""Distinct established opponents of a season's rated duels that put a player on its duel
board (:mod:`bot.rules.duel.rated_season`; kept up to this many)."""
PAIR_CAP_PER_DAY = 3
BOARD_MIN_DUELS = 3
RECENT_KEPT = 5
PAIR_DAYS_KEPT = 2
"""Days of pair counts kept (today and yesterday: enough for any local day)."""


class Result(StrEnum):
    """A duel's result for one player."""

    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


@dataclass(frozen=True, slots=True)
class Shown:
    """A rating as people read it: ``1500 ± 333``, provisional or not."""

    points: int
    plus_minus: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class RecentResult:
    """One of a player's last results."""

    opponent: int
    result: Result
    change: int
    """Shown points won or lost (0 for a friendly duel)."""
    rated: bool
    day: str
    """The day, ISO ``YYYY-MM-DD``."""


@dataclass(slots=True)
class PlayerRating:
    """One player's rating and duel record."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    rated: int = 0
    """Rated duels played."""
    won: int = 0
    lost: int = 0
    drawn: int = 0
    friendly: int = 0
    """Friendly duels played (not rated: see :data:`PAIR_CAP_PER_DAY`)."""
    recent: list[RecentResult] = field(default_factory=list)
    """The last results, newest first."""
    gain_day: str = ""
    """The day (ISO) of :attr:`provisional_gain` (empty: never; ratings saved before the
    cap have none)."""
    provisional_gain: float = 0.0
    """Shown points gained on :attr:`gain_day` from provisional opponents."""
    off_boards: bool = False
    """Taken off the boards by the host (``/admin fairplay``): still rated, on no board."""
    first_day: str = ""
    """The day (ISO) of the player's first rated duel (empty: none since this was kept)."""
    played_with: list[int] = field(default_factory=list)
    """Distinct opponents of the player's played-out rated duels (the first
    :data:`ESTABLISHED_OPPONENTS` of them are all that is kept)."""
    season: str = ""
    """The season (``2026-11``: :mod:`bot.rules.seasons`) of the player's last rated duel
    (empty in ratings saved before seasons)."""
    season_rated: int = 0
    """Rated duels played in :attr:`season`."""
    season_counted: int = 0
    """Rated duels of :attr:`season` against an opponent established when it was played
    (what the season's duel board counts: 0 in ratings saved before it was kept)."""
    season_against: list[int] = field(default_factory=list)
    """Distinct opponents, established when played, of the rated duels of :attr:`season`
    (the first :data:`SEASON_OPPONENTS`; empty in ratings saved before it was kept: their
    ``season_against``, which counted any opponent, is read by none)."""

    def established(self, day: dt.date) -> bool:
        """Whether a win over this player counts in full on ``day`` (see the module)."""
        if len(self.played_with) < ESTABLISHED_OPPONENTS or not self.first_day:
            return False
        return dt.date.fromisoformat(self.first_day) + dt.timedelta(days=ESTABLISHED_DAYS) <= day

    def _played(self, day: dt.date, opponent: int, played_out: bool, against: bool) -> None:
        """A rated duel against ``opponent`` on ``day``; ``against``: an established one."""
        if not self.first_day:
            self.first_day = day.isoformat()
        if self.season != season_of(day):
            self.season, self.season_rated = season_of(day), 0
            self.season_counted, self.season_against = 0, []
        self.season_rated += 1
        self.season_counted += against
        fresh_here = against and opponent not in self.season_against
        if fresh_here and len(self.season_against) < SEASON_OPPONENTS:
            self.season_against.append(opponent)
        fresh = played_out and opponent not in self.played_with
        if fresh and len(self.played_with) < ESTABLISHED_OPPONENTS:
            self.played_with.append(opponent)

    @property
    def shown(self) -> Shown:
        """The rating as people read it."""
        return Shown(
            round(SHOWN_BASE + (self.mu - MODEL.mu) * SCALE),
            round(self.sigma * SCALE),
            self.rated < PROVISIONAL_DUELS,
        )

    @property
    def provisional(self) -> bool:
        """Whether the player has fewer than :data:`PROVISIONAL_DUELS` rated duels."""
        return self.rated < PROVISIONAL_DUELS

    def allowance(self, day: str) -> float:
        """Shown points the player may still gain on ``day`` from provisional opponents."""
        gained = self.provisional_gain if self.gain_day == day else 0.0
        return max(0.0, PROVISIONAL_GAIN_PER_DAY - gained)

    def _gained(self, day: str, points: float) -> None:
        if self.gain_day != day:
            self.gain_day, self.provisional_gain = day, 0.0
        self.provisional_gain += points

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard ranks by (``mu - 3 sigma``)."""
        return self.mu - 3 * self.sigma

    def _note(self, result: RecentResult) -> None:
        self.recent.insert(0, result)
        del self.recent[RECENT_KEPT:]


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What a finished duel did to both players' ratings."""

    rated: bool
    """False: a friendly duel (over the day's cap between these two), nothing changed."""
    counted_today: int
    """Rated duels between the two players today, this one included if rated."""
    before: dict[int, Shown]
    after: dict[int, Shown]
    weighed: frozenset[int] = frozenset()
    """Players whose gain was a win (or draw) over a provisional opponent, weighed down."""
    capped: frozenset[int] = frozenset()
    """Players whose gain stopped at the day's cap from provisional opponents."""
    forfeit: bool = False
    """Whether the duel was won by forfeit (its winner's gain weighed and capped)."""
    unestablished: frozenset[int] = frozenset()
    """Players whose opponent, past their first duels, was not established yet."""

    def change(self, player: int) -> int:
        """Shown points ``player`` won (negative: lost)."""
        return self.after[player].points - self.before[player].points


@functools.lru_cache(maxsize=4)
def _weighed_model(weight: float) -> PlackettLuce:
    """OpenSkill's model with every player's partial-play weight ``weight`` (a team of one
    has its weight scaled to the model's bounds, so the bounds are the weight; a weight cut
    to the day's cap is one of many, so only the last few models are kept)."""
    return PlackettLuce(weight_bounds=(weight, weight))


def _rate(
    a: PlayerRating, b: PlayerRating, ranks: list[float], weight: float
) -> list[list[PlackettLuceRating]]:
    """OpenSkill's update of a duel between ``a`` and ``b``: in full (``weight`` 1), or with
    both updates weighed by ``weight`` (only the winner's is then taken: see the module)."""
    model = MODEL if weight == 1.0 else _weighed_model(weight)
    teams = [[model.rating(a.mu, a.sigma)], [model.rating(b.mu, b.sigma)]]
    if weight == 1.0:
        return model.rate(teams, ranks=ranks)
    return model.rate(teams, ranks=ranks, weights=[[1.0], [1.0]])


def _pair_key(day: dt.date, first: int, second: int) -> str:
    low, high = sorted((first, second))
    return f"{day.isoformat()} {low} {high}"


@dataclass(slots=True)
class Ratings:
    """Every player's rating, and the day's rated duels of each pair."""

    players: dict[int, PlayerRating] = field(default_factory=dict)
    pairs: dict[str, int] = field(default_factory=dict)
    """Rated duels by ``"YYYY-MM-DD low high"`` (the two ids, in order), recent days only."""

    def of(self, player: int) -> PlayerRating:
        """``player``'s rating (a new one, not stored, if they never dueled)."""
        return self.players.get(player) or PlayerRating()

    def record(
        self,
        first: int,
        second: int,
        winner: int | None,
        day: dt.date,
        *,
        forfeit: bool = False,
        played_out: bool = True,
    ) -> RatingChange:
        """Rate a finished duel between ``first`` and ``second`` on ``day``: ``winner``
        None is a draw; ``forfeit``: won by forfeit; ``played_out``: played to its end
        with both players answering hands (it counts towards :meth:`PlayerRating.
        established`).  Over the day's cap for the pair, the duel is friendly."""
        if first == second:
            raise ValueError("a player cannot duel themselves")
        if winner is not None and winner not in (first, second):
            raise ValueError(f"{winner} did not play this duel")
        self._forget_old_days(day)
        key = _pair_key(day, first, second)
        rated = self.pairs.get(key, 0) < PAIR_CAP_PER_DAY
        a = self.players.setdefault(first, PlayerRating())
        b = self.players.setdefault(second, PlayerRating())
        before = {first: a.shown, second: b.shown}
        standing = {first: a.established(day), second: b.established(day)}
        weighed: set[int] = set()
        capped: set[int] = set()
        unestablished: set[int] = set()
        if rated:
            self.pairs[key] = self.pairs.get(key, 0) + 1
            # OpenSkill's ranks: lower is better, equal is a draw.
            ranks = [1.0, 1.0] if winner is None else [1.0, 2.0] if winner == first else [2.0, 1.0]
            [[new_a], [new_b]] = _rate(a, b, ranks, 1.0)
            new = {first: new_a, second: new_b}
            for me, mine, theirs in ((first, a, b), (second, b, a)):
                gain = (new[me].mu - mine.mu) * SCALE
                if gain <= 0 or not (forfeit or not theirs.established(day)):
                    continue
                # A win by forfeit or over an opponent not established: partial play, then
                # the day's cap.
                weighed.add(me)
                if not theirs.provisional and not theirs.established(day):
                    unestablished.add(me)
                weight = PROVISIONAL_WEIGHT
                left = mine.allowance(day.isoformat())
                if gain * weight > left:
                    capped.add(me)
                    weight = left / gain
                mine._gained(day.isoformat(), gain * weight)
                if weight > 0:
                    new[me] = _rate(a, b, ranks, weight)[0 if me == first else 1][0]
                else:
                    new[me] = MODEL.rating(mine.mu, mine.sigma)  # the cap is reached
            a.mu, a.sigma = new[first].mu, new[first].sigma
            b.mu, b.sigma = new[second].mu, new[second].sigma
            a._played(day, second, played_out, standing[second])
            b._played(day, first, played_out, standing[first])
        after = {first: a.shown, second: b.shown}
        change = RatingChange(
            rated,
            self.pairs.get(key, 0),
            before,
            after,
            frozenset(weighed),
            frozenset(capped),
            forfeit,
            frozenset(unestablished),
        )
        for me, other, mine in ((first, second, a), (second, first, b)):
            result = Result.DRAWN if winner is None else Result.WON if winner == me else Result.LOST
            if rated:
                mine.rated += 1
                if result is Result.WON:
                    mine.won += 1
                elif result is Result.LOST:
                    mine.lost += 1
                else:
                    mine.drawn += 1
            else:
                mine.friendly += 1
            mine._note(RecentResult(other, result, change.change(me), rated, day.isoformat()))
        return change

    def _forget_old_days(self, day: dt.date) -> None:
        oldest = (day - dt.timedelta(days=PAIR_DAYS_KEPT - 1)).isoformat()
        for key in [k for k in self.pairs if k.split(" ", 1)[0] < oldest]:
            del self.pairs[key]

    def board(self, among: Iterable[int] | None = None) -> list[int]:
        """Players with at least :data:`BOARD_MIN_DUELS` rated duels, best first (by
        :attr:`PlayerRating.ordinal`, then more duels, then the earlier id); ``among``
        limits it to some players (a group's members)."""
        return self.top(None, among)

    def top(self, count: int | None, among: Iterable[int] | None = None) -> list[int]:
        """The first ``count`` players of :meth:`board` (all with None), without sorting
        the whole board: one pass over the players, as each ``/rating top`` costs."""
        wanted = None if among is None else set(among)
        ranked = (
            (_board_key(player, rating), player)
            for player, rating in self.players.items()
            if _on_board(rating) and (wanted is None or player in wanted)
        )
        best = sorted(ranked) if count is None else heapq.nsmallest(count, ranked)
        return [player for _key, player in best]

    def rank(self, player: int) -> int | None:
        """``player``'s place on the whole board (1 is first), or None when not on it."""
        rating = self.players.get(player)
        if rating is None or not _on_board(rating):
            return None
        mine = _board_key(player, rating)
        return 1 + sum(
            1
            for other, theirs in self.players.items()
            if _on_board(theirs) and _board_key(other, theirs) < mine
        )

    def ranked(self) -> int:
        """How many players are on the board."""
        return sum(1 for rating in self.players.values() if _on_board(rating))


def _on_board(rating: PlayerRating) -> bool:
    """Whether a player stands on the board: enough rated duels, and not taken off it."""
    return rating.rated >= BOARD_MIN_DUELS and not rating.off_boards


def _board_key(player: int, rating: PlayerRating) -> tuple[float, int, int]:
    """Where a player stands on the board: lower is better (see :meth:`Ratings.board`)."""
    return (-rating.ordinal, -rating.rated, player)
