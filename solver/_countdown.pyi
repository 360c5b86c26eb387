from typing import TypeAlias

_Tree: TypeAlias = int | tuple[str, _Tree, _Tree, int]
_Way: TypeAlias = tuple[int, _Tree]

def best(
    numbers: tuple[int, ...], target: int, both: bool, /
) -> tuple[_Way | None, _Way | None, _Way | None] | None: ...
def values(numbers: tuple[int, ...], /) -> list[tuple[tuple[int, ...], frozenset[int]]] | None: ...
