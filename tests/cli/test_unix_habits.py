"""The Unix habits of issue 14, each as a user meets it: `-` for stdin (and --svg - for stdout),
check on several files, a quiet end on a closed pipe, help that points onwards, the manual after
install, messages naming only paths the user has, and catalogues that never surprise."""

import json
import os
import pathlib
import re
import site
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

import pastiche_cli
from pastiche_cli.cli.root import EXIT_CLOSED_PIPE, root
from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE

FINISH = EXAMPLES / "four-player-finish.yaml"
MIDGAME = EXAMPLES / "board-midgame-4p.yaml"
BROKEN = EXAMPLES / "broken-for-error-demo.yaml"


def run(*args, **kw):
    return CliRunner().invoke(root, [str(a) for a in args], **kw)


def run_process(*args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "pastiche_cli", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=kw.pop("cwd", ROOT),
        **kw,
    )


# --- - for stdin, --svg - for stdout ------------------------------------------------------------


def test_a_position_on_stdin_is_read_from_dash():
    from_file = run("score", FINISH)
    from_stdin = run("score", "-", input=FINISH.read_text())
    assert from_stdin.exit_code == 0 and from_stdin.stdout == from_file.stdout
    assert run("score", "-", "--json", input=FINISH.read_text()).stdout == run("score", FINISH, "--json").stdout
    assert (
        run("moves", "-", "--top", "3", input=MIDGAME.read_text()).stdout == run("moves", MIDGAME, "--top", "3").stdout
    )


def test_problems_on_stdin_are_located_in_stdin():
    result = run("check", "-", input=BROKEN.read_text())
    assert result.exit_code == 3
    assert re.search(r"^<stdin>:5:5: error: unknown key 'palete'", result.stdout, re.M)
    assert not os.path.exists("-")


