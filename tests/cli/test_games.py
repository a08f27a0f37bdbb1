"""SPEC 9: one tool, several games. The registry, the `game:` key, and the shared verbs' dispatch.

The dispatch is tested with a made-up game written into a temporary folder, so these tests say what
the command line does for any game, whichever games are installed.
"""

from __future__ import annotations

import os
import sys
import textwrap

import pytest
from click.testing import CliRunner

from pastiche_cli import games
from pastiche_cli.cli.root import root
from pastiche_cli.formats.gamekey import declared_game

# --- the registry -----------------------------------------------------------------------------


def test_pastiche_is_a_game_and_the_default():
    assert games.DEFAULT == "pastiche"
    assert list(games.known())[0] == "pastiche"
    assert games.by_name("PASTICHE ").name == "pastiche"
    assert games.by_name("chess") is None


@pytest.mark.parametrize("game", list(games.known().values()), ids=lambda game: game.name)
def test_every_game_folder_names_itself(game):
    here = os.path.dirname(games.__file__)
    folders = [e for e in os.listdir(here) if os.path.isfile(os.path.join(here, e, "__init__.py"))]
    assert sorted(folders) == sorted(games.known())
    assert game.title and game.summary
    assert game.package == f"pastiche_cli.games.{game.name}"


# --- reading `game:` without parsing the file -------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("game: canvas\nplayers: []\n", ("canvas", 1, 7)),
        ("# a comment\nplayers: []\ngame:   'artline'  # why\n", ("artline", 3, 10)),
        ('{"game": "masterpiece", "players": []}', ("masterpiece", 1, 11)),
        ("players:\n  - name: Ana\n    game: canvas\n", None),  # not top level
        ("players: []\n", None),
        ("game:\n", None),
    ],
)
def test_declared_game(tmp_path, text, expected):
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    found = declared_game(str(path))
    assert (tuple(found) if found else None) == expected


