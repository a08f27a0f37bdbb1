"""What `check` reports about the rules (spec 3): every problem of a position that reads well, located."""

from __future__ import annotations

from collections import Counter

from pastiche_cli.games.artline.core import features
from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.features import quoted
from pastiche_cli.games.artline.core.grid import cell_text, connected_to, extent, neighbours, within
from pastiche_cli.games.artline.core.position import COLUMN, DRAW, ROW, Gallery, Line, Position
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_OPEN,
    ARTLINE_PLACE,
    ARTLINE_SETUP,
    ARTLINE_WIN,
)
from pastiche_cli.kernel.problems import NOWHERE, WARNING, Loc, Places, Problem, problem_at
from pastiche_cli.kernel.words import plural


def rule_problems(position: Position, places: Places = NOWHERE, whole: set[str] | None = None) -> list[Problem]:
    """Every rule the position breaks, and the warnings, located through `places`.

    `whole`: with format problems, the parts read whole; only checks that read nothing else run (None: all read)."""
    out: list[Problem] = []
    for check, parts in CHECKS:
        if whole is None or all(p in whole for p in parts):
            out += check(position, places)
    return out


def _players(position: Position, places: Places) -> list[Problem]:
    f = facts()
    out = []
    n = len(position.players)
    if not f.min_players <= n <= f.max_players:
        why = f"Artline is played by {f.min_players} to {f.max_players} players, not {n} [{ARTLINE_SETUP}]"
        out.append(problem_at(position.players[0].loc if n else Loc(), "players", why))
    empty = [p for p in position.players if p.hand == 0]
    for p in empty[1:]:
        why = f"{p.name} and {empty[0].name} both have no paintings in hand; the game ends when the first hand is "
        out.append(problem_at(p.loc, "two-winners", why + f"empty, so only one can [{ARTLINE_WIN}]"))
    return out


def _table(position: Position, places: Places) -> list[Problem]:
    """(artline.setup) (artline.place) One painting a cell, the start in place, all joined, alike and in bounds."""
    by_cell: dict = {}
    out = []
    for painting in position.table:
        if painting.at not in by_cell:
            by_cell[painting.at] = painting
            continue
        why = f"two paintings on {cell_text(painting.at)} (the first is at line {by_cell[painting.at].loc.line}); "
        why += f"paintings never overlap [{ARTLINE_PLACE}]"
        out.append(problem_at(painting.loc, "overlap", why))
    if not by_cell:
        start = cell_text(facts().start)
        why = f"the table is empty; the starting painting lies at {start} from the deal on [{ARTLINE_SETUP}]"
        return out + [problem_at(places.loc("table"), "no-start", why)]
    return out + _start(position, by_cell) + _neighbours(position, by_cell) + _bounds(position, frozenset(by_cell))


def _start(position: Position, by_cell: dict) -> list[Problem]:
    """(artline.setup) The starting painting lies where the deal puts it, as the deal lays it."""
    f = facts()
    start = by_cell.get(f.start)
    if start is None:
        why = f"no painting at {cell_text(f.start)}, where the starting painting lies [{ARTLINE_SETUP}]"
        return [problem_at(position.table[0].loc, "no-start", why)]
    if start.orientation != f.start_orientation:
        why = f"the starting painting at {cell_text(f.start)} lies {f.start_orientation}, not {start.orientation} "
        why += f"[{ARTLINE_SETUP}]"
        return [problem_at(start.loc, "start-orientation", why)]
    return []


def _neighbours(position: Position, by_cell: dict) -> list[Problem]:
    """(artline.place) Every painting joined to the starting one side by side, and lying as its neighbours do."""
    start = facts().start
    joined = connected_to(start, frozenset(by_cell)) if start in by_cell else None
    out = []
    for cell, painting in by_cell.items():
        if joined is not None and cell not in joined:
            why = f"the painting at {cell_text(cell)} is not connected to the starting painting through paintings "
            why += f"side by side [{ARTLINE_PLACE}]"
            out.append(problem_at(painting.loc, "not-connected", why))
        for n in neighbours(cell)[:1] + neighbours(cell)[2:3]:  # right and below: each pair once
            other = by_cell.get(n)
            if other is not None and other.orientation != painting.orientation:
                why = f"{cell_text(cell)} lies {painting.orientation} but its neighbour {cell_text(n)} lies "
                why += f"{other.orientation}; neighbours lie alike [{ARTLINE_PLACE}]"
                out.append(problem_at(other.loc, "orientation", why))
    return out


def _bounds(position: Position, cells: frozenset) -> list[Problem]:
    """(artline.place) The paintings fit within the table's bounds."""
    if within(position.bounds, cells):
        return []
    columns, rows = extent(cells)
    b = position.bounds
    assert b is not None  # no bounds: every cell is within
    why = f"the paintings cover {columns} columns by {rows} rows, more than the table's {b.columns} by {b.rows} "
    why += f"[{ARTLINE_PLACE}]"
    return [problem_at(position.table[0].loc, "bounds", why)]


