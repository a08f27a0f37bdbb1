"""Where a painting may go, and what laying it there does (galleries joined and opened, the draw).

Whether a painting shows a feature is the players' call: every gallery a placement touches is in `players_decide`."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.artline.core import features
from pastiche_cli.games.artline.core.features import quoted
from pastiche_cli.games.artline.core.grid import cell_text, frontier, neighbours, within
from pastiche_cli.games.artline.core.position import COLUMN, DRAW, ROW, Cell, Line, Player, Position, lines_through
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_EXHIBITION,
    ARTLINE_FIT,
    ARTLINE_OPEN,
    ARTLINE_PLACE,
    ARTLINE_TURN,
    ARTLINE_UNCLEAR,
    ARTLINE_WIN,
)
from pastiche_cli.kernel.words import plural

JOIN, OPEN = "join", "open"
LONGEST_FEATURE = 200  # characters: a feature is announced aloud, in a few words


class Effect(NamedTuple):
    """What a placement does to one line: joins its gallery, or opens one there."""

    kind: str  # JOIN or OPEN
    line: Line
    feature: str | None  # the gallery's feature (join), the one named (open), None if not named
    opened_by: str | None  # who opened the gallery joined
    paintings: tuple[Cell, ...]  # the paintings already on the line

    def as_json(self) -> dict:
        out: dict[str, object] = {self.line.axis: self.line.index, "feature": self.feature}
        if self.kind == JOIN:
            out["opened_by"] = self.opened_by
        out["paintings"] = [list(c) for c in self.paintings]
        out["players_decide"] = True
        return out


class Step(NamedTuple):
    """One step of a derivation: the rule it applies and what it found, in a sentence."""

    rule: str
    text: str


class Placement(NamedTuple):
    at: Cell
    player: str | None
    legal: bool
    rule: str  # the rule that decided it
    reason: str  # one sentence
    orientation: str | None = None  # the orientation it takes
    joins: tuple[Effect, ...] = ()
    opens: tuple[Effect, ...] = ()
    exhibition: bool = False
    draws: bool = False
    wins: bool = False
    hand_after: int | None = None
    deck_after: int | None = None
    steps: tuple[Step, ...] = ()  # the derivation, in order
    players_decide: tuple[str, ...] = ()  # what only the players can judge
    warnings: tuple[str, ...] = ()

    @property
    def effects(self) -> tuple[Effect, ...]:
        return tuple(sorted(self.joins + self.opens, key=lambda e: e.line.axis != ROW))


class Misuse(NamedTuple):
    """An option that does not apply to this cell: bad usage, not a rules verdict."""

    option: str
    message: str


class Spelling(NamedTuple):
    """How the caller writes what a placement names, for its messages: a command's options, or a move's words."""

    row: str = "--feature-row"  # the feature named for the row gallery opened
    column: str = "--feature-column"
    unclear: str = "--unclear"  # the vote on the features announced
    row_form: str = "--feature-row TEXT"  # how to name the row feature, when one is missing
    column_form: str = "--feature-column TEXT"


OPTIONS = Spelling()


def game_over(position: Position) -> str | None:
    """The player who has already emptied their hand, if any (never while a draw is owed): then no one plays on."""
    if position.phase == DRAW:
        return None
    return next((p.name for p in position.players if p.hand == 0), None)


def turn_refusal(position: Position, player: str | None, drawing: bool = False) -> Placement | None:
    """Why `player` may not play now: the game won, another's turn, or a draw owed (`drawing`: the draw is asked)."""
    winner = game_over(position)
    if winner is not None:
        why = f"the game is over: {winner} has no paintings in hand and has won"
        return Placement((0, 0), player, False, ARTLINE_WIN, why)
    if player is not None and position.turn is not None and player != position.turn:
        return Placement((0, 0), player, False, ARTLINE_TURN, f"it is {position.turn}'s turn, not {player}'s")
    if not drawing and position.phase == DRAW:
        why = f"{position.turn or 'the player on turn'} has played this turn's painting; the turn ends "
        why += "with the draw of one painting before anything else"
        return Placement((0, 0), player, False, ARTLINE_DRAW, why)
    return None


def line_effects(position: Position, cell: Cell) -> dict[str, tuple[str, Line, tuple[Cell, ...]]]:
    """For the row and the column through `cell`: (JOIN, OPEN or "", the line, the paintings on it)."""
    out = {}
    for line in lines_through(cell):
        others = tuple(sorted((p.at for p in position.on_line(line) if p.at != cell), key=lambda c: (c[1], c[0])))
        kind = JOIN if position.gallery_on(line) is not None else OPEN if others else ""
        out[line.axis] = (kind, line, others)
    return out


