"""--apply changes only what it means to and never loses a comment.

Four ways an edit of the position file used to lose data: an alias made two players share one
palette, so a trade by one changed the other; a comment line between two flow items vanished; the
end-of-line comment of a completed commission or of a card given away was dropped; a player whose
name was written ' Caro ', as a block scalar or as 007 could not be found by --apply at all.
"""

import io
import re
from collections import Counter

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.formats.loader import load_position


def run(*args):
    return CliRunner().invoke(root, [*map(str, args)])


def applied(tmp_path, text: str, *argv) -> str:
    """The file's text after `pastiche COMMAND FILE ARGS...`, which must succeed."""
    path = tmp_path / "game.yaml"
    path.write_text(text)
    command, *rest = argv
    result = run(command, path, *rest)
    assert result.exit_code == 0, result.output
    after = path.read_text()
    assert after != text, "the command changed nothing"
    check = run("check", path)
    assert check.exit_code == 0, check.output
    return after


def reread(tmp_path):
    position, _ = load_position(tmp_path / "game.yaml")
    return position


def hand(position, name) -> Counter:
    return +Counter(position.player(name).palette)


def anchors_and_aliases(text: str) -> tuple[list[str], list[str]]:
    """The anchors (&name) and aliases (*name) of a YAML text, as a parser sees them."""
    from ruamel.yaml import YAML

    anchors, aliases = [], []
    for event in YAML(typ="safe").parse(io.StringIO(text)):
        if type(event).__name__ == "AliasEvent":
            aliases.append(event.anchor)
        elif getattr(event, "anchor", None):
            anchors.append(event.anchor)
    return sorted(anchors), sorted(aliases)


def comments(text: str) -> Counter:
    return Counter(m.group(0).strip() for m in re.finditer(r"#[^\n]*", text))


# --- 4. players' names as the loader reads them ------------------------------------------------

NAMED = """\
players:
  - name: Ben
    palette: [red]
    commissions: []
  - name: NAME
    palette: [orange, orange, orange, green, violet, brown, brown, brown, brown, brown]
    hexes: [YBRRBR/RB]
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}
    completed: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: 'WHO', phase: PHASE}
"""

NAMES = [
    ("' Caro '", "Caro"),
    ('"Caro  "', "Caro"),
    (">\n      Caro", "Caro"),
    ("|\n      Caro", "Caro"),
    (">-\n      Caro\n      Rossi", "Caro Rossi"),
    ("007", "007"),
    ("0o7", "0o7"),
    ("1.50", "1.50"),
    ("!!str 007", "007"),
]

COMMANDS = {
    "trade": ("painting", ["trade", "--player", "WHO", "--give", "orange,orange,orange", "--get", "olive", "--apply"],
              Counter(green=1, violet=1, brown=5, olive=1)),
    "complete": ("painting", ["complete", "--player", "WHO", "--apply", "Quiet Orchard"],
                 Counter(orange=3, brown=5)),
    "swap": ("painting", ["swap", "--player", "WHO", "--give", "Quiet Orchard", "--take", "Salt Marsh", "--apply"],
             None),
    "discard": ("cleanup", ["discard", "--player", "WHO", "--cards", "orange,brown", "--apply"],
                Counter(orange=2, green=1, violet=1, brown=4)),
    "place": ("mixing", ["place", "YBRRBR/RB", "--at=2,-1", "--player", "WHO", "--apply"],
              Counter(orange=3, green=1, violet=2, brown=5)),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("scalar,name", NAMES, ids=[n for n, _ in NAMES])
def test_every_apply_finds_the_player_by_the_name_the_loader_reads(tmp_path, scalar, name, command):
    phase, argv, after_hand = COMMANDS[command]
    text = NAMED.replace("NAME", scalar).replace("WHO", name).replace("PHASE", phase)
    argv = [name if a == "WHO" else a for a in argv]
    after = applied(tmp_path, text, *argv)
    assert f"  - name: {scalar}\n" in after   # the name is written as it was
    position = reread(tmp_path)
    me = position.player(name)
    assert me is not None and me.index == 1
    if after_hand is not None:
        assert hand(position, name) == after_hand
    else:
        assert [c.title for c in me.commissions] == ["Salt Marsh"]
    assert hand(position, "Ben") == Counter(red=1)


def test_the_loader_and_the_edit_read_a_name_by_one_rule():
    from pastiche_cli.cli.apply import player_node
    from pastiche_cli.formats.yamlio import load_roundtrip
    from pastiche_cli.games.pastiche.formats.loader import parse_position, player_name_of

    for scalar, name in NAMES:
        text = NAMED.replace("NAME", scalar).replace("WHO", name).replace("PHASE", "painting")
        position, _ = parse_position("game.yaml", text)
        assert position.players[1].name == name == player_name_of(name + "\n ")
        data = load_roundtrip(text)
        assert player_node(data, name) is data["players"][1]
        assert player_node(data, name.upper()) is data["players"][1]   # then ignoring case


def test_player_node_refuses_a_name_the_file_does_not_give():
    from pastiche_cli.cli.apply import Refused, player_node
    from pastiche_cli.formats.yamlio import load_roundtrip

    data = load_roundtrip(NAMED.replace("NAME", "007").replace("WHO", "007").replace("PHASE", "painting"))
    assert player_node(data, "007") is data["players"][1]
    with pytest.raises(Refused, match="cannot find player '7'"):
        player_node(data, "7")
