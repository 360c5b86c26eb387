"""Duels: two players racing on the same hands, and how a duel ends (won, drawn, forfeited,
left, cut off, removed, abandoned, cancelled; invitations: :mod:`bot.rules.duel.lobby`).
Each rule and what it prevents: docs/design-games.md, *Duels and ratings: the rules*, and
docs/fair-play.md (*Ratings second accounts cannot lift*, *A person's pace*)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from bot.rules.achievements import Achievements, declare_counting, declare_family
from bot.rules.hand_records import declare_source
from bot.rules.hands import HandFacts
from bot.rules.pace import steady
from bot.rules.results import GameResult
from bot.rules.rounds import Outcome, Round
from solver import check

DUEL_GAME = "duel"
"""A duel's name, as its results give it (:attr:`bot.rules.results.GameResult.game`)."""
HAND_SOURCE = declare_source(DUEL_GAME)
"""A duel's solves count for a hand's record."""

WINS_NEEDED = 3
"""Hands a player must win to win the duel."""
MOST_HANDS = 5
"""The most hands a duel deals."""
HAND_SECONDS = 60.0
"""A hand's time by default."""
IDLE_HANDS = 2
STEADY_WINS = 2
"""Hands won, all at a script's steady pace, that keep a win from being rated (see
:attr:`Duel.steady`): a duel won has three, a forfeit after two is judged too."""
"""Idle hands in a row that forfeit a duel."""


class Refusal(StrEnum):
    """Why an action on an invitation or a duel was refused."""

    SELF = "self"
    """Inviting or accepting yourself."""
    BOT = "bot"
    """Inviting the bot, or a bot accepting."""
    BUSY = "busy"
    """The player acting is already in a duel."""
    OPPONENT_BUSY = "opponent_busy"
    """The other player is already in a duel."""
    INVITING = "inviting"
    """The inviter has an invitation out already."""
    NOT_INVITEE = "not_invitee"
    """Accepting or declining an invitation made to someone else."""
    NOT_FOUND = "not_found"
    """No such invitation (answered, withdrawn or never made)."""
    EXPIRED = "expired"
    """The invitation's time is up."""
    NOT_PLAYER = "not_player"
    """Acting in a duel one does not play."""
    OVER = "over"
    """The duel has ended."""
    HAND_LIVE = "hand_live"
    """Dealing while a hand is being played."""
    NO_HAND = "no_hand"
    """Answering before the first hand is dealt."""