def misuses(
    position: Position, cell: Cell, row: str | None, column: str | None, unclear: int, spelled: Spelling = OPTIONS
) -> list[Misuse]:
    """Features given for a line not being opened, or a vote on nothing announced (`judge` refuses a taken cell)."""
    effects = line_effects(position, cell)
    taken = cell in position.cells()
    out = []
    for axis, option, given in ((ROW, spelled.row, row), (COLUMN, spelled.column, column)):
        kind, line, others = effects[axis]
        if given is None or kind == OPEN or taken:
            continue
        if kind == JOIN:
            gallery = position.gallery_on(line)
            assert gallery is not None  # a line that is joined has its gallery
            why = f"it joins the {line} gallery, whose feature is {quoted(gallery.feature)} already"
        else:
            why = f"no other painting lies on {line}, so no gallery opens there"
        said = f"{option} names a feature for a gallery being opened; {cell_text(cell)} opens none on {line}: {why}"
        out.append(Misuse(option, said))
    for option, given in ((spelled.row, row), (spelled.column, column)):
        if given is not None and len(given) > LONGEST_FEATURE:
            said = f"{option} is {len(given)} characters long; a feature is a few words (at most {LONGEST_FEATURE} "
            out.append(Misuse(option, said + "characters)"))
    opening = any(effects[a][0] == OPEN for a in (ROW, COLUMN))
    if unclear and not opening and not taken:
        said = f"{spelled.unclear} counts the players who could not identify an announced feature; {cell_text(cell)}"
        out.append(Misuse(spelled.unclear, said + " opens no gallery, so no feature is announced"))
    if unclear < 0 or unclear > len(position.players):
        out.append(
            Misuse(spelled.unclear, f"{spelled.unclear} is a number of players, from 0 to {len(position.players)}")
        )
    return out


class _Refused(Exception):
    """A placement a step of `judge` refuses: the rule that decides, and why."""

    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


class _Lines(NamedTuple):
    """What a placement does to the row and the column through it, with the derivation's steps."""

    joins: tuple[Effect, ...]
    opens: tuple[Effect, ...]
    steps: tuple[Step, ...]
    decide: tuple[str, ...]  # what only the players can judge
    warnings: tuple[str, ...]


def judge(
    position: Position,
    cell: Cell,
    player: str | None = None,
    feature_row: str | None = None,
    feature_column: str | None = None,
    unclear: int = 0,
    spelled: Spelling = OPTIONS,
) -> Placement:
    """Is laying a painting at `cell` legal, and what does it do? Call `misuses` first (the caller's mistakes)."""
    player = player if player is not None else position.turn
    refused = turn_refusal(position, player)
    if refused is not None:
        return refused._replace(at=cell)
    try:
        orientation, lies = _lies(position, cell)
        lines = _lines(position, cell, player, {ROW: feature_row, COLUMN: feature_column}, spelled)
        vote = _vote(position, lines.opens, unclear)
    except _Refused as no:
        return Placement(cell, player, False, no.rule, no.reason)
    exhibition, shown = _exhibition(lines)
    holder = position.player(player) if player is not None else None
    wins, draws, end = _end_of_turn(position, holder, player, exhibition)
    hand_after = None if holder is None else holder.hand - 1 + draws
    deck = position.deck - 1 if draws else position.deck
    reason = _summary(cell_text(cell), lines.joins, lines.opens, exhibition, draws, wins)
    steps = (lies, *lines.steps, *vote, shown, *end)
    effects = (lines.joins, lines.opens, exhibition, draws, wins, hand_after, deck, steps, lines.decide, lines.warnings)
    return Placement(cell, player, True, ARTLINE_PLACE, reason, orientation, *effects)


