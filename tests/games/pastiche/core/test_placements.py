"""`pastiche moves`: complete (open cells x distinct rotations), ranked, with what each opens to the next player."""

import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.board import board_from, board_of, judge_placement, open_cells
from pastiche_cli.games.pastiche.core.notation import parse_hex
from pastiche_cli.games.pastiche.core.placements import distinct_hexes, list_placements, openings, shortfall
from pastiche_cli.games.pastiche.formats.record import load_position

BOARD_EXAMPLES = sorted(EXAMPLES.glob("board-*.yaml"))


def largest_example():
    """The example with the most hexes on the table, and its file."""
    loaded = [(load_position(p)[0], p) for p in BOARD_EXAMPLES]
    return max(loaded, key=lambda read: len(read[0].placed))


def run(*args):
    return CliRunner().invoke(root, ["moves", *map(str, args)])


def test_moves_on_the_largest_example_is_complete():
    pos, path = largest_example()
    assert len(pos.placed) >= 40
    who = pos.player(pos.turn.player)
    expected = len(open_cells(board_of(pos))) * sum(len(t.rotations()) for t in distinct_hexes(who.hexes))
    result = run(path, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["count"] == len(data["placements"]) == expected
    # the example holds a hex with only 3 distinct rotations, so a rotation is never counted twice
    assert any(len(t.rotations()) < 6 for t in distinct_hexes(who.hexes))
    laid = [(p["hex"], tuple(p["at"])) for p in data["placements"]]
    assert len(set(laid)) == len(laid)


@pytest.mark.parametrize("path", BOARD_EXAMPLES, ids=lambda p: p.name)
def test_every_board_example_lists_open_cells_times_rotations(path):
    pos, _ = load_position(path)
    board = board_of(pos)
    for who in pos.players:
        moves = list_placements(board, who.hexes, player=who, bank=pos.bank())
        rotations = sum(len(t.rotations()) for t in distinct_hexes(who.hexes))
        assert len(moves) == len(open_cells(board)) * rotations


def test_two_copies_of_one_hex_are_listed_once():
    assert len(distinct_hexes(["RYBBYR/R", "RRYBBY/R"])) == 1
    assert len(distinct_hexes(["RYBBYR/R", "RYBBYR/B"])) == 2


def test_moves_json_keys_of_spec_6_4_and_ranking():
    result = run(EXAMPLES / "board-midgame-4p.yaml", "--json")
    data = json.loads(result.stdout)
    assert data["player"] == "Caro" and data["next_player"] == "Dev"
    first = data["placements"][0]
    assert {"hex", "at", "cards", "centre"} <= set(first)
    worth = [p["best"]["worth"] for p in data["placements"]]
    assert worth == sorted(worth, reverse=True)
    # every listed placement agrees with `place` on the same hex and cell
    for p in data["placements"][:5]:
        placed = CliRunner().invoke(
            root,
            ["place", str(EXAMPLES / "board-midgame-4p.yaml"), p["hex"], f"--at={p['at'][0]},{p['at'][1]}", "--json"],
        )
        assert json.loads(placed.stdout)["cards"] == p["cards"]


def test_worth_counts_cards_a_commission_in_hand_still_needs_twice():
    pos, _ = load_position(EXAMPLES / "board-midgame-4p.yaml")
    caro = pos.player("Caro")
    assert shortfall(caro) == {"red": 1, "gray": 1, "amber": 1, "brown": 1}
    moves = list_placements(board_of(pos), caro.hexes, player=caro, bank=pos.bank())
    for m in moves:
        needed = sum({"red": 4, "gray": 6, "amber": 2, "brown": 1}[c] for c in m.best.needed)
        assert m.best.worth == m.best.points + needed
        assert m.best.worth == max(o.worth for o in m.options)


def test_top_n_and_the_default_player():
    result = run(EXAMPLES / "board-midgame-4p.yaml", "--top", "3", "--player", "ana", "--json")
    data = json.loads(result.stdout)
    assert data["player"] == "Ana" and len(data["placements"]) == 3 and data["count"] > 3
    plain = run(EXAMPLES / "board-midgame-4p.yaml", "--top", "3", "--format", "plain")
    assert plain.exit_code == 0
    assert "Best 3 of 360 placements" in plain.stdout and "Caro's hexes" in plain.stdout


START = ("RRYYBB/R", "YYBBRR/Y", "BBRRYY/B")


def test_opens_names_the_cell_where_two_equal_dabs_now_meet():
    # (1,-1) touches (0,0) and (1,0). Its corner 2 meets only (1,0)'s corner 0 (Y), with (2,-1) the
    # empty third cell; its corner 4 meets only (0,0)'s corner 0 (R), with (0,-1) the third cell.
    board = board_from(START)
    p = judge_placement(board, parse_hex("RRYRYB/R"), (1, -1))
    assert p.corners[2].dabs == "YY"
    assert [(o.cell, o.corner, o.dab) for o in openings(p)] == [((2, -1), 4, "Y")]
    # corner 4 is R against (0,0)'s R: the third cell there is (0,-1), at its corner 2
    p = judge_placement(board, parse_hex("BBBRRB/R"), (1, -1))
    assert [(o.cell, o.corner, o.dab) for o in openings(p)] == [((0, -1), 2, "R")]


def test_strict_adjacency_leaves_out_the_illegal_cells(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text(
        "players:\n  - {name: Ana, palette: [], hexes: [RRRRRR/R]}\n  - {name: Ben, palette: []}\n"
        "house_rules: {strict_adjacency: true}\nboard:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n"
        "  placed:\n    - {at: [0, -1], hex: BBBBBB/B, by: Ana}\n"
    )
    lax = path.read_text().replace("house_rules: {strict_adjacency: true}\n", "")
    strict = json.loads(run(path, "--player", "Ana", "--json").stdout)
    cells = {tuple(p["at"]) for p in strict["placements"]}
    # (0,-2), (-1,-1) and (1,-2) touch only Ana's own hex
    assert not cells & {(0, -2), (-1, -1), (1, -2)}
    path.write_text(lax)
    assert json.loads(run(path, "--player", "Ana", "--json").stdout)["count"] == strict["count"] + 3


def test_moves_exit_codes(tmp_path):
    no_turn = tmp_path / "no-turn.yaml"
    no_turn.write_text(
        "players:\n  - {name: Ana, palette: [], hexes: [RRRRRR/R]}\n  - {name: Ben, palette: []}\n"
        "board:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n"
    )
    assert run(no_turn).exit_code == 2  # whose hexes?
    assert run(no_turn, "--player", "Ana").exit_code == 0
    result = run(no_turn, "--player", "Ben")  # Ben's file entry has no hexes
    assert result.exit_code == 3 and "hexes" in result.stderr
    assert run(no_turn, "--player", "Nobody").exit_code == 2
    assert run(tmp_path / "missing.yaml").exit_code == 3


def test_plain_listing_shows_the_worth_it_is_ranked_by():
    out = run(EXAMPLES / "board-midgame-4p.yaml", "--top", "2", "--format", "plain").stdout
    header = next(line for line in out.splitlines() if line.lstrip().startswith("#"))
    assert "worth" in header and "opens for Dev" in header


def test_strict_example_counts_only_cells_touching_the_start_or_the_other_players_hexes():
    from pastiche_cli.games.pastiche.core.geometry import START_CELLS, neighbours

    path = EXAMPLES / "board-strict-2p.yaml"
    pos, _ = load_position(path)
    assert pos.house_rules.strict_adjacency
    board = board_of(pos)
    allowed = [
        c for c in open_cells(board) if any(n in START_CELLS or board.placers.get(n) == "Ben" for n in neighbours(c))
    ]
    assert 0 < len(allowed) < len(open_cells(board))
    data = json.loads(run(path, "--json").stdout)
    assert data["count"] == len(allowed) * 12
    assert {tuple(p["at"]) for p in data["placements"]} == set(allowed)


@pytest.mark.parametrize("path", BOARD_EXAMPLES, ids=lambda p: p.stem)
def test_every_placement_listed_is_the_verdict_place_gives(path):
    """`moves` works out each open cell's corners and neighbours once (not once a rotation) and hands
    them to judge_placement: each verdict is the one `place` gets without them, option for option."""
    from pastiche_cli.games.pastiche.core.board import corner_context
    from pastiche_cli.games.pastiche.core.geometry import neighbours
    from pastiche_cli.games.pastiche.core.placements import options_of

    pos = load_position(path)[0]
    board = board_of(pos)
    for who in pos.players:
        for move in list_placements(board, who.hexes, player=who, bank=pos.bank()):
            p = move.placement
            alone = judge_placement(board, p.tile, p.cell, bank=pos.bank(), player=who.name)
            touching = tuple(n for n in neighbours(p.cell) if n in board.tiles)
            context = corner_context(board, p.cell)
            given = judge_placement(
                board, p.tile, p.cell, bank=pos.bank(), player=who.name, context=context, touching=touching
            )
            assert p == alone == given
            assert move.options == options_of(alone, shortfall(who))
