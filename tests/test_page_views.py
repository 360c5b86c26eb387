"""The page's views as their games and features declare them (``page_view``,
:mod:`bot.play.page_views`): in their places' order, their files their own folder's, a name
on the page taken once, the lines written at ``index.html``'s one mark."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest

from bot.play import page_views as module
from bot.play.page_views import index_page, page_views, view_files, view_lines
from bot.plug_ins import PageView
from tests.bot.page_files import DECLARED, WEBAPP

BOT = Path(__file__).resolve().parents[1] / "bot"


def _view(folder: Path, script: str, style: str | None = None) -> PageView:
    """A view of ``folder`` with its files written there."""
    for name in (script, style):
        if name is not None:
            (folder / name).write_text("// a view\n", encoding="utf-8")
    return PageView(folder, script, style=style)


def test_the_views_run_by_place_the_unplaced_last_in_their_order(tmp_path: Path) -> None:
    first, second, third, fourth = (
        PageView(tmp_path, f"{name}.js", place=place)
        for name, place in (("a", None), ("b", 2), ("c", None), ("d", 1))
    )
    assert page_views([first, None, second, third, fourth]) == [fourth, second, first, third]


def test_views_of_one_place_keep_their_order(tmp_path: Path) -> None:
    views = [PageView(tmp_path, f"{name}.js", place=1) for name in "zya"]
    assert page_views(views) == views


def test_a_views_lines_are_its_stylesheets_then_its_scripts(tmp_path: Path) -> None:
    views = [PageView(tmp_path, "a.js", style="a.css"), PageView(tmp_path, "b.js")]
    assert view_lines(views) == [
        '<link rel="stylesheet" href="a.css">',
        '<script src="a.js" defer></script>',
        '<script src="b.js" defer></script>',
    ]


def test_a_views_files_are_its_folders(tmp_path: Path) -> None:
    view = _view(tmp_path, "a.js", "a.css")
    assert view_files([view]) == {"a.css": tmp_path / "a.css", "a.js": tmp_path / "a.js"}


def test_a_name_declared_by_two_views_is_refused(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    with pytest.raises(ValueError, match=r"a\.js is declared twice"):
        view_files([_view(tmp_path / "one", "a.js"), _view(tmp_path / "two", "a.js")])


def test_a_view_cannot_take_a_shared_files_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"page\.js is declared twice"):
        view_files([_view(tmp_path, "page.js")])


def test_a_view_cannot_take_the_written_catalogues_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"catalogue\.js is declared twice"):
        view_files([_view(tmp_path, "catalogue.js")])


def test_a_views_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="missing"):
        view_files([PageView(tmp_path, "a.js")])


@pytest.mark.parametrize("name", ["../a.js", "a.py", "A.js", "a b.css", "index.html"])
def test_a_views_file_is_a_script_or_a_stylesheet_by_a_plain_name(name: str) -> None:
    with pytest.raises(ValueError, match="a view's file is named like"):
        PageView(Path("."), name)


def test_the_page_holds_the_views_mark_once() -> None:
    lines = (WEBAPP / "index.html").read_text(encoding="utf-8").splitlines()
    assert lines.count(module.MARK) == 1


def test_a_page_without_its_mark_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "index.html").write_text("<html></html>\n", encoding="utf-8")
    monkeypatch.setattr(module, "PAGE", tmp_path)
    with pytest.raises(ValueError, match="mark"):
        index_page([])


def test_the_views_lines_stand_at_the_mark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "index.html").write_text(f"<head>\n{module.MARK}\n</head>\n", encoding="utf-8")
    monkeypatch.setattr(module, "PAGE", tmp_path)
    page = index_page([PageView(tmp_path, "a.js")])
    assert page == b'<head>\n<script src="a.js" defer></script>\n</head>\n'


def _page_folders() -> list[Path]:
    """The ``page/`` folders of the games' and features' packages."""
    return sorted(
        path
        for package in ("games", "features")
        for path in (BOT / package).glob("*/page")
        if path.is_dir()
    )


def test_the_views_are_found() -> None:
    assert len(DECLARED) >= 6


@pytest.mark.parametrize("folder", _page_folders(), ids=lambda path: path.parent.name)
def test_a_page_folders_scripts_and_styles_are_its_views(folder: Path) -> None:
    """Every script and stylesheet of a package's ``page/`` is its declared view's (a file
    left there undeclared would never be served)."""
    held = sorted(path.name for path in folder.iterdir() if path.suffix in {".js", ".css"})
    declared = sorted(name for view in DECLARED if view.folder == folder for name in view.files)
    assert held == declared


def test_each_view_is_a_packages_own() -> None:
    """A view's files stand in its game's or feature's ``page/``."""
    assert {view.folder for view in DECLARED} <= set(_page_folders())


def test_the_package_holds_every_views_files() -> None:
    """The wheel's package data (pyproject.toml) takes each view's files, as it takes the
    shared ones (``webapp/*``)."""
    config = tomllib.loads((BOT.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["bot"]
    files = [path.relative_to(BOT).as_posix() for path in view_files(DECLARED).values()]
    assert [name for name in files if not any(fnmatch(name, p) for p in patterns)] == []