def test_declared_game_never_blocks_or_fails(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert declared_game(str(fifo)) is None  # would hang if it waited for a writer
    assert declared_game(str(tmp_path)) is None
    assert declared_game(str(tmp_path / "missing.yaml")) is None


# --- the shared verbs choose the game ---------------------------------------------------------

POSITION = "players:\n  - {name: Ana, palette: [], commissions: [], completed: [], hexes: []}\n"


def run(*args):
    return CliRunner().invoke(root, list(args), catch_exceptions=False)


def test_an_unknown_game_in_the_file_is_a_located_error(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("# our game\ngame: pastich\n" + POSITION, encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 3
    assert f"{path}:2:7: error: unknown game 'pastich'; did you mean 'pastiche'? (the games: pastiche" in result.output


def test_an_unknown_game_option_is_bad_usage():
    result = run("rules", "--game", "pastich")
    assert result.exit_code == 2
    assert "Unknown game 'pastich'; did you mean 'pastiche'?" in result.output


def test_game_pastiche_in_the_file_and_as_an_option_changes_nothing(tmp_path):
    plain = tmp_path / "plain.yaml"
    named = tmp_path / "named.yaml"
    plain.write_text(POSITION + "# the game is Pastiche\n", encoding="utf-8")
    named.write_text(POSITION + "game: pastiche\n", encoding="utf-8")
    answers = {
        run("check", str(plain)).output.replace(str(plain), "F"),
        run("check", str(named)).output.replace(str(named), "F"),
        run("check", "--game", "pastiche", str(plain)).output.replace(str(plain), "F"),
        run("check", str(plain), "--game=pastiche").output.replace(str(plain), "F"),
    }
    assert len(answers) == 1


def test_a_pastiche_file_read_with_another_game_named_is_an_error(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("game: Pastiche-X\n" + POSITION, encoding="utf-8")
    result = run("check", "--game", "pastiche", str(path))
    assert result.exit_code == 3
    assert "1:7: error: unknown game 'Pastiche-X'" in result.output


@pytest.fixture
def made_up_game(tmp_path, monkeypatch):
    """A game 'tinsel' with a `score` and an own command `sparkle`, installed for one test."""
    pkg = tmp_path / "tinsel_pkg"
    (pkg / "commands").mkdir(parents=True)
    (pkg / "__init__.py").write_text(
        'NAME = "tinsel"\nALIASES = ("glitter",)\nTITLE = "Tinsel"\nSUMMARY = "A made-up game for tests."\n'
    )
    (pkg / "commands" / "__init__.py").write_text("")
    (pkg / "commands" / "score.py").write_text(
        textwrap.dedent("""
        import click

        @click.command("score")
        @click.argument("position")
        @click.option("--loud", is_flag=True)
        def command(position, loud):
            click.echo(f"tinsel score {position} loud={loud}")
    """)
    )
    (pkg / "commands" / "sparkle.py").write_text(
        textwrap.dedent('''
        import click

        @click.command("sparkle")
        def command():
            """Make it sparkle."""
            click.echo("sparkles")
    ''')
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    known = dict(games.known())
    known["tinsel"] = games.Game("tinsel", ("glitter",), "Tinsel", "A made-up game for tests.", "tinsel_pkg")
    monkeypatch.setattr(games, "known", lambda: known)
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("tinsel_pkg")]:
        del sys.modules[name]


def test_the_file_s_game_chooses_the_command(made_up_game):
    path = made_up_game / "t.yaml"
    path.write_text("game: glitter\nstuff: 1\n")
    result = run("score", str(path), "--loud")
    assert result.exit_code == 0, result.output
    assert result.output == f"tinsel score {path} loud=True\n"


def test_game_option_chooses_and_is_taken_out(made_up_game):
    path = made_up_game / "t.yaml"
    path.write_text("stuff: 1\n")
    assert run("score", "--game", "tinsel", str(path)).output == f"tinsel score {path} loud=False\n"


def test_a_verb_the_game_does_not_have_is_bad_usage(made_up_game):
    path = made_up_game / "t.yaml"
    path.write_text("game: tinsel\n")
    result = run("board", str(path))
    assert result.exit_code == 2
    assert "Tinsel has no 'board' command; its commands: score, sparkle." in result.output


def test_a_game_s_own_commands_are_under_its_name(made_up_game):
    assert run("tinsel", "sparkle").output == "sparkles\n"
    listing = run("tinsel", "--help").output
    assert "sparkle" in listing and "score" not in listing.split("Commands:")[1]
    assert "tinsel" in run("--help").output
    wrong = run("tinsel", "sparkel")
    assert wrong.exit_code == 2 and "Did you mean 'sparkle'?" in wrong.output


def test_a_rule_id_names_its_game(made_up_game):
    # Pastiche ids stay Pastiche's; an id that starts with a game's name is that game's.
    assert run("rules", "score.tiebreak").output.startswith("score.tiebreak — ")
    rules_module = made_up_game / "tinsel_pkg" / "commands" / "rules.py"
    rules_module.write_text(
        'import click\n\n@click.command("rules")\n@click.argument("topic")\n'
        'def command(topic):\n    click.echo(f"tinsel rules {topic}")\n'
    )
    assert run("rules", "tinsel.shine").output == "tinsel rules tinsel.shine\n"
    assert run("rules", "[tinsel.shine]").output == "tinsel rules [tinsel.shine]\n"


def test_the_shell_serves_rules_to_a_game_with_a_rules_reference_only(made_up_game):
    # Tinsel has no data/tinsel/rules.json: no rules command, said as for any verb it lacks.
    result = run("rules", "--game", "tinsel")
    assert result.exit_code == 2
    assert "Tinsel has no 'rules' command; its commands: score, sparkle." in result.output
    result = run("board", "--game", "masterpiece")
    assert result.exit_code == 2
    assert (
        "has no 'board' command; its commands: check, deck, end, new, options, play, present, replay, review, "
        "rules, score, serve, tally, theses, undo." in result.output
    )


def test_a_game_s_own_command_refuses_another_game_s_file_in_one_sentence(made_up_game):
    path = made_up_game / "p.yaml"
    path.write_text("# a Pastiche game\ngame: pastiche\n" + POSITION)
    result = run("tinsel", "sparkle", str(path))
    assert result.exit_code == 3
    assert result.output == (
        f"{path}:2:7: error: this is a Pastiche file (game: pastiche); 'pastiche tinsel "
        "sparkle' reads Tinsel files: use pastiche COMMAND (see pastiche --help)\n"
    )
