"""Pastiche's Tab completion: its callbacks, and bash, zsh and fish round-trips through click
(the scripts and the `completion` command: tests/cli/test_completion.py)."""

import shlex

import click
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.commands import _tab as completion

POSITION = """\
players:
  - name: Ana
    palette: [teal]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue]}
  - name: Ben
  - name: Caro
gallery:
  - {title: Quiet Field, artist: S. Example, points: 8, palette: [green, olive]}
"""


@pytest.fixture
def game(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    monkeypatch.chdir(tmp_path)
    return "game.yaml"


def values(items):
    return [i.value for i in items]


def ctx_with(**params):
    ctx = click.Context(click.Command("x"))
    ctx.params.update(params)
    return ctx


# --- the callbacks --------------------------------------------------------------------------------


def test_player_names_from_the_position(game):
    assert values(completion.complete_player(ctx_with(position=game), None, "")) == ["Ana", "Ben", "Caro"]
    assert values(completion.complete_player(ctx_with(position=game), None, "c")) == ["Caro"]


def test_other_player_leaves_out_the_player(game):
    got = completion.complete_other_player(ctx_with(position=game, player="ana"), None, "")
    assert values(got) == ["Ben", "Caro"]


def test_player_names_from_a_yaml_word_when_the_argument_is_not_parsed(game, monkeypatch):
    monkeypatch.setenv("COMP_WORDS", f"pastiche trade --player  {game}")
    assert values(completion.complete_player(ctx_with(), None, "B")) == ["Ben"]


@pytest.mark.parametrize("position", [None, "missing.yaml", "broken.yaml"])
def test_no_position_no_names_and_no_error(tmp_path, monkeypatch, position):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.yaml").write_text("players: [\n")
    monkeypatch.delenv("COMP_WORDS", raising=False)
    assert completion.complete_player(ctx_with(position=position), None, "") == []


def test_a_position_with_errors_still_gives_names(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "g.yaml").write_text("players:\n  - {name: Ana, palette: [tael]}\n  - {name: Ben}\n")
    assert values(completion.complete_player(ctx_with(position="g.yaml"), None, "")) == ["Ana", "Ben"]


@pytest.mark.parametrize(
    "incomplete, expected",
    [
        ("", None),
        ("t", ["teal"]),
        ("B", ["blue", "brown", "black", "bisque"]),
        ("teal,", None),
        ("teal,te", ["teal,teal"]),
        ("teal,teal,o", ["teal,teal,orange", "teal,teal,olive"]),
        ("zz", []),
    ],
)
def test_cards_complete_after_the_last_comma(incomplete, expected):
    got = values(completion.complete_cards(ctx_with(), None, incomplete))
    if expected is None:
        prefix = incomplete
        assert got == [prefix + name for name in completion.card_names()]
    else:
        assert got == expected


def test_one_card():
    assert values(completion.complete_card(ctx_with(), None, "gr")) == ["green", "gray"]


def test_commissions_of_the_player_and_the_gallery(game):
    got = values(completion.complete_commission(ctx_with(position=game, player="Ana"), None, ""))
    assert got == ["Harbour at Dusk", "Quiet Field"]


def test_catalogue_ids(tmp_path):
    path = tmp_path / "box.yaml"
    path.write_text("catalogue:\n  red-mill: {title: Red Mill, artist: Q. Example, points: 14, palette: [red, red]}\n")
    assert values(completion.complete_catalogue_id(ctx_with(catalogue=str(path)), None, "r")) == ["red-mill"]
    assert completion.complete_catalogue_id(ctx_with(catalogue=str(tmp_path / "none.yaml")), None, "") == []


# --- round trips through click's own completion protocol -------------------------------------------


def complete(cli, words: str, cword: int | None = None, shell: str = "bash") -> list[str]:
    """What the shell gets back, as click's scripts ask for it (COMP_WORDS / COMP_CWORD)."""
    parts = words.split(" ")
    env = {
        "_PASTICHE_COMPLETE": f"{shell}_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1 if cword is None else cword),
    }
    result = CliRunner().invoke(cli, [], env=env, prog_name="pastiche")
    assert result.exit_code == 0, result.output
    # bash: one "type,value" line per item, the value quoted for the shell (issue 14): read it back
    return [shlex.split(line.split(",", 1)[1])[0] for line in result.output.splitlines() if line.startswith("plain,")]


def test_bash_completes_commands():
    got = complete(root, "pastiche ")
    for name in ("score", "check", "rules", "catalogue", "new", "completion"):
        assert name in got
    assert complete(root, "pastiche cat") == ["catalogue"]


def test_bash_completes_subcommands_and_options():
    assert complete(root, "pastiche catalogue ") == ["add", "export", "import", "list", "remove", "show"]
    assert "--palette" in complete(root, "pastiche catalogue add --")
    assert complete(root, "pastiche completion ") == ["bash", "zsh", "fish"]


def test_bash_completes_rule_ids():
    assert complete(root, "pastiche rules score.t") == ["score.total", "score.tiebreak"]


def test_bash_completes_colours_in_a_palette():
    assert complete(root, "pastiche catalogue add --palette teal,bl") == ["teal,blue", "teal,black"]


@click.command()
@click.argument("position")
@click.option("--player", shell_complete=completion.complete_player)
@click.option("--with", "other", shell_complete=completion.complete_other_player)
@click.option("--give", shell_complete=completion.complete_cards)
@click.option("--get", shell_complete=completion.complete_card)
def trade_like(position, player, other, give, get):
    """A command wired like the painting-phase commands."""


def test_bash_round_trip_with_players_and_colours(game):
    assert complete(trade_like, f"pastiche {game} --player ") == ["Ana", "Ben", "Caro"]
    assert complete(trade_like, f"pastiche {game} --player Ana --with ") == ["Ben", "Caro"]
    # --give offers the cards the player holds (issue 14): Ana holds one teal
    assert complete(trade_like, f"pastiche {game} --player Ana --give t") == ["teal"]
    assert complete(trade_like, f"pastiche {game} --player Ana --give teal,t") == []
    assert complete(trade_like, f"pastiche {game} --give teal,teal,t") == ["teal,teal,teal"]  # no player yet
    assert complete(trade_like, f"pastiche {game} --player Ana --get vi") == ["violet"]


def test_zsh_and_fish_protocols(game):
    env = {"_PASTICHE_COMPLETE": "zsh_complete", "COMP_WORDS": f"pastiche {game} --player ", "COMP_CWORD": "3"}
    out = CliRunner().invoke(trade_like, [], env=env, prog_name="pastiche").output
    assert "Ana" in out and "Caro" in out
    env = {"_PASTICHE_COMPLETE": "fish_complete", "COMP_WORDS": f"pastiche {game} --player C", "COMP_CWORD": "C"}
    out = CliRunner().invoke(trade_like, [], env=env, prog_name="pastiche").output
    assert "plain,Caro" in out
