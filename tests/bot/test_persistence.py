"""The data file on its own, without Telegram: what the bot saves reaches the file."""

from __future__ import annotations

import asyncio
import copy
import logging
import sqlite3
from pathlib import Path

import pytest

from bot.games.daily.parts import DAILY_RECORD
from bot.games.rounds.parts import GROUP_STATUS, ROUND_MESSAGES, RoundMessages
from bot.local_api import plain_text
from bot.persistence import CHECKPOINT_EVERY, FILE_NAME, SQLitePersistence
from bot.state import ChatData, ChatLanguage, UserData
from solver import solve
from tests.bot.harness import (
    ANN,
    GROUP,
    deal,
    dealt,
    make_api,
    refuse_writes,
    reply_to,
    running_bot,
    saved_record,
    until,
)

pytestmark = pytest.mark.asyncio


def chat_with_deal(message_id: int) -> ChatData:
    data = ChatData()
    ROUND_MESSAGES.put(data, RoundMessages(deal_message_id=message_id))
    return data


def rows_in_the_file_itself(path: Path) -> int:
    """Rows in the data file, not counting what is still only in SQLite's log."""
    # immutable=1 makes SQLite read the file as it is, without looking at the -wal log.
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'records'").fetchone():
            return 0  # not even the table has been copied from the log yet
        return db.execute("SELECT count(*) FROM records").fetchone()[0]
    finally:
        db.close()


async def test_the_log_is_copied_into_the_file_while_the_bot_writes(tmp_path: Path) -> None:
    persistence = SQLitePersistence(tmp_path)
    path = tmp_path / FILE_NAME
    written = 0
    loop = asyncio.get_running_loop()
    until = loop.time() + CHECKPOINT_EVERY * 2.5
    while loop.time() < until:
        await persistence.update_chat_data(-written, chat_with_deal(written))
        written += 1
        await asyncio.sleep(0.01)
    for _ in range(100):  # the last checkpoint finishes in its own thread
        if rows_in_the_file_itself(path) >= written // 3:
            break
        await asyncio.sleep(0.02)
    assert rows_in_the_file_itself(path) >= written // 3
    assert path.with_name(FILE_NAME + "-wal").stat().st_size > 0  # the rest is in the log
    await persistence.flush()
    # Closing copies the whole log into the file.
    assert rows_in_the_file_itself(path) == written
    reopened = SQLitePersistence(tmp_path)
    assert (
        ROUND_MESSAGES.get((await reopened.get_chat_data())[-(written - 1)]).deal_message_id
        == written - 1
    )
    await reopened.flush()


async def test_writes_made_together_commit_together(tmp_path: Path) -> None:
    persistence = SQLitePersistence(tmp_path)
    await asyncio.gather(
        persistence.update_chat_data(1, ChatData(language=ChatLanguage("en"))),
        persistence.update_user_data(2, UserData(language="zh")),
        persistence.drop_chat_data(3),
    )
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    assert reader.execute("SELECT count(*) FROM records").fetchone()[0] == 2
    reader.close()
    await persistence.flush()


async def test_the_copy_ptb_saves_is_the_data_as_it_was(tmp_path: Path) -> None:
    data = ChatData(language=ChatLanguage("zh"))
    data.members[7] = "Ann"
    GROUP_STATUS.get(data).lines.append("Ann: that makes 20")
    user = UserData(language="en")
    DAILY_RECORD.get(user).misses["2026-11-24"] = 1
    persistence = SQLitePersistence(tmp_path)
    # As PTB's regular save does: the copies are made at once, and written later, while
    # the handlers go on changing the data.
    saving = asyncio.gather(
        persistence.update_chat_data(-1, copy.deepcopy(data)),
        persistence.update_user_data(2, copy.deepcopy(user)),
    )
    data.members[8] = "Bob"
    data.language.chosen = None
    GROUP_STATUS.get(data).lines.append("Bob: that makes 23")
    user.language = "zh"
    DAILY_RECORD.get(user).misses["2026-11-24"] = 2
    await saving
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    restored = (await reopened.get_chat_data())[-1]
    assert restored.language.chosen == "zh"
    assert restored.members == {7: "Ann"}
    assert GROUP_STATUS.get(restored).lines == ["Ann: that makes 20"]
    restored_user = (await reopened.get_user_data())[2]
    assert restored_user.language == "en"
    assert DAILY_RECORD.get(restored_user).misses == {"2026-11-24": 1}
    await reopened.flush()


async def test_a_win_is_written_at_once_and_an_older_pending_copy_cannot_overwrite_it(
    tmp_path: Path,
) -> None:
    persistence = SQLitePersistence(tmp_path)
    # PTB's regular save has handed over an older copy of chat 1, still waiting for its batch.
    regular_save = asyncio.ensure_future(persistence.update_chat_data(1, chat_with_deal(1)))
    await asyncio.sleep(0)
    persistence.write_now({("chat", 1): chat_with_deal(2), ("user", 7): UserData()})
    # Committed before the event loop runs again: another connection sees it.
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    assert reader.execute("SELECT count(*) FROM records").fetchone()[0] == 2
    reader.close()
    await regular_save
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert ROUND_MESSAGES.get((await reopened.get_chat_data())[1]).deal_message_id == 2
    await reopened.flush()


