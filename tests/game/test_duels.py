"""The rules of a duel and its invitations, driven with a fixed clock and no Telegram."""

from __future__ import annotations

import random

import pytest

from bot.rules.duel import lobby as duel_lobby
from bot.rules.duel.lobby import INVITATION_SECONDS, Duels, PastDuel
from bot.rules.duel.race import HAND_SECONDS, Duel, End, HandResult, Refusal, Refused
from bot.rules.hands import HandFacts, facts_job
from solver import Code

ANN, BOB, CAT, DAN, BOT = 1, 2, 3, 4, 99
BOTS = frozenset({BOT})
HAND = (3, 3, 8, 8)
RIGHT = "8/(3-8/3)"


def facts(hand: tuple[int, ...] = HAND) -> HandFacts:
    """The facts of ``hand`` for 24, worked out as the bot's workers do it."""
    found = facts_job([hand], 24, False)
    assert found is not None
    return found


def started(lobby: Duels | None = None, now: float = 0.0) -> Duel:
    """A duel of Ann (inviter) and Bob, accepted at ``now``."""
    lobby = lobby or Duels()
    invitation = lobby.invite(ANN, BOB, now, random.Random(1), bot_ids=BOTS)
    return lobby.accept(invitation.token, BOB, now, bot_ids=BOTS)


def refusal(action: object) -> Refusal:
    """Why ``action`` (a callable) was refused."""
    assert callable(action)
    with pytest.raises(Refused) as refused:
        action()
    return refused.value.reason


# --- invitations ------------------------------------------------------------------------------


def test_only_the_invitee_can_accept() -> None:
    lobby = Duels()
    invitation = lobby.invite(ANN, BOB, 0.0, random.Random(1))
    assert refusal(lambda: lobby.accept(invitation.token, CAT, 1.0)) is Refusal.NOT_INVITEE
    assert refusal(lambda: lobby.decline(invitation.token, CAT, 1.0)) is Refusal.NOT_INVITEE
    assert invitation.token in lobby.invitations
    assert lobby.accept(invitation.token, BOB, 2.0).players == (ANN, BOB)


def test_the_inviter_cannot_accept_their_own_invitation() -> None:
    lobby = Duels()
    shared = lobby.invite(ANN, None, 0.0, random.Random(1))
    assert refusal(lambda: lobby.accept(shared.token, ANN, 1.0)) is Refusal.SELF


def test_a_shared_invitation_goes_to_whoever_opens_it_first() -> None:
    lobby = Duels()
    shared = lobby.invite(ANN, None, 0.0, random.Random(1))
    assert lobby.accept(shared.token, CAT, 1.0).players == (ANN, CAT)
    assert refusal(lambda: lobby.accept(shared.token, DAN, 2.0)) is Refusal.NOT_FOUND


def test_nobody_invites_themselves_or_a_bot() -> None:
    lobby = Duels()
    rng = random.Random(1)
    assert refusal(lambda: lobby.invite(ANN, ANN, 0.0, rng, bot_ids=BOTS)) is Refusal.SELF
    assert refusal(lambda: lobby.invite(ANN, BOT, 0.0, rng, bot_ids=BOTS)) is Refusal.BOT
    shared = lobby.invite(ANN, None, 0.0, rng, bot_ids=BOTS)
    assert refusal(lambda: lobby.accept(shared.token, BOT, 1.0, bot_ids=BOTS)) is Refusal.BOT


def test_an_invitation_expires_after_two_minutes() -> None:
    lobby = Duels()
    invitation = lobby.invite(ANN, BOB, 0.0, random.Random(1))
    assert INVITATION_SECONDS == 120.0
    late = INVITATION_SECONDS
    assert refusal(lambda: lobby.accept(invitation.token, BOB, late)) is Refusal.EXPIRED
    assert lobby.invitations == {}


def test_expired_invitations_are_dropped_to_be_announced() -> None:
    lobby = Duels()
    invitation = lobby.invite(ANN, BOB, 0.0, random.Random(1))
    assert lobby.drop_expired(119.9) == []
    assert lobby.drop_expired(120.0) == [invitation]


