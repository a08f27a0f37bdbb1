"""What `check` reports about the rules (spec 3): every problem of a position that reads well, located."""

from __future__ import annotations

from collections import Counter

from pastiche_cli.games.artline.core import features
from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.grid import cell_text, connected_to, extent, neighbours, within
from pastiche_cli.games.artline.core.position import COLUMN, DRAW, ROW, Gallery, Line, Loc, Position
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_OPEN,
    ARTLINE_PLACE,
    ARTLINE_SETUP,
    ARTLINE_WIN,
)
from pastiche_cli.kernel.problems import RULES, WARNING, Problem


def _problem(code: str, message: str, loc: Loc, kind: str = RULES) -> Problem:
    return Problem(kind, code, message, loc.line, loc.column)


# Each check and the parts of the file it reads: with format problems elsewhere, a check runs when
# its parts were read whole (a misspelt name in `table[3].by` does not hide the deck total).
CHECKS = (
    ("players", ("players",)),
    ("table", ("table", "bounds")),
    ("galleries", ("galleries", "table")),
    ("counts", ("players", "table", "deck", "discard")),
    ("draw", ("turn", "deck", "players")),
)


def rule_problems(position: Position, whole: set[str] | None = None) -> list[Problem]:
    """Every way the position breaks the rules, and the warnings (features that look alike).

    `whole`: for a file with format problems, the parts read without loss; only the checks that read
    nothing else run (None: the whole file was read)."""
    run = {"players": _players, "table": _table, "galleries": _galleries, "counts": _counts, "draw": _draw}
    out: list[Problem] = []
    for name, parts in CHECKS:
        if whole is None or all(p in whole for p in parts):
            out += run[name](position)
    return out


def _players(position: Position) -> list[Problem]:
    f = facts()
    out = []
    n = len(position.players)
    if not f.min_players <= n <= f.max_players:
        out.append(
            _problem(
                "players",
                f"Artline is played by {f.min_players} to {f.max_players} players, not {n} [{ARTLINE_SETUP}]",
                position.players[0].loc if n else Loc(),
            )
        )
    empty = [p for p in position.players if p.hand == 0]
    for p in empty[1:]:
        out.append(
            _problem(
                "two-winners",
                f"{p.name} and {empty[0].name} both have no paintings in hand; the game "
                f"ends when the first hand is empty, so only one can [{ARTLINE_WIN}]",
                p.loc,
            )
        )
    return out


def _table(position: Position) -> list[Problem]:
    f = facts()
    out = []
    by_cell: dict = {}
    for painting in position.table:
        if painting.at in by_cell:
            out.append(
                _problem(
                    "overlap",
                    f"two paintings on {cell_text(painting.at)} (the first is at line "
                    f"{by_cell[painting.at].loc.line}); paintings never overlap [{ARTLINE_PLACE}]",
                    painting.loc,
                )
            )
        else:
            by_cell[painting.at] = painting
    if not by_cell:
        out.append(
            _problem(
                "no-start",
                f"the table is empty; the starting painting lies at {cell_text(f.start)} "
                f"from the deal on [{ARTLINE_SETUP}]",
                position.table_loc,
            )
        )
        return out
    start = by_cell.get(f.start)
    if start is None:
        out.append(
            _problem(
                "no-start",
                f"no painting at {cell_text(f.start)}, where the starting painting lies [{ARTLINE_SETUP}]",
                position.table[0].loc,
            )
        )
    elif start.orientation != f.start_orientation:
        out.append(
            _problem(
                "start-orientation",
                f"the starting painting at {cell_text(f.start)} lies "
                f"{f.start_orientation}, not {start.orientation} [{ARTLINE_SETUP}]",
                start.loc,
            )
        )
    cells = frozenset(by_cell)
    joined = connected_to(f.start, cells) if start is not None else set()
    for cell, painting in by_cell.items():
        if start is not None and cell not in joined:
            out.append(
                _problem(
                    "not-connected",
                    f"the painting at {cell_text(cell)} is not connected to the starting "
                    "painting through paintings side by side [" + ARTLINE_PLACE + "]",
                    painting.loc,
                )
            )
        for n in neighbours(cell)[:1] + neighbours(cell)[2:3]:  # right and below: each pair once
            other = by_cell.get(n)
            if other is not None and other.orientation != painting.orientation:
                out.append(
                    _problem(
                        "orientation",
                        f"{cell_text(cell)} lies {painting.orientation} but its neighbour "
                        f"{cell_text(n)} lies {other.orientation}; neighbours lie alike "
                        f"[{ARTLINE_PLACE}]",
                        other.loc,
                    )
                )
    if not within(position.bounds, cells):
        columns, rows = extent(cells)
        b = position.bounds
        assert b is not None  # no bounds: every cell is within
        out.append(
            _problem(
                "bounds",
                f"the paintings cover {columns} columns by {rows} rows, more than the table's "
                f"{b.columns} by {b.rows} [{ARTLINE_PLACE}]",
                position.table[0].loc,
            )
        )
    return out


