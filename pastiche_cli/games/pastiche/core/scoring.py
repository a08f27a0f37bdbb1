"""Final scoring and tiebreaks (SPEC 4.6; rulebook "Calculating Scores")."""

from collections import Counter, defaultdict
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position

# Tiebreak steps in order, as named in `score --json` (SPEC 6.2).
STEPS = ("total", "completed", "palette_points", "artist_bonus")
STEP_WORDS = {
    "total": "highest total",
    "completed": "most commissions completed",
    "palette_points": "most usable-palette points",
    "artist_bonus": "most artist-bonus points",
    "shared": "equal at every step: the place is shared",
}
STEP_RULE = {"total": "score.total", "shared": "score.tiebreak"}


class ScoringError(ValueError):
    """The position lacks something scoring needs (e.g. a printed bonus for a pair off the table)."""

    def __init__(self, message: str, commission: Commission):
        super().__init__(message)
        self.commission = commission


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
    source: str                 # "printed" or "table"
    table_bonus: int | None     # what the table says, for a pair inside it
    note: str | None = None     # a printed value that disagrees with the table


class PlayerScore(NamedTuple):
    name: str
    index: int
    commission_points: int
    completed: int
    palette_points: int
    artist_bonus: int
    usable: tuple[UsableCard, ...]
    pairs: tuple[ArtistPair, ...]
    rank: int = 0
    decided_by: str | None = None   # the step that put this player above the next one

    @property
    def total(self) -> int:
        return self.commission_points + self.palette_points + self.artist_bonus

    def key(self) -> tuple[int, int, int, int]:
        return (self.total, self.completed, self.palette_points, self.artist_bonus)


class Score(NamedTuple):
    players: tuple[PlayerScore, ...]   # in rank order, ties in turn order
    winners: tuple[str, ...]
    decided_by: str                    # total / completed / palette_points / artist_bonus / shared


table_bonus = colours.table_bonus


def usable_palette(player: Player) -> tuple[UsableCard, ...]:
    """[score.palette] Cards in hand that the commissions still in hand need, each counted once."""
    required: Counter = Counter()
    for commission in player.commissions:
        required.update(commission.needs)
    out = []
    for card, need in colours.ordered(required):
        held = player.palette.get(card, 0)
        out.append(UsableCard(card, held, need, min(held, need), colours.value(card)))
    return tuple(out)


def completed_pairs(player: Player) -> list[tuple[Commission, Commission, int, int | None, int | None]]:
    """Each artist's two completed paintings: (first, second, summed points, printed bonus, table bonus)."""
    by_artist: dict[str, list[Commission]] = defaultdict(list)
    for commission in player.completed:
        by_artist[commission.artist_key].append(commission)
    pairs = []
    for cards in by_artist.values():
        if len(cards) < 2:
            continue
        first, second = cards[0], cards[1]
        summed = first.points + second.points
        printed = next((c.artist_bonus for c in (first, second) if c.artist_bonus is not None), None)
        pairs.append((first, second, summed, printed, table_bonus(summed)))
    return pairs


def artist_pairs(player: Player) -> tuple[ArtistPair, ...]:
    """[score.bonus] One bonus per artist whose two paintings the player completed."""
    pairs = []
    for first, second, summed, printed, from_table in completed_pairs(player):
        note = None
        if printed is not None:
            bonus, source = printed, "printed"
            if from_table is not None and printed != from_table:
                note = (f"the card prints {printed} but the table gives {from_table} for {summed} points; "
                        "the printed value counts")
        elif from_table is not None:
            bonus, source = from_table, "table"
        else:
            raise ScoringError(
                f"{first.artist}'s pair sums to {summed} points, outside the bonus table (15-31): "
                "add the 'artist_bonus' printed on the cards", second)
        pairs.append(ArtistPair(first.artist, (first, second), summed, bonus, source, from_table, note))
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
    for step, a, b in zip(STEPS, upper.key(), lower.key()):
        if a != b:
            return step
    return "shared"


def score(position: Position) -> Score:
    scores = [score_player(p) for p in position.players]
    ordered = sorted(scores, key=lambda s: (tuple(-k for k in s.key()), s.index))
    ranked: list[PlayerScore] = []
    for i, s in enumerate(ordered):
        rank = i + 1
        if i and ordered[i - 1].key() == s.key():
            rank = ranked[i - 1].rank
        step = separating_step(s, ordered[i + 1]) if i + 1 < len(ordered) else None
        ranked.append(s._replace(rank=rank, decided_by=step))
    winners = tuple(s.name for s in ranked if s.rank == 1)
    decided = ranked[0].decided_by if len(ranked) > 1 else "total"
    return Score(tuple(ranked), winners, decided or "total")
