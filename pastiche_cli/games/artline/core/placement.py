"""Where a painting may go, and what laying it there does: galleries joined and opened, the draw.

`judge` is the one judge of a placement; `spots` asks it about every empty cell next to the table.
The tool never decides whether a painting shows a feature: every gallery a placement joins or opens
is listed in `players_decide`, for the players to confirm.
"""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.artline.core import features
from pastiche_cli.games.artline.core.grid import cell_text, frontier, neighbours, within
from pastiche_cli.games.artline.core.position import COLUMN, DRAW, ROW, Cell, Line, Position, lines_through
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


def _say(feature: str) -> str:
    return f"'{feature}'"


def game_over(position: Position) -> str | None:
    """The player who has already emptied their hand, if any: then no one plays on.

    (Never while a draw is owed: a draw follows only a move that did not win, and a player who
    discarded their last painting has not emptied their hand, since the turn ends with one drawn back.)"""
    if position.phase == DRAW:
        return None
    return next((p.name for p in position.players if p.hand == 0), None)


def turn_refusal(position: Position, player: str | None, drawing: bool = False) -> Placement | None:
    """Nobody plays after the game is won, only the player whose turn it is plays, and a turn whose
    painting is played ends with its draw before anything else (`drawing`: the draw itself is asked)."""
    winner = game_over(position)
    if winner is not None:
        return Placement(
            (0, 0), player, False, ARTLINE_WIN, f"the game is over: {winner} has no paintings in hand and has won"
        )
    if player is not None and position.turn is not None and player != position.turn:
        return Placement((0, 0), player, False, ARTLINE_TURN, f"it is {position.turn}'s turn, not {player}'s")
    if not drawing and position.phase == DRAW:
        return Placement(
            (0, 0),
            player,
            False,
            ARTLINE_DRAW,
            f"{position.turn or 'the player on turn'} has played this turn's painting; the turn ends "
            "with the draw of one painting before anything else",
        )
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
    position: Position,
    cell: Cell,
    feature_row: str | None,
    feature_column: str | None,
    unclear: int,
    spelled: Spelling = OPTIONS,
) -> list[Misuse]:
    """Features given for a line that is not being opened, or a vote on nothing announced.

    Not for a cell that already holds a painting: nothing is laid there, so no gallery opens or is joined, and
    `judge` refuses the cell itself (exit 1, the cell is taken), which is what the player needs to hear."""
    effects = line_effects(position, cell)
    taken = cell in position.cells()
    out = []
    for axis, option, given in ((ROW, spelled.row, feature_row), (COLUMN, spelled.column, feature_column)):
        kind, line, others = effects[axis]
        if given is None or kind == OPEN or taken:
            continue
        if kind == JOIN:
            gallery = position.gallery_on(line)
            assert gallery is not None  # a line that is joined has its gallery
            why = f"it joins the {line} gallery, whose feature is {_say(gallery.feature)} already"
        else:
            why = f"no other painting lies on {line}, so no gallery opens there"
        out.append(
            Misuse(
                option,
                f"{option} names a feature for a gallery being opened; {cell_text(cell)} opens none on {line}: {why}",
            )
        )
    for option, given in ((spelled.row, feature_row), (spelled.column, feature_column)):
        if given is not None and len(given) > LONGEST_FEATURE:
            out.append(
                Misuse(
                    option,
                    f"{option} is {len(given)} characters long; a feature is a few words "
                    f"(at most {LONGEST_FEATURE} characters)",
                )
            )
    opening = any(effects[a][0] == OPEN for a in (ROW, COLUMN))
    if unclear and not opening and not taken:
        out.append(
            Misuse(
                spelled.unclear,
                f"{spelled.unclear} counts the players who could not identify an "
                f"announced feature; {cell_text(cell)} opens no gallery, so no feature "
                "is announced",
            )
        )
    if unclear < 0 or unclear > len(position.players):
        out.append(
            Misuse(spelled.unclear, f"{spelled.unclear} is a number of players, from 0 to {len(position.players)}")
        )
    return out


