from typing import TypeAlias

_Tree: TypeAlias = int | tuple[str, _Tree, _Tree, int]
_Way: TypeAlias = tuple[int, _Tree]

class Hand:
    def best(
        self, target: int, both: bool, /
    ) -> tuple[_Way | None, _Way | None, _Way | None] | None: ...
    def values(self, part: tuple[int, ...], /) -> frozenset[int] | None: ...

def hand(numbers: tuple[int, ...], /) -> Hand | None: ...
