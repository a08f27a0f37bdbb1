"""Artline's moves as values, their one-line notation, and the judge and apply that own them.

A turn is a painting laid or discarded, then the draw that ends it, a move of its own: `Ana place 1,1 row boats
column "a bridge" unclear 1`, `Ben discard`, `Ana draw` (`unclear N`: N players could not identify the features)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from pastiche_cli.games.artline.core.grid import cell_text
from pastiche_cli.games.artline.core.placement import Spelling, misuses, turn_refusal
from pastiche_cli.games.artline.core.placement import judge as judge_placement
from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Position
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_EXHIBITION,
    ARTLINE_OPEN,
    ARTLINE_UNCLEAR,
    ARTLINE_WIN,
)
from pastiche_cli.games.artline.core.turns import (
    after_discard,
    after_draw,
    after_placement,
    judge_discard,
    judge_draw,
    next_player,
)
from pastiche_cli.kernel.moves import MoveSyntaxError, MoveValue, Token, allowed, check_shape, head, seated, word
from pastiche_cli.kernel.suggest import suggest
from pastiche_cli.kernel.verdict import Verdict

OVER_RULE = ARTLINE_WIN
EXAMPLE = "Ana place 1,0 row dogs"


def _feature(text: str | None) -> str | None:
    """A feature as announced, its spacing made plain (as the judge compares it); None when none is named."""
    return None if text is None else " ".join(str(text).split())


class _Place(NamedTuple):
    player: str
    at: Cell
    row: str | None = None  # the feature named for the row gallery it opens
    column: str | None = None  # the feature named for the column gallery it opens
    unclear: int = 0  # players who could not identify the features announced


class Place(MoveValue, _Place):
    """(artline.place) Lay a painting at a cell, naming the feature of each gallery it opens."""

    __slots__ = ()

    def __new__(
        cls, player: str, at: Cell, row: str | None = None, column: str | None = None, unclear: int = 0
    ) -> Place:
        return _Place.__new__(cls, player, (int(at[0]), int(at[1])), _feature(row), _feature(column), int(unclear))

    def notation(self) -> str:
        out = f"{word(self.player)} place {self.at[0]},{self.at[1]}"
        if self.row is not None:
            out += f" row {word(self.row)}"
        if self.column is not None:
            out += f" column {word(self.column)}"
        return out + (f" unclear {self.unclear}" if self.unclear else "")


class _Player(NamedTuple):
    player: str


class _Verb(MoveValue, _Player):
    """A move that is its player and its verb."""

    __slots__ = ()
    verb = ""

    def notation(self) -> str:
        return f"{word(self.player)} {self.verb}"


class Discard(_Verb):
    """(artline.discard) Discard a painting instead of laying one; the turn's draw follows."""

    __slots__ = ()
    verb = "discard"


class Draw(_Verb):
    """(artline.draw) The painting drawn at the end of a turn that owes one."""

    __slots__ = ()
    verb = "draw"


Move = Place | Discard | Draw
MOVES = (Place, Discard, Draw)
FORMS = {
    "place": "NAME place X,Y [row FEATURE] [column FEATURE] [unclear N]",
    "discard": "NAME discard",
    "draw": "NAME draw",
}
PLACE_WORDS = ("row", "column", "unclear")  # a place's optional words, in their one order
# How a place's messages name its words (core/placement.py's Spelling; the commands' is their options).
SPELLED = Spelling("'row'", "'column'", "'unclear'", "row FEATURE", "column FEATURE")


_CELL = re.compile(r"([-+]?\d{1,6}),([-+]?\d{1,6})\Z")
_COUNT = re.compile(r"\d{1,6}\Z")


def parse_move(text: str, position: Position) -> Move:
    """A move from its notation (a well-formed move the rules refuse parses); MoveSyntaxError where it goes wrong."""
    toks, player, verb, args = head(text, [p.name for p in position.players], FORMS, suggest, EXAMPLE)
    if verb == "place":
        return _place(player, toks[1], args)
    check_shape(FORMS[verb], toks[1], args)
    return Discard(player) if verb == "discard" else Draw(player)


def _place(player: str, verb: Token, args: list[Token]) -> Place:
    form = FORMS["place"]
    if not args:
        raise MoveSyntaxError(f"incomplete move: write {form}", verb.end)
    at = _cell(args[0])
    given: dict[str, Token] = {}
    for i in range(1, len(args), 2):
        key = args[i]
        name = key.text.lower() if not key.quoted else ""
        if name not in PLACE_WORDS:
            near = suggest(key.text, PLACE_WORDS) if not key.quoted else None
            hint = f"; did you mean '{near}'?" if near else ""
            why = f"expected row, column or unclear here, not '{key.text}'{hint}: write {form}"
            raise MoveSyntaxError(why, key.start)
        if name in given:
            raise MoveSyntaxError(f"'{name}' is given twice: write {form}", key.start)
        later = [w for w in given if PLACE_WORDS.index(w) > PLACE_WORDS.index(name)]
        if later:
            raise MoveSyntaxError(f"'{name}' comes before '{later[0]}': write {form}", key.start)
        if i + 1 >= len(args):
            needs = "number" if name == "unclear" else "feature"
            raise MoveSyntaxError(f"incomplete move: '{name}' needs a {needs} after it: write {form}", key.end)
        given[name] = args[i + 1]
    unclear = 0
    if "unclear" in given:
        count = given["unclear"]
        if count.quoted or not _COUNT.match(count.text):
            why = f"'{count.text}' is not a number of players: write unclear N, such as unclear 1"
            raise MoveSyntaxError(why, count.start)
        unclear = int(count.text)
    row, column = (given[k].text if k in given else None for k in (ROW, COLUMN))
    return Place(player, at, row, column, unclear)


