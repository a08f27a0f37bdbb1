"""The layers keep their promises: a pure core, a game-agnostic kernel, and no game reaching into another.

Every module is read with `ast` (nothing is imported), so an import inside a function counts as much
as one at the top. The rules:

* kernel/ and games/GAME/core/ touch no terminal, file or process: none of LIBRARIES, no dynamic
  import, and of the package only the kernel, their own game's core, and `pastiche_cli.facts`
  (the one reader of game facts, data/GAME/*.json, below the kernel) — never cli/, formats/, commands/ or render/;
* kernel/ imports no game at all;
* nothing under games/X/ imports from games/Y/;
* the shared shell and file layers serve every game: cli/ (root.py too, which finds the games
  through the registry), formats/ and render/ import no game, formats/ and render/ import no cli/, and a game's
  formats/ and render/ import neither cli/ nor its commands/;
* no command imports a command: a module of a game's commands/ imports none of its game's command
  modules (its `_helpers` it may) nor a verb of cli/verbs/, and a game's declaration (game.py)
  imports no command at all;
* a game is a value no face is part of: its game.py imports neither cli/ nor its commands package,
  and it, its formats/ and render/ and the shared formats/ and render/ import no click or rich;
* what a game provides is written where it is declared: nothing under games/ (but the registry,
  games/__init__.py, which discovers them) or cli/ (but root.py's lazy command group) imports by name
  (importlib, `__import__`);
* the layers are an order (LAYERS, bottom to top: the package's names and facts.py < kernel/ and
  the registry < games/*/core/ < formats/ and games/*/formats/ < render/ and games/*/render/ <
  games/*/game.py (a game's declaration) < cli/, serve/ and games/*/commands/): no module imports from a
  layer above its own;
* no import circle: no module imports, through any chain of imports, itself;
* no command builds its answer: a module of a game's commands/ or of cli/ gives the JSON emitter no
  object it built (a dict display), and prints no sentence it wrote on stdout; both come from render/.
"""

from __future__ import annotations

import ast
import fnmatch
import pathlib
import re

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "pastiche_cli"

# What a pure module never imports: the shell's libraries, and the standard library's doors to files,
# the environment and processes (importlib too, so an import cannot be smuggled in by name).
LIBRARIES = ("click", "ruamel", "rich", "tabulate", "os", "pathlib", "io", "sys", "subprocess", "shutil", "importlib")
GAME_FACTS = "pastiche_cli.facts"  # explicitly allowed: how a core reads its game's data files


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, dotted name) of everything the source imports, anywhere in it; `__import__` as itself."""
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found += [(node.lineno, base if alias.name == "*" else f"{base}.{alias.name}") for alias in node.names]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "__import__":
            found.append((node.lineno, "__import__"))
    return found


def under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def game_of(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["pastiche_cli", "games"] else None


def violations(source: str, module: str, is_package: bool = False) -> list[str]:
    """Every import of `module` that breaks the layering, as `module:line: imports name (why)`."""
    game = game_of(module)
    pure_core = game is not None and under(module, f"pastiche_cli.games.{game}.core")
    kernel = under(module, "pastiche_cli.kernel")
    shared_cli = under(module, "pastiche_cli.cli")
    shared_formats = under(module, "pastiche_cli.formats") or under(module, "pastiche_cli.render")
    command = game is not None and under(module, f"pastiche_cli.games.{game}.commands")
    declaration = game is not None and module == f"pastiche_cli.games.{game}.game"
    game_files = game is not None and (
        under(module, f"pastiche_cli.games.{game}.formats") or under(module, f"pastiche_cli.games.{game}.render")
    )
    out = []
    for line, name in imported_names(source, module, is_package):
        why = None
        if game is not None and game_of(name) not in (None, game):
            why = f"games/{game}/ imports nothing from games/{game_of(name)}/"
        elif ((game is not None and not pure_core) or (shared_cli and module != "pastiche_cli.cli.root")) and (
            name == "__import__" or under(name, "importlib")
        ):
            why = "a game's parts are written where they are declared: no import by name"
        elif (declaration or game_files or shared_formats) and name.split(".")[0] in ("click", "rich"):
            why = "a game's value, its files and pictures import no terminal library"
        elif (shared_cli or shared_formats) and game_of(name):
            why = "cli/ and formats/ serve every game and import none"
        elif shared_formats and under(name, "pastiche_cli.cli"):
            why = "formats/ and render/ are below the shell and import no cli/"
        elif (command or declaration) and _is_command(name, game, allow_helpers=command):
            why = "no command imports a command"
        elif declaration and (under(name, "pastiche_cli.cli") or under(name, f"pastiche_cli.games.{game}.commands")):
            why = "a game's value imports no face: neither cli/ nor its commands"
        elif game_files and (under(name, "pastiche_cli.cli") or under(name, f"pastiche_cli.games.{game}.commands")):
            why = "a game's files and pictures import neither the shell nor its commands"
        elif kernel or pure_core:
            allowed = ["pastiche_cli.kernel", GAME_FACTS] + ([f"pastiche_cli.games.{game}.core"] if pure_core else [])
            if name == "__import__":
                why = "a dynamic import"
            elif name.split(".")[0] in LIBRARIES:
                why = "a pure module touches no terminal, file, environment or process"
            elif under(name, "pastiche_cli") and not any(under(name, a) for a in allowed):
                why = (
                    "the kernel imports no game"
                    if kernel and game_of(name)
                    else "a pure module imports only the kernel, its own game's core and " + GAME_FACTS
                )
        if why:
            out.append(f"{module}:{line}: imports {name} ({why})")
    return out


def _is_command(name: str, game: str, allow_helpers: bool) -> bool:
    """Is `name` (or what it imports from) one of the game's command modules, or a shared verb?"""
    if under(name, "pastiche_cli.cli.verbs") and name != "pastiche_cli.cli.verbs":
        return True
    package = f"pastiche_cli.games.{game}.commands"
    if not under(name, package) or name == package:
        return False
    module = name[len(package) + 1 :].split(".")[0]
    return not (allow_helpers and module.startswith("_"))


