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
from yaml_events import anchors_and_aliases

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.formats.record import load_position


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
    after = applied(
        tmp_path, SHARED, "trade", "--player", "Ana", "--give", "orange,orange,orange", "--get", "olive", "--apply"
    )
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(green=1, violet=1, olive=1)
    assert hand(position, "Ben") == BENS
    assert "    palette: [orange, orange, orange, green, violet]\n    hexes: *hexes\n" in after
    # the palettes share nothing any more; the hexes and the commission palettes were not touched
    assert anchors_and_aliases(after) == (["hexes", "two"], ["hexes", "two"])


def test_a_trade_between_the_two_sharing_players_changes_each_hand_once(tmp_path):
    after = applied(
        tmp_path,
        SHARED,
        "trade",
        "--player",
        "Ana",
        "--with",
        "Ben",
        "--give",
        "orange",
        "--receive",
        "violet",
        "--apply",
    )
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter(orange=2, green=1, violet=2)
    assert hand(position, "Ben") == Counter(orange=4, green=1)
    assert "hand" not in anchors_and_aliases(after)[0] + anchors_and_aliases(after)[1]


def test_a_trade_from_an_aliased_palette_mapping(tmp_path):
    text = SHARED.replace("&hand [orange, orange, orange, green, violet]", "&hand {orange: 3, green: 1, violet: 1}")
    after = applied(
        tmp_path, text, "trade", "--player", "Ana", "--give", "orange,orange,orange", "--get", "olive", "--apply"
    )
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
    text = (
        SHARED.replace("palette: &two [green, violet]", "palette: *hand")
        .replace("points: 10, palette: *two", "points: 10, palette: [brown, orange]")
        .replace("&hand [orange, orange, orange, green, violet]", "&hand [green, violet]")
        .replace("    palette: *hand\n    hexes", "    palette: [brown]\n    hexes")
    )
    after = applied(tmp_path, text, "complete", "--player", "Ana", "--apply", "Quiet Orchard")
    position = reread(tmp_path)
    assert hand(position, "Ana") == Counter()
    assert position.player("Ana").completed[0].palette == ("green", "violet")
    assert "    palette: []\n" in after
    assert "palette: [green, violet]}" in after
    assert anchors_and_aliases(after) == (["hexes"], ["hexes"])


