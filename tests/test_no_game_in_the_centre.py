"""A game is a plug-in (issue #39): every module of the bot but a game's own (its package,
its rules) imports no game and names none.  A game declares itself once in its package
(``bot.play.registry.Game``) and is listed once in ``bot.games.GAMES``, which only
``bot/app.py`` and ``bot/menus.py`` (the application's floor) import.

"Names a game" means an identifier (a name, an attribute, a definition, an argument, an
imported module) with a game's word among its words (``ChatRush`` is chat + rush;
``rounded`` is not round).  What still names a game is listed in :data:`EXCEPTIONS`, with
why: a name found that is not listed fails, and so does a listed one no longer found (the
list only shrinks).  Docstrings and comments are not read: they may speak of any game.

A name may also hide in a string: a page's mode (``GAME_MODE = "rush"``), a callback's
prefix (``"rush:"``), a saved field, an address.  So a central module's strings without a
space in them (a text has spaces; docstrings are not read) that hold a game's word are
refused too, with the same rules: listed in :data:`STRING_EXCEPTIONS`, with why.  And a
central module's user texts (its msgids) that name a game are the game's texts, to go to its
words (a feature's text that speaks of the games frames what each declares, as /start's
greeting frames their invitations): any left would be in :data:`TEXT_EXCEPTIONS` (by their
first characters), with why."""

from __future__ import annotations

import ast
import builtins
import re
from functools import cache
from pathlib import Path
from typing import NamedTuple

from bot.play.page_texts import PAGE_PLURALS, SHARED_TEXTS

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "bot"

GAME_PACKAGES = sorted(
    path.name for path in (BOT / "games").iterdir() if (path / "__init__.py").exists()
)
"""The games: a package each under bot/games."""


def _game_words() -> frozenset[str]:
    """Every game's words: its package's name under bot/games with its singular, plural and
    -ing forms (``rounds``, ``round``; ``rush``, ``rushing``)."""
    words = set()
    for name in GAME_PACKAGES:
        stem = name.removesuffix("s")
        words |= {name, stem, f"{stem}s", f"{stem}ing"}
    return frozenset(words)


GAME_WORDS = _game_words()


def _a_games_own(path: Path) -> bool:
    """Whether a module is a game's own: in its package under bot/games, or its rules (a
    module or package of bot/rules named by its words: ``bot/rules/hunt.py``,
    ``bot/rules/duel/``)."""
    parts = path.relative_to(BOT).parts
    if parts[0] == "games":
        return len(parts) > 2  # bot/games/__init__.py is the list, read below
    return parts[0] == "rules" and len(parts) > 1 and Path(parts[1]).stem in GAME_WORDS


CENTRAL = sorted(path for path in BOT.rglob("*.py") if not _a_games_own(path))
"""The modules that may name no game: every module of the bot but the games' own (the
application, the state and its records, the services, the features, the shared rules, the
console, the local Bot API ...)."""

EXCEPTIONS: dict[str, tuple[set[str], str]] = {
    "bot/games/__init__.py": (set(GAME_PACKAGES), "the list of the games: a line each"),
    "bot/services/timers.py": ({"daily_at", "run_daily"}, "APScheduler's every day"),
    "bot/records/migrations.py": (
        {"COUNTDOWN_TIME_OF_VERSION_2"},
        "a step of the records' history: version 2's field, read as it was written",
    ),
}
"""Each module's identifiers that still name a game, and why (see the module's docstring)."""

SAVED = "saved names of earlier releases, read as they were written (data from every release loads)"

STRING_EXCEPTIONS: dict[str, tuple[set[str], str]] = {
    "bot/records/migrations.py": (
        {
            "countdown",
            "countdown_points",
            "countdown_time",
            "daily",
            "daily_done",
            "daily_message_id",
            "hunt",
            "hunt_best",
            "hunt_points",
            "round",
            "rounds",
            "rounds_dealt",
            "rush",
        },
        SAVED + ": the fields and parts of earlier versions",
    ),
    "bot/records/release1.py": (
        {
            "bot.game.daily.DailyRecord",
            "bot.game.daily.DailyResult",
            "bot.game.rounds.Phase",
            "bot.game.rounds.Round",
        },
        SAVED + ": the classes release 1 pickled, by their paths then",
    ),
    "bot/state.py": ({"round"}, SAVED + ": CHATS_GAME, the chat's game's word in answers_to"),
}
"""Each module's strings that still name a game, and why (see the module's docstring)."""

TEXT_KEY = 40
"""A text is listed by its first characters (its singular's and plural's are one)."""

TEXT_EXCEPTIONS: dict[str, tuple[set[str], str]] = {}
"""Each module's texts that still name a game, and why (see the module's docstring): none
left, the shared texts composed from what the games declare (greetings' invitations,
settings' keys, the plain game's busy words, a game's request reasons)."""


def words_of(identifier: str) -> list[str]:
    """An identifier's words, lowercase: split at dots, underscores and a capital that starts
    a word (``ChatRush`` → chat, rush; ``DEFAULT_COUNTDOWN_SECONDS`` → default, countdown,
    seconds)."""
    parts = re.split(r"[._]+", identifier)
    return [
        word.lower()
        for part in parts
        for word in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", part)
    ]


