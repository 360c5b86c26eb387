"""The data file on its own, without Telegram: what the bot saves reaches the file."""

from __future__ import annotations

import asyncio
import copy
import sqlite3
from pathlib import Path

import pytest

from bot.persistence import CHECKPOINT_EVERY, FILE_NAME, SQLitePersistence
from bot.state import ChatData, ChatLanguage, RoundMessages, UserData

pytestmark = pytest.mark.asyncio


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
        await persistence.update_chat_data(-written, ChatData(rounds=RoundMessages(written)))
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
    assert (await reopened.get_chat_data())[-(written - 1)].rounds.deal_message_id == written - 1
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
    saved = copy.deepcopy(data)  # what PTB hands to the persistence
    assert saved == data
    assert isinstance(saved, ChatData)
    data.members[8] = "Bob"
    data.language.chosen = None
    persistence = SQLitePersistence(tmp_path)
    await persistence.update_chat_data(-1, saved)
    await persistence.update_user_data(2, copy.deepcopy(UserData(language="en")))
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    restored = (await reopened.get_chat_data())[-1]
    assert restored.language.chosen == "zh"
    assert restored.members == {7: "Ann"}
    assert (await reopened.get_user_data())[2] == UserData(language="en")
    await reopened.flush()


async def test_a_win_is_written_at_once_and_an_older_pending_copy_cannot_overwrite_it(
    tmp_path: Path,
) -> None:
    persistence = SQLitePersistence(tmp_path)
    # PTB's regular save has handed over an older copy of chat 1, still waiting for its batch.
    regular_save = asyncio.ensure_future(
        persistence.update_chat_data(1, ChatData(rounds=RoundMessages(1)))
    )
    await asyncio.sleep(0)
    persistence.write_now({("chat", 1): ChatData(rounds=RoundMessages(2)), ("user", 7): UserData()})
    # Committed before the event loop runs again: another connection sees it.
    reader = sqlite3.connect(tmp_path / FILE_NAME)
    assert reader.execute("SELECT count(*) FROM records").fetchone()[0] == 2
    reader.close()
    await regular_save
    await persistence.flush()
    reopened = SQLitePersistence(tmp_path)
    assert (await reopened.get_chat_data())[1].rounds.deal_message_id == 2
    await reopened.flush()
