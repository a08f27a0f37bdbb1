"""An Artline record told: a position in words and as JSON, and what each move's JSON adds (replay, the record page)."""

from __future__ import annotations

from pastiche_cli.games.artline.core.position import DRAW, Position
from pastiche_cli.render.told import fields, verdict_lines

WIDE = 400  # the grid is drawn whole in a playthrough: it is read in a file or a page, not fitted to a terminal


def turn_json(position: Position) -> dict | None:
    return None if position.turn is None else {"player": position.turn, "phase": position.phase}


def table_json(position: Position) -> dict:
    """The paintings and the galleries on the table."""
    paintings = [{"at": list(p.at), "orientation": p.orientation, "title": p.title, "by": p.by} for p in position.table]
    galleries = [{g.line.axis: g.line.index} | fields(g, "feature", "opened_by") for g in position.galleries]
    return {"table": paintings, "galleries": galleries}


def position_json(position: Position) -> dict:
    """Hands, the table, the galleries, the deck, the discard pile and whose turn it is."""
    players = [{"name": p.name, "hand": p.hand} for p in position.players]
    rest = fields(position, "deck", "discard") | {"turn": turn_json(position)}
    return {"players": players} | table_json(position) | rest


def hands_line(position: Position) -> str:
    hands = ", ".join(f"{p.name} {p.hand}" for p in position.players)
    return f"in hand: {hands}; deck {position.deck}, discarded {position.discard}"


def turn_words(position: Position) -> str | None:
    from pastiche_cli.games.artline.core.placement import game_over

    winner = game_over(position)
    if winner is not None:
        return f"{winner} has no paintings in hand and has won"
    if position.turn is None:
        return None
    if position.phase == DRAW:
        return f"{position.turn}'s turn: the painting is played, the draw that ends the turn is next"
    return f"{position.turn}'s turn"


def position_lines(position: Position) -> list[str]:
    """The table in words: the grid, every gallery, the hands, whose turn."""
    from pastiche_cli.games.artline.render.text import gallery_lines, picture

    out = [f"  {line}" for line in picture(position, (), WIDE).lines]
    out += [f"  {line}" for line in gallery_lines(position)]
    out.append(f"  {hands_line(position)}")
    turn = turn_words(position)
    if turn:
        out.append(f"  {turn}")
    return out


def step_lines(step) -> list[str]:
    """What a legal move did, after its verdict: its effects and notes, then the hands and the deck."""
    return verdict_lines(step.verdict) + [hands_line(step.after)]


def step_json(step) -> dict:
    """What a move's JSON adds for Artline: a place's cell, galleries and exhibition; the hands, deck and turn after."""
    from pastiche_cli.games.artline.core.placement import Placement
    from pastiche_cli.games.artline.render.moves import effects_json

    detail, after = step.verdict.detail, step.after
    entry: dict = {}
    if isinstance(detail, Placement):
        entry = {"at": list(detail.at)} | effects_json(detail) | {"exhibition": detail.exhibition}
    hands = {p.name: p.hand for p in after.players}
    after_json = {"deck_after": after.deck, "discard_after": after.discard, "turn_after": turn_json(after)}
    return entry | {"hands_after": hands} | after_json