def _cell(token: Token) -> Cell:
    match = _CELL.match(token.text) if not token.quoted else None
    if match is None:
        raise MoveSyntaxError(f"'{token.text}' is not a cell: write X,Y such as 1,0 or -1,2", token.start)
    return int(match.group(1)), int(match.group(2))


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now (whose turn first)? MoveError for a player the position does not have."""
    return _JUDGES[type(move)](position, seated(position, move.player).name, move)


def _turn_notes(position: Position) -> tuple[str, ...]:
    if position.turn is None:
        return ("the position does not say whose turn it is, so the turn was not checked",)
    return ()


def _judge_place(position: Position, name: str, move: Place) -> Verdict:
    checked = position.turn is not None
    refused = turn_refusal(position, name)
    if refused is not None:
        return Verdict(False, refused.rule, refused.reason, turn_checked=checked, detail=refused._replace(at=move.at))
    wrong = misuses(position, move.at, move.row, move.column, move.unclear, SPELLED)
    if wrong:
        rule = ARTLINE_UNCLEAR if wrong[0].option == SPELLED.unclear else ARTLINE_OPEN
        return Verdict(False, rule, wrong[0].message, turn_checked=checked, detail=wrong[0])
    p = judge_placement(position, move.at, name, move.row, move.column, move.unclear, SPELLED)
    if not p.legal:
        return Verdict(False, p.rule, p.reason, turn_checked=checked, detail=p)
    effects = [f"{name} lays a painting at {cell_text(p.at)}, lying {p.orientation}"]
    effects += [f"it opens the {e.line} gallery with the feature '{e.feature}'" for e in p.opens]
    effects += [f"it joins the {e.line} gallery '{e.feature}'" for e in p.joins]
    effects.append(_turn_end(position, name, p))
    notes = p.players_decide + p.warnings + _turn_notes(position)
    return Verdict(True, p.rule, p.reason, tuple(effects), notes, checked, p)


def _turn_end(position: Position, name: str, p) -> str:
    """What follows the painting laid or discarded (`p`): the owed draw, or the turn passed on, or the game won."""
    if p.wins:
        return f"{name} has no paintings left in hand and wins; the game is over [{ARTLINE_WIN}]"
    passes = f"the turn passes to {next_player(position, name)}" if position.turn is not None else "the turn ends"
    if getattr(p, "exhibition", False):
        return f"an exhibition: no painting is drawn, {passes} [{ARTLINE_EXHIBITION}]"
    if p.draws:
        return f"{name} holds {p.hand_after - 1} and owes the draw that ends the turn ({name} draw) [{ARTLINE_DRAW}]"
    return f"the deck is empty: nothing is drawn, {passes} [{ARTLINE_DRAW}]"


def _judge_discard(position: Position, name: str, move: Discard) -> Verdict:
    checked = position.turn is not None
    d = judge_discard(position, name)
    if not d.legal:
        return Verdict(False, d.rule, d.reason, turn_checked=checked, detail=d)
    effects = [f"{name} discards one painting (the discard pile {position.discard} to {position.discard + 1})"]
    effects.append(_turn_end(position, name, d))
    return Verdict(True, d.rule, d.reason, tuple(effects), _turn_notes(position), checked, d)


def _judge_draw(position: Position, name: str, move: Draw) -> Verdict:
    d = judge_draw(position, name)
    if not d.legal:
        return Verdict(False, d.rule, d.reason, turn_checked=position.turn is not None, detail=d)
    passes = f"the turn passes to {d.turn_after}" if d.turn_after else "the turn ends"
    effects = (f"{name} holds {d.hand_after}; the deck holds {d.deck_after}", passes)
    return Verdict(True, d.rule, d.reason, effects, _turn_notes(position), position.turn is not None, d)


_JUDGES: dict[type, Callable[..., Verdict]] = {Place: _judge_place, Discard: _judge_discard, Draw: _judge_draw}


def apply(position: Position, move: Move) -> Position:
    """The position after the move; raises IllegalMove, with the verdict, when the rules refuse it."""
    verdict = allowed(judge, position, move)
    if isinstance(move, Place):
        return after_placement(position, verdict.detail, draw=False)
    if isinstance(move, Discard):
        return after_discard(position, verdict.detail, draw=False)
    return after_draw(position, verdict.detail)
