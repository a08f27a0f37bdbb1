"""Perft for placements (as python-chess stores move counts): how many legal placements each hex in
hand has on the bundled boards, and how many distinct yields, held as data in perft.tsv.

Each row is checked twice: against placements.list_placements (what `pastiche moves` lists) and against a
brute force written here, which lays the hex in all six turns on every cell within one step of a
hex on the table, occupied or not, and judges each layout one by one.
"""

from __future__ import annotations

import csv
import pathlib

import pytest
from conftest import EXAMPLES

from pastiche_cli.games.pastiche.core.board import board_of, judge_placement
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex
from pastiche_cli.games.pastiche.core.placements import list_placements
from pastiche_cli.games.pastiche.formats.record import load_position

TABLE = pathlib.Path(__file__).with_name("perft.tsv")
STEPS = ((0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # here, and the six neighbours


def rows() -> list[dict]:
    lines = [line for line in TABLE.read_text().splitlines() if line and not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


ROWS = rows()


def bundled(name: str):
    return load_position(EXAMPLES / f"{name}.yaml")[0]


def setting(name: str, player: str):
    position = bundled(name)
    return position, board_of(position), position.player(player)


def brute_force(name: str, player: str, text: str) -> tuple[int, int]:
    position, board, me = setting(name, player)
    tile = parse_hex(text)
    near = {(q + dq, r + dr) for q, r in board.tiles for dq, dr in STEPS}
    layouts = {(cell, tile.corners[-k:] + tile.corners[:-k]) for cell in near for k in range(6)}
    legal = [
        judge_placement(
            board,
            HexTile(corners, tile.centre),
            cell,
            bank=position.bank(),
            player=me.name,
            strict=position.house_rules.strict_adjacency,
        )
        for cell, corners in sorted(layouts)
    ]
    legal = [p for p in legal if p.legal]
    return len(legal), len({tuple(sorted(p.cards)) for p in legal})


def test_the_table_covers_every_bundled_board_and_every_hex_in_hand():
    boards = sorted(path.stem for path in EXAMPLES.glob("board-*.yaml"))
    assert sorted({row["position"] for row in ROWS}) == boards and len(boards) >= 3
    for name in boards:
        position = bundled(name)
        listed = {(row["player"], row["hex"]) for row in ROWS if row["position"] == name}
        assert listed == {(p.name, h) for p in position.players for h in p.hexes}


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['position']} {r['player']} {r['hex']}" for r in ROWS])
def test_list_placements_finds_exactly_the_stored_placements(row):
    position, board, me = setting(row["position"], row["player"])
    found = list_placements(
        board, [row["hex"]], player=me, bank=position.bank(), strict=position.house_rules.strict_adjacency
    )
    assert len(found) == int(row["placements"])
    assert len({tuple(sorted(m.placement.cards)) for m in found}) == int(row["yields"])
    assert len(parse_hex(row["hex"]).rotations()) == int(row["rotations"])
    assert len({m.placement.cell for m in found}) <= int(row["open_cells"])


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['position']} {r['player']} {r['hex']}" for r in ROWS])
def test_a_brute_force_count_agrees(row):
    assert brute_force(row["position"], row["player"], row["hex"]) == (int(row["placements"]), int(row["yields"]))


def test_without_the_house_rule_every_open_cell_takes_every_rotation():
    for row in ROWS:
        position = bundled(row["position"])
        full = int(row["rotations"]) * int(row["open_cells"])
        if position.house_rules.strict_adjacency:
            assert int(row["placements"]) < full
        else:
            assert int(row["placements"]) == full