class _Read(NamedTuple):
    """What the checks read of a module's source, in one walk of its tree (the module is
    parsed once for all of them, not once for each)."""

    identifiers: frozenset[str]
    """Names (but Python's builtins, as ``round()``), attributes, definitions, arguments,
    and the modules and names it imports."""
    strings: frozenset[str]
    """Strings without a space in them, no docstring (see :func:`_strings`)."""
    translated: tuple[str, ...]
    """The strings given to a call of :data:`TRANSLATED`, in order."""
    modules: frozenset[str]
    """The modules it imports, wherever the import stands."""


@cache
def _read(source: str) -> _Read:
    identifiers: set[str] = set()
    docstrings = set()
    constants = []
    translated = []
    modules: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and not hasattr(builtins, node.id):
            identifiers.add(node.id)
        elif isinstance(node, ast.Attribute):
            identifiers.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            identifiers.add(node.name)
        elif isinstance(node, ast.arg):
            identifiers.add(node.arg)
        elif isinstance(node, ast.ImportFrom) and node.module:
            identifiers.add(node.module)
            identifiers |= {alias.asname or alias.name for alias in node.names}
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            identifiers |= {alias.asname or alias.name for alias in node.names}
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            docstrings.add(id(node.value))
        elif isinstance(node, ast.Constant):
            constants.append(node)
        elif isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            if name in TRANSLATED:
                translated += [
                    argument.value
                    for argument in node.args
                    if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                ]
    strings = {
        node.value
        for node in constants
        if isinstance(node.value, str)
        and id(node) not in docstrings
        and not re.search(r"\s", node.value)
    }
    return _Read(frozenset(identifiers), frozenset(strings), tuple(translated), frozenset(modules))


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _identifiers(path: Path) -> set[str]:
    """The identifiers of a module: names (but Python's builtins, as ``round()``),
    attributes, definitions, arguments, and the modules and names it imports."""
    return set(_read(_text(path)).identifiers)


def names_a_game(identifier: str) -> bool:
    """Whether one of an identifier's words is a game's."""
    return any(word in GAME_WORDS for word in words_of(identifier))


def _strings(source: str) -> set[str]:
    """The strings of a module that are names, not texts: none with a space in it, and no
    docstring (a string standing as a statement: a module's, a class's, a function's or an
    attribute's); the parts of an f-string are read one by one (``f"rush:{n}"``: ``rush:``)."""
    return set(_read(source).strings)


TRANSLATED = frozenset({"_", "N_", "NP_", "K_", "ngettext", "gettext", "pgettext"})
"""The calls whose strings are a text to translate (a msgid, its plural, a context)."""


def texts_naming_a_game(source: str) -> set[str]:
    """The texts to translate in a module's ``source`` that name a game, by their first
    :data:`TEXT_KEY` characters (the strings given to ``_``, ``N_``, ``ngettext``...)."""
    return {text[:TEXT_KEY] for text in _read(source).translated if names_a_game(text)}


def strings_naming_a_game(source: str) -> set[str]:
    """The strings of a module's ``source`` that name a game (see :func:`_strings`)."""
    return {string for string in _strings(source) if names_a_game(string)}


def _games_imported(path: Path) -> set[str]:
    """The game packages (``bot.games``, ``bot.games.*``) a module imports, wherever the
    import stands."""
    found = _read(_text(path)).modules
    return {name for name in found if name == "bot.games" or name.startswith("bot.games.")}


def test_the_word_finder_splits_identifiers_into_words() -> None:
    assert words_of("ChatRush") == ["chat", "rush"]
    assert words_of("DEFAULT_COUNTDOWN_SECONDS") == ["default", "countdown", "seconds"]
    assert words_of("bot.rules.rush.chat_run") == ["bot", "rules", "rush", "chat", "run"]
    assert names_a_game("hunting")
    assert names_a_game("ReadyHunts")
    assert not names_a_game("rounded_rectangle")
    assert not names_a_game("BACKGROUND")


def test_the_string_finder_finds_a_games_name_in_a_string_not_in_a_text() -> None:
    source = '''"""The rush module: a docstring may say rush."""
GAME_MODE = "rush"
"""The page's mode (a docstring: not read)."""
PREFIX = f"duel:{1}"
ROUTE = "/app/api/arena/state"
PATH = "bot.game.rounds.Round"
KEY = "dailyTitle"
TEXT = _("A round is on here: answer it first.")
PLAIN = "rounded"
'''
    assert strings_naming_a_game(source) == {
        "rush",
        "duel:",
        "/app/api/arena/state",
        "bot.game.rounds.Round",
        "dailyTitle",
    }


def test_the_text_finder_finds_a_games_name_in_a_text_to_translate() -> None:
    source = '''"""A docstring may say rush."""
LABEL = N_("▶️ Play Rush")
NOTE = "A Rush run, not translated"
def told(context):
    context._("A round is on here.")
    context.ngettext("{count} duel won", "{count} duels won", 2)
    _("Rounded to {value}: no game named")
'''
    assert texts_naming_a_game(source) == {
        "▶️ Play Rush",
        "A round is on here.",
        "{count} duel won",
        "{count} duels won",
    }