def test_one_invitation_out_at_a_time() -> None:
    lobby = Duels()
    rng = random.Random(1)
    lobby.invite(ANN, BOB, 0.0, rng)
    assert refusal(lambda: lobby.invite(ANN, CAT, 1.0, rng)) is Refusal.INVITING
    assert lobby.invite(ANN, CAT, 121.0, rng).invitee == CAT  # the first one has expired


def test_the_inviter_withdraws_and_the_invitee_declines() -> None:
    lobby = Duels()
    rng = random.Random(1)
    first = lobby.invite(ANN, BOB, 0.0, rng)
    assert lobby.decline(first.token, BOB, 1.0) is first
    second = lobby.invite(ANN, None, 2.0, rng)
    assert refusal(lambda: lobby.decline(second.token, BOB, 3.0)) is Refusal.NOT_INVITEE
    assert lobby.decline(second.token, ANN, 3.0) is second
    assert lobby.invitations == {}


def test_a_second_duel_while_in_one_is_refused() -> None:
    lobby = Duels()
    rng = random.Random(1)
    started(lobby)
    assert refusal(lambda: lobby.invite(ANN, CAT, 1.0, rng)) is Refusal.BUSY
    assert refusal(lambda: lobby.invite(CAT, BOB, 1.0, rng)) is Refusal.OPPONENT_BUSY
    shared = lobby.invite(CAT, None, 1.0, rng)
    assert refusal(lambda: lobby.accept(shared.token, BOB, 2.0)) is Refusal.BUSY


def test_accepting_withdraws_both_players_other_invitations() -> None:
    lobby = Duels()
    rng = random.Random(1)
    to_bob = lobby.invite(ANN, BOB, 0.0, rng)
    bobs = lobby.invite(BOB, CAT, 0.0, rng)
    lobby.accept(to_bob.token, BOB, 1.0)
    assert bobs.token not in lobby.invitations
    assert refusal(lambda: lobby.accept(bobs.token, CAT, 2.0)) is Refusal.NOT_FOUND


def test_accepting_another_invitation_withdraws_your_own() -> None:
    lobby = Duels()
    rng = random.Random(1)
    to_cat = lobby.invite(CAT, ANN, 0.0, rng)
    lobby.invite(ANN, BOB, 0.0, rng)
    lobby.accept(to_cat.token, ANN, 1.0)  # Ann's own invitation to Bob is withdrawn
    assert lobby.invitation_of(ANN, 1.0) is None


def test_only_the_players_act_in_a_duel() -> None:
    lobby = Duels()
    duel = started(lobby)
    assert lobby.act(duel.token, BOB) is duel
    assert refusal(lambda: lobby.act(duel.token, CAT)) is Refusal.NOT_PLAYER
    assert refusal(lambda: duel.stop(CAT)) is Refusal.NOT_PLAYER
    duel.deal(facts(), 5, 10.0)
    assert refusal(lambda: duel.answer(CAT, RIGHT, 11.0)) is Refusal.NOT_PLAYER
    assert duel.live


def test_a_finished_duel_is_forgotten_and_frees_its_players() -> None:
    lobby = Duels()
    duel = started(lobby)
    assert lobby.finish(duel.token, 1.0, rated=True) is None  # still playing
    duel.stop(ANN)
    past = lobby.finish(duel.token, 2.0, rated=True)
    assert past == PastDuel(duel.token, (ANN, BOB), (0, 0), End.STOPPED, BOB, True, 0.0, 2.0)
    assert lobby.history == [past]
    assert lobby.duel_of(ANN) is None
    assert lobby.invite(ANN, BOB, 5.0, random.Random(2)).invitee == BOB


# --- hands ------------------------------------------------------------------------------------


def test_the_first_right_answer_wins_the_hand() -> None:
    duel = started()
    duel.deal(facts(), 5, 10.0)
    wrong = duel.answer(BOB, "3*3+8+8", 11.0)
    assert wrong.outcome.verdict.code is Code.WRONG_VALUE
    assert wrong.hand is None
    won = duel.answer(ANN, RIGHT, 14.5)
    assert won.hand == HandResult(ANN, 4.5, 4.5)
    late = duel.answer(BOB, RIGHT, 14.6)
    assert late.outcome.too_late
    assert duel.score == (1, 0)


