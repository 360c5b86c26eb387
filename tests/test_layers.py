"""The house has floors and imports only point down (solver ← game rules ← Telegram, and the
Telegram layer's own floors: FLOORS), with no import cycle, deferred and type-only imports
counted."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _imports(folder: Path) -> dict[str, set[str]]:
    found = {}
    for path in folder.rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module.split(".")[0] if node.level == 0 else ".")
        found[str(path.relative_to(ROOT))] = names
    return found


def test_solver_imports_neither_the_bot_nor_telegram() -> None:
    for path, names in _imports(ROOT / "solver").items():
        assert not names & {"bot", "telegram", "httpx"}, path


def test_game_rules_import_no_telegram() -> None:
    for path, names in _imports(ROOT / "bot" / "game").items():
        assert not names & {"telegram", "httpx", "tornado"}, path
    for rule in (ROOT / "bot" / "game").rglob("*.py"):
        text = rule.read_text(encoding="utf-8")
        for layer in ("bot.app", "bot.features", "bot.context", "bot.services"):
            assert f"from {layer}" not in text, rule
            assert f"import {layer}" not in text, rule


def test_no_private_modules_of_python_telegram_bot() -> None:
    for folder in ("bot", "bench", "tests"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
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
    text = path.read_text(encoding="utf-8") if source is None else source
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.split(".")[0] == top}


def _feature_of(module: str) -> str | None:
    """The feature a module belongs to (``bot.features.rounds`` for its package's modules)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[:2] == ["bot", "features"] and len(parts) > 2 else None


FEATURE_FLOORS = (
    "bot.context",
    "bot.typed_handlers",
    "bot.state",
    "bot.texts",
    "bot.i18n",
    "bot.settings",
    "bot.chat.",
    "bot.services.",
    "bot.game.",
)
"""What a feature may import besides its own modules: the context and the state, the
wording, the chat helpers, the services and the rules."""


def test_features_never_import_each_other() -> None:
    paths = list((ROOT / "bot" / "features").rglob("*.py"))
    assert ROOT / "bot" / "features" / "rounds" / "play.py" in paths  # packages are seen
    for path in paths:
        own = _feature_of(_module_of(path))
        others = {m for m in _bot_modules_imported(path) if _feature_of(m) not in (None, own)}
        assert others == set(), path


def test_features_import_only_the_context_state_texts_services_and_rules() -> None:
    for path in (ROOT / "bot" / "features").rglob("*.py"):
        own = _feature_of(_module_of(path))
        imported = {
            m
            for m in _bot_modules_imported(path)
            if m != "bot.features"
            and _feature_of(m) != own
            and not m.startswith(FEATURE_FLOORS)
            and m not in {f.rstrip(".") for f in FEATURE_FLOORS}
        }
        assert imported == set(), path


def test_the_context_knows_nothing_of_saving() -> None:
    # The persistence is reached through BotData (save_now); the state is copied through
    # its records (bot.records registers how), but knows neither them nor the data file.
    imported = _bot_modules_imported(ROOT / "bot" / "context.py")
    assert {m for m in imported if m.startswith(("bot.persistence", "bot.records"))} == set()
    imported = _bot_modules_imported(ROOT / "bot" / "state.py")
    assert {m for m in imported if m.startswith(("bot.persistence", "bot.records"))} == set()


def test_services_and_chat_helpers_import_no_feature_and_not_the_app() -> None:
    paths = [*(ROOT / "bot" / "services").glob("*.py"), *(ROOT / "bot" / "chat").glob("*.py")]
    assert ROOT / "bot" / "chat" / "admins.py" in paths
    for path in paths:
        imported = [
            m for m in _bot_modules_imported(path) if m.startswith(("bot.features", "bot.app"))
        ]
        assert imported == [], path


def test_the_local_bot_api_imports_nothing_of_the_bot() -> None:
    # It stands in for Telegram: the bot must not shape it, nor it the bot.
    paths = list((ROOT / "bot" / "local_api").glob("*.py"))
    assert ROOT / "bot" / "local_api" / "world.py" in paths
    for path in paths:
        imported = [m for m in _bot_modules_imported(path) if not m.startswith("bot.local_api")]
        assert imported == [], path


def test_game_rules_import_only_the_solver_and_themselves() -> None:
    for path in (ROOT / "bot" / "game").glob("*.py"):
        imported = [m for m in _bot_modules_imported(path) if not m.startswith("bot.game")]
        assert imported == [], path


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


FLOORS = (
    ("entry points", ("bot.__main__", "bot.console", "bot.host", "bot.web")),
    ("the application", ("bot.app", "bot.menus", "bot.start_up")),
    ("features", ("bot.features",)),
    ("chat helpers over the context", ("bot.chat",)),
    ("typed handlers", ("bot.typed_handlers",)),
    ("the context", ("bot.context",)),
    ("services", ("bot.services", "bot.persistence", "bot.texts")),
    ("records", ("bot.records",)),
    (
        "state and settings",
        (
            "bot",
            "bot.state",
            "bot.i18n",
            "bot.settings",
            "bot.clock",
            "bot.local_api",
        ),
    ),
    ("game rules", ("bot.game",)),
)
"""The bot's floors, top first: a module imports only from its own floor or below (the
solver, under them all, is tested above).  The chat helpers (``bot/chat/``: admin checks
that cache in ``BotData``, the Mini App's routes, status messages and saved scores told
through the context) stand over the context; the services, which ``BotData`` holds, and
the texts, which translate through any :class:`bot.i18n.Translator`, stand under it."""


def _floor(module: str) -> int:
    """The floor of a module (0 the top), by the longest prefix of :data:`FLOORS` it has."""
    best, floor = "", -1
    for number, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            fits = module == prefix or (prefix != "bot" and module.startswith(f"{prefix}."))
            if fits and len(prefix) > len(best):
                best, floor = prefix, number
    assert floor >= 0, f"{module} stands on no floor: give it one in FLOORS"
    return floor


def _imports_up(graph: dict[str, set[str]]) -> list[str]:
    """Each import in ``graph`` that points up a floor."""
    return sorted(
        f"{module} ({FLOORS[_floor(module)][0]}) imports {other} ({FLOORS[_floor(other)][0]})"
        for module, imported in graph.items()
        for other in imported
        if _floor(other) < _floor(module)
    )


def test_an_import_up_a_floor_is_found() -> None:
    graph = {"bot.state": {"bot.records"}, "bot.features.solve": {"bot.game.rules"}}
    assert _imports_up(graph) == ["bot.state (state and settings) imports bot.records (records)"]


def test_imports_only_point_down_the_floors() -> None:
    assert _imports_up(_graph()) == []


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
