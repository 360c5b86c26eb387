"""What the data file stores: each chat's and user's data as an explicit, versioned record.

A record is a JSON object with the schema version under ``"v"`` and one entry per saved
field, nested as the objects are (a chat's record holds its table's, which holds its
round's...).  A record names no class: moving or renaming a class changes nothing on disk.
Reading is lenient: a field the record lacks takes its default, a field it has that no
class knows any more is ignored, so adding or removing a field never breaks a data file.
A change that needs more (a field renamed or moved, a meaning changed) raises
:data:`VERSION` and adds a step to :data:`UPGRADES`; records of older versions are upgraded
as they are read.

Where things live, one concern a module:

- :mod:`~bot.records.codec`: the generic conversion of dataclasses to records and back, by
  their type hints (a cattrs converter), with hooks only for what JSON does not have, and
  the JSON text;
- :mod:`~bot.records.schema`: this version's records (:data:`VERSION`; :data:`NOT_SAVED`,
  what is left at its default when read; values older records hold);
- :mod:`~bot.records.migrations`: the steps that bring older records up to date;
- :mod:`~bot.records.rows`: the data file's rows (kinds, keys, JSON text, :class:`Saved`);
  importing it makes ``copy.deepcopy`` of chat and user data their :class:`Saved` record;
- :mod:`~bot.records.release1`: data files of release 1, which hold pickled objects
  instead (:func:`record_from_pickle` reads them, once, when the file is migrated: see
  :mod:`bot.persistence`).

May import itself, the state (:mod:`bot.state`), the rules (:mod:`bot.rules`) and cattrs;
never the persistence that stores its rows, the context or anything above them
(``tests/test_layers.py``).
"""

from bot.records.codec import Record, RecordError
from bot.records.migrations import CHAT_PARTS_OF_VERSION_1, UPGRADES, upgrade
from bot.records.release1 import (
    RELEASE_1_CLASSES,
    RELEASE_1_OBJECTS,
    RELEASE_1_TUPLES,
    RELEASE_1_VALUES,
    Release1Unpickler,
    migrate_row,
    record_from_pickle,
    unpickle,
)
from bot.records.rows import (
    Key,
    Saved,
    from_record,
    global_from_rows,
    global_rows,
    key_from_stored,
    load,
    saved,
    stamp,
    stored_key,
    to_record,
)
from bot.records.schema import (
    NOT_SAVED,
    VERSION,
    chat_from_record,
    chat_record,
    daily_from_record,
    daily_record,
    global_from_record,
    global_record,
    table_from_record,
    table_record,
    user_from_record,
    user_record,
)

__all__ = [
    "CHAT_PARTS_OF_VERSION_1",
    "NOT_SAVED",
    "RELEASE_1_CLASSES",
    "RELEASE_1_OBJECTS",
    "RELEASE_1_TUPLES",
    "RELEASE_1_VALUES",
    "UPGRADES",
    "VERSION",
    "Key",
    "Record",
    "RecordError",
    "Release1Unpickler",
    "Saved",
    "chat_from_record",
    "chat_record",
    "daily_from_record",
    "daily_record",
    "from_record",
    "global_from_record",
    "global_from_rows",
    "global_record",
    "global_rows",
    "key_from_stored",
    "load",
    "migrate_row",
    "record_from_pickle",
    "saved",
    "stamp",
    "stored_key",
    "table_from_record",
    "table_record",
    "to_record",
    "unpickle",
    "upgrade",
    "user_from_record",
    "user_record",
]
