from collections.abc import Callable
from fractions import Fraction
from typing import Any

class Core:
    def __init__(
        self,
        integer_only: bool,
        fraction: Callable[[int, int], Fraction],
        splitter: Callable[[tuple[Any, ...]], list[tuple[tuple[Any, ...], tuple[Any, ...]]]],
    ) -> None: ...
    def values(self, numbers: tuple[Any, ...], /) -> frozenset[Any] | None: ...
    def reach(self, numbers: tuple[Any, ...], v: Any, /) -> bool | None: ...
    def steps(
        self, numbers: tuple[Any, ...], v: Any, /
    ) -> list[tuple[tuple[Any, ...], Any, str, tuple[Any, ...], Any, bool]] | None: ...
    def joined(
        self,
        steps: list[tuple[tuple[Any, ...], Any, str, tuple[Any, ...], Any, bool]],
        forms: Callable[[tuple[Any, ...], Any], frozenset[Any]],
        combine: Callable[[Any, Any, str, Any], Any],
        v: Any,
        /,
    ) -> frozenset[Any]: ...
    def combine(self, a: Any, b: Any, op: str, v: Any, /) -> Any | None: ...
    def clear(self) -> None: ...
