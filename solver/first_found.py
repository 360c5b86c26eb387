"""Distinct solutions as they are found, one found at once first, for a caller with a deadline.

Listing a large hand's solutions takes seconds to minutes, and even the search's first one
can take a few hundred milliseconds (eight numbers), while whether there is one at all is
decided in about a millisecond.  :func:`finals_as_found` therefore starts with a *witness*,
one solution built depth-first (``one_form``), and goes on with the search's own order,
skipping the witness when the search reaches it again.
"""

from __future__ import annotations

from collections.abc import Iterator

from solver.arithmetic import Value
from solver.normal_form import Final, Form, finish
from solver.search import Multiset, engine


def finals_as_found(
    hand: Multiset, goal: Value, *, integer_only: bool = False, countdown: bool = False
) -> Iterator[Final]:
    """The keys (:func:`~solver.normal_form.finish`) of every distinct solution of a
    normalised hand, each once: the witness first (nothing if there is no solution), then
    the rest as the search finds them.  Exhausted, it has given exactly the keys of
    :func:`~solver.solutions.solve`'s list for the same rules.

    The witness costs a decision (about a millisecond for eight numbers from 1 to 13) and a
    walk down one expression; under Countdown's rules it comes from the smallest part that
    makes the goal, which wastes no number (checked all the same: a witness that did would
    be left to the search).
    """
    witness: Form | None
    if countdown:
        # Imported here, as solver.solutions does: plain searches never need it.
        from solver.countdown_search import countdown as countdown_search
        from solver.countdown_search import wastes_numbers

        search = countdown_search(hand)
        witness = search.one_form(goal)
        if witness is None:
            return
        if wastes_numbers(witness):
            witness = None  # pragma: no cover - the smallest part wastes nothing
        finals: Iterator[Final] = search.iter_solutions(goal)
    elif integer_only and not isinstance(goal, int):
        return
    else:
        eng = engine(integer_only)
        witness = eng.one_form(hand, goal)
        if witness is None:
            return
        finals = (finish(form) for form in eng.iter_forms(hand, goal))
    seen: set[Final] = set()
    if witness is not None:
        first = finish(witness)
        seen.add(first)
        yield first
    for final in finals:
        if final not in seen:
            seen.add(final)
            yield final
