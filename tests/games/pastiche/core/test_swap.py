"""The gallery swap (SPEC 4.3 [commission.swap]; rulebook "Trade One Commission Card with Gallery")."""

import json

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.formats.loader import parse_position

POSITION = """\
# Ana may swap once this turn.
players:
  - name: Ana
    palette: [teal]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
      - {title: Twin Pines, artist: R. Sample, points: 13, palette: [green, green, teal]}
    completed: []
  - name: Ben
    palette: []
    commissions: []
    completed: []
gallery:   # face up
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
  - {title: Night Ferry, artist: Z. Nobody, points: 12, palette: [blue, purple, black]}
turn:
  player: Ana
  phase: painting
"""


def run(*args):
    return CliRunner().invoke(root, ["swap", *map(str, args)])


def test_swap_legal_json(game):
    r = run(game, "--player", "Ana", "--give", "Twin Pines", "--take", "salt marsh", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["legal"] and data["rule"] == "commission.swap" and not data["applied"]


def test_swap_apply_records_swapped_and_keeps_comments(game):
    r = run(game, "--player", "Ana", "--give", "Twin Pines", "--take", "Salt Marsh", "--apply")
    assert r.exit_code == 0, r.output
    text = game.read_text()
    assert "# Ana may swap once this turn." in text and "# face up" in text
    pos, _, _ = parse_position("t", text)
    assert [c.title for c in pos.player("Ana").commissions] == ["Harbour at Dusk", "Salt Marsh"]
    assert [c.title for c in pos.gallery] == ["Twin Pines", "Night Ferry"]
    assert pos.turn.swapped is True
    # once per turn
    before = game.read_bytes()
    r = run(game, "--player", "Ana", "--give", "Harbour at Dusk", "--take", "Night Ferry", "--apply")
    assert r.exit_code == 1 and "already swapped" in r.stdout
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    "give, take, code, words",
    [
        ("Salt Marsh", "Night Ferry", 1, "is not in Ana's hand"),
        ("Twin Pines", "Harbour at Dusk", 1, "is not in the gallery"),
        ("Twin Pine", "Salt Marsh", 2, "Did you mean 'Twin Pines'?"),
    ],
)
def test_swap_refusals(game, give, take, code, words):
    before = game.read_bytes()
    r = run(game, "--player", "Ana", "--give", give, "--take", take, "--apply")
    assert r.exit_code == code and words in r.output
    assert game.read_bytes() == before


def test_swap_only_on_own_turn(game):
    r = run(game, "--player", "Ben", "--give", "Twin Pines", "--take", "Salt Marsh")
    assert r.exit_code in (1, 2)
    game.write_text(POSITION.replace("player: Ana", "player: Ben"))
    r = run(game, "--player", "Ana", "--give", "Twin Pines", "--take", "Salt Marsh", "--json")
    assert r.exit_code == 1 and "it is Ben's turn" in json.loads(r.stdout)["reason"]


def test_swap_apply_without_turn_is_a_missing_key_in_the_file(game):
    # SPEC 3.1: a key the command needs and the file lacks is an error naming the key (exit 3).
    game.write_text(POSITION.split("turn:")[0])
    before = game.read_bytes()
    r = run(game, "--player", "Ana", "--give", "Twin Pines", "--take", "Salt Marsh", "--apply")
    assert r.exit_code == 3 and game.read_bytes() == before
    assert "--apply needs 'turn' in the file" in r.output


# --- a swap flag left from an earlier turn (issue: it passed check and blocked the next swap) ------

STALE = (
    POSITION.replace("  phase: painting\n", "  phase: mixing\n  swapped: true   # left over\n")
    + """\
board:
  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]
"""
)


def test_check_warns_of_a_swap_flag_in_the_mixing_phase(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(STALE)
    r = CliRunner().invoke(root, ["check", str(path)])
    line = next(n for n, text in enumerate(STALE.splitlines(), 1) if text.startswith("turn:")) + 1
    assert f"game.yaml:{line}:11: warning: turn.swapped is true in Ana's mixing phase" in r.output  # at turn.player
    assert "[commission.swap]" in r.output


def test_laying_the_hex_clears_a_stale_swap_flag_so_the_swap_can_be_made(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(STALE)
    r = CliRunner().invoke(root, ["place", str(path), "RYBBYR/R", "--at", "1,-1", "--player", "Ana", "--apply"])
    assert r.exit_code == 0, r.output
    text = path.read_text()
    assert "swapped" not in text and "# left over" in text  # the flag goes, its comment stays
    assert "turn.swapped cleared" in r.output
    r = run(path, "--player", "Ana", "--give", "Twin Pines", "--take", "Salt Marsh", "--apply")
    assert r.exit_code == 0, r.output
    assert parse_position("t", path.read_text())[0].turn.swapped is True
