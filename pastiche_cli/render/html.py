"""A game record as one self-contained HTML page, for every game: the scores, the score race, the table
at every move, steppable by move and by turn; phone first, and a score sheet when printed.

Everything is inline and a Content-Security-Policy forbids any fetch, so the page works offline. The
markup is render/templates/, the style and script render/static/ (render/pages.py); the facts come worked
out (cli/verbs/replay.py) and this module only lays them out, importing no game. The page grows with the
moves, not with moves times table: the table is drawn once, its parts marked with the steps they show at.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pastiche_cli.render import pages


class Move(NamedTuple):
    """One legal move as the page shows it."""

    n: int
    notation: str
    rule: str
    reason: str
    effects: tuple[str, ...]
    gained: tuple[str, ...] = ()  # the cards it gave its player, by name
    spent: tuple[str, ...] = ()  # the cards it cost them


class Frame(NamedTuple):
    """One turn of the page (or the setup): its moves, and the table after it."""

    title: str
    first_move: int  # the number of the turn's first move (0 for the setup)
    moves: tuple[Move, ...]
    state: list[str]  # the table after the turn, in words
    hands: tuple[tuple[str, tuple[str, ...]], ...] | None = None  # each player's cards after the turn


class PageFacts(NamedTuple):
    game: str  # the game's title
    name: str  # the record's file name
    frames: tuple[Frame, ...]
    scores: Any  # kernel/game.ScoreTable once the game is over, or None
    over: bool
    picture: str | None = None  # the table at every step, pooled (render/layers.py)
    race: Any = None  # kernel/game.Race, or None
    standings: Any = None  # a ScoreTable of the scores so far, for a game not over
    colours: dict[str, str] | None = None  # card name -> CSS colour, for the chips
    unfinished: str = ""  # why there are no final scores, in the game's words
    bgstats: str = ""  # the link that opens BG Stats on this play, once the game is over (kernel/bgstats.py)


MOVE_HEADERS = ("#", "turn", "move", "verdict", "rule")


def record_page(facts: PageFacts) -> str:
    """The whole page as text."""
    classes, styled = chip_classes(facts)
    tables = ((facts.scores, "scores"), (facts.standings, "standings"))
    return (
        pages.environment()
        .get_template("record.html")
        .render(
            title=f"{facts.game} game record: {facts.name}",
            moves=sum(len(f.moves) for f in facts.frames),
            frames=facts.frames,
            scores=facts.scores,
            standings=facts.standings,
            over=facts.over,
            unfinished=facts.unfinished,
            bgstats=facts.bgstats,
            race=race_chart(facts.race) if facts.race is not None and facts.race.players else None,
            picture=inline_svg(facts.picture) if facts.picture else None,
            classes=classes,
            styled=styled,
            tables=[("moves", MOVE_HEADERS)] + [(i, table.headers) for table, i in tables if table is not None],
            move_headers=MOVE_HEADERS,
        )
    )


# The race chart: a 560 by 300 picture, its plot from x 44 to 442 and from y 16 to 258.
RACE_BOX = {"width": 560, "height": 300, "left": 44, "right": 442, "top": 16, "bottom": 258}


def race_chart(race) -> dict[str, Any]:
    """The score race's numbers for templates/race.html: ticks, threshold, each line, the names kept 16 apart."""
    left, top, bottom = RACE_BOX["left"], RACE_BOX["top"], RACE_BOX["bottom"]
    steps = len(race.points) - 1
    highest = max([v for row in race.points for v in row] + [race.threshold or 0, 1])
    tick = _nice(highest)
    ceiling = -(-highest // tick) * tick
    dx = (RACE_BOX["right"] - left) / max(steps, 1)

    def y(v: float) -> float:
        return top + (bottom - top) * (1 - v / ceiling)

    said = ", ".join(f"{p} {v}" for p, v in zip(race.players, race.points[-1]))
    title = f"Score race, {race.measure} after each move: {said}"
    threshold = None
    if race.threshold is not None:
        title += f"; {race.threshold_label or f'the end at {race.threshold}'}"
        threshold = (y(race.threshold), race.threshold_label or f"end at {race.threshold}")
    lines = [
        _race_line(k, player, [row[k] for row in race.points], left, dx, y) for k, player in enumerate(race.players)
    ]
    by_end = sorted(lines, key=lambda line: line["final_y"])
    for a in range(1, len(by_end)):
        by_end[a]["label_y"] = max(by_end[a]["label_y"], by_end[a - 1]["label_y"] + 16)
    x_ticks = [(i, left + i * dx) for i in range(0, steps + 1, _nice(steps) if steps > 4 else 1)]
    ticks = {"y_ticks": [(v, y(v)) for v in range(0, ceiling + 1, tick)], "x_ticks": x_ticks, "threshold": threshold}
    drawn = {"lines": lines, "by_end": by_end, "marker": left + steps * dx}
    return RACE_BOX | {"dx": dx, "title": title, "measure": race.measure} | ticks | drawn


def _race_line(k: int, player: str, series: list[int], left: int, dx: float, y) -> dict[str, Any]:
    """One player's line: its points (a run of equal values drawn as its ends), look and marks."""
    points, previous = [], None
    for i, v in enumerate(series):
        if previous is not None and v == previous and i + 1 < len(series) and series[i + 1] == v:
            continue
        points.append(f"{left + i * dx:.1f},{y(v):.1f}")
        previous = v
    look = {"colour": RACE_COLOURS[k % len(RACE_COLOURS)], "dash": RACE_DASHES[k % len(RACE_DASHES)]}
    look |= {"shape": RACE_MARKERS[k % len(RACE_MARKERS)], "points": " ".join(points)}
    ends = {"final": series[-1], "final_y": y(series[-1]), "label_y": y(series[-1])}
    named = {"player": player, "label": player if len(player) <= 9 else player[:8] + "\u2026"}
    return named | look | {"ys": " ".join(f"{y(v):.1f}" for v in series)} | ends


# Players' lines in the race: told apart by colour (a colour-blind-safe set), by dash and by marker shape.
RACE_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#8c564b")
RACE_DASHES = ("", "9 4", "2 3", "12 3 3 3", "6 2", "1 2", "14 4", "4 4")
RACE_MARKERS = (
    "M-6,0a6,6 0 1,0 12,0a6,6 0 1,0 -12,0z",
    "M-5,-5h10v10h-10z",
    "M0,-6L6,5H-6z",
    "M0,-6.5L6.5,0L0,6.5L-6.5,0z",
    "M-6,-2h12v4h-12z",
    "M-2,-6h4v12h-4z",
    "M0,6L6,-5H-6z",
    "M-5,-5L5,5M5,-5L-5,5",
)


def _nice(span: float) -> int:
    """A tick step near span/4: 1, 2 or 5 times a power of ten."""
    raw = max(span / 4, 1)
    power = 1
    while power * 10 <= raw:
        power *= 10
    return next(power * m for m in (1, 2, 5, 10) if power * m >= raw)


def _contrast_ink(colour: str) -> str:
    """Black or white, whichever reads better on the colour (WCAG's relative luminance)."""
    try:
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#000"

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#000" if (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) else "#fff"


def chip_classes(facts: PageFacts) -> tuple[dict[str, str], list[dict[str, str]]]:
    """The chips' classes, card name -> class, in the order the page first shows each card with a colour
    (a turn's moves, then its hands), and each class's colours for the style."""
    order = [
        name
        for frame in facts.frames
        for name in [name for move in frame.moves for name in (*move.gained, *move.spent)]
        + [name for _, cards in frame.hands or () for name in cards]
    ]
    return styled_chips(facts.colours or {}, order)


def styled_chips(colours: dict, order) -> tuple[dict[str, str], list[dict[str, str]]]:
    """A class for each card name of `order` that has a colour (#rrggbb), first seen first, and each class's
    background and ink for the style."""
    classes: dict[str, str] = {}
    for name in order:
        colour = colours.get(name)
        if isinstance(colour, str) and len(colour) == 7 and colour.startswith("#"):
            classes.setdefault(name, f"k{len(classes)}")
    styled = [
        {"cls": cls, "colour": colours[name], "ink": _contrast_ink(colours[name])} for name, cls in classes.items()
    ]
    return classes, styled


def inline_svg(text: str) -> str:
    """A picture for inline use: no XML declaration, and no ids (the page has its own)."""
    text = text.split("?>", 1)[1] if text.startswith("<?xml") else text
    return text.replace(' id="', ' data-id="').strip()
