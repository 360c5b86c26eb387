"""The house has three floors and imports only point down: solver ← game rules ← Telegram."""

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
    rules = (ROOT / "bot" / "game").rglob("*.py")
    for path in rules:
        text = path.read_text(encoding="utf-8")
        for layer in ("bot.app", "bot.features", "bot.context", "bot.services"):
            assert f"from {layer}" not in text, path
            assert f"import {layer}" not in text, path


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


def _bot_modules_imported(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name.split(".")[0] == "bot"}


def test_features_never_import_each_other() -> None:
    for path in (ROOT / "bot" / "features").glob("*.py"):
        imported = [m for m in _bot_modules_imported(path) if m.startswith("bot.features")]
        assert imported == [], path


def test_services_import_no_feature_and_not_the_app() -> None:
    for path in (ROOT / "bot" / "services").glob("*.py"):
        imported = [
            m for m in _bot_modules_imported(path) if m.startswith(("bot.features", "bot.app"))
        ]
        assert imported == [], path


def test_game_rules_import_only_the_solver_and_themselves() -> None:
    for path in (ROOT / "bot" / "game").glob("*.py"):
        imported = [m for m in _bot_modules_imported(path) if not m.startswith("bot.game")]
        assert imported == [], path
