"""What a user reads (README.md, docs/*.md, each game's page in its folder, every --help, the man page
parts, every `pastiche rules` entry) names only files that ship in the repository or the package, and
never the team's specification ("SPEC", "§", spec/…, rules/…): a fresh clone has neither. The
rulebooks are cited by their section names."""

import json
import pathlib
import re

import click
import pytest

from pastiche_cli import games
from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[2]
PKG = ROOT / "pastiche_cli"
PATH = re.compile(r"(?<![\w./$-])((?:\.\./)*[A-Za-z_][\w.-]*/[\w./-]*[\w-]\.(?:txt|md|yaml|yml|json|py|roff|tsv|toml))")
FORBIDDEN = re.compile(r"\bSPEC\b|§|\bspec section|(?<![\w/])(?:spec|rules|shared)/[\w.-]+\.(?:md|txt)")
PLACEHOLDERS = ("NAME", "XDG_DATA_HOME")


def ships(path: str, here: pathlib.Path = ROOT / "docs") -> bool:
    if any(p in path for p in PLACEHOLDERS):
        return True
    if path.startswith("../"):  # a link from a page, from its folder (docs/, games/NAME/)
        return (here / path).resolve().exists()
    bases = [ROOT, PKG, ROOT / "docs", *sorted((PKG / "games").glob("*/"))]
    return any((base / path).exists() for base in bases)


OTHER_GAMES = [game for game in games.known().values() if game.name != games.DEFAULT]


def folder(game: games.Game) -> pathlib.Path:
    return PKG / "games" / game.package.rsplit(".", 1)[1]


def texts() -> dict[str, str]:
    out = {}
    pages = [folder(game) / "README.md" for game in OTHER_GAMES]  # the home game's page is README.md
    for f in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *pages, *sorted(PKG.rglob("*.roff"))]:
        out[str(f.relative_to(ROOT))] = re.sub(r"\\f[BIRP]", "", f.read_text("utf-8"))  # roff font changes
    for rules in sorted((ROOT / "data").glob("*/rules.json")):
        data = json.loads(rules.read_text("utf-8"))
        out[f"{rules.relative_to(ROOT)} reference"] = json.dumps(data["reference"], ensure_ascii=False)
        for r in data["rules"]:
            words = [r["title"], r["source"], r["summary"], r["example"]] + [
                x["reading"] for x in r.get("readings", [])
            ]
            out[f"{rules.relative_to(ROOT)} {r['id']}"] = " ".join(words)

    def walk(cmd, path):
        yield path, cmd
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(None):
                sub = cmd.get_command(None, name)
                if sub is not None:
                    yield from walk(sub, [*path, name])

    for path, cmd in walk(root, []):
        with click.Context(cmd, info_name=" ".join(["pastiche", *path])) as ctx:
            out["pastiche " + " ".join(path) + " --help"] = cmd.get_help(ctx)
    return out


TEXTS = texts()


@pytest.mark.parametrize("where", sorted(TEXTS))
def test_every_file_a_doc_names_ships(where):
    text = TEXTS[where]
    here = (ROOT / where).parent if (ROOT / where).is_file() else ROOT / "docs"
    missing = [m.group(1) for m in PATH.finditer(text) if not ships(m.group(1), here)]
    assert not missing, missing
    named = [text[max(0, m.start() - 30) : m.end() + 30] for m in FORBIDDEN.finditer(text)]
    assert not named, named


def test_the_check_catches_what_it_is_for():
    assert not ships("rules/pastiche-rulebook-en.txt") and not ships("spec/canvas.md") and not ships("../SPEC.md")
    assert ships("../../../docs/records.md", PKG / "games" / "canvas") and not ships("../../../docs/records.md")
    assert ships("examples/records/canvas/two-player-game.yaml") and ships("core/moves.py")
    assert FORBIDDEN.search("see SPEC §8") and FORBIDDEN.search("(spec/canvas.md section 4)")
    assert FORBIDDEN.search("source: rules/canvas-rules-es.txt") and not FORBIDDEN.search("data/canvas/rules.json")


@pytest.mark.parametrize("game", OTHER_GAMES, ids=lambda game: game.name)
def test_every_other_game_has_its_page_in_its_own_folder_and_its_manual_sends_readers_there(game):
    """A game added is its folders: its page is games/NAME/README.md (what GitHub shows of the folder)."""
    page = folder(game) / "README.md"
    assert page.read_text("utf-8").startswith(f"# {game.title}\n")
    assert str(page.relative_to(ROOT)) in TEXTS
    assert f"{page.relative_to(ROOT)}" in TEXTS[str((folder(game) / "manpage.roff").relative_to(ROOT))]