def test_a_discard_leaves_the_other_players_aliased_palette(tmp_path):
    text = SHARED.replace(
        "[orange, orange, orange, green, violet]",
        "[orange, orange, orange, orange, orange, brown, brown, brown, brown, brown]",
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
    shared = text.replace(
        "palette: [green, violet]}\n    completed: []\n  - name: Ben",
        "palette: &two [green, violet]}\n    completed: []\n  - name: Ben",
    ).replace("points: 10, palette: [green, violet]}", "points: 10, palette: *two}")
    if argv[0] in ("complete", "swap") and "Quiet Orchard" in argv:
        return  # Quiet Orchard itself moves: whether its palette stays the anchor is the next test's
    assert anchors_and_aliases(applied(tmp_path, shared, *argv)) == (["two"], ["two"])


# --- 2. a comment line between two flow items ------------------------------------------------------

BETWEEN = """\
players:
  - name: Ana
    palette: [orange, orange, orange, green, violet, brown, brown, brown, brown, brown]
    hexes: [YBRRBR/RB]
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}
      # Winter Road came from the gallery
      - {title: Winter Road, artist: S. Placeholder, points: 10, palette: [brown, orange]}  # swapped in
    completed: []
  - name: Ben
    palette: [orange, green]
    commissions: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}
  # drawn last round
  - {title: Lanterns, artist: X. Notreal, points: 14, palette: [orange, green, violet]}  # dear
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: Ana, phase: PHASE}
"""

BETWEEN_APPLY = [(phase, argv) for phase, argv in EVERY_APPLY if "Ben" not in argv] + [
    ("painting", ["swap", "--player", "Ana", "--give", "Quiet Orchard", "--take", "Lanterns", "--apply"]),
]


def test_ruamel_alone_loses_the_line_above_a_flow_item_with_an_end_of_line_comment():
    # Why the comment vanished: ruamel reads `}  # swapped in` as the item's comment and drops
    # the lines above the item. The edit's loader keeps them.
    from ruamel.yaml import YAML

    from pastiche_cli.formats.yamlio import dump_roundtrip, load_roundtrip

    text = BETWEEN.replace("PHASE", "painting")
    out = io.StringIO()
    YAML().dump(YAML().load(text), out)
    assert "# Winter Road came from the gallery" not in out.getvalue()
    assert dump_roundtrip(load_roundtrip(text)) == text


@pytest.mark.parametrize("phase,argv", BETWEEN_APPLY, ids=lambda v: " ".join(v) if isinstance(v, list) else v)
def test_a_comment_line_between_flow_items_survives_every_apply(tmp_path, phase, argv):
    text = BETWEEN.replace("PHASE", phase)
    after = applied(tmp_path, text, *argv)
    assert comments(after) == comments(text)
    moved = {"Quiet Orchard", "Salt Marsh"} & set(argv)
    if "Quiet Orchard" not in moved:
        assert "      # Winter Road came from the gallery\n      - {title: " in after
    if "Salt Marsh" not in moved and "Lanterns" not in argv:
        assert "  # drawn last round\n  - {title: Lanterns, artist: X. Notreal" in after


def test_completing_the_item_below_the_line_keeps_the_line_in_place(tmp_path):
    text = BETWEEN.replace("PHASE", "painting").replace(
        "brown, brown, brown, brown, brown]", "brown, brown, brown, brown, brown, violet]"
    )
    after = applied(tmp_path, text, "complete", "--player", "Ana", "--apply", "Lanterns")
    assert (
        "gallery:\n"
        "  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}\n"
        "  # drawn last round\n"
        "board:\n"
    ) in after
    assert (
        "    completed:\n      - {title: Lanterns, artist: X. Notreal, points: 14, "
        "palette: [orange, green, violet]}  # dear\n" in after
    )


# --- 3. comments of moved and removed entries ------------------------------------------------------

NOTED = """\
players:
  - name: Ana
    palette:
      - orange   # from the bank
      - orange
      # a line about the third
      - orange  # the last orange
      - green
      - violet  # violet, last
    hexes:
      - YBRRBR/RB  # drawn at the start
      - RYYYRY/RY
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}  # drawn first
      # a note between the commissions
      - {title: Winter Road, artist: S. Placeholder, points: 10, palette: [brown, orange]}  # second
    completed:
      - {title: Red Mill, artist: Q. Example, points: 14}  # an old one
  - name: Ben
    palette:
      brown: 2   # two browns
      violet: 1  # one violet
    commissions: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}  # came out first
  # a note in the gallery
  - {title: Lanterns, artist: X. Notreal, points: 14, palette: [orange, green, violet]}  # the dear one
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: Ana, phase: painting}   # whose turn
"""


def test_a_commission_completed_from_the_hand_takes_its_comment_to_completed(tmp_path):
    after = applied(tmp_path, NOTED, "complete", "--player", "Ana", "--apply", "Quiet Orchard")
    assert after.startswith("""\
players:
  - name: Ana
    palette:
      - orange   # from the bank
      - orange
      # a line about the third
      - orange  # the last orange
      # violet, last
    hexes:
      - YBRRBR/RB  # drawn at the start
      - RYYYRY/RY
    commissions:
      # a note between the commissions
      - {title: Winter Road, artist: S. Placeholder, points: 10, palette: [brown, orange]}  # second
    completed:
      - {title: Red Mill, artist: Q. Example, points: 14}  # an old one
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}  # drawn first
  - name: Ben
""")


def test_a_commission_completed_from_the_gallery_takes_its_comment_to_completed(tmp_path):
    after = applied(tmp_path, NOTED, "complete", "--player", "Ana", "--apply", "Salt Marsh")
    assert (
        """\
    palette:
      - orange   # from the bank
      - orange
      # a line about the third
      # the last orange
      - violet  # violet, last
    hexes:
"""
        in after
    )  # an orange and the green went back to the bank
    assert (
        """\
    completed:
      - {title: Red Mill, artist: Q. Example, points: 14}  # an old one
      - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}  # came out first
  - name: Ben
"""
        in after
    )
    assert after.endswith("""\
gallery:
  # a note in the gallery
  - {title: Lanterns, artist: X. Notreal, points: 14, palette: [orange, green, violet]}  # the dear one
board:
  start: [RBBRYB/RY, BBRBRY/B, BRRBYB/RB]
turn: {player: Ana, phase: painting}   # whose turn
""")
    assert comments(after) == comments(NOTED)


@pytest.mark.parametrize(
    "completed,expected",
    [
        (
            "    completed: []\n",
            "    completed:\n      - {title: Salt Marsh, artist: W. Fiction, points: 8, "
            "palette: [orange, green]}  # came out first\n",
        ),
        (
            "",
            "    completed:\n      - {title: Salt Marsh, artist: W. Fiction, points: 8, "
            "palette: [orange, green]}  # came out first\n",
        ),
        (
            "    completed: [{title: Red Mill, artist: Q. Example, points: 14}]\n",
            "    completed: [{title: Red Mill, artist: Q. Example, points: 14}, {title: Salt Marsh, "
            "artist: W. Fiction, points: 8, palette: [orange, green]}] # came out first\n",
        ),
        (
            "    completed: [{title: Red Mill, artist: Q. Example, points: 14}]  # so far\n",
            "    completed: [{title: Red Mill, artist: Q. Example, points: 14}, {title: Salt Marsh, "
            "artist: W. Fiction, points: 8, palette: [orange, green]}] # so far\n    # came out first\n",
        ),
    ],
    ids=["empty", "absent", "flow", "flow with a comment"],
)
def test_the_moved_comment_finds_a_line_in_any_completed_list(tmp_path, completed, expected):
    text = NOTED.replace(
        "    completed:\n      - {title: Red Mill, artist: Q. Example, points: 14}  # an old one\n", completed
    )
    after = applied(tmp_path, text, "complete", "--player", "Ana", "--apply", "Salt Marsh")
    assert expected + "  - name: Ben\n" in after
    assert comments(after) == comments(text)


def test_a_swap_takes_each_commissions_comment_along(tmp_path):
    after = applied(
        tmp_path, NOTED, "swap", "--player", "Ana", "--give", "Winter Road", "--take", "Salt Marsh", "--apply"
    )
    assert (
        """\
    commissions:
      - {title: Quiet Orchard, artist: R. Sample, points: 9, palette: [green, violet]}  # drawn first
      # a note between the commissions
      - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [orange, green]}  # came out first
"""
        in after
    )
    assert (
        """\
gallery:
  - {title: Winter Road, artist: S. Placeholder, points: 10, palette: [brown, orange]}  # second
  # a note in the gallery
  - {title: Lanterns"""
        in after
    )
    assert comments(after) == comments(NOTED)


def test_the_comments_of_cards_given_away_stay_where_the_cards_were(tmp_path):
    after = applied(
        tmp_path, NOTED, "trade", "--player", "Ana", "--give", "orange,orange,orange", "--get", "olive", "--apply"
    )
    assert after.startswith("""\
players:
  - name: Ana
    palette:
      # from the bank
      # a line about the third
      # the last orange
      - green
      - violet  # violet, last
      - olive
    hexes:
""")
    assert comments(after) == comments(NOTED)


def test_the_comment_of_the_last_card_given_away_stays_after_the_one_before(tmp_path):
    text = NOTED.replace(
        "      - orange\n      # a line about the third\n      - orange  # the last orange\n      - green\n",
        "      - red\n",
    )
    after = applied(tmp_path, text, "trade", "--player", "Ana", "--give", "red,violet", "--get", "blue", "--apply")
    assert after.startswith("""\
players:
  - name: Ana
    palette:
      - orange   # from the bank
      # violet, last
      - blue
    hexes:
""")


def test_a_hand_given_away_entirely_keeps_its_comments_after_the_palette_line(tmp_path):
    text = NOTED.replace("      - green\n      - violet  # violet, last\n", "")
    after = applied(
        tmp_path, text, "trade", "--player", "Ana", "--give", "orange,orange,orange", "--get", "olive", "--apply"
    )
    assert after.startswith("""\
players:
  - name: Ana
    palette:
      # from the bank
      # a line about the third
      # the last orange
      - olive
    hexes:
""")
    assert comments(after) == comments(text)


def test_a_hand_emptied_by_a_completion_keeps_its_comments_after_the_empty_palette(tmp_path):
    text = NOTED.replace(
        """\
      - orange   # from the bank
      - orange
      # a line about the third
      - orange  # the last orange
""",
        "",
    )
    after = applied(tmp_path, text, "complete", "--player", "Ana", "--apply", "Quiet Orchard")
    assert after.startswith("""\
players:
  - name: Ana
    palette: []
      # violet, last
    hexes:
""")
    assert comments(after) == comments(text)


def test_a_colour_gone_from_a_palette_mapping_leaves_its_comment(tmp_path):
    text = NOTED.replace("turn: {player: Ana", "turn: {player: Ben").replace(
        "      violet: 1  # one violet\n", "      red: 1     # one red\n      violet: 1  # one violet\n"
    )
    after = applied(tmp_path, text, "trade", "--player", "Ben", "--give", "red,violet", "--get", "blue", "--apply")
    assert (
        """\
    palette:
      brown: 2   # two browns
      # one red
      # one violet
      blue: 1
    commissions: []
"""
        in after
    )
    assert comments(after) == comments(text)


def test_the_comments_of_discarded_cards_stay(tmp_path):
    text = NOTED.replace(
        "      - violet  # violet, last\n",
        "      - violet  # violet, last\n      - brown\n      - brown\n      - brown  # three browns\n"
        "      - brown\n      - brown\n",
    ).replace("phase: painting", "phase: cleanup")
    after = applied(tmp_path, text, "discard", "--player", "Ana", "--cards", "violet,brown", "--apply")
    assert (
        """\
      - green
      # violet, last
      - brown
      - brown
      - brown  # three browns
      - brown
    hexes:
"""
        in after
    )
    assert comments(after) == comments(text)


def test_the_comment_of_a_hex_placed_stays_where_it_was_listed(tmp_path):
    text = NOTED.replace("phase: painting", "phase: mixing")
    after = applied(tmp_path, text, "place", "YBRRBR/RB", "--at=2,-1", "--player", "Ana", "--apply")
    assert "    hexes:\n      # drawn at the start\n      - RYYYRY/RY\n    commissions:\n" in after
    assert comments(after) == comments(text)


def test_placing_the_last_hex_of_a_list_with_a_comment_above_it(tmp_path):
    # the emptied list used to be written `hexes:\n      # mine\n[]`, which the re-read refused
    text = NOTED.replace("phase: painting", "phase: mixing").replace(
        "    hexes:\n      - YBRRBR/RB  # drawn at the start\n      - RYYYRY/RY\n",
        "    hexes:\n      # mine\n      - YBRRBR/RB\n",
    )
    after = applied(tmp_path, text, "place", "YBRRBR/RB", "--at=2,-1", "--player", "Ana", "--apply")
    assert "    hexes: []\n      # mine\n    commissions:\n" in after


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
    "trade": (
        "painting",
        ["trade", "--player", "WHO", "--give", "orange,orange,orange", "--get", "olive", "--apply"],
        Counter(green=1, violet=1, brown=5, olive=1),
    ),
    "complete": ("painting", ["complete", "--player", "WHO", "--apply", "Quiet Orchard"], Counter(orange=3, brown=5)),
    "swap": (
        "painting",
        ["swap", "--player", "WHO", "--give", "Quiet Orchard", "--take", "Salt Marsh", "--apply"],
        None,
    ),
    "discard": (
        "cleanup",
        ["discard", "--player", "WHO", "--cards", "orange,brown", "--apply"],
        Counter(orange=2, green=1, violet=1, brown=4),
    ),
    "place": (
        "mixing",
        ["place", "YBRRBR/RB", "--at=2,-1", "--player", "WHO", "--apply"],
        Counter(orange=3, green=1, violet=2, brown=5),
    ),
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("scalar,name", NAMES, ids=[n for n, _ in NAMES])
def test_every_apply_finds_the_player_by_the_name_the_loader_reads(tmp_path, scalar, name, command):
    phase, argv, after_hand = COMMANDS[command]
    text = NAMED.replace("NAME", scalar).replace("WHO", name).replace("PHASE", phase)
    argv = [name if a == "WHO" else a for a in argv]
    after = applied(tmp_path, text, *argv)
    assert f"  - name: {scalar}\n" in after  # the name is written as it was
    position = reread(tmp_path)
    me = position.player(name)
    assert me is not None and me.index == 1
    if after_hand is not None:
        assert hand(position, name) == after_hand
    else:
        assert [c.title for c in me.commissions] == ["Salt Marsh"]
    assert hand(position, "Ben") == Counter(red=1)


def test_the_loader_and_the_edit_read_a_name_by_one_rule():
    from pastiche_cli.formats.yamlio import load_roundtrip
    from pastiche_cli.games.pastiche.formats.edits import player_node
    from pastiche_cli.games.pastiche.formats.loader import parse_position, player_name_of

    for scalar, name in NAMES:
        text = NAMED.replace("NAME", scalar).replace("WHO", name).replace("PHASE", "painting")
        position, _, _ = parse_position("game.yaml", text)
        assert position.players[1].name == name == player_name_of(name + "\n ")
        data = load_roundtrip(text)
        assert player_node(data, name) is data["players"][1]
        assert player_node(data, name.upper()) is data["players"][1]  # then ignoring case


def test_player_node_refuses_a_name_the_file_does_not_give():
    from pastiche_cli.formats.yamlio import load_roundtrip
    from pastiche_cli.games.pastiche.formats.edits import Refused, player_node

    data = load_roundtrip(NAMED.replace("NAME", "007").replace("WHO", "007").replace("PHASE", "painting"))
    assert player_node(data, "007") is data["players"][1]
    with pytest.raises(Refused, match="cannot find player '7'"):
        player_node(data, "7")


# --- plain values ruamel would rewrite ----------------------------------------------------------------

ODD_VALUES = """\
players:
  - name: True
    palette: {teal: +3, blue: 1}
    commissions: []
    completed: [{title: TRUE, artist: +7, points: 11}]
  - name: Ben
    palette: [red, red]
    commissions: []
    completed: []
catalogue:
  odd: {title: True, artist: +7, points: 10, palette: [teal, green]}
  yes-card: {title: Yes, artist: No, points: 9, palette: [red]}
"""


@pytest.mark.parametrize(
    "argv",
    [
        ("trade", "--player", "Ben", "--give", "red,red", "--get", "blue"),  # another player's values
        ("trade", "--player", "True", "--give", "teal,teal,teal", "--get", "olive"),  # the count +3 itself
    ],
)
def test_an_apply_writes_every_value_it_did_not_change_as_it_was(tmp_path, argv):
    # On main a rewrite turned the catalogue's `True` into `true` and `+7` into `7`, and a player
    # named True could not be found again.
    path = tmp_path / "game.yaml"
    path.write_text(ODD_VALUES)
    command, *rest = argv
    result = run(command, path, *rest, "--apply")
    assert result.exit_code == 0, result.output
    after = path.read_text()
    for line in (
        "  - name: True\n",
        "completed: [{title: TRUE, artist: +7, points: 11}]",
        "  odd: {title: True, artist: +7, points: 10, palette: [teal, green]}",
        "  yes-card: {title: Yes, artist: No, points: 9, palette: [red]}",
    ):
        assert line in after, after


def test_a_count_written_with_a_plus_still_counts():
    from pastiche_cli.formats.yamlio import dump_roundtrip, load_roundtrip

    data = load_roundtrip("palette: {teal: +3, blue: 1}\nflag: True\nother: true\n")
    data["palette"]["teal"] = int(data["palette"]["teal"]) - 1
    assert dump_roundtrip(data) == "palette: {teal: 2, blue: 1}\nflag: True\nother: true\n"


def test_a_name_typed_with_the_spaces_the_file_has_finds_the_player(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(
        "players:\n  - name: ' Caro '\n    palette: [teal, teal, teal]\n    commissions: []\n"
        "    completed: []\n  - name: Ben\n    palette: []\n    commissions: []\n    completed: []\n"
    )
    result = run("trade", path, "--player", " Caro ", "--give", "teal,teal,teal", "--get", "olive", "--apply")
    assert result.exit_code == 0, result.output
    assert "    palette: [olive]\n" in path.read_text()
