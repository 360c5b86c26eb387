"""A view of the Mini App's page is a plug-in too (issue #39): each view's script (its
game's or feature's own, in its package's ``page/``: ``bot/games/arena/page/arena.js``, with
``PAGE_VIEW``) registers itself once (``registerView("arena", {...})``, ``page.js``), and the
page's shared scripts (``bot/webapp/``) go over what is registered, naming no view.
``index.html`` names no view: the server writes each view's lines at its mark, its
stylesheet's if it has styles of its own (``rush.css``: the shared ``app.css`` names none) and
its script's (:mod:`bot.play.page_views`).

"Names a view" means a word of the code (an identifier, a string, an element's id: comments
are left out) with a view's word among its words (``openDaily`` is open + daily, ``tab-train``
tab + train; ``constraint`` is no train).  What still names a view is listed in
:data:`EXCEPTIONS`, with why: a name found that is not listed fails, and so does a listed one
no longer found (the list only shrinks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.play.page_texts import PAGE_PLURALS, SHARED_TEXTS
from tests.bot.page_files import DECLARED, FILES, SERVED, WEBAPP

PAGE = SERVED
"""``index.html`` as the bot serves it, the views' lines written in."""
REGISTERS = re.compile(r'\bregisterView\("(\w+)"')

TOKENS = re.compile(
    r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`|[^"'`/]+|/""",
    re.DOTALL,
)
"""A script's comments, strings and the code between them (a regular expression's slash is
code: none of the page's holds a quote or two slashes)."""
WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _code(source: str) -> str:
    """A script without its comments."""
    return "".join(token for token in TOKENS.findall(source) if not token.startswith(("//", "/*")))


VIEWS = {
    view.script: REGISTERS.findall(_code((view.folder / view.script).read_text(encoding="utf-8")))
    for view in DECLARED
}
"""The views' scripts, with the names each registers."""

SHARED = sorted(path.name for path in WEBAPP.glob("*.js"))
"""The page's shared scripts: every one of ``bot/webapp/``."""
SHARED_STYLES = "app.css"
"""The page's shared styles; a view's own are in its stylesheet, ``<view>.css``."""
STYLED = sorted(Path(view.style).stem for view in DECLARED if view.style is not None)
"""The views with a stylesheet of their own."""
CSS_NAMES = re.compile(r"[.#]([A-Za-z][\w-]*)")
"""A stylesheet's class and id selectors (``.rush-score``; a colour, ``#2481cc``, is no view)."""

EXCEPTIONS: dict[str, tuple[set[str], str]] = {}
"""What a shared script still names of a view, with why (none now: keep it so)."""


def _views() -> set[str]:
    return {name for names in VIEWS.values() for name in names}


def _view_words() -> frozenset[str]:
    """Every view's words: its name with its plural and -ing forms (``arenas``, ``training``)."""
    words = set()
    for name in _views():
        stem = name.removesuffix("s")
        words |= {name, stem, f"{stem}s", f"{stem}ing"}
    return frozenset(words)


def _words(name: str) -> set[str]:
    """``openDaily``'s words: open, daily; ``tab-train``'s: tab, train."""
    return {word.lower() for word in WORDS.findall(name)}


def _names(code: str) -> set[str]:
    """The names in ``code`` (``openDaily``, ``"tab-daily"``) that hold a view's word."""
    return {name for name in re.findall(r"[A-Za-z_$][\w$-]*", code) if _words(name) & _view_words()}


def test_the_views_are_found() -> None:
    assert _views() >= {"daily", "practice", "train", "profile", "arena", "rush"}


def test_the_shared_scripts_are_found() -> None:
    assert {"app.js", "page.js", "api.js", "launch.js", "board.js"} <= set(SHARED)


@pytest.mark.parametrize("script", sorted(VIEWS))
def test_a_views_script_registers_its_view_once(script: str) -> None:
    assert VIEWS[script] == [script.removesuffix(".js")]


def test_the_word_finder_finds_a_view() -> None:
    code = _code('openDaily(); $("tab-train"); // arena\nconst constraint = 1; /* rush */')
    assert _names(code) == {"openDaily", "tab-train"}


def test_no_shared_script_registers_a_view() -> None:
    assert [s for s in SHARED if REGISTERS.search(_code((WEBAPP / s).read_text("utf-8")))] == []


