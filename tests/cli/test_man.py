"""The manual page: every command and option of the CLI is documented, each game's sections come from
that game, and groff finds nothing wrong.

The page is put together by pastiche_cli/cli/manpage.py from cli/manpage.roff and every game's
games/NAME/manpage.roff; the build installs it, `pastiche man` shows it, and the repository keeps it in
man/pastiche.1 (`python pastiche_cli/cli/manpage.py --write`). The CLI is walked from
pastiche_cli.cli.root, so a command or option added later fails this test until the page describes it.
"""

import pathlib
import re
import shutil
import subprocess
import sys

import click
import pytest
from copycheck import copied, grams_of

from pastiche_cli import games
from pastiche_cli.cli import manpage
from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[2]
ROFF = manpage.page()
HELP = {"-h", "--help"}


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("man") / "pastiche.1"
    path.write_text(ROFF, encoding="utf-8")
    return path


def plain(roff: str) -> str:
    """The page's words without roff escapes, so `\\-\\-player` reads `--player`."""
    text = roff.replace("\\-", "-").replace("\\[dq]", '"').replace("\\e", "\\")
    return re.sub(r"\\f[BIRP]", "", text)


def sections() -> dict[str, str]:
    """Each top-level command's `.SS "pastiche NAME ..."` subsection, by NAME."""
    text = plain(ROFF)
    out = {}
    for block in re.split(r"^(?=\.S[SH] )", text, flags=re.M):
        m = re.match(r'\.SS "pastiche ([a-z-]+)', block)
        if m:
            out[m.group(1)] = block
    return out


