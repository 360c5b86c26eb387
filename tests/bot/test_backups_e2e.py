"""Online backups of the data file: one made under steady writes restores whole and starts a
bot with every player's data; scheduled ones keep the newest; a restore is refused while a
bot serves from the folder."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from bot import host
from bot.games.rush.parts import RUSH_RECORDS
from bot.persistence import FILE_NAME, DataFolderInUse
from bot.persistence.backups import PREFIX, SUFFIX, backup, restore
from bot.play import backup_schedule as scheduled
from bot.settings import Settings, SettingsError
from tests.bot.harness import BotApplication, make_api, running_bot, until

PLAYERS = range(9000, 9300)


def _runs(application: BotApplication) -> dict[int, int]:
    return {user: RUSH_RECORDS.get(application.user_data[user]).runs for user in PLAYERS}


@pytest.mark.asyncio
async def test_a_backup_made_under_steady_writes_restores_every_players_data(
    tmp_path: Path,
) -> None:
    api = make_api()
    folder = tmp_path / "backups"
    folder.mkdir()
    async with running_bot(api, tmp_path / "data") as application:
        write_now = application.bot_data.write_now
        assert write_now is not None
        for user in PLAYERS:  # every player saved once before the backup
            RUSH_RECORDS.get(application.user_data[user]).runs = 1
            assert write_now({("user", user): application.user_data[user]})
        # Ballast, so that the copy takes a while (tens of milliseconds) as writes go on.
        store = application.bot_data.solving.store
        assert store is not None
        store[1]("ballast", "x" * 5_000_000)
        stop = asyncio.Event()
        writes = [0]

        async def write_steadily() -> None:
            while not stop.is_set():
                user = PLAYERS[writes[0] % len(PLAYERS)]
                RUSH_RECORDS.get(application.user_data[user]).runs += 1
                assert write_now({("user", user): application.user_data[user]})
                writes[0] += 1
                await asyncio.sleep(0)

        writer = asyncio.create_task(write_steadily())
        await until(lambda: writes[0] > 10)
        before, written = _runs(application), writes[0]
        made = await asyncio.to_thread(backup, tmp_path / "data" / FILE_NAME, folder)
        after, during = _runs(application), writes[0] - written
        stop.set()
        await writer
    assert during > 0  # the writes went on while the backup was made
    restored = tmp_path / "restored"
    assert restore(made, restored) is None  # (no data file there before)
    db = sqlite3.connect(restored / FILE_NAME)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    async with running_bot(api, restored) as again:
        runs = _runs(again)
    assert [u for u in PLAYERS if not before[u] <= runs[u] <= after[u]] == []


@pytest.mark.asyncio
async def test_a_restore_is_refused_while_a_bot_serves_from_the_folder(tmp_path: Path) -> None:
    api = make_api()
    async with running_bot(api, tmp_path / "data"):
        made = backup(tmp_path / "data" / FILE_NAME, tmp_path / "copy.sqlite3")
        with pytest.raises(DataFolderInUse, match="in use by another running bot"):
            restore(made, tmp_path / "data")
    kept = restore(made, tmp_path / "data")  # once it has stopped
    assert kept is not None and kept.exists()


@pytest.mark.asyncio
async def test_scheduled_backups_go_into_their_folder_and_keep_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scheduled, "FIRST_AFTER", 0.05)
    folder = tmp_path / "backups"
    folder.mkdir()
    old = [folder / f"{PREFIX}2026010{day}-000000{SUFFIX}" for day in (1, 2, 3)]
    for path in old:
        path.write_bytes(b"")
        os.utime(path, (0, 0))  # long ago: the next backup is due at once
    env = {"TWENTYFOUR_BACKUP_DIR": str(folder), "TWENTYFOUR_BACKUP_KEEP": "2"}
    api = make_api()
    async with running_bot(api, tmp_path / "data", env=env) as application:
        await until(lambda: application.bot_data.backups.get("ok") == 1, timeout=20)
    kept = sorted(folder.iterdir())
    assert [path.name for path in kept[:1]] == [old[2].name]
    assert len(kept) == 2
    db = sqlite3.connect(kept[1])
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"TWENTYFOUR_BACKUP_HOURS": "soon"}, "TWENTYFOUR_BACKUP_HOURS must be a number of hours"),
        ({"TWENTYFOUR_BACKUP_HOURS": "0"}, "TWENTYFOUR_BACKUP_HOURS must be a number of hours"),
        ({"TWENTYFOUR_BACKUP_KEEP": "0"}, "TWENTYFOUR_BACKUP_KEEP must be a whole number"),
        ({"TWENTYFOUR_OWNER_ID": "-1002000"}, "TWENTYFOUR_OWNER_ID must be a Telegram user's id"),
        ({"TWENTYFOUR_OWNER_ID": "@ann"}, "TWENTYFOUR_OWNER_ID must be a Telegram user's id"),
    ],
)
def test_the_hosts_settings_are_checked_in_one_line(env: dict[str, str], said: str) -> None:
    with pytest.raises(SettingsError, match=said) as refused:
        Settings.from_env(env)
    assert "\n" not in str(refused.value)


def test_the_hosts_settings_read_as_set() -> None:
    settings = Settings.from_env(
        {
            "TWENTYFOUR_BACKUP_DIR": "/backups",
            "TWENTYFOUR_BACKUP_HOURS": "6",
            "TWENTYFOUR_BACKUP_KEEP": "3",
            "TWENTYFOUR_OWNER_ID": "501",
            "TWENTYFOUR_METRICS_TOKEN": " s3cret ",
        }
    )
    assert (settings.backup_dir, settings.backup_hours, settings.backup_keep) == (
        Path("/backups"),
        6.0,
        3,
    )
    assert (settings.owner_id, settings.metrics_token) == (501, "s3cret")


def test_a_backup_into_a_new_folder_makes_it_and_a_missing_one_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    sqlite3.connect(data / FILE_NAME).close()
    settings = Settings.from_env({"TWENTYFOUR_DATA_DIR": str(data)})
    into = host.backup_command(settings, f"{tmp_path}/new/folder/")  # "/": a folder, made
    missing = host.backup_command(settings, f"{tmp_path}/nowhere/copy.sqlite3")
    said = capsys.readouterr().err
    made = list((tmp_path / "new" / "folder").iterdir())
    assert (into, missing) == (0, 2)
    assert [path.name.startswith(PREFIX) for path in made] == [True]
    assert f"error: there is no folder {tmp_path}/nowhere: make it first" in said
