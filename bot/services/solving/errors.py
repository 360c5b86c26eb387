"""Why the solver's work for a feature did not give an answer (raised by
:mod:`bot.services.solving`, and named by it)."""

from __future__ import annotations


class SolveBusy(Exception):
    """The search was not started or not finished: ``reason`` is ``mine`` (the user's last
    search still runs), ``full`` (too many searches queued) or ``superseded`` (a newer
    request of the same user took its place)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SolveTimeout(Exception):
    """The search did not finish within its budget."""


class SolveTooBig(SolveTimeout):
    """The search needed more memory than a worker may have (see
    :mod:`bot.services.workers.pool`): a number too big, not the time, stopped it."""


class DealRefused(Exception):
    """No hand can be dealt as asked; ``problem`` names why, ``params`` fill its wording.

    Problems: ``unrated`` (a difficulty asked of hands of 5 or 6 cards), ``no_hands`` (no hand
    of that difficulty makes the target), ``none_solvable`` (no solvable hand was found),
    ``busy`` (the workers could not do it in time); a game's own problem (no hand fit for
    it was found) brings its own ``wording``, a msgid its ``params`` fill
    (:func:`bot.texts.deal_refusal`).
    """

    def __init__(self, problem: str, *, wording: str | None = None, **params: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.wording = wording
        self.params = params