def test_a_wrong_no_solution_claim_puts_a_player_out_of_the_hand() -> None:
    duel = started()
    duel.deal(facts(), 5, 10.0)
    assert duel.answer(ANN, "none", 11.0).outcome.out
    assert duel.answer(ANN, RIGHT, 12.0).hand is None
    assert duel.attempted(ANN)
    assert duel.answer(BOB, RIGHT, 13.0).hand == HandResult(BOB, 3.0, 3.0)


def test_the_clock_starts_when_both_players_have_the_hand() -> None:
    duel = started()
    duel.deal(facts(), 5, 10.0)
    duel.show(12.0)
    assert duel.answer(BOB, RIGHT, 15.0).hand == HandResult(BOB, 3.0, 3.0)


def test_no_deal_while_a_hand_is_live_and_no_answer_before_the_first() -> None:
    duel = started()
    assert refusal(lambda: duel.answer(ANN, RIGHT, 1.0)) is Refusal.NO_HAND
    duel.deal(facts(), 5, 10.0)
    assert refusal(lambda: duel.deal(facts(), 5, 11.0)) is Refusal.HAND_LIVE


def test_an_unsolved_hand_counts_for_no_one() -> None:
    duel = started()
    hand = duel.deal(facts(), 5, 0.0)
    duel.answer(ANN, "3+3+8+8", 5.0)
    duel.answer(BOB, "3*8-3+8", 6.0)
    assert duel.expire(hand.number, HAND_SECONDS - 0.1) is None  # early timer
    assert duel.expire(hand.number, HAND_SECONDS) == HandResult(None)
    assert duel.score == (0, 0)
    assert not duel.over


def test_an_answer_after_a_hands_deadline_ends_it_as_its_time_up_would() -> None:
    duel = started()
    hand = duel.deal(facts(), 5, 0.0)
    duel.answer(BOB, "3+3+8+8", 5.0)
    late = duel.answer(ANN, RIGHT, HAND_SECONDS)  # its timer has not fired yet
    assert (late.outcome.too_late, late.outcome.expired) == (True, True)
    assert late.hand == HandResult(None)
    assert duel.score == (0, 0)
    assert duel.idle == [1, 0]  # as at a time-up: the late answer was no attempt
    assert duel.expire(hand.number, HAND_SECONDS + 300) is None  # the timer, later: nothing
    assert duel.results == [HandResult(None)]
    assert duel.deal(facts((1, 2, 3, 4)), 1, HAND_SECONDS + 3).number == 2


def test_first_to_three_wins() -> None:
    duel = started()
    for i, winner in enumerate((ANN, BOB, ANN, ANN)):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(winner, RIGHT, 100.0 * i + 5)
    assert duel.end is End.WINS
    assert duel.winner == ANN
    assert duel.loser == BOB
    assert duel.score == (3, 1)
    assert duel.rated
    assert refusal(lambda: duel.deal(facts(), 5, 500.0)) is Refusal.OVER


def play_hand(duel: Duel, start: float, winner: int | None, tries: tuple[int, ...] = ()) -> None:
    """Deal a hand at ``start``; ``tries`` try it wrongly, ``winner`` solves it (or it runs
    out)."""
    hand = duel.deal(facts(), 5, start)
    for player in tries:
        duel.answer(player, "3+3+8+8", start + 1)
    if winner is None:
        duel.expire(hand.number, start + HAND_SECONDS)
    else:
        duel.answer(winner, RIGHT, start + 5)  # past the hand's floor (3 3 8 8: level 5, 2.1 s)


def test_after_five_hands_more_hands_won_wins() -> None:
    duel = started()
    for i, winner in enumerate((ANN, None, BOB, None, ANN)):
        play_hand(duel, 100.0 * i, winner, (ANN, BOB))
    assert duel.end is End.HANDS
    assert duel.winner == ANN
    assert duel.score == (2, 1)


