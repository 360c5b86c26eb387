"""A package's public names loaded at their first use (PEP 562), for the packages whose face
must not import their heavy modules at every start (:mod:`bot.services.pictures`,
:mod:`bot.services.watch`)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence


def lazy_names(
    package: str, home_of: Mapping[str, tuple[str, str]], public: Sequence[str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``home_of`` (its module
    in the package and its name there) is imported at its first use and kept."""

    def __getattr__(name: str) -> object:
        """A public name, imported from its module at its first use."""
        home = home_of.get(name)
        if home is None:  # (also how ``from package import module`` goes on)
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, attribute = home
        value = getattr(importlib.import_module(f"{package}.{module}"), attribute)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *public})

    return __getattr__, __dir__
