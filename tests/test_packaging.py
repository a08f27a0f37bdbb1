"""A new game is only its own folders (issue 19, issue 30 item 4): a copy of Artline under a new name,
every folder of Artline's copied (its package, data, tests and examples) with the name changed inside
the copies and nothing else touched, is served by a wheel built from the checkout, data, manual page
and all, and passes every test of the suite that names it, run against that wheel.

One test, since building the wheel takes a good part of its time (~20 s). It also stands for "the
manual after install": the wheel carries the page to share/man/man1, where `man pastiche` finds it
beside bin/. The suite's tests that name the new game (`pytest -k inkline`: the copied game's own
tests, and every case of every shared test that loops over the registry, tests/every_game.py) run in
the copied tree, in one process, with the wheel installed in an environment of its own.
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import sysconfig
import xml.etree.ElementTree as ET
import zipfile

import pytest

import pastiche_cli
from pastiche_cli.cli import manpage

ROOT = pathlib.Path(__file__).resolve().parents[1]
# A new name as long as Artline's, so that what is measured in characters measures the same (the widest
# QR code of a bundled play's link, docs/history.md).
OLD, NEW = "artline", "inkline"
# Artline's folders, each named after it (and its short sheet, examples/quick/artline-*.sheet)
FOLDERS = (
    "pastiche_cli/games/artline",
    "data/artline",
    "tests/games/artline",
    "examples/positions/artline",
    "examples/records/artline",
)
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


def the_games_files(files: list[str]) -> list[str]:
    """Artline's own files: every file in a folder named after it, and every file named `artline-*`."""
    return [
        name
        for name in files
        if OLD in pathlib.PurePosixPath(name).parts[:-1] or name.rpartition("/")[2].startswith(f"{OLD}-")
    ]


def copy_game_renamed(tree: pathlib.Path, files: list[str]) -> list[pathlib.Path]:
    """Artline's files copied under the new name, the name changed inside the copies only."""
    made = []
    for name in the_games_files(files):
        source, target = tree / name, tree / renamed(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            target.write_text(renamed(source.read_text(encoding="utf-8")), encoding="utf-8")
        except UnicodeDecodeError:  # a picture, say: copied as it is
            shutil.copy2(source, target)
        made.append(target)
    return made


def environment(tmp_path: pathlib.Path, wheel: pathlib.Path) -> pathlib.Path:
    """A virtual environment of its own with the wheel installed (its script, its page), which finds the
    libraries of this one but not its pastiche_cli; its interpreter."""
    env = tmp_path / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True, timeout=120)
    python = env / "bin" / "python"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True
    ).stdout.strip()
    # A path a .pth names is on sys.path after the environment's own, and its .pth files are not run:
    # this environment's editable pastiche_cli (a finder a .pth installs) stays out.
    (pathlib.Path(site) / "libraries.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return python


def run_suite(python: pathlib.Path, tree: pathlib.Path, report: pathlib.Path) -> subprocess.CompletedProcess:
    """The tests of the copied tree's suite that name the new game, in one process (the README's
    command, from the tree's root), with the installed wheel's pastiche_cli, not the tree's."""
    runner = python.parent / "pytest-wheel"
    runner.write_text(
        "import sys\nimport pastiche_cli\n"
        "assert pastiche_cli.__file__.startswith(sys.prefix), pastiche_cli.__file__\n"
        "import pytest\nsys.exit(pytest.main())\n",
        encoding="utf-8",
    )
    # Without CI: the copy has no shared/ folder beside it (no rules text under the new name), so its
    # rulebook tests skip with their reason, as on a user's machine (checked below); CI=true would fail them.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON")) and k != "CI"}
    argv = ["-n0", "-q", "-p", "no:cacheprovider", "-k", NEW, "--ignore", "tests/test_packaging.py"]
    return subprocess.run(
        [str(python), str(runner), *argv, f"--junit-xml={report}"],
        capture_output=True,
        text=True,
        cwd=tree,
        env=env,
        timeout=1800,
        check=False,
    )


def test_a_copied_game_is_served_by_a_wheel_and_passes_the_suite(tmp_path):
    if not (ROOT / ".git").exists():  # (issue 33, item 21)
        pytest.skip("not a git checkout (an unpacked sdist?): git cannot list the files a clone holds")
    tree = tmp_path / "checkout"
    files = checkout_files()
    copy_tree(files, tree)
    made = copy_game_renamed(tree, files)
    assert (tree / "pastiche_cli" / "games" / NEW / "__init__.py").read_text().count(f'NAME = "{NEW}"') == 1
    made_in = {str(path.relative_to(tree)).replace(NEW, OLD) for path in made}
    assert all(any(name.startswith(folder + "/") for name in made_in) for folder in FOLDERS)
    assert f"examples/quick/{OLD}-finished.sheet" in made_in
    assert not [name for name in files if NEW in name]  # nothing of the new game's name was there before

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
    assert f"pastiche_cli/games/{NEW}/game.py" in names
    data = {"pastiche_cli/" + str(p.relative_to(tree)) for p in (tree / "data").glob("*/*") if p.is_file()}
    assert data and data - names == set()
    assert f"pastiche_cli/data/{NEW}/rules.json" in names
    # The pages' templates, and the style and script they write inline (render/pages.py reads them as files).
    render = tree / "pastiche_cli" / "render"
    page_files = {str(p.relative_to(tree)) for p in [*render.glob("templates/*"), *render.glob("static/*")]}
    assert {"pastiche_cli/render/templates/record.html", "pastiche_cli/render/static/record.js"} <= page_files
    assert page_files - names == set()

    # The installed page is the one the games of the tree give, the new game's sections in it; the
    # build kept it in the tree's man/pastiche.1 (tests/cli/test_man.py holds the two equal).
    [page] = [n for n in names if n.endswith(".data/data/" + PAGE)]
    shipped = (site / page).read_text(encoding="utf-8")
    assert shipped == manpage.page(str(tree / "pastiche_cli")) == (tree / manpage.KEPT).read_text(encoding="utf-8")
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

    # Every test of the suite that names the new game passes, run against the installed wheel.
    report = tmp_path / "suite.xml"
    done = run_suite(environment(tmp_path, wheel), tree, report)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    cases = ET.parse(report).getroot().iter("testcase")
    ran = [(case.get("classname", ""), case.find("skipped")) for case in cases]
    assert sum(name.startswith(f"tests.games.{NEW}.") for name, _ in ran) > 100  # its own tests
    # and every shared test module that loops over the registry has a case of it (but the one that reads
    # docs/records.md, which describes the games it names: a new game's notation is in its own page)
    looping = {
        ".".join(path.relative_to(tree).with_suffix("").parts)
        for path in (tree / "tests").rglob("test_*.py")
        if "\nimport every_game" in path.read_text(encoding="utf-8") and path.relative_to(tree).parts[1] != "games"
    }
    looping -= {"tests.cli.test_records_grammar"}
    assert len(looping) > 20 and looping <= {name for name, _ in ran}, looping - {name for name, _ in ran}
    skipped = [case.get("message", "") for _, case in ran if case is not None]
    assert all("shared folder is not beside this clone" in why for why in skipped), skipped  # the rulebooks


def test_building_needs_setuptools_alone():
    """Issue 33, item 21: setuptools builds wheels itself (70.1 and later); `wheel` is no build requirement."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    requires = re.search(r"^\[build-system\]\n(?:#.*\n)*requires = \[(.*)\]$", text, flags=re.M).group(1)
    assert re.findall(r'"([A-Za-z_.-]+)', requires) == ["setuptools"]