def judge(
    position: Position,
    cell: Cell,
    player: str | None = None,
    feature_row: str | None = None,
    feature_column: str | None = None,
    unclear: int = 0,
    spelled: Spelling = OPTIONS,
) -> Placement:
    """Is laying a painting at `cell` legal, and what does it do? `player` defaults to whose turn it is.

    Call `misuses` first: a feature given for a line not being opened is the caller's mistake."""
    player = player if player is not None else position.turn
    refused = turn_refusal(position, player)
    if refused is not None:
        return refused._replace(at=cell)
    where = cell_text(cell)

    def no(rule: str, reason: str) -> Placement:
        return Placement(cell, player, False, rule, reason)

    cells = position.cells()
    if cell in cells:
        return no(ARTLINE_PLACE, f"{where} already holds a painting; paintings never overlap")
    touching = [n for n in neighbours(cell) if n in cells]
    if not touching:
        return no(
            ARTLINE_PLACE,
            f"{where} is not next to any painting on the table (a painting goes beside "
            "another, in its row or its column)",
        )
    # touching: the neighbouring cells that hold a painting
    orientations = sorted({position.painting_at(n).orientation for n in touching})  # type: ignore[union-attr]
    if len(orientations) > 1:
        return no(
            ARTLINE_PLACE,
            f"the paintings beside {where} lie in different orientations "
            f"({' and '.join(orientations)}): no orientation matches them all",
        )
    orientation = orientations[0]
    if not within(position.bounds, cells | {cell}):
        b = position.bounds
        assert b is not None  # no bounds: every cell is within
        return no(
            ARTLINE_PLACE,
            f"{where} is off the table: the paintings would no longer fit in {b.columns} columns by {b.rows} rows",
        )
    steps = [
        Step(
            ARTLINE_PLACE,
            f"{where} is empty and next to {', '.join(map(cell_text, touching))}; "
            f"it lies {orientation}, as {'they do' if len(touching) > 1 else 'its neighbour does'}"
            + (
                f", and the table still fits in {position.bounds.columns} x {position.bounds.rows} cells"
                if position.bounds
                else ""
            ),
        )
    ]
    named = {ROW: feature_row, COLUMN: feature_column}
    joins: list[Effect] = []
    opens: list[Effect] = []
    decide: list = []
    in_use = [g.feature for g in position.galleries]
    warnings = []
    for axis, (kind, line, others) in line_effects(position, cell).items():
        if kind == JOIN:
            gallery = position.gallery_on(line)
            assert gallery is not None  # a line that is joined has its gallery
            gap = _gap(line, others, cell)
            joins.append(Effect(JOIN, line, gallery.feature, gallery.opened_by, others))
            steps.append(
                Step(
                    ARTLINE_FIT,
                    f"it joins the {line} gallery {_say(gallery.feature)}"
                    + (f" (opened by {gallery.opened_by})" if gallery.opened_by else "")
                    + f", which holds {_count(len(others), 'painting')}"
                    + gap,
                )
            )
            decide.append(
                f"the painting must show {_say(gallery.feature)} to join the {line} gallery: "
                f"the players' decision, not the tool's [{ARTLINE_FIT}]"
            )
        elif kind == OPEN:
            feature = named[axis]
            form = spelled.row_form if axis == ROW else spelled.column_form
            with_ = ", ".join(map(cell_text, others))
            if feature is None or not feature.strip():
                return no(
                    ARTLINE_OPEN, f"{where} opens the {line} gallery with {with_}: its feature must be named ({form})"
                )
            feature = " ".join(feature.split())
            repeated = features.in_use(feature, in_use)
            if repeated is not None:
                owner = next(g for g in position.galleries if g.feature == repeated)
                return no(
                    ARTLINE_OPEN,
                    f"{_say(feature)} is already the feature of the {owner.line} gallery "
                    f"(as {_say(repeated)}); each feature is used once",
                )
            for earlier in opens:
                if features.same_feature(earlier.feature, feature):  # type: ignore[arg-type]  # opened: named
                    return no(
                        ARTLINE_OPEN,
                        f"{where} opens a row and a column gallery at once: they need two "
                        f"different features, not {_say(feature)} twice",
                    )
            opens.append(Effect(OPEN, line, feature, player, others))
            steps.append(
                Step(
                    ARTLINE_OPEN,
                    f"it opens the {line} gallery with {with_}, feature {_say(feature)}, "
                    "which no gallery uses yet" + _gap(line, others, cell),
                )
            )
            decide.append(
                f"{_say(feature)} must be common to this painting and {with_} to open the {line} "
                f"gallery: the players' decision, not the tool's [{ARTLINE_OPEN}]"
            )
            for other in features.alike(feature, in_use):
                warnings.append(
                    f"{_say(feature)} differs from the feature {_say(other)} in use only slightly; it is "
                    f"allowed as written, the players may want a clearer one [{ARTLINE_OPEN}]"
                )
    if opens:
        voters = len(position.players)
        if 2 * unclear >= voters:
            names = " and ".join(_say(e.feature) for e in opens)  # type: ignore[arg-type]  # opened: named
            return no(
                ARTLINE_UNCLEAR,
                f"{unclear} of the {voters} players could not identify {names} (half or more): "
                "name another feature, or play another painting",
            )
        steps.append(
            Step(
                ARTLINE_UNCLEAR,
                f"{unclear} of the {voters} players could not identify the feature (fewer than half): it stands",
            )
        )
    exhibition = bool(joins or opens) and {e.line.axis for e in joins + opens} == {ROW, COLUMN}
    if exhibition:
        steps.append(
            Step(
                ARTLINE_EXHIBITION,
                "it lies at the crossing of a row gallery and a column gallery: "
                "an exhibition, so no painting is drawn this turn",
            )
        )
    else:
        axis = (joins + opens)[0].line.axis
        steps.append(Step(ARTLINE_EXHIBITION, f"it is in a {axis} gallery only: not an exhibition"))
    holder = position.player(player) if player is not None else None
    hand_after = holder.hand - 1 if holder is not None else None
    wins = hand_after == 0
    deck = position.deck
    draws = not exhibition and not wins and deck > 0
    if wins:
        assert holder is not None  # no hand after the move without a player holding one
        steps.append(
            Step(
                ARTLINE_WIN,
                f"it is {holder.name}'s last painting: {holder.name} has none in hand and wins; nothing is drawn",
            )
        )
    elif exhibition:
        pass
    elif draws:
        steps.append(
            Step(
                ARTLINE_DRAW,
                f"{player or 'the player'} draws one painting at the end of the turn (deck {deck} to {deck - 1})",
            )
        )
    else:
        steps.append(Step(ARTLINE_DRAW, "the deck is empty: nothing is drawn at the end of the turn"))
    if holder is not None and draws:
        assert hand_after is not None  # the holder's hand
        hand_after += 1
    reason = _summary(where, joins, opens, exhibition, draws, wins)
    return Placement(
        cell,
        player,
        True,
        ARTLINE_PLACE,
        reason,
        orientation,
        tuple(joins),
        tuple(opens),
        exhibition,
        draws,
        wins,
        hand_after,
        deck - 1 if draws else deck,
        tuple(steps),
        tuple(decide),
        tuple(warnings),
    )