class Refused(ValueError):
    """An action the rules refuse; :attr:`reason` says why."""

    def __init__(self, reason: Refusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


class End(StrEnum):
    """How a duel ended."""

    WINS = "wins"
    """A player won :data:`WINS_NEEDED` hands."""
    HANDS = "hands"
    """All :data:`MOST_HANDS` hands were dealt: more hands won wins, equal is a draw."""
    STOPPED = "stopped"
    """A player stopped: the other wins."""
    LEFT = "left"
    """A player cut the bot off (blocked it, or removed it from the group): the other wins."""
    IDLE = "idle"
    """A player was idle :data:`IDLE_HANDS` hands in a row: the other wins."""
    CUT_OFF = "cut_off"
    """The bot could not go on for a reason neither player chose (removed from the group by
    someone else, the group gone): the leader wins; level, nobody does."""
    REMOVED = "removed"
    """A player was removed or muted by someone else: decided as :attr:`CUT_OFF` is."""
    QUIT = "quit"
    """A player left the duel's group by himself: the other wins."""
    ABANDONED = "abandoned"
    """Both players were idle: nobody wins, nothing is rated."""
    CANCELLED = "cancelled"
    """Cancelled (at a restart): nobody wins, nothing is rated."""


RATED_ENDS = frozenset(
    {End.WINS, End.HANDS, End.STOPPED, End.LEFT, End.IDLE, End.CUT_OFF, End.REMOVED, End.QUIT}
)
"""Ends that count for the rating (a forfeit counts as a loss), once both players have seen
a hand (:attr:`Duel.seen`); a duel cut off level is not rated."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its winner (None: nobody solved it in time), the winner's time (from
    the hand's start, as shown) and their pace (from the hand reaching them: None in a hand
    saved before it was kept, read as the time)."""

    winner: int | None
    seconds: float = 0.0
    pace: float | None = None


@dataclass(frozen=True, slots=True)
class DuelAnswer:
    """What one answer did in a duel: the round's outcome, and the hand it finished, if any
    (won by it, or ended by the clock when :attr:`Outcome.expired`)."""

    outcome: Outcome
    hand: HandResult | None = None


@dataclass(slots=True)
class Duel:
    """Two players' duel: ``players`` is (inviter, opponent)."""

    token: str
    players: tuple[int, int]
    created: float
    chat_id: int | None = None
    hand_seconds: float = HAND_SECONDS
    hand: Round | None = None
    """The hand being played, or the last one."""
    results: list[HandResult] = field(default_factory=list)
    idle: list[int] = field(default_factory=lambda: [0, 0])
    """Each player's idle hands in a row, in the order of :attr:`players`."""
    end: End | None = None
    winner: int | None = None
    dealt: list[tuple[int, ...]] = field(default_factory=list)
    """The hands dealt so far, in order (see :meth:`seen`)."""
    shown: bool = False
    """Whether a hand has reached both players (see :attr:`contested`)."""
    delivered: dict[int, float] = field(default_factory=dict)
    """When the current hand reached each player (see :meth:`delivered_to`)."""
    too_fast: list[int] = field(default_factory=list)
    """The players who sent a right answer faster than a person's pace in this duel."""
    answered: list[int] = field(default_factory=list)
    """The players who attempted a hand of this duel (see :attr:`played_out`)."""

    @property
    def over(self) -> bool:
        """Whether the duel has ended."""
        return self.end is not None

    @property
    def contested(self) -> bool:
        """Whether both players have seen a hand: a duel that ends before is no contest
        (a duel saved before this was kept counts its finished hands)."""
        return self.shown or bool(self.results)

    @property
    def rated(self) -> bool:
        """Whether the duel's end counts for the rating: a rated end, once both players saw
        a hand, with a winner when it was cut off, and never in favour of a player who
        answered faster than a person's pace (see the module)."""
        if self.end in (End.CUT_OFF, End.REMOVED) and self.winner is None:
            return False
        return (
            self.end in RATED_ENDS
            and self.contested
            and not self.favours_too_fast
            and self.winner not in self.steady
        )

    @property
    def forfeited(self) -> bool:
        """Whether the duel ended before its end by play (a stop, a player leaving or idle,
        the bot cut off): its win is weighed as a forfeit's (:mod:`bot.rules.duel.rating`)."""
        return self.end not in (End.WINS, End.HANDS)

    @property
    def played_out(self) -> bool:
        """Whether the duel was played to its end with both players answering hands: only
        such duels make a player established (:meth:`~bot.rules.duel.rating.PlayerRating.
        established`; a duel saved before answers were kept is not one)."""
        return not self.forfeited and set(self.answered) >= set(self.players)

    @property
    def favours_too_fast(self) -> bool:
        """Whether the duel ended well for a player who answered faster than a person's
        pace: they won it, or it is a draw with one in it."""
        if self.winner is None:
            return bool(self.too_fast)
        return self.winner in self.too_fast

    @property
    def steady(self) -> list[int]:
        """The players who won at least :data:`STEADY_WINS` hands, every one of them at a
        script's steady pace (:func:`bot.rules.pace.steady`): a duel they win is not rated."""
        found = []
        for player in self.players:
            paces = [
                r.seconds if r.pace is None else r.pace for r in self.results if r.winner == player
            ]
            if steady(paces, STEADY_WINS):
                found.append(player)
        return found

    @property
    def loser(self) -> int | None:
        """The player who lost (None while playing, in a draw, or when nothing is rated)."""
        if self.winner is None:
            return None
        return self.other(self.winner)

    def other(self, player: int) -> int:
        """The opponent of ``player``."""
        first, second = self.players
        return second if player == first else first

    @property
    def score(self) -> tuple[int, int]:
        """Hands won by each player, in the order of :attr:`players`."""
        wins = [r.winner for r in self.results]
        return wins.count(self.players[0]), wins.count(self.players[1])

    @property
    def leader(self) -> int | None:
        """The player with more hands won (None: level)."""
        first, second = self.score
        return None if first == second else self.players[0 if first > second else 1]

    @property
    def live(self) -> bool:
        """Whether a hand is being played (its solutions are a secret)."""
        return self.hand is not None and self.hand.live and not self.over

    def deal(self, facts: HandFacts, level: int | None, now: float) -> Round:
        """The next hand, dealt to both players at ``now`` (its clock: see :meth:`show`)."""
        if self.over:
            raise Refused(Refusal.OVER)
        if self.live:
            raise Refused(Refusal.HAND_LIVE)
        self.hand = Round.deal(len(self.results) + 1, facts, level, now, self.hand_seconds)
        self.dealt.append(facts.hand)
        self.delivered = {}
        return self.hand

    def seen(self, hand: tuple[int, ...]) -> bool:
        """Whether ``hand`` was dealt in this duel already: the dealer draws again, since a
        hand that comes back is a race of memory, not of arithmetic (a duel written before
        the hands were kept knows none)."""
        return tuple(sorted(hand)) in (tuple(sorted(h)) for h in self.dealt)

    def delivered_to(self, player: int, now: float) -> None:
        """The current hand reached ``player`` at ``now`` (their chat's message was sent):
        their answers' pace is timed from then."""
        if self.live and player in self.players:
            self.delivered.setdefault(player, now)

    def show(self, now: float) -> None:
        """The hand has reached both players: its clock starts now (the later of the two
        deliveries, so that neither loses time to the other's wait), and the duel is a
        contest from now on (:attr:`contested`)."""
        if self.live and self.hand is not None:
            self.hand.show(now)
            self.shown = True

    def answer(self, user_id: int, text: str, now: float) -> DuelAnswer:
        """Judge a player's answer to the live hand; the first right one wins it.

        Raises :class:`Refused`: ``NOT_PLAYER`` for anyone but the two players, ``NO_HAND``
        before the first deal.  An answer between hands or after the end is judged against
        the last hand and marked too late if right; it changes nothing.  An answer at or
        after the live hand's deadline is too late too, and ends the hand as its time-up
        would (:meth:`expire`; its outcome is :attr:`~bot.rules.rounds.Outcome.expired`, the
        result in :attr:`DuelAnswer.hand`): the timer may be late, a win may not.
        """
        if user_id not in self.players:
            raise Refused(Refusal.NOT_PLAYER)
        if self.hand is None:
            raise Refused(Refusal.NO_HAND)
        if not self.live:  # between hands, or after the end: judged, too late if right
            verdict = check(text, self.hand.hand, self.hand.target)
            return DuelAnswer(Outcome(verdict, too_late=verdict.ok))
        ended = self.expire(self.hand.number, now)  # by the clock: the timer may be late
        if ended is not None:
            verdict = check(text, self.hand.hand, self.hand.target)
            return DuelAnswer(Outcome(verdict, too_late=verdict.ok, expired=True), ended)
        # Timed from this player's own delivery (a duel written before deliveries were kept:
        # from the hand's start, the later delivery).
        shown = self.delivered.get(user_id, self.hand.started)
        outcome = self.hand.answer(user_id, text, now, shown=shown)
        if outcome.too_fast and user_id not in self.too_fast:
            self.too_fast.append(user_id)
        if self.attempted(user_id) and user_id not in self.answered:
            self.answered.append(user_id)
        if not outcome.won:
            return DuelAnswer(outcome)
        won = HandResult(user_id, outcome.seconds, now - shown)
        return DuelAnswer(outcome, self._finish_hand(won))

    def expire(self, number: int, now: float) -> HandResult | None:
        """A timer for hand ``number`` fired: if the hand's time is up, it ends for no one
        (players who made no attempt are idle).  A stale timer changes nothing (None)."""
        if self.over or self.hand is None or not self.hand.expire(number, now):
            return None
        attempted = set(self.hand.wrong)
        for i, player in enumerate(self.players):
            self.idle[i] = 0 if player in attempted else self.idle[i] + 1
        result = self._finish_hand(HandResult(None))
        if self.over:
            return result
        away = [p for i, p in enumerate(self.players) if self.idle[i] >= IDLE_HANDS]
        if len(away) == 2:
            self._close(End.ABANDONED, None)
        elif away:
            self._close(End.IDLE, self.other(away[0]))
        return result

    def attempted(self, user_id: int) -> bool:
        """Whether ``user_id`` has attempted the current hand (a right answer, a counted miss)."""
        return self.hand is not None and (user_id in self.hand.wrong or self.hand.winner == user_id)

    def stop(self, user_id: int) -> None:
        """``user_id`` stops: a forfeit, the other player wins."""
        if user_id not in self.players:
            raise Refused(Refusal.NOT_PLAYER)
        if self.over:
            raise Refused(Refusal.OVER)
        self._close(End.STOPPED, self.other(user_id))

    def leave(self, user_id: int) -> bool:
        """``user_id`` cut the bot off (blocked it, or removed it from the group): the other
        player wins; False if the duel had already ended."""
        if user_id not in self.players:
            raise Refused(Refusal.NOT_PLAYER)
        if self.over:
            return False
        self._close(End.LEFT, self.other(user_id))
        return True

    def cut_off(self) -> bool:
        """The bot cannot go on for a reason neither player chose: the duel is decided as it
        stands (the leader wins; level, nobody); False if it had already ended."""
        if self.over:
            return False
        self._close(End.CUT_OFF, self.leader)
        return True

    def member_gone(self, user_id: int, *, by_self: bool) -> bool:
        """``user_id`` is no longer a member of the duel's group who may write: by himself
        (``by_self``: he left, a forfeit, the other wins) or removed or restricted by
        someone else (decided as it stands); False if the duel had already ended."""
        if user_id not in self.players:
            raise Refused(Refusal.NOT_PLAYER)
        if self.over:
            return False
        if by_self:
            self._close(End.QUIT, self.other(user_id))
        else:
            self._close(End.REMOVED, self.leader)
        return True

    def cancel(self) -> bool:
        """Cancel the duel (nobody wins, nothing is rated); False if it had already ended."""
        if self.over:
            return False
        self._close(End.CANCELLED, None)
        return True

    def _finish_hand(self, result: HandResult) -> HandResult:
        self.results.append(result)
        if result.winner is not None:
            self.idle = [0, 0]  # a hand somebody won makes nobody idle
        for player, wins in zip(self.players, self.score, strict=True):
            if wins >= WINS_NEEDED:
                self._close(End.WINS, player)
                return result
        if len(self.results) >= MOST_HANDS:
            self._close(End.HANDS, self.leader)
        return result

    def _close(self, end: End, winner: int | None) -> None:
        self.end, self.winner = end, winner
        if self.hand is not None and self.hand.live:
            self.hand.reveal()


@dataclass(frozen=True, slots=True, kw_only=True)
class DuelWon(GameResult):
    """A duel won."""

    game: str = DUEL_GAME


DUELS_WON = declare_family("duels", (1, 10, 50), position=40)
"""Duels won (rated, played out)."""


def _won(achievements: Achievements, result: DuelWon, now: float) -> None:
    achievements.add(DUELS_WON)


declare_counting(DuelWon, _won)
