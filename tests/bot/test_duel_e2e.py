"""Duels in a group through the local Bot API (privacy mode on): an invitation by reply and
by @username, a bystander pressing its buttons, its expiry, the duel played to its end
with both ratings saved before they are told, a forfeit, /solve refused for the live hand,
onlookers told once, the day's pair cap (a restart: ``test_duel_restart_e2e.py``)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from bot.games.duel import play
from bot.games.duel.parts import DUELS, RATINGS
from bot.local_api import plain_text
from bot.rules.duel.rating import Ratings
from bot.rules.rounds import ROUND_SEAT
from solver import check, solve
from tests.bot.duels import (
    CAROL,
    DAVE,
    NOON,
    accept,
    button_data,
    invite,
    players,
    the_duel,
    win_hand,
)
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    FakeClock,
    reply_to,
    running_bot,
    saved_record,
    settled,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]

DAY = dt.date(2026, 11, 23)
"""NOON's day where the bot counts days (UTC by default)."""


async def test_a_group_duel_from_invitation_to_rating_change(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        invitation = await invite(api, application)
        deal = await accept(api, application, invitation)
        edited = api.messages[(GROUP, invitation["message_id"])]
        first = await win_hand(api, application, clock, ANN)
        second = await win_hand(api, application, clock, CAROL)
        await win_hand(api, application, clock, ANN)
        end = await win_hand(api, application, clock, ANN)
        ann = saved_record(tmp_path, "rating", ANN)
        history = DUELS.get(application.bot_data.global_data).history
    assert plain_text(invitation["text"]) == (
        "⚔️ Ann invites Carol to a duel! First to 3 hands (at most 5), 60 s a hand; the first "
        "right answer wins the hand.\nCarol, do you accept? (The invitation is open for 2 "
        "minutes.)"
    )
    assert plain_text(edited["text"]) == "⚔️ Carol took up Ann's duel."
    assert "reply_markup" not in edited
    assert plain_text(deal["caption"]).startswith("⚔️ Hand 1: Ann 0 – 0 Carol · Make 24 from ")
    assert first[0].startswith("✅ Ann wins hand 1 in 5.0 s: ")
    assert first[0].endswith(
        "\nAnn 1 – 0 Carol"  # no achievement: Carol is a new account (a second one, maybe)
    )
    assert second[0].endswith("\nAnn 1 – 1 Carol")
    expected = Ratings().record(ANN, CAROL, ANN, DAY)
    assert end == [
        "✅ Ann wins hand 4 in 5.0 s: "
        + end[0].split(": ", 1)[1].split("\n")[0]
        + "\nAnn 3 – 1 Carol",
        "🏆 Ann wins the duel: Ann 3 – 1 Carol\nRating:\n"
        f"Ann: {expected.after[ANN].points} (+{expected.change(ANN)}), provisional\n"
        f"Carol: {expected.after[CAROL].points} (−{-expected.change(CAROL)}), provisional\n"
        "A win over a provisional player (in their first duels) moves Ann's rating little, so "
        "that new accounts cannot lift it: a win over an established player counts in full.",
    ]
    assert ann is not None and ann.won == 1
    assert [past.score for past in history] == [(3, 1)]


async def test_a_bystander_cannot_answer_an_invitation(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application)
        api.press(DAVE, invitation, button_data(invitation, 0))
        await settled(api, application)
        api.press(DAVE, invitation, button_data(invitation, 1))
        await settled(api, application)
        duels = DUELS.get(application.bot_data.global_data)
        open_still = list(duels.invitations)
        playing = duels.duel_of(CAROL)
    alerts = api.callback_answers[-2:]
    assert [a.get("text") for a in alerts] == ["Only Carol can answer this invitation."] * 2
    assert all(a.get("show_alert") for a in alerts)
    assert len(open_still) == 1
    assert playing is None


async def test_an_invitation_expires_after_two_minutes(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        invitation = await invite(api, application)
        clock.now += 121
        [job] = [j for j in application.job_queue.jobs() if j.name == f"duel-invitation:{GROUP}"]
        await job.run(application)
        await settled(api, application)
        api.press(CAROL, invitation, button_data(invitation, 0))
        await settled(api, application)
        edited = api.messages[(GROUP, invitation["message_id"])]
        playing = DUELS.get(application.bot_data.global_data).duel_of(CAROL)
    assert plain_text(edited["text"]) == "⌛ Ann's invitation to a duel has expired."
    assert "reply_markup" not in edited
    assert api.callback_answers[-1].get("text") == "This invitation is no longer open."
    assert playing is None


async def test_a_duel_by_username(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await reply_to(api, CAROL, GROUP, "/score")  # the bot sees Carol, and her username
        await settled(api, application)
        invitation = plain_text(await reply_to(api, ANN, GROUP, "/duel @carol_c"))
        unknown = await reply_to(api, ANN, GROUP, "/duel @someone_else")
    assert invitation.startswith("⚔️ Ann invites Carol to a duel!")
    assert unknown == (
        "I haven't seen @someone_else here yet: reply to one of their messages with /duel instead."
    )


async def test_nobody_duels_themselves(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path):
        said = api.send(ANN, GROUP, "me")
        reply = await reply_to(api, ANN, GROUP, "/duel", reply_to=said["message_id"])
    assert reply == "You cannot duel yourself: invite someone else."


async def test_a_forfeit(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        await win_hand(api, application, clock, ANN)
        end = plain_text(await reply_to(api, CAROL, GROUP, "/duel stop"))
        await settled(api, application)
        carol = saved_record(tmp_path, "rating", CAROL)
        hand_live = bool(application.bot_data.live_hands.game(GROUP))
    expected = Ratings().record(ANN, CAROL, ANN, DAY)
    last, end = end.split("\n", 1)
    assert last.startswith("⏹ Hand 2 was ")  # the hand on when Carol stopped, solved
    assert end == (
        "🏳 Carol stopped: Ann wins the duel. Ann 1 – 0 Carol\nRating:\n"
        f"Ann: {expected.after[ANN].points} (+{expected.change(ANN)}), provisional\n"
        f"Carol: {expected.after[CAROL].points} (−{-expected.change(CAROL)}), provisional\n"
        "A win over a provisional player (in their first duels) moves Ann's rating little, so "
        "that new accounts cannot lift it: a win over an established player counts in full."
    )
    assert carol is not None and carol.lost == 1
    assert not hand_live


async def test_solve_refuses_the_live_duel_hand(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application))
        hand = " ".join(map(str, the_duel(application).hand.hand))  # type: ignore[union-attr]
        for_player = await reply_to(api, CAROL, CAROL, f"/solve {hand}")
        for_member = await reply_to(api, DAVE, GROUP, f"/solve {hand}")
    refusal = (
        "No spoilers: those numbers hold the hand of a duel on right now. "
        "Ask again once the hand is over."
    )
    assert for_player == refusal
    assert for_member == refusal


async def test_an_onlooker_is_told_once_that_it_is_a_duel(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application))
        first = await reply_to(api, DAVE, GROUP, "/a 1+2+3+4")
        before = len(api.sent)
        api.send(DAVE, GROUP, "/a 1+2+3+5")
        await settled(api, application)
        duel = the_duel(application)
    assert first == "This is a duel between Ann and Carol: only their answers count."
    assert len(api.sent) == before
    assert duel.live


async def test_a_round_waits_for_the_duels_end(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application))
        reply = await reply_to(api, DAVE, GROUP, "/play")
        table = application.chat_data[GROUP].table
    assert reply == "A duel is on here: it ends by its hands, or /duel stop forfeits it."
    assert ROUND_SEAT.of(table) is None


async def test_the_fourth_duel_of_a_day_is_friendly(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        ratings = RATINGS.get(application.bot_data.global_data)
        for _ in range(3):
            ratings.record(ANN, CAROL, ANN, DAY)  # three rated duels today already
        before = ratings.of(ANN).shown
        await accept(api, application, await invite(api, application))
        end = plain_text(await reply_to(api, CAROL, GROUP, "/duel stop"))
        after = ratings.of(ANN).shown
    assert end.split("\n", 1)[1] == (
        "🏳 Carol stopped: Ann wins the duel. Ann 0 – 0 Carol\nA friendly duel: you two have "
        "played 3 rated duels today already (the most a day, so that two accounts cannot farm "
        "each other), so no rating changes. Your duels together count again tomorrow."
    )
    assert after == before


async def test_a_stopped_duel_shows_the_hand_that_was_on(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        duel = DUELS.get(application.bot_data.global_data).duel_of(ANN)
        assert duel is not None and duel.hand is not None
        hand = duel.hand.hand
        end = plain_text(await reply_to(api, CAROL, GROUP, "/duel stop"))
    first = end.split("\n")[0]
    cards = " ".join(map(str, sorted(hand)))
    assert first.startswith(f"⏹ Hand 1 was {cards}: ")
    assert check(first.split(": ", 1)[1].split(", ")[0], hand).ok


async def test_the_invitee_declines(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application)
        api.press(CAROL, invitation, button_data(invitation, 1))
        await settled(api, application)
        edited = api.messages[(GROUP, invitation["message_id"])]
        left = DUELS.get(application.bot_data.global_data).invitations
    assert plain_text(edited["text"]) == "Carol declined Ann's duel."
    assert "reply_markup" not in edited
    assert left == {}


async def test_the_inviter_withdraws_a_group_invitation_before_it_is_taken(
    tmp_path: Path,
) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application)
        said = await reply_to(api, ANN, GROUP, "/duel stop")
        await settled(api, application)
        edited = api.messages[(GROUP, invitation["message_id"])]
        left = DUELS.get(application.bot_data.global_data).invitations
        before = len(api.sent)
        api.press(CAROL, invitation, button_data(invitation, 0))  # too late to accept
        await settled(api, application)
        again = await reply_to(api, ANN, GROUP, "/duel stop")
        by_button = await invite(api, application)
        api.press(ANN, by_button, button_data(by_button, 1))  # the inviter's ❌ withdraws too
        await settled(api, application)
        edited_by_button = api.messages[(GROUP, by_button["message_id"])]
    assert said == "Your invitation to a duel is withdrawn."
    assert plain_text(edited["text"]) == "Ann withdrew the invitation to a duel."
    assert "reply_markup" not in edited
    assert left == {}
    assert not any("photo" in m for m in api.sent[before:])  # no duel began
    assert again == "You are not in a duel."
    assert plain_text(edited_by_button["text"]) == "Ann withdrew the invitation to a duel."


async def test_a_second_duel_waits_for_the_groups_duel(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        await accept(api, application, await invite(api, application))
        said = api.send(ANN, GROUP, "me")
        reply = await reply_to(api, DAVE, GROUP, "/duel", reply_to=said["message_id"])
    assert reply == "A duel is on here: it ends by its hands, or /duel stop forfeits it."


async def test_a_right_answer_after_the_hand_was_won_is_too_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        answer = solve(list(duel.hand.hand), 24)[0].text
        # The next hand waits: Carol answers in between.
        monkeypatch.setattr(play, "NEXT_HAND_SECONDS", 60.0)
        clock.now += 5
        before = len(api.sent)
        api.send(ANN, GROUP, f"/a {answer}")
        await api.wait_for_sent(before + 1)
        late = await reply_to(api, CAROL, GROUP, f"/a {answer}")
        score = duel.score
    assert late == "Too late: the hand is over."
    assert score == (1, 0)


async def test_bots_dont_duel(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        said = await reply_to(api, ANN, GROUP, "/score")
        bots = [m for m in api.sent if m["chat"]["id"] == GROUP]
        reply = await reply_to(api, ANN, GROUP, "/duel", reply_to=bots[-1]["message_id"])
        await settled(api, application)
    assert said
    assert reply == "Bots don't duel: invite a person."


async def test_a_group_invitation_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        invitation = await invite(api, application, inviter=BOB)
        api.press(DAVE, invitation, button_data(invitation, 0))
        await settled(api, application)
    assert plain_text(invitation["text"]) == (
        "⚔️ Bob 邀请 Carol 对决！先赢 3 手者胜（最多 5 手），每手 60 秒；先答对者赢下这一手。\n"
        "Carol，接受吗？（邀请 2 分钟内有效。）"
    )
    assert [b["text"] for b in invitation["reply_markup"]["inline_keyboard"][0]] == [
        "✅ 接受",
        "❌ 拒绝",
    ]
    # Dave speaks English: his alert is in English.
    assert api.callback_answers[-1]["text"] == "Only Carol can answer this invitation."


async def test_a_hand_nobody_solved_lists_its_solutions_the_chinese_way(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await reply_to(api, ANN, GROUP, "/language zh")
        await accept(api, application, await invite(api, application))
        duel = the_duel(application)
        assert duel.hand is not None
        hand = duel.hand.hand
        clock.now += 61
        [job] = [j for j in application.job_queue.jobs() if j.name == f"duel-up:{GROUP}"]
        before = len(api.sent)
        await job.run(application)
        await settled(api, application)
        told = plain_text(api.sent[before]["text"])
    shown = [s.pretty for s in solve(list(hand), 24)][:3]
    assert told.splitlines()[1] == "解法：" + "、".join(shown)


async def test_a_winning_answer_is_shown_as_its_solution(tmp_path: Path) -> None:
    # Invisible direction marks typed around a right answer reached the announcement raw,
    # reversing what both players read: the answer is now shown as the solution it is.
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await accept(api, application, await invite(api, application))
        duel = the_duel(application, ANN)
        assert duel.hand is not None
        solution = solve(list(duel.hand.hand), 24)[0]
        clock.now += 5
        before = len(api.sent)
        api.send(ANN, GROUP, f"/a \u202e{solution.text}\u202c")
        await api.wait_for_sent(before + 1)
        said = plain_text(api.sent[before]["text"])
    assert said.split("\n")[0] == f"✅ Ann wins hand 1 in 5.0 s: {solution.pretty}"


async def test_no_hand_comes_twice_in_a_duel(tmp_path: Path) -> None:
    # The dealer's draw repeats the first hand once: the duel draws again.
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        solving = application.bot_data.solving
        real = solving.deal
        draws: list[object] = []

        async def repeating(*args: object, **kwargs: object) -> object:
            draws.append(await real(*args, **kwargs))
            return draws[0] if len(draws) <= 2 else draws[-1]

        solving.deal = repeating
        await accept(api, application, await invite(api, application))
        await win_hand(api, application, clock, ANN)
        dealt = the_duel(application, ANN).dealt
    assert sorted(dealt[1]) != sorted(dealt[0])