def _galleries(position: Position, places: Places) -> list[Problem]:
    """(artline.open) A line is one gallery, opened by its second painting, and each feature is used once."""
    return _gallery_lines(position) + _features(position)


def _gallery_lines(position: Position) -> list[Problem]:
    """(artline.open) One gallery a line, with two paintings or more on it; a line of two or more has one."""
    out = []
    seen: dict[Line, Gallery] = {}
    for gallery in position.galleries:
        count = len({p.at for p in position.on_line(gallery.line)})
        if gallery.line in seen:
            why = f"{gallery.line} has two galleries (the other at line {seen[gallery.line].loc.line}); a line is "
            why += f"one gallery, gaps and all [{ARTLINE_OPEN}]"
            out.append(problem_at(gallery.loc, "two-galleries", why))
            continue
        seen[gallery.line] = gallery
        if count < 2:
            why = f"the gallery {quoted(gallery.feature)} on {gallery.line} has {plural(count, 'painting')}"
            why += f"; a gallery opens with the second painting of its line [{ARTLINE_OPEN}]"
            out.append(problem_at(gallery.loc, "gallery-too-short", why))
    lines: Counter[Line] = Counter()
    for cell in {p.at for p in position.table}:
        lines[Line(ROW, cell[1])] += 1
        lines[Line(COLUMN, cell[0])] += 1
    for line, count in sorted(lines.items(), key=lambda item: (item[0].axis != ROW, item[0].index)):
        if count >= 2 and line not in seen:
            where = next(p.loc for p in position.table if line.holds(p.at))
            why = f"{line} holds {count} paintings but no gallery names its feature; add "
            why += f"{{{line.axis}: {line.index}, feature: ...}} to galleries [{ARTLINE_OPEN}]"
            out.append(problem_at(where, "gallery-missing", why))
    return out


def _features(position: Position) -> list[Problem]:
    """(artline.open) Each feature is used once; two that differ only slightly are allowed, with a warning."""
    out = []
    earlier: list = []
    for gallery in position.galleries:
        twin = next((g for g in earlier if features.same_feature(g.feature, gallery.feature)), None)
        if twin is not None:
            why = f"the feature {quoted(gallery.feature)} of {gallery.line} is already the feature of {twin.line} "
            why += f"(as {quoted(twin.feature)}); each feature is used once [{ARTLINE_OPEN}]"
            out.append(problem_at(gallery.loc, "feature-twice", why))
        for other in earlier if twin is None else ():
            if features.looks_alike(other.feature, gallery.feature):
                why = f"the features {quoted(other.feature)} ({other.line}) and {quoted(gallery.feature)} "
                why += f"({gallery.line}) differ only slightly: allowed as written, for the players to keep apart "
                why += f"[{ARTLINE_OPEN}]"
                out.append(problem_at(gallery.loc, "features-alike", why, WARNING))
        earlier.append(gallery)
    return out


def _counts(position: Position, places: Places) -> list[Problem]:
    c = counts(position)
    if c["total"] == c["cards"]:
        return []
    why = f"the paintings add up to {c['total']}, not {c['cards']}: {c['hands']} in hands + {c['table']} on the table "
    why += f"+ {c['deck']} in the deck + {c['discard']} discarded [{ARTLINE_SETUP}]"
    return [problem_at(places.loc("deck"), "count", why)]


def _draw(position: Position, places: Places) -> list[Problem]:
    """A draw owed (turn phase `draw`) needs a painting in the deck to draw, and a game still going on."""
    if position.phase != DRAW:
        return []
    out = []
    owes = f"{position.turn} owes the draw that ends the turn (turn phase: draw), but "
    if not position.deck:
        why = f"the deck is empty; a turn ends with a draw only while the deck lasts [{ARTLINE_DRAW}]"
        out.append(problem_at(places.loc("deck"), "draw-owed", owes + why))
    won = [p for p in position.players if p.hand == 0 and p.name != position.turn]
    if won:
        why = f"{won[0].name} has no paintings in hand: the game is over, and no draw follows [{ARTLINE_WIN}]"
        out.append(problem_at(won[0].loc, "draw-owed", owes + why))
    return out


# Each check and the parts of the file it reads: with format problems elsewhere, a check runs when
# its parts were read whole (a misspelt name in `table[3].by` does not hide the deck total).
CHECKS = (
    (_players, ("players",)),
    (_table, ("table", "bounds")),
    (_galleries, ("galleries", "table")),
    (_counts, ("players", "table", "deck", "discard")),
    (_draw, ("turn", "deck", "players")),
)


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