def _lies(position: Position, cell: Cell) -> tuple[str, Step]:
    """(artline.place) An empty cell beside paintings that lie alike, within the bounds: its orientation, the step."""
    where = cell_text(cell)
    cells = position.cells()
    if cell in cells:
        raise _Refused(ARTLINE_PLACE, f"{where} already holds a painting; paintings never overlap")
    touching = [n for n in neighbours(cell) if n in cells]  # the neighbouring cells that hold a painting
    if not touching:
        why = f"{where} is not next to any painting on the table (a painting goes beside another, in its row or its "
        raise _Refused(ARTLINE_PLACE, why + "column)")
    orientations = sorted({position.painting_at(n).orientation for n in touching})  # type: ignore[union-attr]
    if len(orientations) > 1:
        why = f"the paintings beside {where} lie in different orientations ({' and '.join(orientations)}): "
        raise _Refused(ARTLINE_PLACE, why + "no orientation matches them all")
    b = position.bounds
    if not within(b, cells | {cell}):
        assert b is not None  # no bounds: every cell is within
        why = f"{where} is off the table: the paintings would no longer fit in {b.columns} columns by {b.rows} rows"
        raise _Refused(ARTLINE_PLACE, why)
    orientation = orientations[0]
    fits = f", and the table still fits in {b.columns} x {b.rows} cells" if b else ""
    alike = "they do" if len(touching) > 1 else "its neighbour does"
    near = ", ".join(map(cell_text, touching))
    said = f"{where} is empty and next to {near}; it lies {orientation}, as {alike}{fits}"
    return orientation, Step(ARTLINE_PLACE, said)


def _lines(position: Position, cell: Cell, player: str | None, named: dict, spelled: Spelling) -> _Lines:
    """(artline.fit) (artline.open) The galleries the painting joins, and those it opens with their features."""
    joins: list[Effect] = []
    opens: list[Effect] = []
    steps, decide, warnings = [], [], []
    in_use = [g.feature for g in position.galleries]
    for axis, (kind, line, others) in line_effects(position, cell).items():
        if kind == JOIN:
            gallery = position.gallery_on(line)
            assert gallery is not None  # a line that is joined has its gallery
            joins.append(Effect(JOIN, line, gallery.feature, gallery.opened_by, others))
            by = f" (opened by {gallery.opened_by})" if gallery.opened_by else ""
            holds = f"{plural(len(others), 'painting')}{_gap(line, others, cell)}"
            said = f"it joins the {line} gallery {quoted(gallery.feature)}{by}, which holds {holds}"
            steps.append(Step(ARTLINE_FIT, said))
            decide.append(
                f"the painting must show {quoted(gallery.feature)} to join the {line} gallery: "
                f"the players' decision, not the tool's [{ARTLINE_FIT}]"
            )
        elif kind == OPEN:
            form = spelled.row_form if axis == ROW else spelled.column_form
            feature = _feature(position, cell, line, others, named[axis], form, opens)
            opens.append(Effect(OPEN, line, feature, player, others))
            with_ = ", ".join(map(cell_text, others))
            said = f"it opens the {line} gallery with {with_}, feature {quoted(feature)}, which no gallery uses yet"
            steps.append(Step(ARTLINE_OPEN, said + _gap(line, others, cell)))
            decide.append(
                f"{quoted(feature)} must be common to this painting and {with_} to open the {line} "
                f"gallery: the players' decision, not the tool's [{ARTLINE_OPEN}]"
            )
            warnings += [
                f"{quoted(feature)} differs from the feature {quoted(other)} in use only slightly; it is "
                f"allowed as written, the players may want a clearer one [{ARTLINE_OPEN}]"
                for other in features.alike(feature, in_use)
            ]
    return _Lines(tuple(joins), tuple(opens), tuple(steps), tuple(decide), tuple(warnings))


def _feature(
    position: Position, cell: Cell, line: Line, others: tuple, named: str | None, form: str, opens: list[Effect]
) -> str:
    """(artline.open) A gallery's feature: named, used by no gallery nor by the other line (spaces folded)."""
    if named is None or not named.strip():
        with_ = ", ".join(map(cell_text, others))
        why = f"{cell_text(cell)} opens the {line} gallery with {with_}: its feature must be named ({form})"
        raise _Refused(ARTLINE_OPEN, why)
    feature = " ".join(named.split())
    repeated = features.in_use(feature, [g.feature for g in position.galleries])
    if repeated is not None:
        owner = next(g for g in position.galleries if g.feature == repeated)
        why = f"{quoted(feature)} is already the feature of the {owner.line} gallery (as {quoted(repeated)}); "
        raise _Refused(ARTLINE_OPEN, why + "each feature is used once")
    if any(features.same_feature(earlier.feature, feature) for earlier in opens):  # type: ignore[arg-type]  # named
        why = f"{cell_text(cell)} opens a row and a column gallery at once: they need two different features, "
        raise _Refused(ARTLINE_OPEN, why + f"not {quoted(feature)} twice")
    return feature


