"""No two modules of the bot and the solver share a name (issue #39), but for packages' own
(``__init__``, ``__main__``) and the plug-in convention: the files every game
(``bot/games/<game>/``) or feature package (``bot/features/<feature>/``) may have, one role
each, listed in docs/adding-a-game.md.  A module is not named as its own package
either (``arena/arena.py``), nor as another package, but for a game's or a feature's rules,
named by it (``bot/rules/hunt.py``, of ``bot/games/hunt/``)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "bot"
PACKAGES = (BOT, ROOT / "solver")

PLUG_IN = r"bot/(games|features)/[a-z_]+"
"""Where a plug-in's conventional files stand: directly in a game's or a feature's package."""

CONVENTION: dict[str, tuple[str, str]] = {
    "__init__.py": (r"(bot|solver)(/[a-z_]+)*", "a package"),
    "__main__.py": (r"bot|solver", "a package's command line"),
    "words.py": (rf"{PLUG_IN}|bot/console", "its wording"),
    "refusals.py": (PLUG_IN, "what it refuses while on, and how it says so"),
    "profile.py": (PLUG_IN, "its part of a player's profile (/me)"),
    "play.py": (PLUG_IN, "its play: the commands that deal, judge and end it"),
    "answers.py": (PLUG_IN, "its answer route: what it claims and how it judges"),
    "top.py": (PLUG_IN, "its board (/rush top, /train top)"),
    "group.py": (PLUG_IN, "its side in a group"),
    "miniapp_api.py": (PLUG_IN, "its calls of the Mini App's API"),
    "review.py": (PLUG_IN, "its section of the owner's fair-play review (/admin fairplay)"),
    "parts.py": (PLUG_IN, "its parts of a chat's or user's data (ChatPart, UserPart)"),
    "work.py": (PLUG_IN, "its work with the solver's workers (its Game.work, its deal jobs)"),
}
"""A name several modules may have, where they may stand, and the one role it has there."""


def _modules() -> dict[str, list[str]]:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in sorted(path for package in PACKAGES for path in package.rglob("*.py")):
        by_name[path.name].append(path.parent.relative_to(ROOT).as_posix())
    return by_name


def test_no_two_modules_share_a_name_outside_the_convention() -> None:
    shared = {
        f"{name}: {', '.join(places)}"
        for name, places in _modules().items()
        if len(places) > 1 and name not in CONVENTION
    }
    assert not shared, "give each a name of its own, or add its role to CONVENTION"


def test_a_conventional_name_stands_only_where_the_convention_says() -> None:
    misplaced = {
        f"{place}/{name}"
        for name, places in _modules().items()
        if name in CONVENTION
        for place in places
        if not re.fullmatch(CONVENTION[name][0], place)
    }
    assert not misplaced


def test_no_module_is_named_as_its_package() -> None:
    stutters = {
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in package.rglob("*.py")
        if path.stem == path.parent.name
    }
    assert not stutters


def test_the_convention_is_documented_in_adding_a_game() -> None:
    section = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    undocumented = {
        name
        for name in CONVENTION
        if name not in ("__init__.py", "__main__.py") and f"`{name}`" not in section
    }
    assert not undocumented


def test_a_module_is_named_as_a_package_only_when_it_holds_that_games_rules() -> None:
    packages = {
        path.parent.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in package.rglob("__init__.py")
    }
    clashes = {
        f"{path.relative_to(ROOT).as_posix()} and {place}/"
        for package in PACKAGES
        for path in package.rglob("*.py")
        for place in packages
        if place.rsplit("/", 1)[-1] == path.stem
        and not (
            path.parent == BOT / "rules" and re.fullmatch(PLUG_IN, place)
        )  # a game's or a feature's rules, named by it
        and not (path.name == "play.py" and place == "bot/play")  # docs/design.md's map
    }
    assert not clashes
