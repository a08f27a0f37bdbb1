"""Every option that names a player, a card or a commission completes from the position file."""

import shlex

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

PAINTING = str(EXAMPLES / "painting-midgame.yaml")
BOARD = str(EXAMPLES / "board-midgame-4p.yaml")


def complete(words: list[str]) -> list[str]:
    """Ask click's bash completion what it offers for the last word."""
    env = {
        "_PASTICHE_COMPLETE": "bash_complete",
        "COMP_WORDS": " ".join(["pastiche", *words]),
        "COMP_CWORD": str(len(words)),
    }
    result = CliRunner().invoke(root, [], env=env, prog_name="pastiche")
    # bash gets each value quoted for the shell (issue 14): read it back as bash would
    return [shlex.split(line.split(",", 1)[1])[0] for line in result.output.splitlines() if "," in line]


def names(path: str) -> list[str]:
    import json

    out = CliRunner().invoke(root, ["score", path, "--json"]).stdout
    return sorted(p["name"] for p in json.loads(out)["players"])


@pytest.mark.parametrize(
    "command,path",
    [
        ("trade", PAINTING),
        ("complete", PAINTING),
        ("swap", PAINTING),
        ("discard", PAINTING),
        ("plan", PAINTING),
        ("place", BOARD),
        ("moves", BOARD),
    ],
)
def test_player_option_completes_names_from_the_position(command, path):
    assert sorted(complete([command, path, "--player", ""])) == names(path)


def test_give_completes_colour_names_after_a_comma():
    offered = complete(["trade", PAINTING, "--give", "teal,te"])
    assert offered == ["teal,teal"]


def test_get_completes_one_colour():
    assert complete(["trade", PAINTING, "--get", "bis"]) == ["bisque"]


# --- the real commands name the option's value `player_name`: completion must still see it ---------

HAND = ["Harbour at Dusk", "Quiet Orchard"]
GALLERY = ["Salt Marsh", "Lanterns", "Night Ferry", "Copper Kettle"]


def test_with_leaves_out_the_player_already_given_on_the_real_trade_command():
    assert sorted(complete(["trade", PAINTING, "--player", "Ana", "--with", ""])) == ["Ben", "Caro"]


def test_complete_offers_only_that_players_hand_and_the_gallery():
    assert complete(["complete", PAINTING, "--player", "Ana", ""]) == HAND + GALLERY


def test_plan_offers_only_that_players_hand_and_the_gallery():
    assert complete(["plan", PAINTING, "--player", "Ana", ""]) == HAND + GALLERY


def test_swap_give_offers_the_hand_and_take_offers_the_gallery():
    assert complete(["swap", PAINTING, "--player", "Ana", "--give", ""]) == HAND
    assert complete(["swap", PAINTING, "--player", "Ana", "--take", ""]) == GALLERY


def test_new_start_completes_from_the_players_given():
    assert complete(["new", "--players", "Ana,Ben,Caro", "--start", "C"]) == ["Caro"]
    assert complete(["new", "--players", "Ana,Ben,Caro", "--start", ""]) == ["Ana", "Ben", "Caro"]


def test_place_at_completes_the_open_cells_by_label():
    offered = complete(["place", BOARD, "RYBBYR/R", "--at", ""])
    board = CliRunner().invoke(root, ["board", BOARD]).stdout
    assert "a" in offered and "aa" in offered
    assert all(label in board for label in offered if "," not in label)


def test_place_take_completes_the_centre_colours_of_the_hex():
    assert complete(["place", BOARD, "RYBBYR/RB", "--at", "a", "--take", ""]) == ["mix", "centre:red", "centre:blue"]