def test_every_game_package_gives_words() -> None:
    assert {"round", "rounds", "hunt", "rush", "duel", "daily", "arena", "ladder"} <= GAME_WORDS


def test_only_the_application_and_its_menus_import_the_games_and_only_their_list() -> None:
    imported = {
        str(path.relative_to(ROOT)): games for path in CENTRAL if (games := _games_imported(path))
    }
    assert imported == {
        "bot/app.py": {"bot.games"},
        "bot/menus.py": {"bot.games"},
        "bot/games/__init__.py": {"bot.games"},
    }


def test_the_application_and_its_menus_go_over_games_and_name_none() -> None:
    """bot/app.py and bot/menus.py go over ``bot.games.GAMES``: they name no game."""
    for module in ("app.py", "menus.py"):
        named = {name for name in _identifiers(BOT / module) if names_a_game(name)}
        assert named == set(), module


def test_no_central_module_names_a_game_but_the_listed_exceptions() -> None:
    listed = {module: names for module, (names, _why) in EXCEPTIONS.items()}
    found = {}
    for path in CENTRAL:
        named = {name for name in _identifiers(path) if names_a_game(name)}
        if named:
            found[str(path.relative_to(ROOT))] = named
    unlisted = {
        module: sorted(names - listed.get(module, set()))
        for module, names in found.items()
        if names - listed.get(module, set())
    }
    assert unlisted == {}, "a central module names a game: declare it on the game's Game"
    gone = {
        module: sorted(names - found.get(module, set()))
        for module, names in listed.items()
        if names - found.get(module, set())
    }
    assert gone == {}, "no longer named: drop it from EXCEPTIONS"


def test_no_central_modules_string_names_a_game_but_the_listed_exceptions() -> None:
    """A game's name in a string (a mode, a prefix, a key) is a game's code in the centre:
    the game declares it (a page's mode: ``serve_game``; a Telegram game: ``telegram_game``)."""
    listed = {module: strings for module, (strings, _why) in STRING_EXCEPTIONS.items()}
    found = {}
    for path in CENTRAL:
        named = strings_naming_a_game(path.read_text(encoding="utf-8"))
        if named:
            found[str(path.relative_to(ROOT))] = named
    unlisted = {
        module: sorted(strings - listed.get(module, set()))
        for module, strings in found.items()
        if strings - listed.get(module, set())
    }
    assert unlisted == {}, "a central module's string names a game: the game declares it"
    gone = {
        module: sorted(strings - found.get(module, set()))
        for module, strings in listed.items()
        if strings - found.get(module, set())
    }
    assert gone == {}, "no longer named: drop it from STRING_EXCEPTIONS"


def test_no_central_modules_text_names_a_game_but_the_listed_exceptions() -> None:
    """A text that names a game is the game's: it goes to the game's words (its msgid
    unchanged), and the shared code takes it from what the game declares."""
    listed = {module: texts for module, (texts, _why) in TEXT_EXCEPTIONS.items()}
    found = {}
    for path in CENTRAL:
        named = texts_naming_a_game(path.read_text(encoding="utf-8"))
        if named:
            found[str(path.relative_to(ROOT))] = named
    unlisted = {
        module: sorted(texts - listed.get(module, set()))
        for module, texts in found.items()
        if texts - listed.get(module, set())
    }
    assert unlisted == {}, "a central module's text names a game: move it to the game's words"
    gone = {
        module: sorted(texts - found.get(module, set()))
        for module, texts in listed.items()
        if texts - found.get(module, set())
    }
    assert gone == {}, "no longer named: drop it from TEXT_EXCEPTIONS"


def test_each_central_module_is_read() -> None:
    """The modules the brief names are among the ones read (a move would drop them)."""
    read = {str(path.relative_to(ROOT)) for path in CENTRAL}
    expected = {
        "bot/app.py",
        "bot/menus.py",
        "bot/play/game_life.py",
        "bot/play/answer_router.py",
        "bot/services/answer_routes.py",
        "bot/features/solve/playing_refusals.py",
        "bot/rules/table.py",
        "bot/state.py",
        "bot/texts.py",
        "bot/records/schema.py",
        "bot/rules/results.py",
        "bot/rules/achievements.py",
        "bot/console/session.py",
    }
    assert expected <= read


def test_a_games_own_modules_are_not_read() -> None:
    """A game's package and its rules may name it; the list of the games is read."""
    read = {str(path.relative_to(ROOT)) for path in CENTRAL}
    own = {"bot/games/hunt/play.py", "bot/rules/hunt.py", "bot/rules/duel/race.py"}
    assert own & read == set()
    assert "bot/games/__init__.py" in read


def test_the_pages_shared_words_name_no_game() -> None:
    """The page's table of shared words (bot/play/page_texts.py) is keyed by strings, which
    the names above leave out: a game's words on the page are its own (``Game.page_texts``)."""
    assert {key for key in (*SHARED_TEXTS, *PAGE_PLURALS) if names_a_game(key)} == set()
