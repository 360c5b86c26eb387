"""The house has floors and imports only point down (solver ← game rules ← Telegram, and the
Telegram layer's own floors), with no import cycle, deferred and type-only imports counted.

The floors and walls are import-linter's contracts (``[tool.importlinter]`` in
pyproject.toml), run here; what they cannot say is checked by hand below: no import cycle
among the bot's modules, no private module of python-telegram-bot, no test module importing
another."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter on the tree at ``root``, in a process of its own: in this one it would
    configure logging anew, silencing every logger the bot made so far (and so the later
    tests of this process that read the bot's log)."""
    lint = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", lint, "--no-cache", "--no-logo"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), "COLUMNS": "300"},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_import_contracts_are_kept() -> None:
    """Every contract in pyproject.toml."""
    done = _lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


PROBES = {
    # An import against each contract, in the order of pyproject.toml, added at the end of a
    # module (a new one nothing imports, but for the state), at the top, in a function or
    # under TYPE_CHECKING.
    "bot/records/_probe.py": "def f() -> None:\n    from bot.services import outbox\n",
    "solver/_probe.py": "import typing\nif typing.TYPE_CHECKING:\n    import telegram\n",
    "bot/rules/_probe.py": "def f() -> None:\n    import httpx\n",
    "bot/games/rounds/_probe.py": "def f() -> None:\n    from bot.features import basics\n",
    "bot/features/_probe.py": "from bot import clock\n",
    "bot/state.py": "\n\ndef _probe() -> None:\n    from bot.records import codec\n",
    "bot/local_api/_probe.py": "def f() -> None:\n    from bot import state\n",
    "bot/play/_probe.py": "def f() -> None:\n    from bot.services.outbox import bulk\n",
    "bot/console/_probe.py": "from bot.services.web.server import WebServer\n",
    "bot/services/_probe.py": "import bot.services.workers.pool\n",
    "bot/features/solve/_probe.py": "from bot.services.solving.errors import SolveBusy\n",
    "bot/webhook.py": "\n\ndef _probe() -> None:\n    from bot.services.watch import logs\n",
    "bot/games/arena/_probe.py": "from bot.services.pictures.charts import bar_chart\n",
}


def test_each_contract_is_broken_by_an_import_against_it(tmp_path: Path) -> None:
    """In a copy of the tree with one import against each contract, every contract is
    reported broken by its own, and a module on no floor is named."""
    for folder in ("bot", "solver"):
        ignored = shutil.ignore_patterns("__pycache__", "*.so", "locales", "webapp")
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=ignored)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    for path, text in PROBES.items():
        with (tmp_path / path).open("a", encoding="utf-8") as module:
            module.write(text)
    (tmp_path / "bot" / "unplaced.py").write_text("", encoding="utf-8")
    done = _lint(tmp_path)
    with (ROOT / "pyproject.toml").open("rb") as config:
        contracts = [c["name"] for c in tomllib.load(config)["tool"]["importlinter"]["contracts"]]
    assert len(contracts) == len(PROBES)  # a new contract gets its probe
    broken = [name for name in contracts if f"{name} BROKEN" in done.stdout]
    assert broken == contracts, done.stdout
    importers = [path.removesuffix(".py").replace("/", ".") for path in PROBES]
    reported = [module for module in importers if f"{module} -> " in done.stdout]
    assert reported == importers, done.stdout
    assert "- bot.unplaced" in done.stdout, done.stdout


@cache
def _imports(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """A file's imports, wherever they stand: each file is read once for the three checks
    that walk the tree's imports."""
    return _imports_in(path.read_text(encoding="utf-8"))


_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")
"""The fields that hold statements (a module's, a block's, an ``except``'s, a ``case``'s)."""


def _imports_in(source: str) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """The imports of a source, wherever they stand: an import is a statement, and a
    statement stands only in another's block (an expression holds none, a lambda's body
    included), so only the statements are walked, not every node of the tree."""
    found = []
    blocks: list[ast.AST] = [ast.parse(source)]
    while blocks:
        node = blocks.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
            continue
        for field in _BLOCKS:
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                blocks += statements
    return tuple(found)


def test_no_private_modules_of_python_telegram_bot() -> None:
    for folder in ("bot", "bench", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in _imports(path):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif node.module and node.level == 0:
                    modules = [node.module]
                else:
                    continue
                for module in modules:
                    parts = module.split(".")
                    private = parts[0] == "telegram" and any(p.startswith("_") for p in parts)
                    assert not private, f"{path}: {module}"


def _module_of(path: Path) -> str:
    """The dotted name of a module of the tree (a package by its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _bot_modules_imported(path: Path, source: str | None = None, top: str = "bot") -> set[str]:
    """The modules of ``top`` (``bot``) a file imports (``from bot.x import y`` counts ``bot.x`` and
    ``bot.x.y``, as y may be a module), relative imports included, wherever they stand (in
    a function, under ``if TYPE_CHECKING:``).  ``source``: the file's text, if not read."""
    package = _module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in _imports(path) if source is None else _imports_in(source):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.split(".")[0] == top}


def _graph() -> dict[str, set[str]]:
    """Which modules of the bot each imports: at the top, in functions (deferred) and under
    ``if TYPE_CHECKING:`` alike, as a cycle of any of them is a knot in the house.  A
    package's ``__init__`` is not counted as imported by its own modules."""
    paths = {_module_of(path): path for path in (ROOT / "bot").rglob("*.py")}
    return {
        module: {
            m
            for m in _bot_modules_imported(path)
            if m in paths and m != module and not module.startswith(f"{m}.")
        }
        for module, path in paths.items()
    }


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``graph``: each strongly connected part of more than one module
    (Tarjan's algorithm), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            part = []
            while True:
                other = stack.pop()
                part.append(other)
                if other == module:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def test_the_cycle_finder_sees_deferred_and_type_only_imports() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    # What the bot's graph is made of: a deferred import and a type-only one both count.
    source = "def f():\n    from . import state\nif TYPE_CHECKING:\n    from bot.context import X\n"
    imported = _bot_modules_imported(ROOT / "bot" / "probe.py", source)
    assert {"bot.state", "bot.context"} <= imported


def test_the_bot_has_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def _test_modules_imported(path: Path, source: str | None = None) -> set[str]:
    """The test modules (``test_*``) a file of ``tests`` imports."""
    found = set()
    for name in _bot_modules_imported(path, source, top="tests"):
        parts = name.split(".")
        tests = [i for i, part in enumerate(parts) if part.startswith("test_")]
        if tests:
            found.add(".".join(parts[: tests[0] + 1]))
    return found


def test_the_test_import_finder_sees_every_kind_of_import() -> None:
    source = (
        "from tests.bot.test_hunt_e2e import start\nimport tests.test_cli\n"
        "def f():\n    from . import test_x, harness\nfrom tests.bot.harness import ANN\n"
    )
    found = _test_modules_imported(ROOT / "tests" / "bot" / "probe.py", source)
    assert found == {"tests.bot.test_hunt_e2e", "tests.test_cli", "tests.bot.test_x"}


def test_no_test_module_imports_another() -> None:
    """What tests share lives in helper modules (tests/helpers.py, tests/bot/harness.py,
    games.py, miniapp_data.py): importing a test module runs its module code again and
    ties its tests to another file's."""
    found = {}
    for path in (ROOT / "tests").rglob("*.py"):
        if imported := _test_modules_imported(path):
            found[str(path.relative_to(ROOT))] = imported
    assert found == {}
