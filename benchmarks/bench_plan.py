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
from collections import Counter

import harness
import planning
from harness import Command, json_where, says
from planning import KNOWN_TRADES, PLAYER

POSITION = planning.EVERYDAY  # painting-twelve-cards.yaml


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
        bank = planning.bank_of(hand)
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
    plans = plan_deals(deals)
    asked = [
        (f"plan of {dict(palette)} from {dict(hand)}", hand, bank, palette)
        for hand, bank, palettes in deals
        for palette in palettes
    ]
    planning.check_plans("the sweep", asked, plans)
    return max(p.explored for p in plans)


def body() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--hands", type=int, default=200, help="random 12-card hands in the sweep; 0 skips it (200)")
    parser.add_argument("--seed", type=int, default=4, help="the sweep's random seed (4)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.header(pastiche, args.runs)
    base = Command("check (floor)", [*pastiche, "check", str(POSITION)], says(": OK"))
    processes = [harness.interleaved(c, base, args.runs) for c in commands(pastiche)]
    swept = None
    if args.hands > 0:
        planning.on_path()
        from pastiche_cli.games.pastiche.core import planner

        deals = sweep(args.hands, args.seed)
        most = check_sweep(deals)
        dora = planning.everyday()

        def floor() -> None:
            for _ in deals:
                dora.plan_six(planner)

        name = f"sweep: {len(deals)} hands x 6 plans"
        swept = harness.in_process(name, lambda: plan_deals(deals), floor, "Dora's 6 plans, as often", args.runs)
    harness.report(processes, f"whole process, {POSITION.name}, Dora:")
    if swept:
        print()
        harness.report([swept], f"in process, random 12-card hands (seed {args.seed}):")
        print(f"most hands one plan expanded in the sweep: {most}")


if __name__ == "__main__":
    harness.main(body)
