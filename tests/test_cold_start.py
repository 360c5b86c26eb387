"""The solver's cold start: ``from solver import solve`` imports only what a search needs, and
the package's public names, imported at their first use, are those of their modules."""

from __future__ import annotations

import pickle
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import solver
from solver.frozen import FrozenInstanceError
from solver.normal_form import Final
from solver.solutions import Closest, Listing, Solution, closest, solve, solve_within

ROOT = Path(__file__).resolve().parents[1]

HEAVY = {"typing", "dataclasses", "inspect", "ast", "hashlib", "random", "datetime"}
"""Standard modules a search does not need, each costing milliseconds of a cold start."""

NOT_SEARCHING = {"solver.parsing", "solver.countdown_search", "solver.deal", "solver.difficulty"}
"""The solver's own modules that a plain search does not need."""


def _modules_after(statement: str) -> set[str]:
    """The modules loaded by ``statement`` in a fresh interpreter (no site-packages, as a
    worker or the paired benchmark starts it)."""
    code = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
        timeout=30,
    )
    return set(out.stdout.split())


def test_importing_solve_loads_no_heavy_standard_module() -> None:
    loaded = _modules_after("from solver import solve")
    assert loaded & HEAVY == set()


def test_importing_solve_loads_none_of_the_solver_that_a_search_does_not_need() -> None:
    loaded = _modules_after("from solver import solve")
    assert loaded & NOT_SEARCHING == set()


def test_a_search_loads_no_heavy_standard_module() -> None:
    loaded = _modules_after("from solver import solve\nsolve([3, 3, 8, 8])")
    assert loaded & HEAVY == set()


def test_importing_the_package_loads_none_of_its_modules() -> None:
    loaded = _modules_after("import solver")
    assert {name for name in loaded if name.startswith("solver.")} == set()


def test_every_public_name_is_its_modules() -> None:
    for name in solver.__all__:
        home = sys.modules[getattr(solver, name).__module__]
        assert getattr(home, name) is getattr(solver, name), name


def test_a_module_named_as_a_public_function_does_not_hide_it() -> None:
    # solver.deal and solver.difficulty are modules and functions both: importing the
    # module (as the bot does) must leave the package's name for the function.
    loaded = _modules_after(
        "import solver.deal, solver.difficulty\n"
        "from solver import deal, difficulty\n"
        "assert callable(deal) and callable(difficulty), (deal, difficulty)"
    )
    assert "solver.deal" in loaded


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        solver.nothing  # noqa: B018


def _solution() -> Solution:
    return solve([3, 3, 8, 8])[0]


def test_a_solution_prints_as_a_frozen_dataclass_did() -> None:
    assert repr(_solution()) == (
        "Solution(text='8/(3-8/3)', pretty='8÷(3−8÷3)', value=24, key="
        "((((2, 24, ((0, 8),), ((1, Fraction(1, 3), ((0, 3),), ((2, Fraction(8, 3), "
        "((0, 8),), ((0, 3),)),)),)),), ()), None))"
    )


def test_a_solution_cannot_be_changed() -> None:
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'text'"):
        _solution().text = "24"  # type: ignore[misc]


def test_a_solution_is_an_attribute_error_when_changed() -> None:
    # As a frozen dataclass's FrozenInstanceError, which callers catch as AttributeError.
    with pytest.raises(AttributeError):
        del _solution().text


def test_equal_solutions_are_equal_and_hash_alike() -> None:
    a = _solution()
    key: Final = pickle.loads(pickle.dumps(a.key))
    b = Solution(a.text, a.pretty, Fraction(24), key)
    assert a == b
    assert hash(a) == hash(b)


def test_a_solution_equals_no_tuple_of_its_fields() -> None:
    a = _solution()
    assert a != (a.text, a.pretty, a.value, a.key)


def test_solutions_differing_in_one_field_differ() -> None:
    a = _solution()
    assert a != Solution(a.text, a.pretty, a.value, (a.key[0], a.key[0][0][0]))


def test_records_cross_to_a_worker_and_back_unchanged() -> None:
    listing = solve_within([1, 2, 3, 4], seconds=5)
    near = closest([1, 1, 1, 1], 24)
    for record in (_solution(), listing, near):
        copy = pickle.loads(pickle.dumps(record))
        assert (copy, type(copy)) == (record, type(record))


def test_a_listing_and_a_closest_print_their_fields() -> None:
    listing = Listing([], complete=True)
    near = Closest(5, None, None, None)
    assert (repr(listing), repr(near)) == (
        "Listing(solutions=[], complete=True)",
        "Closest(target=5, exact=None, below=None, above=None)",
    )


def test_a_listing_is_unhashable_as_its_list_is() -> None:
    with pytest.raises(TypeError, match="unhashable"):
        hash(Listing([], complete=True))