def modules(*folders: str) -> list[pathlib.Path]:
    return sorted(p for folder in folders for p in PACKAGE.glob(f"{folder}/**/*.py"))


PURE = modules("kernel", "games/*/core")
GAMES = modules("games")
SHARED = modules("cli", "formats", "render")


def test_the_layers_hold_modules():
    names = {module_name(p) for p in PURE}
    assert "pastiche_cli.kernel.problems" in names and "pastiche_cli.kernel.suggest" in names
    assert "pastiche_cli.games.pastiche.core.scoring" in names and len(names) > 15
    assert len(GAMES) > len(PURE)
    assert {"pastiche_cli.cli.apply", "pastiche_cli.cli.shell", "pastiche_cli.formats.yamlio"} <= {
        module_name(p) for p in SHARED
    }


@pytest.mark.parametrize(
    "path", PURE + [p for p in GAMES if p not in PURE] + SHARED, ids=lambda p: str(p.relative_to(PACKAGE))
)
def test_module_keeps_to_its_layer(path):
    assert violations(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py") == []


# --- the layers as an order, and no import circle -------------------------------------------------

# Bottom to top, as files and folders of the package ('*' is one name): a module imports from its own
# layer and those below it only.
LAYERS = (
    ("names and facts", ("__init__.py", "games/*/__init__.py", "facts.py")),
    ("kernel", ("kernel/", "games/__init__.py")),  # the registry of the games, their values of kernel/game.py
    ("rules cores", ("games/*/core/",)),
    ("files", ("formats/", "games/*/formats/")),
    ("pictures", ("render/", "games/*/render/")),
    ("declarations", ("games/*/game.py",)),
    ("faces", ("cli/", "games/*/commands/", "serve/", "__main__.py")),
)


def layer_of(path: str) -> int | None:
    """The layer (an index into LAYERS) of the module file at `path`, relative to the package."""
    parts = path.split("/")
    for index, (_, places) in enumerate(LAYERS):
        for place in places:
            want = place.rstrip("/").split("/")
            have = parts[: len(want)] if place.endswith("/") and len(parts) > len(want) else parts
            if len(have) == len(want) and all(fnmatch.fnmatchcase(h, w) for h, w in zip(have, want)):
                return index
    return None


def import_graph(sources: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """module -> the modules of `sources` it imports (anywhere in it); `sources`: module -> (text, is package)."""
    graph: dict[str, set[str]] = {}
    for module, (source, is_package) in sources.items():
        found = set()
        for _, name in imported_names(source, module, is_package):
            while name and name not in sources:  # `from package.module import name`: the module
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
        graph[module] = found
    return graph


def circles(graph: dict[str, set[str]]) -> list[str]:
    """Every import circle, each named by one shortest round through it: `a -> b -> a`."""
    reaches = {m: _reached(graph, m) for m in graph}
    out, seen = [], set()
    for module in sorted(graph):
        if module in seen or module not in reaches[module]:
            continue
        circle = {m for m in reaches[module] if module in reaches[m]}
        seen |= circle
        out.append(" -> ".join(_round(graph, module, circle)))
    return out


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    found, todo = set(), list(graph.get(start, ()))
    while todo:
        module = todo.pop()
        if module not in found:
            found.add(module)
            todo += graph.get(module, ())
    return found


def _round(graph: dict[str, set[str]], start: str, circle: set[str]) -> list[str]:
    """The shortest way from `start` back to itself, inside the circle (breadth first)."""
    paths, done = [[start]], set()
    while paths:
        path = paths.pop(0)
        for nxt in sorted(graph[path[-1]] & circle):
            if nxt == start:
                return path + [start]
            if nxt not in done:
                done.add(nxt)
                paths.append(path + [nxt])
    raise AssertionError(f"{start} is in no circle")


def arrows_up(graph: dict[str, set[str]], paths: dict[str, str]) -> list[str]:
    """Every import from a layer to one above it, as `module (its layer) imports module (its layer)`."""
    out = []
    for module in sorted(graph):
        low = layer_of(paths[module])
        for name in sorted(graph[module]):
            high = layer_of(paths[name])
            if low is not None and high is not None and high > low:
                out.append(f"{module} ({LAYERS[low][0]}) imports {name} ({LAYERS[high][0]})")
    return out


FILES = {p: str(p.relative_to(PACKAGE).as_posix()) for p in PACKAGE.rglob("*.py")}
SOURCES = {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py") for p in FILES}
PATHS = {module_name(p): path for p, path in FILES.items()}
GRAPH = import_graph(SOURCES)


def test_every_module_has_a_layer():
    assert [path for path in PATHS.values() if layer_of(path) is None] == []
    assert layer_of("games/canvas/core/moves.py") == 2 and layer_of("games/canvas/game.py") == 5
    assert layer_of("cli/game.py") == layer_of("games/canvas/commands/take.py") == 6
    assert layer_of("formats/yamlio.py") == layer_of("games/artline/formats/loader.py") == 3


def test_no_import_runs_up_the_layers():
    assert arrows_up(GRAPH, PATHS) == []


def test_no_import_circle():
    assert GRAPH["pastiche_cli.cli.apply"] and circles(GRAPH) == []


def test_the_circle_finder_names_each_circle():
    made_up = import_graph(
        {
            "p.a": ("from p.b import x\n", False),
            "p.b": ("def f():\n    from p import c\n", False),  # inside a function counts too
            "p.c": ("import p.a\nimport p.d\n", False),
            "p.d": ("from p.e import y\n", False),
            "p.e": ("from . import d\n", False),
            "p.f": ("import p.a\nimport os\n", False),
        }
    )
    assert circles(made_up) == ["p.a -> p.b -> p.c -> p.a", "p.d -> p.e -> p.d"]
    assert circles({"p.a": {"p.b"}, "p.b": set(), "p.c": {"p.a", "p.b"}}) == []


def test_an_arrow_up_is_caught():
    paths = {"x.core": "games/canvas/core/moves.py", "x.io": "formats/yamlio.py", "x.k": "kernel/problems.py"}
    assert arrows_up({"x.core": {"x.io", "x.k"}, "x.io": {"x.k"}, "x.k": set()}, paths) == [
        "x.core (rules cores) imports x.io (files)"
    ]


# --- the checker itself, on made-up modules: each of these must be caught -------------------------

CORE = "pastiche_cli.games.pastiche.core.example"
KERNEL = "pastiche_cli.kernel.example"
COMMAND = "pastiche_cli.games.pastiche.commands.example"


@pytest.mark.parametrize(
    "module, source, caught",
    [
        (CORE, "import os\n", "imports os (a pure module touches"),
        (CORE, "def f():\n    import sys\n", ":2: imports sys"),
        (CORE, "def f():\n    from os import environ\n", "imports os.environ"),
        (CORE, "from pathlib import Path\n", "imports pathlib.Path"),
        (CORE, "import ruamel.yaml\n", "imports ruamel.yaml"),
        (CORE, "from click import echo\n", "imports click.echo"),
        (CORE, "import importlib\n", "imports importlib"),
        (CORE, "m = __import__('os')\n", "imports __import__ (a dynamic import)"),
        (CORE, "from pastiche_cli.cli.shell import abort\n", "imports pastiche_cli.cli.shell.abort"),
        (CORE, "from pastiche_cli.formats import yamlio\n", "imports pastiche_cli.formats.yamlio"),
        (CORE, "import pastiche_cli.formats.yamlio\n", "imports pastiche_cli.formats.yamlio"),
        (CORE, "from pastiche_cli.games.pastiche.formats.loader import parse_position\n", "formats.loader"),
        (CORE, "from pastiche_cli.games.pastiche.render.svg import board_svg\n", "render.svg"),
        (CORE, "from ..commands import trade\n", "imports pastiche_cli.games.pastiche.commands.trade"),
        (
            CORE,
            "from pastiche_cli.games.other.core import rules\n",
            "games/pastiche/ imports nothing from games/other/",
        ),
        (KERNEL, "from pastiche_cli.games.pastiche.core.colours import suggest\n", "the kernel imports no game"),
        (KERNEL, "import shutil\n", "imports shutil"),
        (COMMAND, "from pastiche_cli.games.other.commands import score\n", "imports nothing from games/other/"),
        ("pastiche_cli.cli.shell", "from pastiche_cli.games.pastiche.core import colours\n", "serve every game"),
        (
            "pastiche_cli.cli.root",
            "def f():\n    from pastiche_cli.games.pastiche.commands.check import worst\n",
            "serve every game",
        ),
        (
            "pastiche_cli.cli.apply",
            "def f():\n    from pastiche_cli.games.pastiche.formats import edits\n",
            "serve every game",
        ),
        (
            "pastiche_cli.formats.yamlio",
            "from pastiche_cli.games.pastiche.core.position import Position\n",
            "serve every game",
        ),
        ("pastiche_cli.formats.yamledit", "from pastiche_cli.cli.shell import abort\n", "import no cli/"),
        (
            "pastiche_cli.games.pastiche.formats.edits",
            "from pastiche_cli.cli.apply import Refused\n",
            "neither the shell nor its commands",
        ),
        ("pastiche_cli.games.pastiche.render.svg", "from ..commands import board\n", "neither the shell nor"),
        (
            "pastiche_cli.render.html",
            "from pastiche_cli.games.pastiche.render.svg import board_svg\n",
            "serve every game",
        ),
        ("pastiche_cli.render.html", "from pastiche_cli.cli.shell import safe\n", "import no cli/"),
        (
            COMMAND,
            "from pastiche_cli.games.pastiche.commands.score import score_json\n",
            "no command imports a command",
        ),
        (COMMAND, "def f():\n    from pastiche_cli.games.pastiche.commands import complete\n", "no command imports"),
        (COMMAND, "from .replay import read\n", "no command imports a command"),
        (COMMAND, "from pastiche_cli.cli.verbs.replay import playthrough\n", "no command imports a command"),
        (
            "pastiche_cli.games.canvas.game",
            "from pastiche_cli.games.canvas.commands._shell import load\n",
            "no command imports a command",
        ),
        ("pastiche_cli.games.canvas.game", "from pastiche_cli.cli.game import Terminal\n", "imports no face"),
        ("pastiche_cli.games.canvas.game", "from pastiche_cli.games.canvas import commands\n", "imports no face"),
        ("pastiche_cli.games.canvas.game", "def f():\n    import click\n", "no terminal library"),
        ("pastiche_cli.games.canvas.render.svg", "from rich.text import Text\n", "no terminal library"),
        ("pastiche_cli.formats.reading", "import click\n", "no terminal library"),
        ("pastiche_cli.games.canvas.game", "import importlib\n", "no import by name"),
        ("pastiche_cli.games.canvas.commands.best", "from importlib.util import find_spec\n", "no import by name"),
        ("pastiche_cli.games.canvas.formats.edits", "m = __import__('x')\n", "no import by name"),
        ("pastiche_cli.cli.tab", "def f():\n    import importlib\n", "no import by name"),
    ],
)
def test_the_checker_catches(module, source, caught):
    found = violations(source, module)
    assert len(found) == 1 and caught in found[0], found


@pytest.mark.parametrize(
    "module, source",
    [
        (CORE, "from pastiche_cli.facts import game_data\n"),
        (CORE, "from pastiche_cli import facts as data\n"),
        (CORE, "from pastiche_cli.kernel.problems import RULES\n"),
        (CORE, "from . import colours\nfrom .position import Position\n"),
        (CORE, "import re\nfrom collections import Counter\nimport difflib\n"),
        (KERNEL, "from pastiche_cli.facts import game_data\nfrom pastiche_cli.kernel.suggest import suggest\n"),
        (COMMAND, "import os\nimport click\nfrom pastiche_cli.cli.shell import abort\n"),
        (COMMAND, "from pastiche_cli.games.pastiche.commands._shell import load\nfrom . import _apply\n"),
        (COMMAND, "from pastiche_cli.games.pastiche.game import GAME\nfrom pastiche_cli.cli.game import load\n"),
        ("pastiche_cli.cli.root", "from pastiche_cli import games\n"),
        ("pastiche_cli.games", "import importlib\nfrom importlib.util import find_spec\n"),
        ("pastiche_cli.cli.root", "import importlib\n"),  # the lazy command group loads a command when named
        ("pastiche_cli.games.canvas.game", "from pastiche_cli.kernel.game import Game\n"),
        ("pastiche_cli.games.canvas.commands", "from pastiche_cli.cli.game import Terminal\n"),
        ("pastiche_cli.cli.apply", "from pastiche_cli.formats.yamlio import edit_file\n"),
        ("pastiche_cli.games.pastiche.formats.edits", "from pastiche_cli.formats.yamledit import Refused\n"),
    ],
)
def test_the_checker_lets_pass(module, source):
    assert violations(source, module) == []


def test_a_place_in_a_file_is_one_value():
    """`Loc` (line, column) is defined once, in the kernel, and every game and reader uses that one."""
    defined = [
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef) and node.name in ("Loc", "Mark")
    ]
    assert defined == ["pastiche_cli.kernel.problems"]


# --- no command builds its answer: its JSON and its sentences are render/'s -------------------------

EMITTERS = ("emit_json", "emit_listing")  # cli/shell.py's: the answer as JSON
PRINTERS = ("echo", "echo_lines", "echo_styled", "echo_verbatim", "print")  # the answer on stdout (and click.echo)
SENTENCE = re.compile(r"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}")  # two words running in a string's own text


def _sentence(node: ast.AST) -> bool:
    """Does the expression hold a string (or an f-string's own text) of two words or more?"""
    for sub in ast.walk(node):
        if isinstance(sub, ast.JoinedStr):  # its own text and the strings inside its expressions
            own = " ".join(c.value for c in ast.walk(sub) if isinstance(c, ast.Constant) and isinstance(c.value, str))
            if SENTENCE.search(own):
                return True
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and SENTENCE.search(sub.value):
            return True
    return False


def _a_dict(node: ast.AST) -> bool:
    return any(
        isinstance(sub, (ast.Dict, ast.DictComp))
        or (isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id == "dict")
        for sub in ast.walk(node)
    )


def _on_stderr(call: ast.Call) -> bool:
    """click.echo(..., err=True): a message, no answer."""
    return any(k.arg == "err" and isinstance(k.value, ast.Constant) and k.value.value is True for k in call.keywords)


def _bound(nodes: list[ast.AST]) -> tuple[set[str], set[str]]:
    """The names a scope binds to (or fills with) a dict, and to (or with) a sentence: `out = {...}`,
    `out["k"] = v`, `lines = [f"..."]`, `lines.append(f"...")`, `lines += [...]`."""
    dicts, sentences = set(), set()
    for node in nodes:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and node.value is not None:
            targets, value = [node.target], node.value
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend", "insert")
            and isinstance(node.func.value, ast.Name)
        ):
            targets, value = [node.func.value], ast.Tuple(elts=list(node.args), ctx=ast.Load())
        else:
            continue
        for target in targets:
            name = target.value if isinstance(target, ast.Subscript) else target
            if isinstance(name, ast.Name):
                if isinstance(target, ast.Subscript) or _a_dict(value):
                    dicts.add(name.id)
                if _sentence(value):
                    sentences.add(name.id)
    return dicts, sentences


def _main_block(statement: ast.stmt) -> bool:
    """`if __name__ == "__main__":`."""
    test = getattr(statement, "test", None)
    return (
        isinstance(statement, ast.If)
        and isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
    )


def built_answers(source: str, module: str) -> list[str]:
    """Where a command builds its answer itself: a JSON object (a dict display, or a name bound to or
    filled with one in the same function) given to the JSON emitter, or a sentence (a string of two
    words or more, or a name bound to or filled with one) printed on stdout. (A message on stderr, a
    usage error, a help text or a prompt is no answer.)"""
    tree = ast.parse(source)
    tree.body = [s for s in tree.body if not _main_block(s)]  # a developer's script (manpage.py --write)
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    found = set()
    for scope in [tree, *scopes]:
        nodes = [n for stmt in scope.body for n in ast.walk(stmt)]
        dicts, sentences = _bound(nodes)
        for node in nodes:
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            said = [a for a in node.args]
            if name in EMITTERS and any(_a_dict(a) or (isinstance(a, ast.Name) and a.id in dicts) for a in said):
                found.add(f"{module}:{node.lineno}: builds a JSON object and answers it (render/ makes it)")
            named = {n.id for a in said for n in ast.walk(a) if isinstance(n, ast.Name)}
            if name in PRINTERS and not _on_stderr(node) and (any(_sentence(a) for a in said) or named & sentences):
                found.add(f"{module}:{node.lineno}: builds a sentence and prints it (render/ says it)")
    return sorted(found)


# Every module a command is written in: the games' commands, the shared verbs, and cli/'s own (box.py's
# catalogue commands, root.py's check of files of several games).
ANSWERING = modules("games/*/commands", "cli")


def test_the_answering_modules_are_found():
    names = {module_name(p) for p in ANSWERING}
    assert {"pastiche_cli.cli.verbs.score", "pastiche_cli.games.pastiche.commands.place"} <= names


@pytest.mark.parametrize("path", ANSWERING, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_command_builds_its_answer(path):
    assert built_answers(path.read_text(encoding="utf-8"), module_name(path)) == []


@pytest.mark.parametrize(
    "source, caught",
    [
        ('emit_json({"legal": v.legal, "rule": v.rule})\n', "builds a JSON object"),
        ('def f(v):\n    out = {"legal": v.legal}\n    emit_json(out)\n', ":3: builds a JSON object"),
        ('def f(v):\n    out = v.as_json()\n    out["applied"] = True\n    emit_json(out)\n', "builds a JSON"),
        ('emit_json(score_json(r) | {"provisional": p})\n', "builds a JSON object"),
        ("emit_json([{k: v} for k, v in x])\n", "builds a JSON object"),
        ('click.echo(f"{name} holds {n} cards")\n', "builds a sentence"),
        ('echo("Nothing was recorded.")\n', "builds a sentence"),
        ("print(f\"{'Replaced' if r else 'Added'} {label}: the card -> {path}\")\n", "builds a sentence"),
        ("emit_json(dict(legal=v.legal))\n", "builds a JSON object"),
        (
            'def f(a):\n    lines = []\n    lines.append(f"{a} gives to the bank")\n    echo_lines(lines, "auto")\n',
            ":4:",
        ),
        (
            'def f(a):\n    lines = [a]\n    lines += [f"The game goes on: {a} paints."]\n    echo_lines(lines)\n',
            "sentence",
        ),
    ],
)
def test_the_answer_checker_catches(source, caught):
    found = built_answers(source, COMMAND)
    assert len(found) == 1 and caught in found[0], found


@pytest.mark.parametrize(
    "source",
    [
        "emit_json(told.json)\n",
        "show(told(verdict, path), as_json, fmt)\n",
        'echo("")\nclick.echo(url)\n',
        'click.echo(f"  {name}: {points}")\n',  # no words of its own: a value laid out
        'click.echo(f"{word}: error: this is a {title} file", err=True)\n',  # a message on stderr
        'err(f"pastiche: {path} is unchanged")\n',  # a message on stderr
        'abort("--apply needs --player NAME (the file does not say whose turn it is)", 2)\n',
        'raise click.UsageError("give --start NAME or --random-start, not both")\n',
        'loaded = GAME.load(path, {"catalogue": catalogue})\n',  # a dict that is no answer
        '@click.option("--json", "as_json", is_flag=True, help="Answer in JSON (stable keys).")\ndef f(): pass\n',
    ],
)
def test_the_answer_checker_lets_pass(source):
    assert built_answers(source, COMMAND) == []
