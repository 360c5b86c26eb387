"""The Mini App's page and its views (issue #39): a view is its game's or feature's own
(``page_view``, :class:`bot.plug_ins.PageView`), its script and stylesheet in its package's
``page/`` folder, served under ``/app/<file>`` beside the page's shared files
(``bot/webapp/``).  ``index.html`` names no view: it holds one mark, :data:`MARK`, where the
server writes the views' lines (their stylesheets', then their scripts'), in their places'
order (docs/adding-a-game.md, *A game's page*)."""

from __future__ import annotations

from collections.abc import Iterable
from http import HTTPStatus
from pathlib import Path

from telegram.ext import Application
from tornado.web import RequestHandler

from bot.context import services
from bot.play.page_policy import PAGE_POLICY
from bot.plug_ins import PageView

PAGE = Path(__file__).resolve().parents[1] / "webapp"
"""The page's shared files: plain HTML, CSS and JavaScript, no build step."""
MARK = "<!--views-->"
"""The line of ``index.html`` where the views' lines are written."""
WRITTEN = frozenset({"catalogue.js"})
"""The page's files the bot writes (:mod:`bot.play.page_texts`), under no view's name."""


def page_views(declared: Iterable[PageView | None]) -> list[PageView]:
    """The views ``declared`` (the games' in their order, then the features'; None: no
    view), in their places' order: the placed ones by place, then the rest, each in the
    declared order."""
    views = [view for view in declared if view is not None]
    return sorted(views, key=lambda view: (view.place is None, view.place or 0))


def declared_views(application: Application) -> list[PageView]:
    """The views of the games and features the application registered, in their order."""
    data = services(application)
    return page_views(
        [*(game.page_view for game in data.games), *(f.page_view for f in data.features)]
    )


def view_files(views: Iterable[PageView]) -> dict[str, Path]:
    """Each view's files by their names on the page; a :class:`ValueError` for a name taken
    twice (by two views, or by a view and the page's shared files) or a file not there."""
    taken = {path.name for path in PAGE.iterdir()} | WRITTEN
    files: dict[str, Path] = {}
    for view in views:
        for name in view.files:
            if name in taken or name in files:
                raise ValueError(f"the page's file {name} is declared twice")
            path = view.folder / name
            if not path.is_file():
                raise ValueError(f"a view's file is missing: {path}")
            files[name] = path
    return files


def view_lines(views: Iterable[PageView]) -> list[str]:
    """The lines of ``index.html`` that load ``views``: their stylesheets' (after the shared
    ``app.css``), then their scripts' (after the shared ones, before ``app.js``)."""
    views = list(views)
    return [
        *(f'<link rel="stylesheet" href="{view.style}">' for view in views if view.style),
        *(f'<script src="{view.script}" defer></script>' for view in views),
    ]


def index_page(views: Iterable[PageView]) -> bytes:
    """``index.html`` with ``views``' lines at its mark (a :class:`ValueError` if it has
    none, or more than one)."""
    lines = (PAGE / "index.html").read_text(encoding="utf-8").splitlines()
    if lines.count(MARK) != 1:
        raise ValueError(f"index.html holds the views' mark {MARK} once")
    at = lines.index(MARK)
    return "\n".join([*lines[:at], *view_lines(views), *lines[at + 1 :], ""]).encode()


def set_page_headers(handler: RequestHandler) -> None:
    """The page's headers, on each of its files: a policy that lets it load nothing from
    elsewhere, revalidated at each opening (the ETag makes that cheap), so that a new
    release's page and scripts arrive together."""
    handler.set_header("Content-Security-Policy", PAGE_POLICY)
    handler.set_header("X-Content-Type-Options", "nosniff")
    handler.set_header("Referrer-Policy", "no-referrer")
    handler.set_header("Cache-Control", "no-cache")


class IndexHandler(RequestHandler):
    """``/app/`` (and ``/app/index.html``): the page, its views' lines written in
    (:func:`index_page`, once, when the routes are made)."""

    def initialize(self, page: bytes) -> None:
        self.page = page

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "text/html")
        set_page_headers(self)

    def get(self) -> None:
        self.set_status(HTTPStatus.OK)
        self.finish(self.page)  # its ETag, and a 304 for a page unchanged (Tornado's)

    def head(self) -> None:
        self.get()  # its headers, Content-Length and ETag; Tornado sends no body
