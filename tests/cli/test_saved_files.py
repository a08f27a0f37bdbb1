"""A file a game reads by itself (its saved catalogue) that cannot be read: exit 5, in the game's own words.

The shared shell (cli/shell.py: fail, broken_saved_message) says what the game tells it: Pastiche's
saved catalogue of commission cards and `--catalogue FILE`, Masterpiece's saved thesis catalogue and
`--theses FILE`.
"""

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.cli.shell import broken_saved_message

PASTICHE = (
    "players:\n  - name: Ana\n    palette: []\n    commissions: [harbour]\n    completed: []\n"
    "  - name: Ben\n    palette: []\n    commissions: []\n    completed: []\n"
)
MASTERPIECE = (
    "game: masterpiece\nplayers:\n  - {name: Ana, accepted: [{thesis: twins, card: pink 2}]}\n"
    "  - {name: Ben}\n  - {name: Caro}\n"
)


def run(*args):
    result = CliRunner().invoke(root, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def saved_files(tmp_path):
    """Both games' saved catalogues, broken at line 2, where XDG_DATA_HOME (tests/conftest.py) points."""
    folder = tmp_path / "xdg-data" / "pastiche"
    folder.mkdir(parents=True)
    (folder / "catalogue.yaml").write_text("catalogue:\n  harbour: {title: Harbour, artist: P, points: eleven}\n")
    (folder / "masterpiece-theses.yaml").write_text("theses:\n  - {id: twins, requirement: rn 2, points: 2}\n")
    (tmp_path / "pastiche.yaml").write_text(PASTICHE)
    (tmp_path / "masterpiece.yaml").write_text(MASTERPIECE)
    return folder


@pytest.mark.parametrize("args", [["score"], ["end"], ["check"]])
def test_pastiche_names_its_saved_catalogue(tmp_path, saved_files, args):
    result = run(args[0], tmp_path / "pastiche.yaml", *args[1:])
    assert result.exit_code == 5, result.output
    assert result.stderr.endswith(
        f"pastiche: your saved catalogue {saved_files / 'catalogue.yaml'} cannot be read "
        "(every problem is above); fix it there, or name another with --catalogue FILE "
        "[exit 5]\n"
    )


@pytest.mark.parametrize(
    "args", [["score"], ["end"], ["score", "--json"], ["masterpiece", "options", "--player", "Ana"]]
)
def test_masterpiece_names_its_saved_thesis_catalogue_and_its_own_option(tmp_path, saved_files, args):
    where = 2 if args[0] == "masterpiece" else 1
    result = run(*args[:where], tmp_path / "masterpiece.yaml", *args[where:])
    assert result.exit_code == 5, result.output
    assert f"{saved_files / 'masterpiece-theses.yaml'}:2:" in result.stderr
    assert result.stderr.endswith(
        f"pastiche: your saved thesis catalogue {saved_files / 'masterpiece-theses.yaml'} "
        "cannot be read (every problem is above); fix it there, or name another with "
        "--theses FILE [exit 5]\n"
    )
    assert "--catalogue" not in result.output


def test_named_on_the_command_line_it_is_a_file_like_any_other(tmp_path, saved_files):
    result = run("score", tmp_path / "masterpiece.yaml", "--theses", saved_files / "masterpiece-theses.yaml")
    assert result.exit_code == 3 and "saved" not in result.stderr


def test_a_game_that_gives_no_words_still_says_which_file():
    assert broken_saved_message("/x/saved.yaml", None) == (
        "pastiche: /x/saved.yaml, a file read without being named, cannot be read (every problem is above) [exit 5]"
    )
    assert broken_saved_message("/x/s.yaml", ("saved deck", "--deck FILE")) == (
        "pastiche: your saved deck /x/s.yaml cannot be read (every problem is above); fix it there, or name "
        "another with --deck FILE [exit 5]"
    )
