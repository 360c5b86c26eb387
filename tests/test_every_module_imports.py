"""Every module of the bot and the solver imports, and every name a lazy face offers loads.

Some imports wait for their first use so that a start of the bot costs less (Pillow until a
picture, the look-alike table until a name is compared, the faces of
:mod:`bot.services.pictures` and :mod:`bot.services.watch`, whose names load at first use,
PEP 562): a module broken so would otherwise fail only at a player's action.  Here each is
imported, and each face's every name looked up, at once."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import bot
import solver

NOT_IMPORTED = {
    "bot.__main__": "the bot's command line (the process tests run it)",
    "solver.__main__": "the solver's command line: it runs at import (tests/test_cli.py)",
    "bot.services.worker_start": "ignores Ctrl-C in the process that imports it (the fork "
    "server's; every test that starts a worker imports it there)",
}
"""Modules left to the tests that run them, each with why."""

LAZY_FACES = ("bot.services.pictures", "bot.services.watch", "solver")
"""Packages whose names load at their first use."""


def _modules() -> list[str]:
    names = []
    for package in (bot, solver):
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if found.name not in NOT_IMPORTED:
                names.append(found.name)
    return sorted(names)


def test_the_modules_are_found() -> None:
    found = _modules()
    assert "bot.app" in found
    assert "bot.services.pictures.cards" in found
    assert "solver.tokenizer" in found
    assert len(found) > 300


@pytest.mark.parametrize("face", LAZY_FACES)
def test_each_name_of_a_lazy_face_loads(face: str) -> None:
    module = importlib.import_module(face)
    names = module.__all__
    assert names
    for name in names:
        assert getattr(module, name) is not None, name


def test_every_module_imports() -> None:
    for name in _modules():
        importlib.import_module(name)  # raises what a broken import raises
