"""The answers of Artline's `place`, `discard` and `spots`: each verdict as JSON and in words (spec 4)."""

from __future__ import annotations

from pastiche_cli.games.artline.core.grid import cell_text
from pastiche_cli.games.artline.core.placement import Placement, Spot
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_EXHIBITION,
    ARTLINE_FIT,
    ARTLINE_OPEN,
    ARTLINE_PLACE,
)
from pastiche_cli.render.answer import BLANK, Plain, Table, Told
from pastiche_cli.render.told import fields

DECIDE = "For the players to decide (the tool never judges a picture):"


def steps_json(verdict) -> list[dict]:
    return [{"rule": s.rule, "text": s.text} for s in verdict.steps]


def effects_json(p: Placement | Spot) -> dict:
    return {"joins": [e.as_json() for e in p.joins], "opens": [e.as_json() for e in p.opens]}


def placement_json(p: Placement) -> dict:
    """spec 4: legal, rule, reason, joins, opens, exhibition, draws; and the derivation."""
    return (
        fields(p, "legal", "rule", "reason")
        | effects_json(p)
        | fields(p, "exhibition", "draws", "wins", "player")
        | {"at": list(p.at)}
        | fields(p, "orientation", "hand_after", "deck_after")
        | {"steps": steps_json(p), "players_decide": list(p.players_decide), "warnings": list(p.warnings)}
    )


def vote_json(p: Placement, unclear: int, players: int) -> dict | None:
    """How many players could not identify the features announced, or None when nothing is announced."""
    if not p.opens:
        return None
    return {"features": [e.feature for e in p.opens], "could_not_identify": unclear, "players": players}


def describe(p: Placement) -> list[str]:
    """The verdict in words: the answer, each step with its rule, and what only the players can judge."""
    who_ = f"{p.player} at " if p.player else ""
    lines = [f"{who_}{cell_text(p.at)}: {'legal' if p.legal else 'not legal'} [{p.rule}]: {p.reason}"]
    lines += [f"  [{s.rule}] {s.text}" for s in p.steps]
    if p.players_decide:
        lines += ["", DECIDE] + [f"  - {d}" for d in p.players_decide]
    lines += [f"note: {w}" for w in p.warnings]
    return lines


def place_told(p: Placement, unclear: int, players: int, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`place`'s answer; `notes`: the write's (the painting and its draw), None when nothing was written."""
    answer = placement_json(p) | {"unclear": vote_json(p, unclear, players), "applied": notes is not None}
    text = [Plain(describe(p))]
    if notes:
        text += [BLANK, Plain([f"Recorded in {path}, as the players accepted it: " + "; ".join(notes)])]
    refused = f"pastiche: not applied: the placement is not legal; {path} is unchanged" if apply and not p.legal else ""
    return Told(answer, text, refused)


def discard_told(verdict, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`discard`'s answer (turns.judge_discard's verdict); `notes`: the write's, None when nothing was written."""
    answer = fields(verdict, "legal", "rule", "reason", "player", "draws", "wins", "hand_after", "deck_after")
    answer |= {"steps": steps_json(verdict), "applied": notes is not None}
    lines = [f"{'legal' if verdict.legal else 'not legal'} [{verdict.rule}]: {verdict.reason}"]
    lines += [f"  [{s.rule}] {s.text}" for s in verdict.steps]
    if notes:
        lines.append(f"\nRecorded in {path}: " + "; ".join(notes))
    refused = f"pastiche: not applied; {path} is unchanged" if apply and not verdict.legal else ""
    return Told(answer, [Plain(lines)], refused)


def spot_json(s: Spot) -> dict:
    return {"at": list(s.at), "orientation": s.orientation} | effects_json(s) | fields(s, "exhibition", "draws", "wins")


def _spot_row(s: Spot) -> list[str]:
    joins = ", ".join(f"{e.line} '{e.feature}'" for e in s.joins) or "-"
    opens = ", ".join(f"{e.line} (new feature, with {', '.join(map(cell_text, e.paintings))})" for e in s.opens) or "-"
    ends = {"wins": s.wins, "exhibition: no draw": s.exhibition, "draws": s.draws}
    return [f"{s.at[0]},{s.at[1]}", joins, opens, next((e for e, flag in ends.items() if flag), "no draw (deck empty)")]


def spots_told(player: str | None, refused, found) -> Told:
    """`spots`: the cells a painting may go now (`refused`: why none may be laid this turn, else None)."""
    found_reason = f"{len(found)} cells a painting may go"
    rule, reason = (refused.rule, refused.reason) if refused else (ARTLINE_PLACE, found_reason)
    answer = {"player": player, "legal": refused is None, "rule": rule, "reason": reason}
    answer["spots"] = [spot_json(s) for s in found]
    if refused is not None:
        return Told(answer, [Plain([f"No painting may be laid now [{refused.rule}]: {refused.reason}"])])
    headers = ["at", "joins (must show its feature)", "opens (name a feature)", "end of turn"]
    title = f"{len(found)} cells a painting may go{f' for {player}' if player else ''} [{ARTLINE_PLACE}]"
    said = [
        f"Joining a gallery: the painting must show its feature, which the players decide [{ARTLINE_FIT}].",
        f"Opening one: announce a feature no gallery uses [{ARTLINE_OPEN}]; in a row and a column at once, "
        f"an exhibition, no draw [{ARTLINE_EXHIBITION}]; otherwise one painting is drawn [{ARTLINE_DRAW}].",
    ]
    return Told(answer, [Table(headers, [_spot_row(s) for s in found], title), BLANK, Plain(said)])
