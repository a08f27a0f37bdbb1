"""Final scores [canvas.score]: ribbons per painting and card, the cap per player and card [canvas.cap],
grey bonus ribbons [canvas.bonus], the total, and ranks with the token tiebreak [canvas.tiebreak]."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER, card, scoring_cards
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.painting import BonusRibbons, Layered, Ribbons, bonus_ribbons, layer, ribbons
from pastiche_cli.games.canvas.core.position import Player, Position
from pastiche_cli.games.canvas.core.rule_ids import END
from pastiche_cli.kernel.ranking import Standing, rank

STEPS = ("total", "inspiration")


class PaintingScore(NamedTuple):
    words: tuple[str, ...]
    layered: Layered
    ribbons: tuple[Ribbons, ...]  # one per active scoring card, in the file's order
    bonus: tuple[BonusRibbons, ...]

    @property
    def bonus_count(self) -> int:
        return sum(b.count for b in self.bonus)

    def on(self, card_name: str) -> Ribbons:
        return next(r for r in self.ribbons if r.card == card_name)


def score_painting(words: Sequence[str], scoring: Sequence[str], house: HouseRules = HouseRules()) -> PaintingScore:
    layered = layer([card(w) for w in words])
    return PaintingScore(
        tuple(words), layered, tuple(ribbons(layered, c, house) for c in scoring), bonus_ribbons(layered)
    )


class CardTotal(NamedTuple):
    card: str
    per_painting: tuple[int, ...]
    earned: int  # before the cap
    counted: int  # after it [canvas.cap]
    cap: int
    points: int


class PlayerScore(NamedTuple):
    name: str
    inspiration: int
    paintings: tuple[PaintingScore, ...]
    cards: tuple[CardTotal, ...]
    bonus_ribbons: int
    bonus_points: int
    total: int
    rank: int = 0
    decided_by: str | None = None

    def card_total(self, name: str) -> CardTotal:
        return next(c for c in self.cards if c.card == name)


def totals(
    paintings: Sequence[PaintingScore], scoring: Sequence[str], house: HouseRules
) -> tuple[tuple[CardTotal, ...], int, int]:
    """Per card the capped ribbons and their points; the grey ribbons and their points."""
    out = []
    for name in scoring:
        sc = scoring_cards()[name]
        per = tuple(p.on(name).count for p in paintings)
        counted = min(sum(per), sc.cap)
        out.append(CardTotal(name, per, sum(per), counted, sc.cap, sc.points_for(counted)))
    grey = sum(p.bonus_count for p in paintings)
    return tuple(out), grey, grey * house.bonus_ribbon_points


def gain_of(player: Player, painting: PaintingScore, scoring: Sequence[str], house: HouseRules) -> int:
    """What one more painting adds to the player's score: the total with it less the total without, caps anew."""
    before = score_player(player, scoring, house)
    after_cards, _, grey_points = totals([*before.paintings, painting], scoring, house)
    return sum(c.points for c in after_cards) + grey_points - before.total


def score_player(player: Player, scoring: Sequence[str], house: HouseRules = HouseRules()) -> PlayerScore:
    paintings = tuple(score_painting(words, scoring, house) for words in player.paintings)
    cards_, grey, grey_points = totals(paintings, scoring, house)
    total = sum(c.points for c in cards_) + grey_points
    return PlayerScore(player.name, player.inspiration, paintings, cards_, grey, grey_points, total)


class Score(NamedTuple):
    players: tuple[PlayerScore, ...]  # in rank order, ties in turn order
    winners: tuple[str, ...]  # in turn order
    decided_by: str  # total, inspiration or shared
    finished: bool  # every player has completed their paintings


def score(position: Position) -> Score:
    scores = [score_player(p, position.scoring, position.house) for p in position.players]
    ranking = rank(scores, [(s.total, s.inspiration) for s in scores], STEPS)
    placed = tuple(p.item._replace(rank=p.rank, decided_by=p.decided_by) for p in ranking.placed)
    finished = all(len(p.paintings) >= PAINTINGS_PER_PLAYER for p in position.players)
    return Score(placed, tuple(s.name for s in ranking.winners), ranking.decided_by, finished)


def standing(position: Position, record_over: bool | None = None) -> Standing:
    """[canvas.end] Are the scores final: every painting completed and, for a record (`record_over` not None), over?"""
    if not all(len(p.paintings) >= PAINTINGS_PER_PLAYER for p in position.players):
        why = f"not every player has completed {PAINTINGS_PER_PLAYER} paintings, so these scores are provisional"
        return Standing(True, END, why)
    if record_over is False:
        return Standing(True, END, "the record's game is not over yet, so these scores are provisional")
    return Standing(False)
