"""man/pastiche.1: every command and option of the CLI is documented, and groff finds nothing wrong.

The CLI is walked from pastiche_cli.cli.root, so a command or option added later fails this test
until the page describes it.
"""

import pathlib
import re
import shutil
import subprocess

import click
import pytest

from pastiche_cli.cli.root import root

PAGE = pathlib.Path(__file__).resolve().parents[2] / "man" / "pastiche.1"
HELP = {"-h", "--help"}


def plain(roff: str) -> str:
    """The page's words without roff escapes, so `\\-\\-player` reads `--player`."""
    text = roff.replace("\\-", "-").replace("\\[dq]", '"').replace("\\e", "\\")
    return re.sub(r"\\f[BIRP]", "", text)


def sections() -> dict[str, str]:
    """Each top-level command's `.SS "pastiche NAME ..."` subsection, by NAME."""
    text = plain(PAGE.read_text("utf-8"))
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
    assert path[0] in found, f"man/pastiche.1 has no '.SS \"pastiche {path[0]} ...\"' subsection"
    section = found[path[0]]
    if len(path) > 1:
        assert "pastiche " + " ".join(path) in section, f"'pastiche {' '.join(path)}' is not in the page"
    missing = []
    for param in command.params:
        if isinstance(param, click.Option):
            missing += [o for o in param.opts + param.secondary_opts
                        if o not in HELP and not re.search(re.escape(o) + r"(?![\w-])", section)]
        elif isinstance(param, click.Argument) and argument_word(param) not in section:
            missing.append(argument_word(param))
    assert not missing, f"pastiche {' '.join(path)}: {', '.join(missing)} not described in man/pastiche.1"


def test_global_options_are_in_the_page():
    text = plain(PAGE.read_text("utf-8"))
    for param in root.params:
        for opt in param.opts:
            assert opt in text


@pytest.mark.parametrize("heading", ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "POSITION FILE",
                                     "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SHELL COMPLETION"])
def test_sections(heading):
    assert re.search(rf"^\.SH \"?{heading}\"?$", PAGE.read_text("utf-8"), flags=re.M), heading


def test_environment_and_exit_codes_are_documented():
    text = plain(PAGE.read_text("utf-8"))
    env = text.split(".SH ENVIRONMENT", 1)[1].split(".SH ", 1)[0]
    for var in ("NO_COLOR", "XDG_DATA_HOME", "PASTICHE_CATALOGUE"):
        assert var in env
    status = text.split(".SH EXIT STATUS", 1)[1].split(".SH ", 1)[0]
    for code in "01234":
        assert f".B {code}\n" in status


def test_groff_reports_no_problems():
    groff = shutil.which("groff")
    assert groff, ("groff is needed to check the man page: install it "
                   "(Debian/Ubuntu: apt-get install -y groff-base man-db)")
    result = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-z", str(PAGE)], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_the_page_renders_with_every_section():
    groff = shutil.which("groff")
    assert groff, "groff is needed (apt-get install -y groff-base)"
    result = subprocess.run([groff, "-man", "-Tutf8", "-P", "-cbou", str(PAGE)], capture_output=True, text=True,
                            timeout=60, env={"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"})
    assert result.returncode == 0
    for heading in ("NAME", "SYNOPSIS", "EXIT STATUS", "SHELL COMPLETION"):
        assert f"\n{heading}\n" in result.stdout
    assert "pastiche catalogue import POSITION" in result.stdout
