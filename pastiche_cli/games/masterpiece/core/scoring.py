"""Final scores: each player's accepted theses and their points, ranks, and the fewer-theses tiebreak."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.endgame import end_verdict
from pastiche_cli.games.masterpiece.core.position import Position
from pastiche_cli.games.masterpiece.core.rule_ids import END, HOUSE_FLAG_IN_TIEBREAK, SCORE, SCORE_TIEBREAK
from pastiche_cli.kernel.ranking import Standing, rank

STEPS = ("total", "fewer_theses")
STEP_RULE = {"total": SCORE, "fewer_theses": SCORE_TIEBREAK, "shared": SCORE_TIEBREAK}
STEP_WORDS = {
    "total": "more accepted points",
    "fewer_theses": "fewer accepted theses",
    "shared": "equal points and equal theses: first place is shared",
}


class Scored(NamedTuple):
    thesis: str
    points: int
    card: str | None
    is_flag: bool
    counted: bool  # counted among the accepted theses for the tiebreak


class PlayerScore(NamedTuple):
    name: str
    points: int
    accepted: int  # accepted theses for the tiebreak (the flag per flag_in_tiebreak)
    theses: tuple[Scored, ...]
    rank: int = 0
    decided_by: str | None = None


class Score(NamedTuple):
    players: tuple[PlayerScore, ...]  # best first
    winners: tuple[str, ...]
    decided_by: str
    ended: bool  # the end has been triggered and every turn after it taken
    triggered: bool
    notes: tuple[str, ...] = ()


def score(position: Position) -> Score:
    """[masterpiece.score] Highest accepted points; tie: fewer accepted theses; still tied: shared."""
    flag_counts = position.house.flag_in_tiebreak
    rows = []
    for p in position.players:
        scored = []
        for a in p.accepted:
            thesis = position.thesis(a.thesis)
            if thesis is None:
                raise KeyError(a.thesis)  # the loader refuses unknown ids; never guess their points
            counted = flag_counts or not thesis.is_flag
            scored.append(Scored(a.thesis, thesis.points, str(a.card) if a.card else None, thesis.is_flag, counted))
        rows.append(
            PlayerScore(p.name, sum(s.points for s in scored), sum(1 for s in scored if s.counted), tuple(scored))
        )
    ranking = rank(rows, [(r.points, -r.accepted) for r in rows], STEPS)
    placed = tuple(pl.item._replace(rank=pl.rank, decided_by=pl.decided_by) for pl in ranking.placed)
    end = end_verdict(position)
    house = f"house rule: the end flag's point counts, the flag itself not as a thesis [{HOUSE_FLAG_IN_TIEBREAK}]"
    notes = () if flag_counts else (house,)
    return Score(
        placed, tuple(r.name for r in ranking.winners), ranking.decided_by, end.over, end.triggered, tuple(notes)
    )


def standing(position: Position, record_over: bool | None = None) -> Standing:
    """[masterpiece.end] Are the scores final: every owed turn taken, and a record's game over?"""
    end = end_verdict(position)
    if end.over and record_over is not False:
        return Standing(False)
    why = "the end is triggered but turns remain" if end.triggered else "nobody has reached the end threshold yet"
    return Standing(True, END, f"{why}, so these scores are provisional")
