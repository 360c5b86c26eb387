"""Small immutable records that behave as frozen dataclasses do, without importing
:mod:`dataclasses` (which imports :mod:`inspect` and :mod:`typing`: more than twice the
rest of a search's cold start).

A record class lists its fields in ``__slots__``, in order, and sets them in its
``__init__`` with :func:`object.__setattr__`.  Its instances are then equal when they are of
the same class with equal fields, hash as the tuple of their fields, print as
``Name(field=value, …)``, refuse to be changed (:class:`FrozenInstanceError`), and pickle by
value (so they cross to and from worker processes).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs 3 ms of a cold start: only type checkers import it
    from collections.abc import Callable
    from typing import dataclass_transform
else:

    def dataclass_transform(**_: object) -> Callable[[type], type]:
        """Leaves the class as it is (as typing's marks it, for type checkers only)."""
        return lambda cls: cls


class FrozenInstanceError(AttributeError):
    """A field of a record was assigned or deleted (as :mod:`dataclasses` says it)."""


# Type checkers see each record class as a frozen dataclass: its fields cannot be assigned.
@dataclass_transform(frozen_default=True)
class Frozen:
    """The base of a record class: see the module's docstring."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__ and isinstance(other, Frozen):
            return self._fields() == other._fields()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{self.__class__.__qualname__}({fields})"

    def __reduce__(self) -> tuple[type[Frozen], tuple[object, ...]]:
        return self.__class__, self._fields()
