"""What the plan benchmarks (bench_plan.py, bench_hand_sizes.py, bench_plan_hard.py) share.

Importing this module does nothing but import harness: the package is imported inside each function,
after `on_path()`, so that it is the installed one (harness.py).
"""

from __future__ import annotations

import pathlib
import sys
import tracemalloc
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import harness

TESTS_CORE = harness.ROOT / "tests" / "games" / "pastiche" / "core"  # plan_oracle.py: replays a plan
EVERYDAY = harness.POSITIONS / "painting-twelve-cards.yaml"
PLAYER = "Dora"
# Dora's fewest trades per commission (None: out of reach: the hand is too small for its palette).
KNOWN_TRADES = {
    "Cream Tea": 2,
    "Slate Quay": 2,
    "Copper Pans": 1,
    "Plum Harvest": None,
    "Night Market": None,
    "Mint Shutters": 0,
}


def on_path() -> None:
    """The installed package, never the source tree, and the tests' plan_oracle.py importable."""
    harness.no_source_on_path()
    if str(TESTS_CORE) not in sys.path:
        sys.path.insert(0, str(TESTS_CORE))  # the tests' helpers, never the repository root


def bank_of(hand: Counter) -> Counter:
    """The bank when no one else holds a card: every copy of the deck the hand does not hold."""
    from pastiche_cli.games.pastiche.core import colours

    return Counter({c: colours.copies(c) - hand[c] for c in colours.card_names()})


def trades(plans: list) -> list[int | None]:
    """Each plan's number of trades, None when it is out of reach."""
    return [len(p.steps) if p.reachable else None for p in plans]


def check_plans(what: str, asked: Iterable[tuple[str, Counter, Counter, Counter]], plans: list, traded=True) -> None:
    """Each plan replays to a hand holding its palette (or says why not); with `traded`, one needs a trade."""
    from plan_oracle import replayed  # asserts that every step is a legal bank trade

    for (where, hand, bank, palette), found in zip(asked, plans):
        if not found.reachable:
            if not found.blockers:
                harness.fail(f"{where}: out of reach, with no reason given")
            continue
        try:
            after = replayed(hand, bank, found.steps)
        except AssertionError as refused:
            harness.fail(f"{where}: a step the rules refuse ({refused})")
        if palette - after:
            harness.fail(f"{where}: the plan ends without {dict(palette - after)}")
    if traded and not any(p.steps for p in plans):
        harness.fail(f"{what}: no plan needed a trade, so nothing was planned")


@dataclass
class Everyday:
    """Dora's hand on painting-twelve-cards.yaml: the benchmarks' everyday plans."""

    hand: Counter
    bank: Counter
    in_hand: list
    gallery: list
    keep: Counter  # what her commissions in hand need: the planner's tie-break

    def plan_six(self, planner) -> list:
        """Her six plans by this planner module, as `pastiche plan` makes them."""
        return [planner.plan(self.hand, self.bank, c.needs, keep_for=self.keep) for c in self.in_hand + self.gallery]


def everyday() -> Everyday:
    """Dora's hand, loaded and checked: her six plans replay through the rules and take their known trades."""
    from pastiche_cli.games.pastiche.core import planner
    from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
    from pastiche_cli.games.pastiche.formats.record import load_position

    position, problems = load_position(EVERYDAY)
    if problems:
        harness.fail(f"{EVERYDAY.name}: {problems[0]}")
    me = next(p for p in position.players if p.name == PLAYER)
    hand, in_hand = Counter(me.palette), list(me.commissions)
    dora = Everyday(hand, position.bank(), in_hand, list(position.gallery), commission_needs(in_hand))
    commissions = dora.in_hand + dora.gallery
    plans = dora.plan_six(planner)
    asked = [(f"{EVERYDAY.name}, {c.title}", dora.hand, dora.bank, c.needs) for c in commissions]
    check_plans(EVERYDAY.name, asked, plans)
    found = dict(zip((c.title for c in commissions), trades(plans)))
    if found != KNOWN_TRADES:
        harness.fail(f"in process, {PLAYER}'s plans take {found} trades, not {KNOWN_TRADES}")
    return dora


def commissions(palettes: list[Counter]) -> list:
    """Made-up commissions of these palettes: Commission 1 by Artist 1, 10 points, and so on."""
    from pastiche_cli.games.pastiche.core import colours
    from pastiche_cli.games.pastiche.core.position import Commission

    return [
        Commission(f"Commission {i}", f"Artist {i}", 10, tuple(colours.as_list(p))) for i, p in enumerate(palettes, 1)
    ]


def position_file(hand: Counter, in_hand: list, gallery: list, path: pathlib.Path) -> pathlib.Path:
    """A position where Ana holds the hand and commissions and no one else a card (the bank: `bank_of(hand)`)."""

    def card(c) -> str:
        return f"{{title: {c.title}, artist: {c.artist}, points: {c.points}, palette: [{', '.join(c.palette)}]}}"

    held = ", ".join(f"{c}: {n}" for c, n in hand.items() if n)
    lines = ["players:", "  - name: Ana", f"    palette: {{{held}}}", "    commissions:"]
    lines += [f"      - {card(c)}" for c in in_hand]
    lines += ["    completed: []", "  - name: Ben", "    palette: []", "    commissions: []", "    completed: []"]
    lines += ["gallery:", *(f"  - {card(c)}" for c in gallery)]
    lines.append("turn: {player: Ana, phase: painting}")
    path.write_text("\n".join(lines) + "\n")
    return path


def peak_bytes(work: Callable[[], object]) -> int:
    """Peak memory of one call, in a run of its own (tracemalloc slows Python several times over)."""
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak
