"""Full rounds through the local Bot API: a group with privacy mode on, two players."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from bot.games.rounds import group_status, matches
from bot.games.rounds.group_status import LATE_ANSWERS
from bot.local_api import plain_text
from bot.persistence import FILE_NAME
from bot.rules.hand_records import hand_key
from solver import solve
from tests.bot.games import one_or_many
from tests.bot.harness import (
    ANN,
    BOB,
    GROUP,
    TEST_DAY_NOON,
    FakeClock,
    deal,
    dealt,
    game_jobs,
    make_api,
    reply_to,
    running_bot,
    settled,
    until,
)

pytestmark = pytest.mark.asyncio


@pytest.mark.usefixtures("late_named_soon")
async def test_race_in_a_group_with_privacy_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        deal_message = await deal(api, ANN, GROUP)
        assert "photo" in deal_message
        hand = dealt(deal_message)
        answer = solve(hand)[0].text
        # Bob's Telegram is Chinese: the status message starts in his language.
        wrong = await reply_to(api, BOB, GROUP, "/a 1+1")
        assert plain_text(wrong).startswith("还没答对：")
        status = api.sent[-1]
        # A wrong reply to the picture edits the same status message.
        before = len(api.sent)
        api.send(ANN, GROUP, "9999", reply_to=deal_message["message_id"])
        edited = (await api.wait_for_sent(before + 1))[-1]
        assert edited.get("edited")
        assert edited["message_id"] == status["message_id"]
        assert "Ann: 9999 is not one of the cards" in plain_text(edited["text"])
        # Plain text in the group is invisible to the bot with privacy mode on.
        api.send(BOB, GROUP, answer)
        won = plain_text(await reply_to(api, ANN, GROUP, f"/a {answer}"))
        assert re.match(r"🎉 Ann wins in \d+\.\d s: \+\d+ points!", won), won
        assert '<a href="tg://user?id=501">Ann</a>' in api.sent[-1]["text"]
        late = await reply_to(api, BOB, GROUP, "/a " + answer)
        assert late == "也答对了，但晚了一步：Bob"
    texts = [plain_text(m.get("text", "")) for m in api.sent]
    assert [t for t in texts if t.startswith("🎉")] == [won]  # Bob's plain text won nothing


async def test_hints_reveal_and_private_plain_text(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[ANN].table.settings.time_limit = 0
        hand = dealt(await deal(api, ANN, ANN))
        hints = [plain_text(await reply_to(api, ANN, ANN, "/hint")) for _ in range(4)]
        assert hints[0].startswith("Hint: start with")
        assert hints[1].startswith("Hint: aim for")
        assert hints[3] == "No more hints for this hand."
        wrong = await reply_to(api, ANN, ANN, "1+1")
        assert wrong.startswith("Not quite:")
        revealed = plain_text(await reply_to(api, ANN, ANN, "/reveal"))
        assert revealed.splitlines()[0] == one_or_many(hand, "The solution:", "The solutions:")
        assert solve(hand)[0].pretty in revealed
        assert "No round is running" in await reply_to(api, ANN, ANN, "/giveup")
        assert "/play" in await reply_to(api, ANN, ANN, "hello")


async def test_time_up_with_a_half_time_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The status waits past the 1 s round (its usual 1 s hold races the time-up when busy).
    monkeypatch.setattr(group_status, "STATUS_HOLD", 5.0)
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 1
        application.chat_data[GROUP].language.chosen = "en"
        hand = dealt(await deal(api, ANN, GROUP))
        before = len(api.sent)
        api.send(BOB, GROUP, "/a " + "-".join(map(str, sorted(hand, reverse=True))))  # trying
        await api.wait_for_sent(before + 2, timeout=10)
        await settled(api, application)
        left = game_jobs(application)
    texts = [plain_text(m["text"]) for m in api.sent[before:]]
    assert len(texts) == 2, texts  # the wrong answer's status waited, then had no round
    assert texts[0].startswith("⏳ Half time. Hint:")
    assert texts[1].startswith("⏰ Time is up for ")
    assert left == ()  # no timer is left to send anything later


async def test_a_match_then_scores_survive_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "NEXT_DEAL_DELAY", 0.05)
    api = make_api()
    async with running_bot(api, tmp_path):
        first = await deal(api, BOB, BOB, "/play 2")
        assert "第 1/2 局" in plain_text(first["caption"])
        before = len(api.sent)
        api.send(BOB, BOB, "/a " + solve(dealt(first))[0].text)
        sent = await api.wait_for_sent(before + 2)
        assert "获胜" in plain_text(sent[before]["text"])
        second = sent[before + 1]
        assert "第 2/2 局" in plain_text(second["caption"])
        before = len(api.sent)
        api.send(BOB, BOB, "/reveal")
        final, standings = [
            plain_text(m["text"]) for m in (await api.wait_for_sent(before + 2))[before:]
        ]
        assert final.startswith("解法")
        assert standings.startswith("🏆 Bob 以 ")
        assert "\n1. Bob：" in standings
    async with running_bot(api, tmp_path):
        score = plain_text(await reply_to(api, BOB, BOB, "/score"))
        assert "1 胜" in score
        top = plain_text(await reply_to(api, BOB, BOB, "/top"))
        assert top.startswith("总榜")
        assert "1. Bob" in top


async def test_a_running_round_keeps_its_timer_across_a_restart(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 2
        hand = " ".join(map(str, sorted(dealt(await deal(api, ANN, GROUP)))))
        await application.update_persistence()
    before = len(api.sent)
    async with running_bot(api, tmp_path):
        sent = await api.wait_for_sent(before + 1, timeout=10)
    # Ann (English) dealt: the time-up, sent by a timer, is in her language, and names the
    # hand (after a restart it may be the first thing the chat sees).
    assert plain_text(sent[-1]["text"]).startswith(f"⏰ Time is up for {hand}! The solution")


@pytest.mark.usefixtures("late_named_soon")
async def test_two_correct_answers_at_once_make_one_winner(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].language.chosen = "en"  # whoever wins, the group reads English
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        before = len(api.sent)
        api.send(ANN, GROUP, f"/a {answer}")
        api.send(BOB, GROUP, f"/a {answer}")
        await until(lambda: "too late" in " ".join(m["text"] for m in api.sent[before:]))
        await settled(api, application)
    texts = [plain_text(m["text"]) for m in api.sent[before:]]
    winner = re.match(r"🎉 (Ann|Bob) wins in ", texts[0])
    assert winner, texts[0]
    loser = "Bob" if winner.group(1) == "Ann" else "Ann"
    # Named with the win when the later answer came while it was written, else after it.
    lines = "\n".join(texts).splitlines()
    assert [line for line in lines if "too late" in line] == [f"Also right, but too late: {loser}"]


async def test_names_and_answers_with_markup_never_break_html(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = make_api()
    evil = 666
    api.add_user(evil, "<b>Evil & Co</script>", language_code="en")
    async with running_bot(api, tmp_path):
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        for text in ["/a <b>1</b>", "/a 1 & 2", "/a <script>"]:
            reply = plain_text(await reply_to(api, evil, GROUP, text))
            assert "<b>Evil & Co</script>" in reply
        won = plain_text(await reply_to(api, evil, GROUP, f"/a {answer}"))
        assert won.startswith("🎉 <b>Evil & Co</script> wins")
        assert "<b>Evil" in plain_text(await reply_to(api, evil, GROUP, "/top"))
    texts = [plain_text(m.get("text", "")) for m in api.sent]
    assert [t for t in texts if "Sorry" in t] == []


async def test_unsolvable_hands_when_the_chat_allows_them(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.bot_data.rng = random.Random(8)
        application.chat_data[ANN].table.settings.unsolvable = True
        message = await deal(api, ANN, ANN)
        assert dealt(message) == (1, 6, 10, 11)  # shown in rank order
        assert "/a none" in plain_text(message["caption"])
        # A hint costs as much as any: a free "no more hints" would give the hand away.
        hint = await reply_to(api, ANN, ANN, "/hint")
        assert hint.splitlines()[0] == "Hint: this hand has no solution."
        assert "No more hints" in await reply_to(api, ANN, ANN, "/hint")
        won = plain_text(await reply_to(api, ANN, ANN, "/a none"))
        assert "+15 points" in won
        assert "no solution" in won


async def test_skip_stop_and_difficulty(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        easy = await deal(api, ANN, ANN, "/play easy")
        assert re.search(r"Difficulty: [12]/5", plain_text(easy["caption"]))
        assert "A round is on" in await reply_to(api, ANN, ANN, "/play")
        before = len(api.sent)
        api.send(ANN, ANN, "/skip")
        solutions, skipped = (await api.wait_for_sent(before + 2))[before : before + 2]
        assert plain_text(solutions["text"]).startswith(
            ("Skipped. The solution was:", "Skipped. The solutions were:")
        )
        assert "photo" in skipped  # then a new hand
        assert "Game stopped" in await reply_to(api, ANN, ANN, "/stop")
        assert "No round is running" in await reply_to(api, ANN, ANN, "/a 1+2")
        assert "Use /play" in await reply_to(api, ANN, ANN, "/play nonsense")


async def test_time_up_comes_even_when_the_bot_was_too_busy_to_be_on_time(
    tmp_path: Path,
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        application.chat_data[GROUP].table.settings.time_limit = 1
        await deal(api, ANN, GROUP)
        before = len(api.sent)
        # A burst of work holds up the event loop past the round's end (APScheduler, under
        # PTB's JobQueue, skips by default a job that is more than a second late).
        time.sleep(2.5)
        await api.wait_for_sent(before + 1, timeout=10)
        await settled(api, application)
    texts = [plain_text(m["text"]) for m in api.sent[before:]]
    assert [t for t in texts if t.startswith("⏰ Time is up for ")] == texts[-1:], texts


async def test_a_flood_of_wrong_guesses_stays_within_telegrams_limits(tmp_path: Path) -> None:
    api = make_api()
    players = range(1000, 1050)
    for user in players:
        api.add_user(user, f"P{user}")
    async with running_bot(api, tmp_path) as application:
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        before = len(api.sent)
        for user in players:
            api.send(user, GROUP, "/a 1+2+3")
        await settled(api, application)  # every guess judged and shown
        won = plain_text(await reply_to(api, ANN, GROUP, f"/a {answer}"))
        assert won.startswith("🎉 Ann wins")
        await settled(api, application)
    to_group = [m for m in api.sent[before:] if m["chat"]["id"] == GROUP]
    new_messages = [m for m in to_group if not m.get("edited")]
    assert len(new_messages) == 2  # one status message and the winner's announcement
    # Guesses that arrive while an edit is on its way are shown together by the next one.
    assert len(to_group) < 10


async def test_stickers_edits_and_other_bots_commands(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        await deal(api, ANN, ANN)
        before = len(api.sent)
        api.send_sticker(ANN, ANN)
        assert "type your answer as text" in (await api.wait_for_sent(before + 1))[-1]["text"]
        wrong = api.send(ANN, ANN, "1+1")
        await api.wait_for_sent(before + 2)
        # Fixing a typo by editing the message is a new attempt, judged like any other.
        api.edit(wrong, "2+2")
        assert "Not quite" in (await api.wait_for_sent(before + 3))[-1]["text"]
        api.send(BOB, GROUP, "/play@OtherBot")  # another bot's command never arrives
        assert "/play" in await reply_to(api, ANN, ANN, "/stop")
    assert len(api.sent) == before + 4


def _named(line: str) -> int:
    """How many players "Also right, but too late: P1, P2 and 79 more" names."""
    names, _, more = line.split(": ", 1)[1].partition(" and ")
    return len(names.split(", ")) + (int(more.split()[0]) if more else 0)


@pytest.mark.usefixtures("late_named_soon")
async def test_a_hundred_correct_answers_at_once_make_one_winner(tmp_path: Path) -> None:
    api = make_api()
    players = range(2000, 2100)
    for user in players:
        api.add_user(user, f"P{user}")
    async with running_bot(api, tmp_path) as application:
        answer = solve(dealt(await deal(api, ANN, GROUP)))[0].text
        before = len(api.sent)
        for user in players:
            api.send(user, GROUP, f"/a {answer}")
        await api.wait_for_sent(before + 1, timeout=30)
        await settled(api, application, timeout=30)
        # Those read after the win was written are named by a job settled() does not wait for.
        async with asyncio.timeout(30):
            while application.bot_data.timers.pending(GROUP, LATE_ANSWERS):
                await asyncio.sleep(0.05)
        await settled(api, application, timeout=30)
        stats = application.chat_data[GROUP].table.stats
    texts = [plain_text(m["text"]) for m in api.sent[before:]]
    # The winner, the 99 too late named with the win (those that came while it was written)
    # and in one message after it (the rest).
    assert len(texts) <= 2, texts
    assert re.match(r"🎉 P\d+ wins in ", texts[0]), texts[0]
    late = [line for text in texts for line in text.splitlines() if "too late" in line]
    assert sum(_named(line) for line in late) == 99, late
    winners = [p for p in stats.players.values() if p.wins]
    assert len(winners) == 1
    assert [p for p in stats.players.values() if p.points] == winners  # nobody else scored


async def test_a_win_is_written_to_the_data_file_before_it_is_announced(tmp_path: Path) -> None:
    api = make_api()
    in_file_when_announced: list[int] = []

    def read_wins(message: dict) -> None:
        if "wins in" not in message.get("text", ""):
            return
        db = sqlite3.connect(tmp_path / FILE_NAME)
        (row,) = db.execute("SELECT value FROM records WHERE kind = 'chat' AND key = ?", (ANN,))
        db.close()
        in_file_when_announced.append(
            json.loads(row[0])["table"]["stats"]["players"]["501"]["wins"]
        )

    api.on_sent(read_wins)
    async with running_bot(api, tmp_path) as application:
        written = application.bot_data.write_now
        assert written is not None  # the persistence's, given where the application is built
        calls: list[set[tuple[str, Any]]] = []

        def write_now(rows: dict[tuple[str, Any], object]) -> bool:
            calls.append(set(rows))
            return written(rows)

        application.bot_data.write_now = write_now
        hand = dealt(await deal(api, ANN, ANN))
        assert "wins in" in await reply_to(api, ANN, ANN, f"/a {solve(hand)[0].text}")
    # The hand's record is written too, before the win is told (bot.play.hand_record_line).
    hand_row = ("hand", (hand_key(hand, 24),))
    assert calls == [{("chat", ANN), ("user", ANN)}, {("global", 0), hand_row}]
    assert in_file_when_announced == [1]


async def test_a_hands_only_solution_is_not_announced_as_other_solutions(tmp_path: Path) -> None:
    api = make_api()
    clock = FakeClock(TEST_DAY_NOON)
    async with running_bot(api, tmp_path, clock=clock) as application:
        # A seed whose first deal (any level, cards 1 to 13) has exactly one solution.
        levels = await application.bot_data.solving.levels(4, 24)
        seed = next(
            seed
            for seed in range(10_000)
            if len(solve(levels.draw(random.Random(seed), (1, 13), None) or ())) == 1
        )
        application.bot_data.rng = random.Random(seed)
        hand = dealt(await deal(api, ANN, ANN))
        clock.now += 12  # a person's pace (faster, the win would say so), no fast-hand achievement
        win = plain_text(await reply_to(api, ANN, ANN, "/a " + solve(hand)[0].text))
    assert win.endswith("points!\nThat was the only solution.")


async def test_a_group_that_allows_no_photos_gets_the_deal_as_text(tmp_path: Path) -> None:
    api = make_api()
    no_photos = -1_003_000
    api.add_group(no_photos, "No photos", admins={ANN}, photos=False)
    async with running_bot(api, tmp_path):
        before = len(api.sent)
        api.send(ANN, no_photos, "/play")
        deal_message = (await api.wait_for_sent(before + 1))[-1]
        hand = dealt({"caption": deal_message["text"]})
        # The round is on: an answer by reply to the text wins it.
        api.send(ANN, no_photos, solve(hand)[0].text, reply_to=deal_message["message_id"])
        win = (await api.wait_for_sent(before + 2))[-1]
    assert "wins in" in plain_text(win["text"])


async def test_a_private_deal_says_to_type_the_answer(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        caption = plain_text((await deal(api, ANN, ANN))["caption"])
    assert caption.endswith("\nType your answer, like (8-2)*4.")


async def test_a_group_deal_says_to_answer_with_a_or_a_reply(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        caption = plain_text((await deal(api, ANN, GROUP))["caption"])
    assert caption.endswith(
        "\nAnswer with /a and your expression, like /a (8-2)*4, or reply to this picture."
    )


async def test_an_empty_answer_with_nothing_to_answer_says_how_to_start(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path):
        reply = await reply_to(api, ANN, ANN, "/a")
    assert reply == "Nothing to answer: /play deals a hand."