def walk(group: click.Group, ctx: click.Context, path=()):
    """(command path, command) for every command and subcommand."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from walk(command, click.Context(command, parent=ctx, info_name=name), path + (name,))


def commands():
    return list(walk(root, click.Context(root, info_name="pastiche")))


def argument_word(arg: click.Argument) -> str:
    return re.sub(r"[\[\].]", "", arg.metavar or arg.name.upper())


def test_the_walk_sees_every_command():
    names = {path for path, _ in commands()}
    for expected in ("score", "check", "rules", "catalogue", "new", "completion"):
        assert (expected,) in names
    assert ("catalogue", "import") in names


@pytest.mark.parametrize("path, command", commands(), ids=[" ".join(path) for path, _ in commands()])
def test_every_command_option_and_argument_is_in_the_page(path, command):
    found = sections()
    assert path[0] in found, (
        f"the manual page has no '.SS \"pastiche {path[0]} ...\"' subsection "
        f"(a game's go in pastiche_cli/games/NAME/manpage.roff)"
    )
    section = found[path[0]]
    if len(path) > 1:
        assert "pastiche " + " ".join(path) in section, f"'pastiche {' '.join(path)}' is not in the page"
    missing = []
    for param in command.params:
        if isinstance(param, click.Option):
            missing += [
                o
                for o in param.opts + param.secondary_opts
                if o not in HELP and not re.search(re.escape(o) + r"(?![\w-])", section)
            ]
        elif isinstance(param, click.Argument) and argument_word(param) not in section:
            missing.append(argument_word(param))
    assert not missing, f"pastiche {' '.join(path)}: {', '.join(missing)} not described in the manual page"


def test_global_options_are_in_the_page():
    text = plain(ROFF)
    for param in root.params:
        for opt in param.opts:
            assert opt in text


@pytest.mark.parametrize(
    "heading",
    [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "POSITION FILE",
        "EXIT STATUS",
        "ENVIRONMENT",
        "FILES",
        "EXAMPLES",
        "SHELL COMPLETION",
    ],
)
def test_sections(heading):
    assert re.search(rf"^\.SH \"?{heading}\"?$", ROFF, flags=re.M), heading


def test_environment_and_exit_codes_are_documented():
    text = plain(ROFF)
    env = text.split(".SH ENVIRONMENT", 1)[1].split(".SH ", 1)[0]
    # FORCE_COLOR, TTY_COMPATIBLE and COLORTERM: what rich reads of the terminal (issue 33, item 21)
    for var in ("NO_COLOR", "XDG_DATA_HOME", "PASTICHE_CATALOGUE", "FORCE_COLOR", "TTY_COMPATIBLE", "COLORTERM"):
        assert f".B {var}\n" in env, var
    status = text.split(".SH EXIT STATUS", 1)[1].split(".SH ", 1)[0]
    for code in "01234":
        assert f".B {code}\n" in status


def test_groff_reports_no_problems(page_file):
    groff = shutil.which("groff")
    assert groff, (
        "groff is needed to check the man page: install it (Debian/Ubuntu: apt-get install -y groff-base man-db)"
    )
    result = subprocess.run(
        [groff, "-man", "-Tutf8", "-ww", "-z", str(page_file)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_the_page_renders_with_every_section(page_file):
    groff = shutil.which("groff")
    assert groff, "groff is needed (apt-get install -y groff-base)"
    result = subprocess.run(
        [groff, "-man", "-Tutf8", "-P", "-cbou", str(page_file)],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"},
    )
    assert result.returncode == 0
    for heading in ("NAME", "SYNOPSIS", "EXIT STATUS", "SHELL COMPLETION"):
        assert f"\n{heading}\n" in result.stdout
    assert "pastiche catalogue import POSITION" in result.stdout


# --- each game's sections come from that game -----------------------------------------------------


def test_the_page_takes_the_games_the_registry_finds():
    folders = [pathlib.Path(f) for f in manpage.game_folders()]
    assert manpage.HOME_GAME == games.DEFAULT
    assert [f.name for f in folders] == [g.package.rsplit(".", 1)[1] for g in games.known().values()]


@pytest.mark.parametrize("game", list(games.known().values()), ids=lambda game: game.name)
def test_every_game_has_its_sections_in_its_own_folder(game):
    folder = ROOT / "pastiche_cli" / "games" / game.package.rsplit(".", 1)[1]
    own = (folder / manpage.SKELETON).read_text("utf-8")
    assert own in ROFF and own in (ROOT / manpage.KEPT).read_text("utf-8")
    assert re.search(r'^\.SS "pastiche ', own, re.M), f"{folder.name}: no .SS section"


def test_the_page_is_the_tools_parts_with_the_games_sections_under_commands_pastiche_first():
    skeleton = (ROOT / "pastiche_cli" / "cli" / manpage.SKELETON).read_text("utf-8")
    assert skeleton.count(manpage.GAMES_MARK) == 1 and manpage.GAMES_MARK not in ROFF
    commands = ROFF.split(".SH COMMANDS\n", 1)[1].split("\n.SH ", 1)[0]
    heads = re.findall(r'^\.SS "pastiche ([a-z-]+)', commands, re.M)
    assert heads[0] == "score" and heads[-2:] == ["man", "completion"]
    others = [g.name for g in games.known().values() if g.name != games.DEFAULT]
    assert [h for h in heads if h in others] == others


def test_a_game_folder_added_is_described_with_nothing_else_changed(tmp_path):
    package = tmp_path / "pastiche_cli"
    shutil.copytree(ROOT / "pastiche_cli", package, ignore=shutil.ignore_patterns("__pycache__"))
    new = package / "games" / "zzgame"
    new.mkdir()
    (new / "__init__.py").write_text('NAME = "zzgame"\n')
    (new / manpage.SKELETON).write_text('.SS "pastiche zzgame COMMAND"\nA game added.\n')
    text = manpage.page(str(package))
    assert text.replace('.SS "pastiche zzgame COMMAND"\nA game added.\n', "") == ROFF
    assert text.index("pastiche zzgame") > text.index('.SS "pastiche masterpiece') and text.index(
        "pastiche zzgame"
    ) < text.index('.SS "pastiche man"')


def test_the_module_prints_the_page(tmp_path):
    shown = subprocess.run(
        [sys.executable, str(ROOT / "pastiche_cli" / "cli" / "manpage.py")],
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
    )
    assert shown.returncode == 0 and shown.stdout.decode("utf-8") == ROFF


def kept_page_is_stale(root: pathlib.Path) -> bool:
    """Whether man/pastiche.1 of a tree differs, byte for byte, from the page its parts make."""
    return (root / manpage.KEPT).read_bytes().decode("utf-8") != manpage.page(str(root / "pastiche_cli"))


def test_man_pastiche_1_is_the_page_the_parts_make():
    assert not kept_page_is_stale(ROOT), (
        "man/pastiche.1 is not the page the parts make: run `python pastiche_cli/cli/manpage.py --write`"
    )


def test_a_part_edited_leaves_man_pastiche_1_stale_until_written_again(tmp_path):
    shutil.copytree(ROOT / "pastiche_cli", tmp_path / "pastiche_cli", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "man", tmp_path / "man")
    assert not kept_page_is_stale(tmp_path)
    part = tmp_path / "pastiche_cli" / "games" / "artline" / manpage.SKELETON
    part.write_text(part.read_text("utf-8") + ".PP\nA sentence added.\n", encoding="utf-8")
    assert kept_page_is_stale(tmp_path)

    def write() -> str:
        done = subprocess.run(
            [sys.executable, str(tmp_path / "pastiche_cli" / "cli" / "manpage.py"), "--write"],
            capture_output=True,
            text=True,
            cwd=tmp_path / "man",
            timeout=60,
            check=True,
        )
        return done.stdout

    assert write() == "man/pastiche.1: written\n"
    assert not kept_page_is_stale(tmp_path) and "A sentence added." in (tmp_path / manpage.KEPT).read_text("utf-8")
    assert write() == "man/pastiche.1: already the page the parts make\n"


def test_no_part_of_the_page_copies_six_words_of_the_rulebook():
    grams = grams_of(ROOT.parent / "shared" / "rules" / "pastiche-rulebook-en.txt", "rulebook text")
    assert not copied(ROFF, grams)
