"""Where a record written again differs from the one pinned in a fixture (the tests of
every earlier format)."""

from __future__ import annotations

from typing import Any


def changed(written: Any, pinned: Any, path: str = "") -> list[str]:
    """Where ``written`` differs from the ``pinned`` record: a key gone, a value changed
    (keys only ``written`` has are fields added since, and no change; a part written as
    null, none made yet, is written no more: a chat's part is written once its game made
    it)."""
    if isinstance(pinned, dict) and isinstance(written, dict):
        return [
            found
            for key, value in pinned.items()
            for found in (
                changed(written[key], value, f"{path}.{key}")
                if key in written
                else ([] if value is None else [f"{path}.{key}: gone"])
            )
        ]
    if isinstance(pinned, list) and isinstance(written, list) and len(pinned) == len(written):
        return [
            found
            for number, (old, new) in enumerate(zip(pinned, written, strict=True))
            for found in changed(new, old, f"{path}[{number}]")
        ]
    return [] if written == pinned else [f"{path}: {pinned!r} → {written!r}"]
