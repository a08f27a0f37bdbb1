"""`pastiche plan` on the benchmark position, then the planner on random 12-card hands in process.

    python benchmarks/bench_plan.py [--runs 15] [--hands 200] [--seed 4] [--pastiche PATH]

The position (painting-twelve-cards.yaml) gives Dora 12 cards, two commissions in hand and four in
the gallery. Each command is checked once before it is timed: `plan --json` must give each of the
six its known fewest trades (2, 2, 1 and 0; two out of reach, with the reason), the text the same
plans. The floor is `pastiche check` on the same file, run alternately: the ratio is what planning
costs over loading the position. Issue 4's bar, the whole process in under 0.5 s, is read off the
wall times.

The sweep (`--hands` of them; 0 skips it) plans random 12-card hands in process, each for six random
commissions of 2 to 5 colours (the first two in hand), every plan first replayed through the trade
rules. Its floor is Dora's hand planned for her six commissions, as many times: the ratio is what a
random hand costs in plans of the benchmark position.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable

import harness
from harness import POSITIONS, Command, json_where, says

POSITION = POSITIONS / "painting-twelve-cards.yaml"
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
TESTS_CORE = harness.ROOT / "tests" / "games" / "pastiche" / "core"  # plan_oracle.py: replays a plan


def plans_as_known(answer) -> bool:
    found = {c["title"]: c["trades"] for c in answer["commissions"]}
    out_of_reach_say_why = all(c["blockers"] for c in answer["commissions"] if c["reachable"] is False)
    return found == KNOWN_TRADES and out_of_reach_say_why


def commands(pastiche: list[str]) -> list[Command]:
    position = str(POSITION)
    return [
        Command(
            "plan",
            [*pastiche, "plan", position, "--player", PLAYER],
            says(
                "Cream Tea (hand, needs red, olive, white, bisque): 2 trades, the fewest possible",
                "Copper Pans (gallery, needs red, brown, amber): 1 trade, the fewest possible",
                "Plum Harvest (gallery, needs violet, magenta, purple): not reachable by trades alone",
                "Mint Shutters (gallery, needs green, teal): completable now",
            ),
        ),
        Command(
            "plan --json",
            [*pastiche, "plan", position, "--player", PLAYER, "--json"],
            json_where(plans_as_known, f"trades per commission {KNOWN_TRADES}"),
        ),
    ]


# --- the sweep, in process (after harness.no_source_on_path(): the installed package) ----------------


def sweep(hands: int, seed: int) -> list[tuple[Counter, Counter, list[Counter]]]:
    """`hands` random 12-card hands, each with the bank left and six palettes of 2 to 5 colours."""
    from pastiche_cli.games.pastiche.core import colours

    names = colours.card_names()
    rng = random.Random(seed)
    deals = []
    for _ in range(hands):
        hand = Counter(rng.choice(names) for _ in range(12))
        bank = Counter({c: colours.copies(c) - hand[c] for c in names})
        palettes = [Counter(rng.choice(names) for _ in range(rng.randint(2, 5))) for _ in range(6)]
        deals.append((hand, bank, palettes))
    return deals


def plan_deals(deals) -> list:
    from pastiche_cli.games.pastiche.core.planner import plan

    # as `pastiche plan` plans: the first two commissions are the hand's, what they need the tie-break's keep
    return [
        plan(hand, bank, palette, keep_for=palettes[0] + palettes[1])
        for hand, bank, palettes in deals
        for palette in palettes
    ]


def check_sweep(deals) -> int:
    """Every plan replays through the trade rules to a hand holding its palette, or says why it cannot
    be made; some need trades. Returns the most hands one plan expanded."""
    from plan_oracle import replayed  # asserts that every step is a legal bank trade

    plans = plan_deals(deals)
    asked = [(hand, bank, palette) for hand, bank, palettes in deals for palette in palettes]
    for (hand, bank, palette), found in zip(asked, plans):
        what = f"plan of {dict(palette)} from {dict(hand)}"
        if not found.reachable:
            if not found.blockers:
                harness.fail(f"{what}: out of reach, with no reason given")
            continue
        try:
            after = replayed(hand, bank, found.steps)
        except AssertionError as refused:
            harness.fail(f"{what}: a step the rules refuse ({refused})")
        if palette - after:
            harness.fail(f"{what}: it ends without {dict(palette - after)}")
    if not any(p.steps for p in plans):
        harness.fail("no plan of the sweep needed a trade: the sweep planned nothing")
    return max(p.explored for p in plans)


def everyday() -> Callable[[], list]:
    """Dora's six plans on the benchmark position, made as `pastiche plan` makes them, checked."""
    from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
    from pastiche_cli.games.pastiche.core.planner import plan
    from pastiche_cli.games.pastiche.formats.loader import load_position

    position, problems = load_position(POSITION)
    if problems:
        harness.fail(f"{POSITION.name}: {problems[0]}")
    me = next(p for p in position.players if p.name == PLAYER)
    bank, keep = position.bank(), commission_needs(me.commissions)
    commissions = [*me.commissions, *position.gallery]

    def plan_six() -> list:
        return [plan(me.palette, bank, c.needs, keep_for=keep) for c in commissions]

    found = {c.title: len(p.steps) if p.reachable else None for c, p in zip(commissions, plan_six())}
    if found != KNOWN_TRADES:
        harness.fail(f"in process, Dora's plans take {found} trades, not {KNOWN_TRADES}")
    return plan_six


def body() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--hands", type=int, default=200, help="random 12-card hands in the sweep; 0 skips it (200)")
    parser.add_argument("--seed", type=int, default=4, help="the sweep's random seed (4)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    print(f"{' '.join(pastiche)} (package: {harness.installed_from()}); {args.runs} runs each, interleaved")
    base = Command("check (floor)", [*pastiche, "check", str(POSITION)], says(": OK"))
    processes = [harness.interleaved(c, base, args.runs) for c in commands(pastiche)]
    swept = None
    if args.hands > 0:
        harness.no_source_on_path()
        sys.path.insert(0, str(TESTS_CORE))  # the tests' helpers, never the repository root
        deals = sweep(args.hands, args.seed)
        most = check_sweep(deals)
        plan_six = everyday()

        def floor() -> None:
            for _ in deals:
                plan_six()

        name = f"sweep: {len(deals)} hands x 6 plans"
        swept = harness.in_process(name, lambda: plan_deals(deals), floor, "Dora's 6 plans, as often", args.runs)
    harness.report(processes, f"whole process, {POSITION.name}, Dora:")
    if swept:
        print()
        harness.report([swept], f"in process, random 12-card hands (seed {args.seed}):")
        print(f"most hands one plan expanded in the sweep: {most}")


if __name__ == "__main__":
    harness.main(body)
