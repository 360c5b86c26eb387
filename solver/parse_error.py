"""The error for text that cannot be read as an answer or a request."""

from __future__ import annotations

from solver.codes import Code
from solver.messages import message


class ParseError(ValueError):
    """Text that is not a usable answer or request: a :class:`~solver.codes.Code`, the column
    of the problem where there is one, and the pieces (``params``) its wording needs."""

    def __init__(self, code: Code, position: int | None = None, **params: str) -> None:
        super().__init__(message(code, position, params))
        self.code = code
        self.position = position
        self.params = params