async def test_a_copy_ptb_made_before_a_win_was_written_cannot_overwrite_it(
    tmp_path: Path,
) -> None:
    persistence = SQLitePersistence(tmp_path)
    user = UserData(language="en")
    # PTB's regular save copies the data first, then hands the copies over: a win written
    # at once in between (a job's, say) is newer than the copy handed over after it.
    copied = copy.deepcopy(user)
    user.language = "zh"
    persistence.write_now({("user", 7): user})
    await persistence.update_user_data(7, copied)
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert (await reopened.get_user_data())[7].language == "zh"
    await reopened.flush()


async def test_a_copy_made_after_a_win_was_written_is_saved(tmp_path: Path) -> None:
    persistence = SQLitePersistence(tmp_path)
    user = UserData(language="en")
    persistence.write_now({("user", 7): user})
    user.language = "zh"
    await persistence.update_user_data(7, copy.deepcopy(user))
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert (await reopened.get_user_data())[7].language == "zh"
    await reopened.flush()


# --- a disk that refuses to write ---------------------------------------------------------------


def _rows_in(path: Path) -> int:
    reader = sqlite3.connect(path)
    try:
        return reader.execute("SELECT count(*) FROM records").fetchone()[0]
    finally:
        reader.close()


async def test_a_save_the_disk_refuses_is_kept_and_written_once_it_can_be(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    persistence = SQLitePersistence(tmp_path)
    persistence._db.execute("PRAGMA query_only = ON")  # the disk refuses every write
    with caplog.at_level(logging.ERROR, logger="bot.persistence"):
        persistence.write_now({("chat", 1): chat_with_deal(1), ("user", 7): UserData()})
        # A newer copy of the chat, saved while the disk still refuses, replaces the kept one.
        await persistence.update_chat_data(1, copy.deepcopy(chat_with_deal(2)))
    assert "is the disk full or read-only" in caplog.text
    assert _rows_in(tmp_path / FILE_NAME) == 0
    persistence._db.execute("PRAGMA query_only = OFF")  # space again
    await until(lambda: _rows_in(tmp_path / FILE_NAME) == 2, timeout=10)
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert ROUND_MESSAGES.get((await reopened.get_chat_data())[1]).deal_message_id == 2
    await reopened.flush()


async def test_an_older_copy_waiting_for_its_batch_cannot_overwrite_a_kept_one(
    tmp_path: Path,
) -> None:
    persistence = SQLitePersistence(tmp_path)
    persistence._db.execute("PRAGMA query_only = ON")
    regular_save = asyncio.ensure_future(
        persistence.update_chat_data(1, copy.deepcopy(chat_with_deal(1)))
    )
    await asyncio.sleep(0)
    persistence.write_now({("chat", 1): chat_with_deal(2)})  # refused: kept
    await regular_save
    persistence._db.execute("PRAGMA query_only = OFF")
    await persistence.update_user_data(7, copy.deepcopy(UserData()))  # the next save
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert ROUND_MESSAGES.get((await reopened.get_chat_data())[1]).deal_message_id == 2
    await reopened.flush()


async def test_stopping_while_the_disk_refuses_says_what_is_lost(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    persistence = SQLitePersistence(tmp_path)
    persistence._db.execute("PRAGMA query_only = ON")
    persistence.write_now({("chat", 1): ChatData()})
    with caplog.at_level(logging.ERROR, logger="bot.persistence"):
        await persistence.flush()
    assert "Stopping without saving 1 chats and users" in caplog.text


def _wins_on_disk(data_dir: Path, chat: int, user: int) -> int:
    saved = saved_record(data_dir, "chat", chat)
    player = saved.table.stats.players.get(user) if saved is not None else None
    return player.wins if player is not None else 0


async def test_a_win_on_a_full_disk_is_kept_and_saved_once_there_is_room(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    api = make_api()
    async with running_bot(api, tmp_path) as application:
        hand = dealt(await deal(api, ANN, GROUP))
        refuse_writes(application)
        with caplog.at_level(logging.ERROR, logger="bot.persistence"):
            won = plain_text(await reply_to(api, ANN, GROUP, "/a " + solve(hand)[0].text))
        assert won.startswith("⏳ Right! But the bot cannot save scores just now")
        assert application.chat_data[GROUP].table.stats.players[ANN].wins == 1  # in memory
        assert "Cannot save to" in caplog.text  # for the operator
        assert _wins_on_disk(tmp_path, GROUP, ANN) == 0
        refuse_writes(application, False)  # space again: the kept save goes through
        await until(lambda: _wins_on_disk(tmp_path, GROUP, ANN) == 1, timeout=10)