def _gap(line: Line, others: tuple[Cell, ...], cell: Cell) -> str:
    """Say so when the line has empty cells between its paintings: it is one gallery all the same."""
    index = 0 if line.axis == ROW else 1
    along = sorted([c[index] for c in others] + [cell[index]])
    holes = (along[-1] - along[0] + 1) - len(along)
    return f" ({_count(holes, 'empty cell')} between them: one gallery all the same)" if holes else ""


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _summary(where, joins, opens, exhibition, draws, wins) -> str:
    parts = [
        f"joins {', '.join(str(e.line) + ' ' + _say(e.feature) for e in joins)}" if joins else "",
        f"opens {', '.join(str(e.line) + ' ' + _say(e.feature) for e in opens)}" if opens else "",
    ]
    what = " and ".join(p for p in parts if p)
    end = (
        "the player's last painting: the player wins"
        if wins
        else "an exhibition: no draw"
        if exhibition
        else "draws one painting"
        if draws
        else "the deck is empty: no draw"
    )
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
            found.append(
                Spot(
                    cell,
                    verdict.orientation,
                    verdict.joins,
                    tuple(e._replace(feature=None) for e in verdict.opens),
                    verdict.exhibition,
                    verdict.draws,
                    verdict.wins,
                )
            )
    return None, tuple(found)


def _fresh(axis: str, taken: set) -> str:
    """A feature no gallery uses, standing in for the one the player will name."""
    n = 0
    while True:
        word = f"{axis} feature {n}"
        if features.in_use(word, taken) is None:
            return word
        n += 1
