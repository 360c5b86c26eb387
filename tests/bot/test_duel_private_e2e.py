"""Private duels through the local Bot API: /duel in private, the invitation shared into
another chat through inline mode, taken up by the first to open its link, and played in
both players' private chats, the bot relaying the race; two idle hands forfeit; the live
hand is kept from inline mode; Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.duel.parts import DUELS, RATINGS
from bot.local_api import plain_text
from tests.bot.duels import establish
from tests.bot.harness import (
    ANN,
    BOB,
    FakeClock,
    refuse_writes,
    reply_to,
    running_bot,
    settled,
    until,
)
from tests.bot.private_duels import (
    CAROL,
    DAVE,
    NOON,
    in_chat,
    invitation,
    open_link,
    players,
    share,
    the_duel,
    win_hand,
)

pytestmark = [pytest.mark.asyncio, pytest.mark.usefixtures("no_duel_pause")]


async def test_a_private_duel_through_a_shared_invitation(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        establish(application, ANN)  # Carol's hands count toward her achievements
        message, token = await invitation(api, application)
        shared = await share(api, application, token)
        inline_id = shared["inline_message_id"]
        carol_first = await open_link(api, application, CAROL, token)
        hand = the_duel(application).hand.hand  # type: ignore[union-attr]
        shared_after = api.inline_messages[inline_id]["text"]
        invitation_after = api.messages[(ANN, message["message_id"])]
        late = await open_link(api, application, DAVE, token)
        first = await win_hand(api, application, clock, CAROL)
        ann_told, carol_told = in_chat(api, ANN, first), in_chat(api, CAROL, first)
        await win_hand(api, application, clock, CAROL)
        last = await win_hand(api, application, clock, CAROL)
        ann_end, carol_end = in_chat(api, ANN, last)[-1], in_chat(api, CAROL, last)[-1]
        carol = RATINGS.get(application.bot_data.global_data).of(CAROL)
    assert plain_text(message["text"]).startswith(
        "⚔️ Your duel invitation is ready. Send it to a friend with the button, or give them "
        f"this link: https://t.me/{api.bot_user['username']}?start=duel_{token}\n"
    )
    assert plain_text(shared["text"]).startswith("⚔️ Ann invites you to a duel of 24!")
    assert shared["reply_markup"]["inline_keyboard"][0][0]["url"].endswith(f"start=duel_{token}")
    assert carol_first[0] == (
        "⚔️ Duel: Ann vs Carol!\nFirst to 3 hands (at most 5), 60 s a hand; the first right "
        "answer wins the hand."
    )
    cards = " ".join(map(str, sorted(hand)))
    assert carol_first[1] == (
        f"⚔️ Hand 1: Ann 0 – 0 Carol · Make 24 from {cards}\nTime: 60 s.\n"
        "Type your answer, like (8-2)*4."
    )
    assert plain_text(shared_after) == "⚔️ Carol took up Ann's duel."
    assert plain_text(invitation_after["text"]) == "⚔️ Carol took up Ann's duel."
    assert late == ["This invitation is no longer open."]
    # The same news in both chats; the winner's achievements in the winner's only.
    assert carol_told[0] == (
        ann_told[0] + "\n🎖️ New achievement: ⚡ A hand solved in under 10 seconds"
    )
    assert ann_told[0].startswith("✅ Carol wins hand 1 in 7.0 s: ")
    assert ann_told[0].endswith("\nAnn 0 – 1 Carol")
    assert ann_end.startswith("🏆 Carol wins the duel: Ann 0 – 3 Carol\nRating:\n")
    assert carol_end == ann_end  # Ann answered no hand: not played out, no achievement
    assert carol.won == 1


async def test_the_inviter_cannot_take_up_their_own_invitation(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        _message, token = await invitation(api, application)
        said = await open_link(api, application, ANN, token)
    assert said == ["That is your own invitation: send it to a friend."]


async def test_a_closed_invitation_is_not_shared(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        query_id = api.inline_query(ANN, "duel AAAAAAAAAA", "private")
        await until(lambda: query_id in api.inline_answers)
        await settled(api, application)
    answer = api.inline_answers[query_id]
    assert answer["results"] == []
    assert answer["button"]["start_parameter"] == "duel"


async def test_two_idle_hands_forfeit(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        _message, token = await invitation(api, application)
        await open_link(api, application, CAROL, token)
        duel = the_duel(application)
        for _ in range(2):
            assert duel.hand is not None
            wrong = "-".join(map(str, sorted(duel.hand.hand, reverse=True)))  # the cards, wrong
            await reply_to(api, ANN, ANN, wrong)  # Ann tries; Carol stays away
            clock.now += 61
            [job] = [j for j in application.job_queue.jobs() if j.name == f"duel-up:{ANN}"]
            before = len(api.sent)
            await job.run(application)
            await settled(api, application)
            if not duel.over:
                await until(lambda: duel.live)
                await settled(api, application)
        told = in_chat(api, CAROL, before)
    assert told[0].startswith("⌛ Nobody solved hand 2 in 60 s.\nSolutions: ")
    assert told[1].startswith(
        "⌛ Carol let two hands in a row pass: Ann wins the duel. Ann 0 – 0 Carol\nRating:\n"
    )
    assert duel.winner == ANN


async def test_inline_mode_refuses_the_live_hand(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        _message, token = await invitation(api, application)
        await open_link(api, application, CAROL, token)
        hand = " ".join(map(str, the_duel(application).hand.hand))  # type: ignore[union-attr]
        query_id = api.inline_query(CAROL, hand, "private")
        await until(lambda: query_id in api.inline_answers)
        await settled(api, application)
    [result] = api.inline_answers[query_id]["results"]
    assert result["title"] == (
        "No spoilers: those numbers hold the hand of a duel on right now. "
        "Ask again once the hand is over."
    )


async def test_a_private_duel_in_chinese(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        _message, token = await invitation(api, application)
        said = await open_link(api, application, BOB, token)
    assert (
        said[0]
        == "⚔️ 对决：Ann 对 Bob！\n先赢 3 手者胜（最多 5 手），每手 60 秒；先答对者赢下这一手。"
    )


async def test_the_inviter_withdraws(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        message, token = await invitation(api, application)
        api.press(ANN, message, f"duel:no:{token}")
        await settled(api, application)
        edited = api.messages[(ANN, message["message_id"])]
        said = await open_link(api, application, CAROL, token)
    assert plain_text(edited["text"]) == "Ann withdrew the invitation to a duel."
    assert said == ["This invitation is no longer open."]


async def test_the_inviter_withdraws_by_duel_stop(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        message, token = await invitation(api, application)
        said = await reply_to(api, ANN, ANN, "/duel stop")
        await settled(api, application)
        edited = api.messages[(ANN, message["message_id"])]
        opened = await open_link(api, application, CAROL, token)
    assert said == "Your invitation to a duel is withdrawn."
    assert plain_text(edited["text"]) == "Ann withdrew the invitation to a duel."
    assert opened == ["This invitation is no longer open."]


async def test_no_private_duel_over_a_round(tmp_path: Path) -> None:
    api = players()
    async with running_bot(api, tmp_path) as application:
        _message, token = await invitation(api, application)
        await reply_to(api, CAROL, CAROL, "/play")
        said = await open_link(api, application, CAROL, token)
        playing = DUELS.get(application.bot_data.global_data).duel_of(CAROL)
    assert said == [
        "A game is on in your chat or your opponent's: once it is over, open the link again."
    ]
    assert playing is None


async def test_a_shared_invitation_expires(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        message, token = await invitation(api, application)
        shared = await share(api, application, token)
        clock.now += 121
        [job] = [j for j in application.job_queue.jobs() if j.name == f"duel-invitation:{ANN}"]
        await job.run(application)
        await settled(api, application)
        shared_after = api.inline_messages[shared["inline_message_id"]]
        own_after = api.messages[(ANN, message["message_id"])]
        said = await open_link(api, application, CAROL, token)
    assert plain_text(shared_after["text"]) == "⌛ Ann's invitation to a duel has expired."
    assert "reply_markup" not in shared_after
    assert plain_text(own_after["text"]) == "⌛ Ann's invitation to a duel has expired."
    assert said == ["This invitation is no longer open."]


async def test_a_duels_end_waits_for_the_disk(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        _message, token = await invitation(api, application)
        await open_link(api, application, CAROL, token)
        refuse_writes(application)
        before = len(api.sent)
        api.send(ANN, ANN, "/duel stop")
        await api.wait_for_sent(before + 2)
        await settled(api, application)
        waiting = in_chat(api, ANN, before)
        refuse_writes(application, False)
        await until(lambda: len(in_chat(api, ANN, before)) > 1, timeout=30)
        told = in_chat(api, ANN, before)
    assert waiting[0].startswith("🏁 Game over! But the bot cannot save scores just now")
    assert told[1].startswith("⏹ Hand 1 was ")
    assert "\n🏳 Ann stopped: Carol wins the duel. Ann 0 – 0 Carol\nRating:\n" in told[1]


async def test_a_private_duel_resumes_after_a_restart(tmp_path: Path) -> None:
    api = players()
    clock = FakeClock(NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        _message, token = await invitation(api, application)
        await application.update_persistence()  # PTB's regular save: Ann's chat is written
        await open_link(api, application, CAROL, token)  # Carol's update: Ann's chat changes too
    clock.now += 5
    before = len(api.sent)
    async with running_bot(api, tmp_path, clock=clock) as application:
        await until(lambda: len(api.sent) >= before + 2)
        await settled(api, application)
        jobs = [job.name for job in application.job_queue.jobs()]
        first = await win_hand(api, application, clock, ANN)
        told = in_chat(api, CAROL, first)
    assert f"duel-up:{ANN}" in jobs
    assert told[0].startswith("✅ Ann wins hand 1 in ")
