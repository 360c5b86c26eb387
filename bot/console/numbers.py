"""The console's message numbers: each chat's highest, kept in a small file in the console's
data folder, so that a session numbers its messages on from the last one's.  The bot's data
keeps messages of earlier sessions (a duel invitation, an arena's standings) and edits them
when their game ends: had the numbers started again, such an edit would land on a new
message of the same number (docs/console.md)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from bot.persistence import DataFileError

FILE_NAME = "console-messages.json"
"""The numbers' file, beside the console's data file."""


class MessageNumbers:
    """Each chat's highest message number, by chat id, as the last session left them (none
    in a new folder, or one of a release that kept none).  A file that cannot be read stops
    the console with :class:`DataFileError`, as the user table does, and is left as it is."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME
        self.last = self._read()

    def _read(self) -> dict[int, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            chats = data["chats"]
            last = {int(chat): number for chat, number in chats.items()}
            if not all(type(number) is int and number >= 0 for number in last.values()):
                raise ValueError("a number of the wrong kind")
            return last
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            raise DataFileError(
                f"the console's message numbers in {self.path} cannot be read ({error}); move "
                "the file away to number messages afresh"
            ) from error

    def save(self, last: Mapping[int, int]) -> None:
        """Keep ``last`` (chat id → its highest number now), never lowering a number; written
        only when one grew."""
        merged = {**self.last}
        for chat, number in last.items():
            merged[chat] = max(merged.get(chat, 0), number)
        if merged == self.last:
            return
        self.last = merged
        # Written whole and then renamed: a crash leaves the old numbers or the new ones.
        data = {"version": 1, "chats": {str(chat): n for chat, n in sorted(merged.items())}}
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
        os.replace(partial, self.path)
