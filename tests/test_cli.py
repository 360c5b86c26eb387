"""python -m solver."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from solver.cli import main


def test_lists_solutions_then_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["3", "3", "8", "8"]) == 0
    assert capsys.readouterr().out == "8/(3-8/3)\n1 distinct solution\n"


def test_target_forms_and_flags(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["1", "2", "3", "4", "7", "25", "=", "573", "--integer-only", "--first"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[1] == "5 distinct solutions"
    assert main(["1,2,3,4,7,25", "--target", "573", "--integer-only", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["target"] == "573"
    assert payload["count"] == 5
    assert payload["closest"] is None


def test_closest_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["50", "25", "2", "2", "1", "1", "=875", "--integer-only", "--closest", "--json"]
    assert main(args) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["count"] == 0
    assert payload["closest"]["below"]["value"] == "850"


def test_countdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["25", "50", "75", "100", "3", "6", "=", "952", "--countdown"]) == 0
    assert capsys.readouterr().out == (
        "(100+3)*75*6/50+25\n((100+6)*75*3-50)/25\n2 distinct solutions\n"
    )
    # Not every number need be used: the 24 game's rules would make 100+7+3-3.
    assert main(["100", "7", "3", "3", "=", "107", "--countdown"]) == 0
    assert capsys.readouterr().out == "100+7\n1 distinct solution\n"
    args = ["50", "25", "2", "2", "1", "1", "=875", "--countdown", "--closest", "--json"]
    assert main(args) == 0
    closest = json.loads(capsys.readouterr().out)["closest"]
    assert (closest["below"]["value"], closest["above"]["value"]) == ("850", "900")
    assert main(["0", "5", "--countdown"]) == 2
    assert capsys.readouterr().err == "error: 0: Countdown's numbers are whole numbers from 1 up.\n"


def test_card_letters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["A", "5", "5", "5"]) == 0
    assert "5*(5-1/5)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["3", "x", "8"],
        ["3", "3", "8", "8", "=", "-4"],
        [str(i) for i in range(1, 10)],
        ["1", "=", ""],
    ],
)
def test_errors_exit_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["3", "3", "8", "8", "="],
            "error: The target is missing: write it at the end, like 1 2 3 4 7 25 = 573.\n",
        ),
        (["3"], "error: Give at least 2 numbers, like 3 3 8 8.\n"),
        (
            ["3", "3", "8", "8", "=", "1", "2"],
            "error: Write the target once, at the end, like 1 2 3 4 7 25 = 573.\n",
        ),
    ],
)
def test_request_errors_say_what_is_wrong(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err == message


def test_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--deck", "1-10"]) == 0
    out = capsys.readouterr().out
    assert "solvable: 566" in out
    assert "0.8747" in out


def test_module_entry_point() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "solver", "3", "3", "8", "8"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("8/(3-8/3)")


def test_a_reader_that_leaves_early_gets_no_traceback() -> None:
    """``twenty-four-solver 1 2 3 4 5 6 | head -1``: the pipe is closed before the solver
    writes (here at once, so that every write meets it)."""
    read, write = os.pipe()
    os.close(read)
    with os.fdopen(write, "w") as closed:
        done = subprocess.run(
            [sys.executable, "-m", "solver", "1", "2", "3", "4", "5", "6"],
            stdout=closed,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            timeout=60,
        )
    assert done.stderr == ""
    assert done.returncode == 1