def _vote(position: Position, opens: tuple[Effect, ...], unclear: int) -> tuple[Step, ...]:
    """(artline.unclear) A feature announced stands unless half the players or more could not identify it."""
    if not opens:
        return ()
    voters = len(position.players)
    if 2 * unclear >= voters:
        names = " and ".join(quoted(e.feature) for e in opens)  # type: ignore[arg-type]  # opened: named
        why = f"{unclear} of the {voters} players could not identify {names} (half or more): "
        raise _Refused(ARTLINE_UNCLEAR, why + "name another feature, or play another painting")
    why = f"{unclear} of the {voters} players could not identify the feature (fewer than half): it stands"
    return (Step(ARTLINE_UNCLEAR, why),)


def _exhibition(lines: _Lines) -> tuple[bool, Step]:
    """(artline.exhibition) At the crossing of a row gallery and a column gallery: no draw this turn."""
    axes = {e.line.axis for e in lines.joins + lines.opens}
    if axes == {ROW, COLUMN}:
        why = "it lies at the crossing of a row gallery and a column gallery: an exhibition, so no painting is drawn "
        why += "this turn"
        return True, Step(ARTLINE_EXHIBITION, why)
    axis = (lines.joins + lines.opens)[0].line.axis
    return False, Step(ARTLINE_EXHIBITION, f"it is in a {axis} gallery only: not an exhibition")


def _end_of_turn(
    position: Position, holder: Player | None, player: str | None, exhibition: bool
) -> tuple[bool, bool, tuple[Step, ...]]:
    """(artline.win) The last painting wins; else (artline.draw) one is drawn: (wins, draws, the steps that say so)."""
    deck = position.deck
    if holder is not None and holder.hand == 1:
        name = holder.name
        why = f"it is {name}'s last painting: {name} has none in hand and wins; nothing is drawn"
        return True, False, (Step(ARTLINE_WIN, why),)
    if exhibition:
        return False, False, ()
    if deck > 0:
        draw = f"{player or 'the player'} draws one painting at the end of the turn (deck {deck} to {deck - 1})"
        return False, True, (Step(ARTLINE_DRAW, draw),)
    return False, False, (Step(ARTLINE_DRAW, "the deck is empty: nothing is drawn at the end of the turn"),)


def _gap(line: Line, others: tuple[Cell, ...], cell: Cell) -> str:
    """Say so when the line has empty cells between its paintings: it is one gallery all the same."""
    index = 0 if line.axis == ROW else 1
    along = sorted([c[index] for c in others] + [cell[index]])
    holes = (along[-1] - along[0] + 1) - len(along)
    return f" ({plural(holes, 'empty cell')} between them: one gallery all the same)" if holes else ""


def _summary(where, joins, opens, exhibition, draws, wins) -> str:
    parts = [
        f"joins {', '.join(str(e.line) + ' ' + quoted(e.feature) for e in joins)}" if joins else "",
        f"opens {', '.join(str(e.line) + ' ' + quoted(e.feature) for e in opens)}" if opens else "",
    ]
    what = " and ".join(p for p in parts if p)
    ends = {"the player's last painting: the player wins": wins, "an exhibition: no draw": exhibition}
    ends["draws one painting"] = draws
    end = next((words for words, flag in ends.items() if flag), "the deck is empty: no draw")
    return f"{where} {what}; {end}"


class Spot(NamedTuple):
    """A cell a painting may go now, and what it would do there (features to be named are None)."""

    at: Cell
    orientation: str
    joins: tuple[Effect, ...]
    opens: tuple[Effect, ...]
    exhibition: bool
    draws: bool
    wins: bool


def spots(position: Position, player: str | None = None) -> tuple[Placement | None, tuple[Spot, ...]]:
    """Every cell a painting may go now: (a refusal for the whole turn or None, the spots in reading order)."""
    player = player if player is not None else position.turn
    refused = turn_refusal(position, player)
    if refused is not None:
        return refused, ()
    found = []
    taken = {g.feature for g in position.galleries}
    for cell in frontier(position.cells()):
        effects = line_effects(position, cell)
        names = {axis: _fresh(axis, taken) if kind == OPEN else None for axis, (kind, _, _) in effects.items()}
        verdict = judge(position, cell, player, names[ROW], names[COLUMN])
        if verdict.legal:
            assert verdict.orientation is not None  # a legal placement has its orientation
            opens = tuple(e._replace(feature=None) for e in verdict.opens)
            ends = (verdict.exhibition, verdict.draws, verdict.wins)
            found.append(Spot(cell, verdict.orientation, verdict.joins, opens, *ends))
    return None, tuple(found)


def _fresh(axis: str, taken: set) -> str:
    """A feature no gallery uses, standing in for the one the player will name."""
    n = 0
    while True:
        word = f"{axis} feature {n}"
        if features.in_use(word, taken) is None:
            return word
        n += 1
