"""Final scoring and tiebreaks (SPEC 4.6; rulebook "Calculating Scores")."""

from collections import defaultdict
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import SCORE_TIEBREAK, SCORE_TOTAL
from pastiche_cli.kernel import ranking
from pastiche_cli.kernel.problems import FORMAT, Problem, problem_at

# Tiebreak steps in order, as named in `score --json` (SPEC 6.2).
STEPS = ("total", "completed", "palette_points", "artist_bonus")
STEP_WORDS = {
    "total": "highest total",
    "completed": "most commissions completed",
    "palette_points": "most usable-palette points",
    "artist_bonus": "most artist-bonus points",
    "shared": "equal at every step: the place is shared",
}
STEP_RULE = {"total": SCORE_TOTAL, "shared": SCORE_TIEBREAK}


class ScoringError(ValueError):
    """The position lacks something scoring needs (e.g. a printed bonus for a pair off the table)."""

    def __init__(self, message: str, commission: Commission):
        super().__init__(message)
        self.commission = commission

    @property
    def problem(self) -> Problem:
        """[score.bonus] The file cannot be scored (exit 3), located at the card that lacks its bonus."""
        return problem_at(self.commission.loc, "missing-artist-bonus", str(self), FORMAT)


class UsableCard(NamedTuple):
    card: str
    held: int
    required: int
    usable: int
    value: int

    @property
    def points(self) -> int:
        return self.usable * self.value


class ArtistPair(NamedTuple):
    artist: str
    cards: tuple[Commission, Commission]
    summed_points: int
    bonus: int
    source: str | None  # "printed" or "table"
    table_bonus: int | None  # what the table says, for a pair inside it
    note: str | None = None  # a printed value that disagrees with the table


class PlayerScore(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # a field named index (shadows tuple.index)
    commission_points: int
    completed: int
    palette_points: int
    artist_bonus: int
    usable: tuple[UsableCard, ...]
    pairs: tuple[ArtistPair, ...]
    rank: int = 0
    decided_by: str | None = None  # the step that put this player above the next one

    @property
    def total(self) -> int:
        return self.commission_points + self.palette_points + self.artist_bonus

    def key(self) -> tuple[int, int, int, int]:
        return (self.total, self.completed, self.palette_points, self.artist_bonus)


class Score(NamedTuple):
    players: tuple[PlayerScore, ...]  # in rank order, ties in turn order
    winners: tuple[str, ...]
    decided_by: str  # total / completed / palette_points / artist_bonus / shared


table_bonus = colours.table_bonus


class PairBonus(NamedTuple):
    """[score.bonus] What an artist's two cards are worth together: the printed bonus counts, else the table's."""

    summed_points: int
    printed: int | None  # the first card's printed bonus, else the second's
    table: int | None  # the bonus table's, None for a sum outside it
    printed_values: tuple[int, ...]  # every distinct bonus the two cards print, smallest first

    @property
    def bonus(self) -> int | None:
        """The bonus that counts, or None when neither card prints one and the table has none."""
        return self.printed if self.printed is not None else self.table

    @property
    def source(self) -> str | None:
        if self.printed is not None:
            return "printed"
        return "table" if self.table is not None else None

    @property
    def disagrees(self) -> bool:
        """A printed bonus that differs from the table's for the same points (the printed one counts)."""
        return self.printed is not None and self.table is not None and self.printed != self.table


def pair_bonus(first: Commission, second: Commission) -> PairBonus:
    """[score.bonus] The bonus of two cards by one artist."""
    summed = first.points + second.points
    printed = [c.artist_bonus for c in (first, second) if c.artist_bonus is not None]
    return PairBonus(summed, printed[0] if printed else None, table_bonus(summed), tuple(sorted(set(printed))))


def usable_palette(player: Player) -> tuple[UsableCard, ...]:
    """[score.palette] Cards in hand that the commissions still in hand need, each counted once."""
    required = commission_needs(player.commissions)
    counted = usable(player.palette, required)
    return tuple(
        UsableCard(card, player.palette.get(card, 0), need, counted[card], colours.value(card))
        for card, need in colours.ordered(required)
    )


def completed_pairs(player: Player) -> list[tuple[Commission, Commission, PairBonus]]:
    """Each artist's two completed paintings, with what they are worth together."""
    by_artist: dict[str, list[Commission]] = defaultdict(list)
    for commission in player.completed:
        by_artist[commission.artist_key].append(commission)
    return [(cards[0], cards[1], pair_bonus(cards[0], cards[1])) for cards in by_artist.values() if len(cards) >= 2]


def artist_pairs(player: Player) -> tuple[ArtistPair, ...]:
    """[score.bonus] One bonus per artist whose two paintings the player completed."""
    pairs = []
    for first, second, pair in completed_pairs(player):
        if pair.bonus is None:
            raise ScoringError(
                f"{first.artist}'s pair sums to {pair.summed_points} points, outside the bonus table (15-31): "
                "add the 'artist_bonus' printed on the cards",
                second,
            )
        note = None
        if pair.disagrees:
            note = (
                f"the card prints {pair.printed} but the table gives {pair.table} for {pair.summed_points} "
                "points; the printed value counts"
            )
        worth = pair.summed_points, pair.bonus, pair.source, pair.table
        pairs.append(ArtistPair(first.artist, (first, second), *worth, note))
    return tuple(pairs)


def score_player(player: Player) -> PlayerScore:
    usable = usable_palette(player)
    pairs = artist_pairs(player)
    return PlayerScore(
        name=player.name,
        index=player.index,
        commission_points=player.completed_points,
        completed=len(player.completed),
        palette_points=sum(u.points for u in usable),
        artist_bonus=sum(p.bonus for p in pairs),
        usable=usable,
        pairs=pairs,
    )


def separating_step(upper: PlayerScore, lower: PlayerScore) -> str:
    """[score.tiebreak] The first step at which `upper` beats `lower`, or `shared`."""
    return ranking.separating_step(upper.key(), lower.key(), STEPS)


def score(position: Position) -> Score:
    """[score.tiebreak] Every player's score, ranked by the tiebreak steps (the kernel's ranking)."""
    scores = [score_player(p) for p in position.players]
    ranked = ranking.rank(scores, [s.key() for s in scores], STEPS)
    players = tuple(p.item._replace(rank=p.rank, decided_by=p.decided_by) for p in ranked.placed)
    return Score(players, tuple(s.name for s in ranked.winners), ranked.decided_by)


def standing(position: Position, record_over: bool | None = None) -> ranking.Standing:
    """Are the scores final? [end.trigger] once triggered; in a record (`record_over`) [end.round] once it is over."""
    from pastiche_cli.games.pastiche.core.endgame import end_verdict
    from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, END_TRIGGER

    end = end_verdict(position)
    if not end.triggered:
        why = f"the end has not been triggered (nobody has {end.threshold} completed commission points yet)"
        return ranking.Standing(True, END_TRIGGER, f"{why}, so these scores are provisional")
    if record_over is False:
        why = "the end is triggered but the record's end round is not over yet"
        return ranking.Standing(True, END_ROUND, f"{why}, so these scores are provisional")
    return ranking.Standing(False)