def _galleries(position: Position) -> list[Problem]:
    out = []
    seen: dict[Line, Gallery] = {}
    for gallery in position.galleries:
        count = len({p.at for p in position.on_line(gallery.line)})
        if gallery.line in seen:
            out.append(
                _problem(
                    "two-galleries",
                    f"{gallery.line} has two galleries (the other at line "
                    f"{seen[gallery.line].loc.line}); a line is one gallery, gaps and all "
                    f"[{ARTLINE_OPEN}]",
                    gallery.loc,
                )
            )
            continue
        seen[gallery.line] = gallery
        if count < 2:
            out.append(
                _problem(
                    "gallery-too-short",
                    f"the gallery {_q(gallery.feature)} on {gallery.line} has "
                    f"{count} painting{'' if count == 1 else 's'}; a gallery opens "
                    f"with the second painting of its line [{ARTLINE_OPEN}]",
                    gallery.loc,
                )
            )
    lines: Counter[Line] = Counter()
    for cell in {p.at for p in position.table}:
        lines[Line(ROW, cell[1])] += 1
        lines[Line(COLUMN, cell[0])] += 1
    for line, count in sorted(lines.items(), key=lambda item: (item[0].axis != ROW, item[0].index)):
        if count >= 2 and line not in seen:
            where = next(p.loc for p in position.table if line.holds(p.at))
            out.append(
                _problem(
                    "gallery-missing",
                    f"{line} holds {count} paintings but no gallery names its feature; "
                    f"add {{{line.axis}: {line.index}, feature: ...}} to galleries "
                    f"[{ARTLINE_OPEN}]",
                    where,
                )
            )
    earlier: list = []
    for gallery in position.galleries:
        twin = next((g for g in earlier if features.same_feature(g.feature, gallery.feature)), None)
        if twin is not None:
            out.append(
                _problem(
                    "feature-twice",
                    f"the feature {_q(gallery.feature)} of {gallery.line} is already the "
                    f"feature of {twin.line} (as {_q(twin.feature)}); each feature is "
                    f"used once [{ARTLINE_OPEN}]",
                    gallery.loc,
                )
            )
        else:
            for other in earlier:
                if features.looks_alike(other.feature, gallery.feature):
                    out.append(
                        _problem(
                            "features-alike",
                            f"the features {_q(other.feature)} ({other.line}) and "
                            f"{_q(gallery.feature)} ({gallery.line}) differ only "
                            "slightly: allowed as written, for the players to keep "
                            f"apart [{ARTLINE_OPEN}]",
                            gallery.loc,
                            WARNING,
                        )
                    )
        earlier.append(gallery)
    return out


def _counts(position: Position) -> list[Problem]:
    f = facts()
    hands = sum(p.hand for p in position.players)
    total = hands + len(position.table) + position.deck + position.discard
    if total == f.cards:
        return []
    return [
        _problem(
            "count",
            f"the paintings add up to {total}, not {f.cards}: {hands} in hands + "
            f"{len(position.table)} on the table + {position.deck} in the deck + {position.discard} "
            f"discarded [{ARTLINE_SETUP}]",
            position.deck_loc,
        )
    ]


def _draw(position: Position) -> list[Problem]:
    """A draw owed (turn phase `draw`) needs a painting in the deck to draw, and a game still going on."""
    if position.phase != DRAW:
        return []
    out = []
    if not position.deck:
        out.append(
            _problem(
                "draw-owed",
                f"{position.turn} owes the draw that ends the turn (turn phase: draw), but "
                "the deck is empty; a turn ends with a draw only while the deck lasts "
                f"[{ARTLINE_DRAW}]",
                position.deck_loc,
            )
        )
    won = [p for p in position.players if p.hand == 0 and p.name != position.turn]
    if won:
        out.append(
            _problem(
                "draw-owed",
                f"{position.turn} owes the draw that ends the turn (turn phase: draw), but "
                f"{won[0].name} has no paintings in hand: the game is over, and no draw "
                f"follows [{ARTLINE_WIN}]",
                won[0].loc,
            )
        )
    return out


def _q(text: str) -> str:
    return f"'{text}'"


def counts(position: Position) -> dict[str, int]:
    """Where the paintings are: hands, table, deck, discard, and their total."""
    hands = sum(p.hand for p in position.players)
    return {
        "hands": hands,
        "table": len(position.table),
        "deck": position.deck,
        "discard": position.discard,
        "total": hands + len(position.table) + position.deck + position.discard,
        "cards": facts().cards,
    }
