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


# --- 1. aliases: an edit at one place never changes another --------------------------------------

SHARED = """\
players:
  - name: Ana
    palette: &hand [orange, orange, orange, green, violet]
    hexes: &hexes [YBRRBR/RB]
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: &two [green, violet]}
    completed: []
  - name: Ben
    palette: *hand
    hexes: *hexes
    commissions:
      - {title: Winter Road, artist: S. Placeholder, points: 10, palette: *two}
    completed: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: Ana, phase: painting}
"""
BENS = Counter(orange=3, green=1, violet=1)


def test_a_trade_by_ana_leaves_bens_aliased_palette_as_it_was(tmp_path):
    after = applied(tmp_path, SHARED, "trade", "--player", "Ana", "--give", "orange,orange,orange",
                    "--get", "olive", "--apply")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(green=1, violet=1, olive=1)
    assert hand(position, "Ben") == BENS
    assert "    palette: [orange, orange, orange, green, violet]\n    hexes: *hexes\n" in after
    # the palettes share nothing any more; the hexes and the commission palettes were not touched
    assert anchors_and_aliases(after) == (["hexes", "two"], ["hexes", "two"])


def test_a_trade_between_the_two_sharing_players_changes_each_hand_once(tmp_path):
    after = applied(tmp_path, SHARED, "trade", "--player", "Ana", "--with", "Ben", "--give", "orange",
                    "--receive", "violet", "--apply")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(orange=2, green=1, violet=2)
    assert hand(position, "Ben") == Counter(orange=4, green=1)
    assert "hand" not in anchors_and_aliases(after)[0] + anchors_and_aliases(after)[1]


def test_a_trade_from_an_aliased_palette_mapping(tmp_path):
    text = SHARED.replace("&hand [orange, orange, orange, green, violet]", "&hand {orange: 3, green: 1, violet: 1}")
    after = applied(tmp_path, text, "trade", "--player", "Ana", "--give", "orange,orange,orange",
                    "--get", "olive", "--apply")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(green=1, violet=1, olive=1)
    assert hand(position, "Ben") == BENS
    assert "    palette: {orange: 3, green: 1, violet: 1}\n    hexes: *hexes\n" in after


def test_completing_leaves_the_other_players_palette_and_commission(tmp_path):
    after = applied(tmp_path, SHARED, "complete", "--player", "Ana", "--apply", "Quiet Orchard")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(orange=3)
    assert hand(position, "Ben") == BENS
    assert position.player("Ben").commissions[0].palette == ("green", "violet")
    assert position.player("Ana").completed[0].palette == ("green", "violet")
    # The completed card's palette (moved, not changed) may still be the anchor of Winter Road's.
    assert anchors_and_aliases(after) == (["hexes", "two"], ["hexes", "two"])


def test_completing_a_commission_whose_palette_is_an_alias_of_the_hand(tmp_path):
    text = SHARED.replace("palette: &two [green, violet]", "palette: *hand").replace(
        "points: 10, palette: *two", "points: 10, palette: [brown, orange]").replace(
        "&hand [orange, orange, orange, green, violet]", "&hand [green, violet]").replace(
        "    palette: *hand\n    hexes", "    palette: [brown]\n    hexes")
    after = applied(tmp_path, text, "complete", "--player", "Ana", "--apply", "Quiet Orchard")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter()
    assert position.player("Ana").completed[0].palette == ("green", "violet")
    assert "    palette: []\n" in after
    assert "palette: [green, violet]}" in after
    assert anchors_and_aliases(after) == (["hexes"], ["hexes"])


def test_a_discard_leaves_the_other_players_aliased_palette(tmp_path):
    text = SHARED.replace("[orange, orange, orange, green, violet]",
                          "[orange, orange, orange, orange, orange, brown, brown, brown, brown, brown]"
                          ).replace("phase: painting", "phase: cleanup")
    after = applied(tmp_path, text, "discard", "--player", "Ana", "--cards", "orange,brown", "--apply")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(orange=4, brown=4)
    assert hand(position, "Ben") == Counter(orange=5, brown=5)
    assert "hand" not in anchors_and_aliases(after)[1]


def test_placing_leaves_the_other_players_aliased_palette_and_hexes(tmp_path):
    text = SHARED.replace("phase: painting", "phase: mixing")
    after = applied(tmp_path, text, "place", "YBRRBR/RB", "--at=2,-1", "--player", "Ana", "--apply")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(orange=3, green=1, violet=2)
    assert position.player("Ana").hexes == ()
    assert hand(position, "Ben") == BENS
    assert position.player("Ben").hexes == ("YBRRBR/RB",)
    assert anchors_and_aliases(after) == (["two"], ["two"])


PLAIN = """\
players:
  - name: Ana
    palette: [orange, orange, orange, green, violet, brown, brown, brown, brown, brown]
    hexes: [YBRRBR/RB]
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}
    completed: []
  - name: Ben
    palette: [orange, orange, orange, green, violet]
    commissions:
      - {title: Winter Road, artist: S. Placeholder, points: 10, palette: [green, violet]}
    completed: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: Ana, phase: PHASE}
"""

EVERY_APPLY = [
    ("painting", ["trade", "--player", "Ana", "--give", "orange,orange,orange", "--get", "olive", "--apply"]),
    ("painting", ["trade", "--player", "Ana", "--with", "Ben", "--give", "brown", "--receive", "green", "--apply"]),
    ("painting", ["complete", "--player", "Ana", "--apply", "Quiet Orchard"]),
    ("painting", ["complete", "--player", "Ana", "--apply", "Salt Marsh"]),
    ("painting", ["swap", "--player", "Ana", "--give", "Quiet Orchard", "--take", "Salt Marsh", "--apply"]),
    ("cleanup", ["discard", "--player", "Ana", "--cards", "orange,brown", "--apply"]),
    ("mixing", ["place", "YBRRBR/RB", "--at=2,-1", "--player", "Ana", "--apply"]),
]


@pytest.mark.parametrize("phase,argv", EVERY_APPLY, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_apply_never_writes_an_alias_or_anchor_it_did_not_need(tmp_path, phase, argv):
    text = PLAIN.replace("PHASE", phase)
    assert anchors_and_aliases(applied(tmp_path, text, *argv)) == ([], [])
    # Aliases of what the edit does not touch stay exactly as they were, and no other appears.
    shared = text.replace("palette: [green, violet]}\n    completed: []\n  - name: Ben",
                          "palette: &two [green, violet]}\n    completed: []\n  - name: Ben").replace(
        "points: 10, palette: [green, violet]}", "points: 10, palette: *two}")
    if argv[0] in ("complete", "swap") and "Quiet Orchard" in argv:
        return   # Quiet Orchard itself moves: whether its palette stays the anchor is the next test's
    assert anchors_and_aliases(applied(tmp_path, shared, *argv)) == (["two"], ["two"])


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
