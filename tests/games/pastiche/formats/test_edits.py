"""The file edit each move derives, through the one --apply driver: judge, apply, edit, write, check.

The commands cover place, trade, complete, swap and discard; here every kind of move is recorded,
including those no command records yet (draw commission, draw hex, end), and the driver's checks
are made to refuse: a move the rules refuse, and an edit that would not write the position after it.
"""

from __future__ import annotations

import re

import pytest

from pastiche_cli.cli.apply import apply_moves
from pastiche_cli.games.pastiche.core.moves import Complete, Discard, DrawCommission, DrawHex, End, Place, Swap
from pastiche_cli.games.pastiche.formats import edits
from pastiche_cli.games.pastiche.formats.edits import difference
from pastiche_cli.games.pastiche.formats.record import load_position
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.kernel.game import Loaded


def apply_move(path: str, catalogue, loaded, move, refused=None):
    """Record a move (or several, in order) through the one driver (cli/apply.py), as the move commands do;
    `loaded` may be a plain position value of a position file (no text read: the file is not compared with one).
    (The position after, the edit's notes.)"""
    if not isinstance(loaded, Loaded):
        loaded = Loaded(loaded, [])
    return apply_moves(GAME, path, loaded, move, {"catalogue": catalogue}, refused)


POSITION = """\
# Ana completes, draws, cleans up and passes the turn.
players:
  - name: Ana
    palette: [teal, teal, teal, yellow, brown, red, orange, black, white, blue]   # 10 cards
    commissions:
      - harbour          # by id
      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [olive, bisque, green]}
    completed: []
    hexes: [YYYYYY/Y]    # one left
  # Ben waits
  - name: Ben
    palette: {red: 1, violet: 2}
    commissions: []
    completed: []
    hexes: [BBBBBB/B, RRRRRR/R]
gallery:
  - marsh
catalogue:
  harbour: {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
  marsh: {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
  dunes: {title: Dunes, artist: T. Example, points: 10, palette: [amber, olive]}
board:
  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]
turn: {player: Ana, phase: painting}   # whose turn
"""


def loaded(path):
    return load_position(path)[0]


def test_a_whole_turn_recorded_move_by_move(game):
    position = loaded(game)
    position, _ = apply_move(str(game), None, position, Complete("Ana", "harbour"))
    assert "    completed:\n      - harbour          # by id\n" in game.read_text()  # its comment moved with it
    position, _ = apply_move(str(game), None, position, DrawCommission("Ana", "dunes"))
    text = game.read_text()
    assert (
        "      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [olive, bisque, green]}\n"
        "      - dunes\n    completed:" in text
    )
    position, notes = apply_move(str(game), None, position, DrawHex("Ana", "RBRBRB/RB"))
    assert re.search(r"\n    hexes: \[YYYYYY/Y, RBRBRB/RB\] +# one left\n", game.read_text())
    assert notes == ["turn.phase is now cleanup"]
    position, notes = apply_move(str(game), None, position, End("Ana"))
    text = game.read_text()
    assert notes == ["it is Ben's turn now"]
    assert "palette: [teal, teal, yellow, brown, red, orange, white]" in text  # teal, blue, black went back
    assert re.search(r"\nturn: \{player: Ben, phase: mixing\} +# whose turn\n", text)
    for comment in ("# Ana completes", "# 10 cards", "# Ben waits", "# one left"):
        assert comment in text
    assert difference(loaded(game), position) is None


def test_several_moves_in_one_write(game):
    before = loaded(game)
    after, _ = apply_move(str(game), None, before, [Complete("Ana", "harbour"), DrawCommission("Ana", "dunes")])
    assert [c.title for c in loaded(game).player("Ana").commissions] == ["Quiet Orchard", "Dunes"]
    assert difference(loaded(game), after) is None