def test_svg_dash_writes_the_picture_to_stdout_and_no_file(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "board", str(MIDGAME), "--svg", "-"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    svg = ET.fromstring(result.stdout)  # stdout is the SVG and nothing else
    assert svg.tag.endswith("svg")
    assert list(tmp_path.iterdir()) == []  # no file named '-'
    assert run("board", MIDGAME, "--svg", "-", "--json").exit_code == 2


# --- check on several files -------------------------------------------------------------------------


def test_check_reads_every_file_named_and_exits_with_the_worst():
    both = run("check", FINISH, MIDGAME)
    assert both.exit_code == 0
    assert f"{FINISH}: OK" in both.stdout and f"{MIDGAME}: OK" in both.stdout
    mixed = run("check", FINISH, BROKEN)
    assert mixed.exit_code == 3
    assert f"{FINISH}: OK" in mixed.stdout and f"{BROKEN}:5:5: error" in mixed.stdout
    data = json.loads(run("check", FINISH, BROKEN, "--json").stdout)
    assert data["valid"] is False
    assert [f["file"] for f in data["files"]] == [str(FINISH), str(BROKEN)]
    assert [f["valid"] for f in data["files"]] == [True, False]
    # one file: the JSON of old, unchanged
    assert set(json.loads(run("check", FINISH, "--json").stdout)) == {"valid", "problems"}


def test_check_of_a_rules_breach_and_a_valid_file_exits_4(tmp_path):
    breach = tmp_path / "breach.yaml"
    breach.write_text(
        FINISH.read_text().replace("palette: [", "palette: [red, red, red, red, red, red, red, red, red, ", 1)
    )
    assert run("check", breach).exit_code == 4
    assert run("check", FINISH, breach).exit_code == 4
    assert run("check", breach, BROKEN).exit_code == 3


# --- a closed pipe ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args", [["board", EXAMPLES / "board-late-4p.yaml"], ["moves", MIDGAME], ["moves", MIDGAME, "--json"], ["rules"]]
)
def test_a_reader_that_leaves_ends_the_run_quietly(args):
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` that has already gone
    proc = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", *map(str, args)],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    os.close(write_end)
    assert proc.returncode == EXIT_CLOSED_PIPE == 141  # not 1, "the rules say no"
    assert proc.stderr == ""


def test_head_takes_the_first_line_and_pastiche_says_nothing():
    result = subprocess.run(
        f"{sys.executable} -m pastiche_cli moves {MIDGAME} --all | head -1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.stdout.startswith("Caro's hexes:") and result.stdout.count("\n") == 1
    assert result.stderr == ""


# --- help, the manual ---------------------------------------------------------------------------------


def test_the_top_level_help_gives_every_summary_whole_and_points_onwards():
    result = run_process("--help", env={**os.environ, "COLUMNS": "80"})
    flat = re.sub(r"(\w)- (\w)", r"\1-\2", " ".join(result.stdout.split()))  # end-game wrapped at its hyphen
    commands = result.stdout.split("Commands:", 1)[1]
    assert "..." not in commands  # click's cut summaries
    for name in root.list_commands(None):
        summary = root.get_command(None, name).get_short_help_str(limit=10_000)
        assert " ".join(summary.split()) in flat, name
    for pointer in ("pastiche COMMAND --help", "pastiche man", "man pastiche", "pastiche rules"):
        assert pointer in flat
    assert all(len(line) <= 80 for line in result.stdout.splitlines())


def test_pastiche_man_shows_the_manual_and_where_it_is(tmp_path):
    from pastiche_cli.cli.manpage import page

    cache = {"XDG_CACHE_HOME": str(tmp_path / "cache")}
    path = run("man", "--path", env=cache).stdout.strip()
    assert pathlib.Path(path).read_text(encoding="utf-8") == page()  # every game's sections in it
    assert run("man", "--path", env=cache).stdout.strip() == path
    shown = run_process("man", env={**os.environ, **cache})
    assert shown.returncode == 0
    assert "EXIT STATUS" in shown.stdout and "pastiche" in shown.stdout


def test_man_points_at_the_installed_page_when_it_is_this_page(tmp_path, monkeypatch):
    """A wheel's page (tests/test_packaging.py) is built from the games it installs; an older one is not shown."""
    from pastiche_cli.cli.manpage import page
    from pastiche_cli.cli.verbs.man import PAGE, page_path

    installed = tmp_path / "prefix" / PAGE
    installed.parent.mkdir(parents=True)
    installed.write_text(page(), encoding="utf-8")
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "prefix"))
    monkeypatch.setattr(sys, "base_prefix", str(tmp_path / "prefix"))
    monkeypatch.setattr(site, "USER_BASE", str(tmp_path / "nobody"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert page_path(page()) == str(installed)
    installed.write_text(page().replace("pastiche canvas", "pastiche oldgame"), encoding="utf-8")
    assert page_path(page()) == str(tmp_path / "cache" / "pastiche" / "pastiche.1")


def test_man_finds_the_page_a_user_install_put_under_the_user_base(tmp_path, monkeypatch):
    """`pip install --user` puts the page under site.USER_BASE (~/.local, or $PYTHONUSERBASE), not sys.prefix."""
    from pastiche_cli.cli.manpage import page
    from pastiche_cli.cli.verbs.man import PAGE, page_path

    installed = tmp_path / "userbase" / PAGE
    installed.parent.mkdir(parents=True)
    installed.write_text(page(), encoding="utf-8")
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "venv"))
    monkeypatch.setattr(sys, "base_prefix", str(tmp_path / "python"))
    monkeypatch.setattr(site, "USER_BASE", str(tmp_path / "userbase"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert page_path(page()) == str(installed)
    assert not (tmp_path / "cache").exists()  # found, not copied to the cache


def test_the_pages_title_line_carries_the_version_pastiche_prints():
    from pastiche_cli.cli.manpage import page

    printed = run("--version").stdout.strip()
    [title] = [line for line in page().splitlines() if line.startswith(".TH ")]
    version = re.fullmatch(r'\.TH PASTICHE 1 "\d{4}" "pastiche (\S+)" "User Commands"', title)
    assert version, title
    assert printed == f"pastiche, version {version.group(1)}"
    assert version.group(1) == pastiche_cli.__version__


# --- paths the user has ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args", [["mix", "RY", "YYB", "RR"], ["chart"], ["rules", "place.mix"], ["mix", "RY", "--json"]]
)
def test_messages_name_no_path_of_the_source_tree(args):
    result = run(*args)
    assert result.exit_code == 0
    assert not re.search(r"data/|\.json\b", result.stdout + result.stderr), result.stdout


def test_mix_points_at_the_chart_command():
    assert "`pastiche chart`" in run("mix", "RY").stdout


# --- catalogues -----------------------------------------------------------------------------------------

HARBOUR = ["--title", "Harbour at Dusk", "--artist", "P. Example", "--points", "11", "--palette", "teal,blue,black"]


def test_a_catalogue_in_a_missing_folder_is_refused_not_made(tmp_path):
    target = tmp_path / "no-such-folder" / "box.yaml"
    result = run("catalogue", "add", *HARBOUR, "--catalogue", target)
    assert result.exit_code == 3
    assert "no-such-folder does not exist" in result.stderr and "mkdir -p" in result.stderr
    assert not (tmp_path / "no-such-folder").exists()


def test_the_saved_catalogues_folder_is_made_and_said(tmp_path):
    result = run("catalogue", "add", *HARBOUR)
    assert result.exit_code == 0
    folder = tmp_path / "xdg-data" / "pastiche"
    assert (folder / "catalogue.yaml").exists()
    assert f"made the folder {folder}" in result.stderr
    again = run("catalogue", "add", *HARBOUR[:-1], "teal,blue", "harbour-2", "--title", "Harbour II")
    assert "made the folder" not in again.stderr


def broken_saved_catalogue(tmp_path):
    folder = tmp_path / "xdg-data" / "pastiche"
    folder.mkdir(parents=True)
    saved = folder / "catalogue.yaml"
    saved.write_text("catalogue:\n  harbour: {title: Harbour, artist: P, points: eleven, palette: [teal, blue]}\n")
    game = tmp_path / "game.yaml"
    game.write_text(
        "players:\n  - name: Ana\n    palette: []\n    commissions: [harbour]\n    completed: []\n"
        "  - name: Ben\n    palette: []\n    commissions: []\n    completed: []\n"
    )
    return saved, game


@pytest.mark.parametrize("args", [["score"], ["check"], ["end"], ["score", "--json"], ["check", "--json"]])
def test_a_broken_saved_catalogue_is_a_clear_error_with_its_own_exit_code(tmp_path, args):
    saved, game = broken_saved_catalogue(tmp_path)
    result = run(args[0], game, *args[1:])
    assert result.exit_code == EXIT_BAD_CATALOGUE == 5, result.output
    if "--json" in args:
        assert json.loads(result.stdout)["problems"][0]["file"] == str(saved)
    else:
        assert f"{saved}:2:" in result.output  # located in the catalogue
    assert f"your saved catalogue {saved} cannot be read" in result.stderr
    assert EXIT_BAD_CATALOGUE not in (0, 1, 2, 3, 4, 70, 130, 141)


def test_a_broken_catalogue_named_on_the_command_line_is_exit_3_as_any_file_named(tmp_path):
    saved, game = broken_saved_catalogue(tmp_path)
    for args in (["score", game, "--catalogue", saved], ["check", game, "--catalogue", saved]):
        result = run(*args)
        assert result.exit_code == 3, result.output
        assert f"{saved}:2:" in result.output and "saved catalogue" not in result.stderr


def test_importing_a_conflicting_card_shows_both_versions_and_imports_nothing(tmp_path):
    assert (
        run(
            "catalogue",
            "add",
            "--title",
            "Harbour at Dusk",
            "--artist",
            "P. Example",
            "--points",
            "12",
            "--palette",
            "teal,blue",
        ).exit_code
        == 0
    )
    saved = tmp_path / "xdg-data" / "pastiche" / "catalogue.yaml"
    before = saved.read_text()
    result = run("catalogue", "import", MIDGAME)
    assert result.exit_code == 4
    message = " ".join(result.stderr.split())
    assert f"{MIDGAME}:8:9: error: conflict:" in message
    assert "'Harbour at Dusk' by P. Example, 11 points, palette blue, teal, black here" in message
    assert (
        "the catalogue's harbour-at-dusk is 'Harbour at Dusk' by P. Example, 12 points, palette blue, teal" in message
    )
    assert "already in the catalogue" not in message
    assert saved.read_text() == before


def test_the_same_card_twice_in_a_position_with_other_points_is_a_conflict(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(
        MIDGAME.read_text().replace(
            "{title: Two Boats, artist: T. Invented, points: 8}",
            "{title: Harbour at Dusk, artist: P. Example, points: 13, palette: [teal, blue, black]}",
        )
    )
    result = run("catalogue", "import", game)
    assert result.exit_code == 4
    assert f"the same card at {game}:8:9" in " ".join(result.stderr.split())


def test_an_identical_card_is_already_in_the_catalogue():
    run("catalogue", "add", *HARBOUR)
    result = run("catalogue", "import", MIDGAME, "--dry-run")
    assert result.exit_code == 0
    assert "Harbour at Dusk (P. Example, 11): already in the catalogue as harbour-at-dusk" in result.stderr


def test_check_warns_when_a_written_card_differs_from_the_catalogues():
    run(
        "catalogue",
        "add",
        "--title",
        "Harbour at Dusk",
        "--artist",
        "P. Example",
        "--points",
        "12",
        "--palette",
        "teal,blue,black",
    )
    result = run("check", MIDGAME)
    assert result.exit_code == 0
    assert re.search(
        rf"^{re.escape(str(MIDGAME))}:8:9: warning: 'Harbour at Dusk' differs from the catalogue's "
        r"harbour-at-dusk: 11 points, not 12",
        result.stdout,
        re.M,
    )
    data = json.loads(run("check", MIDGAME, "--json").stdout)
    assert [p["code"] for p in data["problems"]] == ["catalogue-mismatch"]
    assert data["valid"] is True


def test_check_says_nothing_when_the_cards_agree():
    run("catalogue", "add", *HARBOUR)
    assert "warning:" not in run("check", MIDGAME).stdout


@pytest.mark.parametrize(
    "key",
    [
        "? !!python/object/apply:os.system [echo hi]\n  ",
        "!!python/name:os.system x",
        "!!binary aGk=",
        "? !!set {a: null}\n  ",
    ],
)
def test_a_tagged_catalogue_id_is_a_located_error_and_never_saved(tmp_path, key):
    body = "{title: Harbour, artist: P, points: 11, palette: [teal, blue]}"
    entry = f"  {key}: {body}\n" if not key.startswith("?") else f"  {key}: {body}\n"
    box = tmp_path / "box.yaml"
    box.write_text("catalogue:\n" + entry)
    result = run("catalogue", "list", "--catalogue", box)
    assert result.exit_code == 3
    # refused where the id is: as a tag the file may not use, or as an id that is not a plain word
    assert re.search(
        rf"{re.escape(str(box))}:2:\d+: error: (a catalogue id is a plain word|the tag '[^']+' is "
        "not allowed)",
        result.stderr,
    )
    game = tmp_path / "game.yaml"
    game.write_text(
        "catalogue:\n" + entry + "players:\n  - name: A\n    palette: []\n    commissions: []\n    completed: []\n"
    )
    target = tmp_path / "saved.yaml"
    result = run("catalogue", "import", game, "--catalogue", target)
    assert result.exit_code == 3
    assert not target.exists()
    assert "Node(" not in result.output