def test_five_hands_with_equal_wins_is_a_draw() -> None:
    duel = started()
    for i, winner in enumerate((ANN, None, BOB, None, None)):
        play_hand(duel, 100.0 * i, winner, (ANN, BOB))
    assert duel.end is End.HANDS
    assert duel.winner is None
    assert duel.rated


def test_two_idle_hands_in_a_row_forfeit() -> None:
    duel = started()
    play_hand(duel, 0.0, None, (ANN,))
    play_hand(duel, 100.0, None, (ANN,))
    assert duel.end is End.IDLE
    assert duel.winner == ANN
    assert duel.rated


def test_an_empty_message_is_not_an_attempt() -> None:
    duel = started()
    for start in (0.0, 100.0):
        hand = duel.deal(facts(), 5, start)
        duel.answer(ANN, "3+3+8+8", start + 1)
        duel.answer(BOB, "   ", start + 1)
        duel.expire(hand.number, start + HAND_SECONDS)
    assert duel.winner == ANN


def test_idle_hands_must_be_in_a_row() -> None:
    duel = started()
    play_hand(duel, 0.0, None, (ANN,))
    play_hand(duel, 100.0, None, (ANN, BOB))
    play_hand(duel, 200.0, None, (ANN,))
    assert not duel.over


def test_a_hand_won_quickly_makes_nobody_idle() -> None:
    duel = started()
    play_hand(duel, 0.0, None, (ANN,))
    play_hand(duel, 100.0, ANN)
    play_hand(duel, 200.0, None, (ANN,))
    assert not duel.over
    assert duel.idle == [0, 1]


def test_both_idle_abandons_the_duel_unrated() -> None:
    duel = started()
    play_hand(duel, 0.0, None)
    play_hand(duel, 100.0, None)
    assert duel.end is End.ABANDONED
    assert duel.winner is None
    assert not duel.rated


def test_stop_is_a_forfeit() -> None:
    duel = started()
    hand = duel.deal(facts(), 5, 0.0)
    duel.show(1.0)  # both players have the hand
    duel.stop(BOB)
    assert duel.end is End.STOPPED
    assert duel.winner == ANN
    assert duel.rated
    assert not hand.live  # the hand ends with the duel: its solutions may be shown
    assert refusal(lambda: duel.stop(ANN)) is Refusal.OVER


def test_a_player_who_leaves_loses_rated() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.show(1.0)
    assert duel.leave(BOB)
    assert (duel.end, duel.winner, duel.rated) == (End.LEFT, ANN, True)
    assert not duel.leave(ANN)  # over already


def test_a_forfeit_before_both_players_saw_a_hand_is_not_rated() -> None:
    stopped, left = started(), started(Duels())
    stopped.stop(BOB)  # at once: no hand dealt
    left.deal(facts(), 5, 0.0)  # dealt, not yet delivered to both
    left.leave(BOB)
    assert (stopped.winner, stopped.rated) == (ANN, False)
    assert (left.winner, left.rated) == (ANN, False)


def test_a_duel_cut_off_is_decided_as_it_stands() -> None:
    ahead, level = started(), started(Duels())
    play_hand(ahead, 0.0, BOB)
    play_hand(level, 0.0, BOB)
    play_hand(level, 100.0, ANN)
    assert ahead.cut_off() and level.cut_off()
    assert (ahead.end, ahead.winner, ahead.rated) == (End.CUT_OFF, BOB, True)
    assert (level.end, level.winner, level.rated) == (End.CUT_OFF, None, False)
    assert not ahead.cut_off()  # over already


def test_a_cancelled_duel_is_not_rated() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    assert duel.cancel()
    assert not duel.rated
    assert duel.winner is None
    assert not duel.cancel()


def test_the_history_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(duel_lobby, "HISTORY_KEPT", 2)
    lobby = Duels()
    tokens = []
    for i in range(3):
        invitation = lobby.invite(ANN, BOB, float(i), random.Random(i))
        duel = lobby.accept(invitation.token, BOB, float(i))
        duel.cancel()
        tokens.append(duel.token)
        lobby.finish(duel.token, float(i), rated=False)
    assert len(set(tokens)) == 3
    assert [past.token for past in lobby.history] == tokens[1:]