def test_a_drawn_card_not_in_the_files_catalogue_is_written_out_whole(game):
    position = loaded(game)
    card = position.catalogue["dunes"]
    position = position._replace(
        catalogue={
            "harbour": position.catalogue["harbour"],
            "marsh": position.catalogue["marsh"],
            "the-dunes": card._replace(id="the-dunes"),
        }
    )
    position, _ = apply_move(str(game), None, position, Complete("Ana", "harbour"))
    # the catalogue the driver judges with has the card under another id than the file's: it is
    # written out whole, and then the file's own copy of the catalogue no longer matters
    game.write_text(
        game.read_text().replace(
            "  dunes: {title: Dunes, artist: T. Example, points: 10, palette: [amber, olive]}\n", ""
        )
    )
    apply_move(str(game), None, position, DrawCommission("Ana", "the-dunes"))
    assert "      - {title: Dunes, artist: T. Example, points: 10, palette: [amber, olive]}\n" in game.read_text()


def test_end_clears_the_swap_and_starts_a_turn_where_the_file_had_none(game):
    position = loaded(game)
    position, _ = apply_move(str(game), None, position, Swap("Ana", "Quiet Orchard", "marsh"))
    assert "turn: {player: Ana, phase: painting, swapped: true}" in game.read_text()
    position, _ = apply_move(
        str(game), None, position, [Discard("Ana", {"orange": 1, "red": 1}), DrawHex("Ana", "RBRBRB/RB"), End("Ana")]
    )
    assert re.search(r"\nturn: \{player: Ben, phase: mixing\} +# whose turn\n", game.read_text())
    game.write_text(
        POSITION.replace("turn: {player: Ana, phase: painting}   # whose turn\n", "")
        .replace("[teal, teal, teal, yellow, brown, red, orange, black, white, blue]", "[teal]")
        .replace("hexes: [YYYYYY/Y]", "hexes: [YYYYYY/Y, YYYYYY/Y]")
    )
    apply_move(str(game), None, loaded(game), End("Ana"))
    assert game.read_text().endswith("turn: {player: Ben, phase: mixing}\n")


def test_a_move_the_rules_refuse_is_not_written(game, capsys):
    before = game.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        apply_move(str(game), None, loaded(game), Place("Ana", "YYYYYY/Y", (0, -1)))
    assert stopped.value.code == 1
    assert (
        "not applied: Ana is in the painting phase; a hex is laid in the mixing phase, once a turn [place]"
        in capsys.readouterr().err
    )
    assert game.read_bytes() == before


def test_an_edit_that_would_not_write_the_position_after_the_move_is_refused(game, capsys, monkeypatch):
    def wrong(data, move, before, after):  # takes out a card other than the one discarded
        data["players"][0]["palette"].remove("teal")
        return []

    monkeypatch.setitem(edits.EDITS, Discard, wrong)
    before = game.read_bytes()
    with pytest.raises(SystemExit) as stopped:
        apply_move(str(game), None, loaded(game), Discard("Ana", {"orange": 1}))
    assert stopped.value.code == 3
    message = capsys.readouterr().err
    assert "not applied, the file is unchanged: Ana's palette would come out as " in message
    assert re.search(r"would come out as [^,]*(, [^,]*)*2 teal.*, not .*3 teal", message)
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    "field, change, words",
    [
        ("gallery", lambda data: data["gallery"].append("dunes"), "the gallery would not come out"),
        (
            "placed",
            lambda data: data["board"].__setitem__("placed", [{"at": [0, -1], "hex": "YYYYYY/Y"}]),
            "board.placed would not come out",
        ),
        ("turn", lambda data: data["turn"].__setitem__("swapped", True), "turn would not come out"),
        ("hexes", lambda data: data["players"][1]["hexes"].pop(), "Ben's hexes would not come out"),
    ],
)
def test_the_check_covers_gallery_board_turn_and_hands(game, capsys, monkeypatch, field, change, words):
    def also(data, move, before, after):
        notes = edits.discard(data, move, before, after)
        change(data)
        return notes

    monkeypatch.setitem(edits.EDITS, Discard, also)
    before = game.read_bytes()
    with pytest.raises(SystemExit):
        apply_move(str(game), None, loaded(game), Discard("Ana", {"orange": 1}))
    assert words in capsys.readouterr().err
    assert game.read_bytes() == before