@pytest.mark.parametrize("script", SHARED)
def test_a_shared_script_names_no_view(script: str) -> None:
    code = _code((WEBAPP / script).read_text(encoding="utf-8"))
    allowed = EXCEPTIONS.get(script, (set(), ""))[0]
    assert _names(code) - allowed == set()


def test_every_exception_is_still_needed() -> None:
    unneeded = {
        script: names - _names(_code((WEBAPP / script).read_text(encoding="utf-8")))
        for script, (names, _why) in EXCEPTIONS.items()
    }
    assert {script: names for script, names in unneeded.items() if names} == {}


@pytest.mark.parametrize("script", sorted(VIEWS))
def test_a_views_script_names_no_other_view(script: str) -> None:
    """A view uses what the page shares, never another view's functions or elements."""
    own = script.removesuffix(".js")
    others = _view_words() - {own, f"{own}s", f"{own}ing"}
    code = _code(FILES[script].read_text(encoding="utf-8"))
    assert {name for name in _names(code) if _words(name) & others} == set()


def test_the_page_names_no_view() -> None:
    """``index.html`` (its comments left out): its views' lines are the server's, and a
    view's tab and its own elements are made by its script."""
    html = re.sub(
        r"<!--.*?-->", "", (WEBAPP / "index.html").read_text(encoding="utf-8"), flags=re.S
    )
    assert [line for line in html.splitlines() if _names(line)] == []


def test_the_served_page_names_a_view_only_in_its_script_and_style_lines() -> None:
    """A view's lines are its script's, ``<script src="arena.js" defer>``, and its
    stylesheet's if it has one, ``<link rel="stylesheet" href="rush.css">`` (after the
    shared ``app.css``)."""
    html = re.sub(r"<!--.*?-->", "", PAGE, flags=re.S)
    lines = [line for line in html.splitlines() if _names(line)]
    views = [script.removesuffix(".js") for script in _views_in_order()]
    assert lines == [
        *(f'<link rel="stylesheet" href="{view}.css">' for view in views if view in STYLED),
        *(f'<script src="{view}.js" defer></script>' for view in views),
    ]


def _views_in_order() -> list[str]:
    """The views' scripts in the order the served page loads them (their tabs' order)."""
    return [name for name in re.findall(r'<script src="([\w.]+\.js)"', PAGE) if name in VIEWS]


def test_the_page_loads_every_views_script() -> None:
    assert sorted(_views_in_order()) == sorted(VIEWS)


def test_the_pages_shared_words_name_no_view() -> None:
    """The shared words' keys (bot/play/page_texts.py) name no view (``train``, ``profile``):
    a view's words are its game's or feature's (``page_texts``)."""
    assert {key for key in (*SHARED_TEXTS, *PAGE_PLURALS) if _words(key) & _view_words()} == set()


def _selectors(stylesheet: str) -> set[str]:
    """The class and id names a stylesheet styles (comments left out)."""
    css = re.sub(r"/\*.*?\*/", "", FILES[stylesheet].read_text(encoding="utf-8"), flags=re.S)
    return set(CSS_NAMES.findall(css))


def test_the_shared_styles_name_no_view() -> None:
    """``app.css`` styles what every view shares; ``.rush-score`` is ``rush.css``'s."""
    assert {name for name in _selectors(SHARED_STYLES) if _words(name) & _view_words()} == set()


def test_the_selector_finder_finds_a_view() -> None:
    assert {"rush-score", "profile-card"} <= set().union(*(_selectors(f"{v}.css") for v in STYLED))


def test_a_stylesheet_of_its_own_is_a_views() -> None:
    assert set(STYLED) - _views() == set()


@pytest.mark.parametrize("view", STYLED)
def test_a_views_stylesheet_names_no_other_view(view: str) -> None:
    others = _view_words() - {view, f"{view}s", f"{view}ing"}
    assert {name for name in _selectors(f"{view}.css") if _words(name) & others} == set()


def _linked() -> list[str]:
    """The stylesheets the served page links, in its order."""
    return re.findall(r'<link rel="stylesheet" href="([\w.]+\.css)">', PAGE)


def test_the_page_links_every_stylesheet_once() -> None:
    assert sorted(_linked()) == sorted(name for name in FILES if name.endswith(".css"))


def test_the_shared_styles_come_first() -> None:
    """A view's own rules follow the shared ones: the view's win where both say."""
    assert _linked()[0] == SHARED_STYLES
