"""A kept play as a value, and what a table asks of many of them: who wins, how high, how it was decided.

Pure: the play history (formats/history.py) reads and writes these values; `stats` (cli/verbs/stats.py)
draws what `statistics` works out. A game's points are the number its `score --json` gives each
player (data/GAME/bgstats.json's `score`: Pastiche's total, Masterpiece's points, Artline's paintings in hand),
compared as the game's rules compare them (`highest_wins`: Artline's winner holds the fewest).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple


class Seat(NamedTuple):
    """One player of a kept play, in turn order."""

    name: str
    points: int
    place: int  # 1 for the winner(s); shared places share a number
    winner: bool
    started: bool = False  # the player who made the first move, where a record says so


class Play(NamedTuple):
    """A finished game as the history keeps it."""

    game: str  # the registry's name: pastiche, canvas, masterpiece, artline
    played: str  # YYYY-MM-DD HH:MM:SS, the group's local time
    file: str  # the file's name as it was given to `keep`
    kind: str  # position, sheet or record
    decided_by: str  # the step that separated first place from second (`score --json`'s decided_by)
    seats: tuple[Seat, ...]
    answer: dict  # `score --json` of the file, as it was given when kept
    text: str  # the file's text
    used: tuple[tuple[str, str], ...] = ()  # (name, text) of each file it read beside it: a catalogue
    id: int = 0  # given by the history
    kept: str = ""  # when it was kept (UTC, YYYY-MM-DD HH:MM:SS)
    digest: str = ""  # SHA-256 of the text: the same file kept twice
    source_id: str = ""  # this play's id for another app (BG Stats' sourcePlayId)

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats if s.winner)

    def seat(self, name: str) -> Seat | None:
        folded = name.casefold()
        return next((s for s in self.seats if s.name.casefold() == folded), None)


def places(seats: Sequence[Seat]) -> str:
    """The seats by place, as one line: "1. Ana 50, 2. Ben 48"."""
    return ", ".join(f"{s.place}. {s.name} {s.points}" for s in sorted(seats, key=lambda s: s.place))


def percent(part: int, whole: int) -> int:
    """`part` of `whole` in whole percents, a half rounded up (1 of 8: 13%); 0 of nothing is 0."""
    return (200 * part + whole) // (2 * whole) if whole else 0


def percents(counts: Sequence[int]) -> list[int]:
    """Each count's share of their sum in whole percents that add up to 100: each share rounded down,
    then the points left given one each to the largest remainders, the first of equal ones first
    (1, 1, 1: 34, 33, 33). Shares of nothing are 0."""
    total = sum(counts)
    if not total:
        return [0 for _ in counts]
    shares = [100 * c // total for c in counts]
    by_remainder = sorted(range(len(counts)), key=lambda i: (-(100 * counts[i] % total), i))
    for i in by_remainder[: 100 - sum(shares)]:
        shares[i] += 1
    return shares


class PlayerStats(NamedTuple):
    name: str
    game: str
    plays: int
    wins: int
    win_rate: float  # wins / plays
    average: float  # points
    best: int
    worst: int
    margin: float  # average points behind the winner (0 for a win), as the game counts
    places: dict[int, int]  # place -> how many times


class GameStats(NamedTuple):
    game: str
    plays: int
    winning_average: float  # the winner's points (the first winner's, when shared)
    winning_low: int
    winning_high: int
    decided_by: dict[str, int]  # tiebreak step -> how many plays it decided


class HeadToHead(NamedTuple):
    """Two players over the plays they both sat in: who placed ahead, by game."""

    first: str
    second: str
    game: str
    plays: int
    first_ahead: int
    second_ahead: int
    level: int  # the same place
    first_average: float
    second_average: float


class Stats(NamedTuple):
    players: tuple[PlayerStats, ...]
    games: tuple[GameStats, ...]
    head_to_head: tuple[HeadToHead, ...]


def statistics(
    plays: Iterable[Play], highest_wins: Callable[[str], bool], pair: tuple[str, str] | None = None
) -> Stats:
    """Per player and game, per game, and for `pair` head to head; `highest_wins(game)` says which
    way a game's points run. Players are named as written, and one name in any case is one player."""
    by_game: dict[str, list[Play]] = defaultdict(list)
    for play in plays:
        by_game[play.game].append(play)
    players: list[PlayerStats] = []
    games: list[GameStats] = []
    duels: list[HeadToHead] = []
    for game in sorted(by_game):
        kept = by_game[game]
        better = 1 if highest_wins(game) else -1
        seats: dict[str, list[tuple[Seat, int]]] = defaultdict(list)  # folded name -> (seat, winner's points)
        shown: dict[str, str] = {}
        winning = []
        decided: Counter[str] = Counter()
        for play in kept:
            top = max((s.points * better for s in play.seats if s.winner), default=None)
            top = None if top is None else top * better
            if top is not None:
                winning.append(top)
            decided[play.decided_by] += 1
            for s in play.seats:
                shown.setdefault(s.name.casefold(), s.name)
                seats[s.name.casefold()].append((s, s.points if top is None else top))
        for key, sat in seats.items():
            points = [s.points for s, _ in sat]
            wins = sum(1 for s, _ in sat if s.winner)
            players.append(
                PlayerStats(
                    shown[key],
                    game,
                    len(sat),
                    wins,
                    wins / len(sat),
                    sum(points) / len(points),
                    max(points, key=lambda p: p * better),
                    min(points, key=lambda p: p * better),
                    sum((top - s.points) * better for s, top in sat) / len(sat),
                    dict(sorted(Counter(s.place for s, _ in sat).items())),
                )
            )
        games.append(
            GameStats(
                game,
                len(kept),
                sum(winning) / len(winning) if winning else 0.0,
                min(winning, default=0),
                max(winning, default=0),
                dict(decided.most_common()),
            )
        )
        if pair is not None:
            duel = head_to_head(kept, game, *pair)
            if duel.plays:
                duels.append(duel)
    players.sort(key=lambda p: (p.game, -p.win_rate, -p.wins, p.name.casefold()))
    return Stats(tuple(players), tuple(games), tuple(duels))


def head_to_head(plays: Iterable[Play], game: str, first: str, second: str) -> HeadToHead:
    """`first` against `second` over the plays of `game` both sat in (a lower place is ahead)."""
    together = []
    for play in plays:
        a, b = play.seat(first), play.seat(second)
        if play.game == game and a is not None and b is not None:
            together.append((a, b))
    n = len(together)
    return HeadToHead(
        together[0][0].name if together else first,  # as the plays write them
        together[0][1].name if together else second,
        game,
        n,
        sum(1 for a, b in together if a.place < b.place),
        sum(1 for a, b in together if b.place < a.place),
        sum(1 for a, b in together if a.place == b.place),
        sum(a.points for a, _ in together) / n if n else 0.0,
        sum(b.points for _, b in together) / n if n else 0.0,
    )
