"""What every game's answers tell alike: counts, a move's effects, `score`'s JSON, table, lines and whose turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pastiche_cli.kernel.game import Scored
from pastiche_cli.kernel.ranking import SHARED, places
from pastiche_cli.kernel.words import plural  # noqa: F401 - the rules cores count in words too: written once, below both
from pastiche_cli.render.answer import Lines, Plain, Table, Told, blank_between


def verdict_lines(verdict) -> list[str]:
    """What a legal move did: its effects, then its notes."""
    return list(verdict.effects) + [f"note: {note}" for note in verdict.notes]


def fields(value: Any, *names: str) -> dict:
    """The named attributes of `value` as a JSON object, in that order."""
    return {name: getattr(value, name) for name in names}


def score_json(result, entry: Callable[[Any], dict], detail: Callable[[Any], dict] | None = None) -> dict:
    """`score --json` as every game writes it: each player's `entry` (and `detail`), the winners, the deciding step."""
    players = []
    for s in result.players:
        row = entry(s)
        if detail is not None:
            row["detail"] = {"decided_by": s.decided_by, **detail(s)}
        players.append(row)
    return {"players": players, "winners": list(result.winners), "decided_by": result.decided_by}


def scored(answer: dict, final) -> Scored:
    """`score --json`'s answer and `score`'s note, from the standing `final` that `score` says too."""
    return Scored(answer | {"provisional": final.provisional}, final.provisional, final.reason or "", final.rule or "")


def placed(players) -> list[tuple]:
    """(place, standing) for each player in order, a shared place marked with "=" (kernel.ranking.places)."""
    return list(zip(places([s.rank for s in players]), players))


def shared_mark(table) -> str:
    """What a score table's title adds when a place is shared (a row's place ends in "=")."""
    return "; = marks a shared place" if any(row[0].endswith("=") for row in table) else ""


def score_heading(provisional: bool) -> str:
    return "Scores so far" if provisional else "Final scores"


def winner_line(result, words: dict[str, str], rules: dict[str, str], shared: str, provisional: bool = False) -> str:
    """Who won and the step that decided it, as every game says it: "Winner: Ana, decided by ... [rule]"
    (`words` and `rules` by step, a step without a rule of its own under the rule of `shared`, which says
    why winners share first place: "equal ... [rule]"); of a game not over, "Ahead so far: Ana, ..."."""
    winners = " and ".join(result.winners)
    step = result.decided_by
    lead = "Ahead so far" if provisional else "Winners" if step == SHARED else "Winner"
    if step == SHARED:
        return f"{lead}: {winners}, sharing first place: {shared}"
    return f"{lead}: {winners}, decided by {words[step]} [{rules.get(step, rules[SHARED])}]"


def note_line(final, file: str | None = None) -> str:
    """Why a game not over is scored provisionally, with the command that says which turns remain (`file`)."""
    where = f" (`pastiche end {file}`)" if file else ""
    return f"Note: {final.reason}{where} [{final.rule}]"


def scores_told(json: dict, table: Table, said: list[str], explained: list[str] | None, final, file=None) -> Told:
    """`score`'s answer: the JSON, the table, the winner (`said`), the derivation (None: --brief), the note."""
    note = Plain([note_line(final, file)]) if final.provisional else None
    text = blank_between(table, Plain(said), None if explained is None else Lines(explained), note)
    return Told(json | {"provisional": final.provisional}, text)


def final_lines(final, standings: list[str], said: list[str], explained: list[str]) -> list[str]:
    """The scores where a record's replay ends, as `score` says them: a line a player, `said`, the derivation."""
    out = [f"{score_heading(final.provisional)}:", *(f"  {line}" for line in [*standings, *said]), "", *explained]
    return out + (["", note_line(final)] if final.provisional else [])


def whose_turn_line(player: str | None, over: bool, phase: str | None = None) -> str:
    """`end`'s answer to "whose turn is it?", for every game: a position's `turn:` (a record's, after its moves)."""
    if over:
        return "Whose turn: nobody's, the game is over."
    if player is None:
        return "Whose turn: the file does not say (add `turn:` to follow the turns)."
    return f"Whose turn: {player}'s" + (f", in the {phase} phase" if phase else "") + "."
