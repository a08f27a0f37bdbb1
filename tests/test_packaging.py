"""A new game is only its own folders (issue 19): a copy of Artline under a new name, with nothing else
touched, is served by a wheel built from the checkout, data, manual page and all.

One test, since building the wheel takes most of its time (~20 s). It also stands for "the manual after
install": the wheel carries the page to share/man/man1, where `man pastiche` finds it beside bin/.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import zipfile

import pytest

import pastiche_cli
from pastiche_cli.cli import manpage

ROOT = pathlib.Path(__file__).resolve().parents[1]
NEW = "galleryline"
COPIED = ("pastiche_cli/games/artline", "data/artline")
PAGE = "share/man/man1/pastiche.1"


def checkout_files() -> list[str]:
    """What a clone of this working tree holds: the tracked files and the untracked ones git does not ignore."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return sorted({name for name in listed.split("\0") if name and (ROOT / name).is_file()})


def renamed(text: str) -> str:
    """'artline' as the new game's name, in the case it is written in (artline, Artline, ARTLINE)."""
    return re.sub(
        "artline",
        lambda m: NEW.upper() if m.group().isupper() else NEW.capitalize() if m.group()[0].isupper() else NEW,
        text,
        flags=re.IGNORECASE,
    )


def copy_tree(files: list[str], target: pathlib.Path) -> None:
    for name in files:
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, target / name)


def copy_game_renamed(tree: pathlib.Path) -> list[pathlib.Path]:
    """games/artline and data/artline copied under the new name, the name changed inside the copies only."""
    made = []
    for folder in COPIED:
        for source in sorted((tree / folder).rglob("*")):
            if not source.is_file() or "__pycache__" in source.parts:
                continue
            target = tree / renamed(str(source.relative_to(tree)))
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                target.write_text(renamed(source.read_text(encoding="utf-8")), encoding="utf-8")
            except UnicodeDecodeError:  # a picture, say: copied as it is
                shutil.copy2(source, target)
            made.append(target)
    return made


def test_a_copied_game_is_served_by_a_wheel_built_from_the_checkout(tmp_path):
    if not (ROOT / ".git").exists():  # (issue 33, item 21)
        pytest.skip("not a git checkout (an unpacked sdist?): git cannot list the files a clone holds")
    tree = tmp_path / "checkout"
    copy_tree(checkout_files(), tree)
    made = copy_game_renamed(tree)
    assert (tree / "pastiche_cli" / "games" / NEW / "__init__.py").read_text().count(f'NAME = "{NEW}"') == 1
    assert all(str(path.relative_to(tree)).startswith((f"pastiche_cli/games/{NEW}/", f"data/{NEW}/")) for path in made)

    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(tree),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    # every folder it ships is a package it declares (issue 33, item 21: data/NAME/ was "would be ignored")
    assert "would be ignored" not in built.stdout + built.stderr, built.stdout + built.stderr
    [wheel] = (tmp_path / "dist").glob("*.whl")
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
        names = set(archive.namelist())

    # One version: the wheel's is the package's (`--version`'s and the page's, tests/cli/test_unix_habits.py),
    # and the wheel carries the licence it declares.
    assert wheel.name.startswith(f"pastiche_cli-{pastiche_cli.__version__}-")
    info = f"pastiche_cli-{pastiche_cli.__version__}.dist-info"
    assert f"{info}/licenses/LICENSE" in names
    metadata = (site / info / "METADATA").read_text(encoding="utf-8")
    assert f"\nVersion: {pastiche_cli.__version__}\n" in metadata and "\nLicense-Expression: MIT\n" in metadata

    # Every package of the tree, the new game's included, and every game's data files.
    packages = {str(p.parent.relative_to(tree)) for p in (tree / "pastiche_cli").rglob("__init__.py")}
    assert {f"{p}/__init__.py" for p in packages} - names == set()
    assert f"pastiche_cli/games/{NEW}/commands/score.py" in names
    data = {"pastiche_cli/" + str(p.relative_to(tree)) for p in (tree / "data").glob("*/*") if p.is_file()}
    assert data and data - names == set()
    assert f"pastiche_cli/data/{NEW}/rules.json" in names
    # The pages' templates, and the style and script they write inline (render/pages.py reads them as files).
    render = tree / "pastiche_cli" / "render"
    page_files = {str(p.relative_to(tree)) for p in [*render.glob("templates/*"), *render.glob("static/*")]}
    assert {"pastiche_cli/render/templates/record.html", "pastiche_cli/render/static/record.js"} <= page_files
    assert page_files - names == set()

    # The installed page is the one the games of the tree give, the new game's sections in it.
    [page] = [n for n in names if n.endswith(".data/data/" + PAGE)]
    shipped = (site / page).read_text(encoding="utf-8")
    assert shipped == manpage.page(str(tree / "pastiche_cli"))
    assert f'.SS "pastiche {NEW} COMMAND POSITION"' in shipped and '.SS "pastiche artline' in shipped

    # The unpacked wheel, run from outside the checkout, serves a file of the new game.
    game = tmp_path / "gallery.yaml"
    example = (ROOT / "examples" / "positions" / "artline" / "finished.yaml").read_text(encoding="utf-8")
    game.write_text(example.replace("\ngame: artline\n", f"\ngame: {NEW}\n", 1), encoding="utf-8")
    assert f"game: {NEW}" in game.read_text()
    env = {**os.environ, "PYTHONPATH": str(site), "COLUMNS": "100"}

    def run(*args):
        return subprocess.run(
            [sys.executable, *args], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, check=False
        )

    where = run("-c", "import pastiche_cli; print(pastiche_cli.__file__)")
    assert where.stdout.strip() == str(site / "pastiche_cli" / "__init__.py"), where.stderr
    scored = run("-m", "pastiche_cli", "score", game.name)
    assert scored.returncode == 0, scored.stderr
    assert f"Winner: Ana, the first player with no paintings in hand; the game is over [{NEW}.win]" in scored.stdout
    record = (ROOT / "examples" / "records" / "artline" / "three-player-game.yaml").read_text(encoding="utf-8")
    (tmp_path / "gallery-record.yaml").write_text(record.replace("\ngame: artline\n", f"\ngame: {NEW}\n", 1))
    paged = run("-m", "pastiche_cli", "replay", "gallery-record.yaml", "--html", "gallery.html")
    assert paged.returncode == 0, paged.stderr
    page = (tmp_path / "gallery.html").read_text(encoding="utf-8")
    assert f"{NEW.capitalize()} game record: gallery-record.yaml" in page and '<table id="scores">' in page
    helped = run("-m", "pastiche_cli", "--help")
    assert helped.returncode == 0, helped.stderr
    assert re.search(rf"^  {NEW} +Paintings laid in rows and columns", helped.stdout, re.MULTILINE), helped.stdout


def test_building_needs_setuptools_alone():
    """Issue 33, item 21: setuptools builds wheels itself (70.1 and later); `wheel` is no build requirement."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    requires = re.search(r"^\[build-system\]\n(?:#.*\n)*requires = \[(.*)\]$", text, flags=re.M).group(1)
    assert re.findall(r'"([A-Za-z_.-]+)', requires) == ["setuptools"]