def test_a_duel_knows_the_hands_it_has_dealt() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.answer(ANN, RIGHT, 5.0)
    assert duel.seen((8, 3, 8, 3))
    assert not duel.seen((1, 2, 3, 4))


def test_a_duel_won_at_a_scripts_steady_pace_is_not_rated() -> None:
    duel = started()
    for i in range(3):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(ANN, RIGHT, 100.0 * i + 2.5)  # past 3 3 8 8's floor (2.1 s), under 3 s
    assert duel.winner == ANN
    assert duel.steady == [ANN]
    assert not duel.rated


def test_one_hand_won_at_a_persons_pace_keeps_the_duel_rated() -> None:
    duel = started()
    for i, seconds in enumerate((2.5, 3.0, 2.5)):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(ANN, RIGHT, 100.0 * i + seconds)
    assert duel.steady == []
    assert duel.rated


def test_a_steady_pace_is_timed_from_the_players_own_delivery() -> None:
    duel = started()
    for i in range(3):
        start = 100.0 * i
        duel.deal(facts(), 5, start)
        duel.delivered_to(ANN, start)
        duel.delivered_to(BOB, start + 1.0)
        duel.show(start + 1.0)  # the clock starts at the later delivery: Bob's
        duel.answer(ANN, RIGHT, start + 3.5)  # 2.5 s on the clock, 3.5 s after it reached her
    assert [r.seconds for r in duel.results] == [2.5, 2.5, 2.5]
    assert duel.steady == []


def test_a_hand_saved_before_paces_were_kept_is_judged_by_its_time() -> None:
    duel = started()
    duel.results = [HandResult(ANN, 2.0)] * 3
    duel.end, duel.winner, duel.shown = End.WINS, ANN, True
    assert duel.steady == [ANN]
    assert not duel.rated


def test_a_loser_at_a_scripts_pace_is_rated() -> None:
    duel = started()
    for i, winner in enumerate((BOB, BOB, ANN, ANN, ANN)):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(winner, RIGHT, 100.0 * i + (2.5 if winner == BOB else 5.0))
    assert duel.winner == ANN
    assert duel.rated


def test_a_forfeit_after_two_hands_won_at_a_scripts_pace_is_not_rated() -> None:
    duel = started()
    for i in range(2):
        duel.deal(facts(), 5, 100.0 * i)
        duel.answer(ANN, RIGHT, 100.0 * i + 2.5)
    duel.deal(facts(), 5, 200.0)
    duel.stop(BOB)  # the victim gives up on a script
    assert (duel.winner, duel.steady) == (ANN, [ANN])
    assert not duel.rated


def test_a_forfeit_after_one_hand_won_at_a_scripts_pace_is_rated() -> None:
    duel = started()
    duel.deal(facts(), 5, 0.0)
    duel.answer(ANN, RIGHT, 2.5)
    duel.deal(facts(), 5, 100.0)
    duel.stop(BOB)
    assert duel.steady == []
    assert duel.rated


def _past(players: tuple[int, int], *hands: tuple[int, ...]) -> PastDuel:
    return PastDuel("t", players, (3, 0), End.WINS, players[0], True, 0.0, 1.0, (), hands)


def test_a_players_recent_duel_hands_are_theirs_sorted_and_bounded() -> None:
    lobby = Duels()
    old = [(1, 1, 1, 8 + n) for n in range(3)]
    new = [(13, 12, 1, n) for n in range(1, 3)]
    lobby.history = [
        _past((ANN, BOB), *old),
        _past((CAT, DAN), (2, 2, 2, 3)),
        _past((BOB, ANN), *new),
    ]
    # The newest first: the last duel's two, then the two last of the one before.
    assert lobby.recent_hands([ANN], most=4) == {
        (1, 2, 12, 13),
        (1, 1, 12, 13),
        (1, 1, 1, 10),
        (1, 1, 1, 9),
    }


def test_a_hand_of_other_players_duels_is_not_avoided() -> None:
    lobby = Duels()
    lobby.history = [_past((CAT, DAN), (2, 2, 2, 3))]
    assert lobby.recent_hands([ANN, BOB]) == frozenset()
