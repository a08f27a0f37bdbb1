"""`plan` and `discard` on random hands of 8 to 131 cards, in process and as processes (issue 13).

    python benchmarks/bench_hand_sizes.py [--runs 5] [--hands 40] [--sizes 8,16,30,60,131] [--seed 13]
                                          [--process-size 30] [--pastiche PATH]

Each hand is dealt at random from the 131-card deck (the bank holds the rest), with two commissions
in hand and four in the gallery of 2 to 7 random colours. `plan` plans all six, as the command does;
`discard` ranks the discards down to the hand limit, lists the best five and finds the rank of a
random discard (the work of `--cards`). Everything is checked before it is timed: every plan replays
through the trade rules to a hand holding its palette (or says why it cannot), and every discard
advice brings the hand down to 8 with cards it holds and ranks the random discard.

In process, each size's hands are timed together, alternately with a floor of as many of the
everyday answers: Dora's six plans, or her discard advice, on painting-twelve-cards.yaml (12 cards,
4 over the limit). The ratio is what a hand of that size costs in everyday plans or discards.
Printed beside, as counts: the most hands one plan expanded and the worst peak memory of a hand
(tracemalloc, in a pass of its own). The first hand of `--process-size` is also written as a
position and timed as `pastiche plan --json` and `pastiche discard --json` processes, which must
give the same answers, against `pastiche check` on the same file: the ratio is what the command
adds to loading it. Issue 13's bars (a hand's plan under 0.5 s at 30 cards and 1 s at 131, its
discard under 0.2 s, memory under 100 MB) are read off the times (in process, those of all the
hands of a size together).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial

import harness
import planning
from harness import Command, json_where, says

SIZES = "8,16,30,60,131"

# Everything below runs after harness.no_source_on_path(): the package imported is the installed one.


def deal(size: int, rng: random.Random):
    """A hand of `size` cards from the deck, the bank that leaves, two commissions in hand, four in the gallery."""
    from pastiche_cli.games.pastiche.core import colours

    names = colours.card_names()
    hand = Counter(rng.sample([c for c in names for _ in range(colours.copies(c))], size))
    palettes = [Counter(rng.choice(names) for _ in range(rng.randint(2, 7))) for _ in range(6)]
    commissions = planning.commissions(palettes)
    return hand, planning.bank_of(hand), commissions[:2], commissions[2:]


def deals(seed: int, size: int, hands: int) -> list:
    rng = random.Random(seed * 1000 + size)
    return [deal(size, rng) for _ in range(hands)]


def plan_all(hand, bank, in_hand, gallery) -> list:
    """The six plans `pastiche plan` makes: the keep is what the commissions in hand need."""
    from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
    from pastiche_cli.games.pastiche.core.planner import plan

    keep = commission_needs(in_hand)
    return [plan(hand, bank, c.needs, keep_for=keep) for c in in_hand + gallery]


def discard_all(hand, in_hand, gallery, pick: random.Random):
    """The advice, its best five, and the rank of a random discard of as many cards as are over."""
    from pastiche_cli.games.pastiche.core import colours
    from pastiche_cli.games.pastiche.core.discard import advise

    advice = advise(hand, in_hand, gallery)
    advice.options[:5]  # the five the command shows
    cards = list(hand.elements())
    pick.shuffle(cards)
    random_discard = colours.as_list(Counter(cards[: advice.over]))
    rank = advice.options.find(random_discard) if advice.over else None
    return advice, random_discard, rank


def check_plans(what: str, hand, bank, commissions, plans) -> None:
    asked = [(f"{what}, plan for {c.title} ({', '.join(c.palette)})", hand, bank, c.needs) for c in commissions]
    planning.check_plans(what, asked, plans, traded=False)  # a random hand may need no trade


def check_discard(what: str, hand, answer) -> None:
    advice, random_discard, rank = answer
    over = max(0, sum(hand.values()) - 8)
    if advice.over != over:
        harness.fail(f"{what}: discard says {advice.over} over the limit, the hand is {over} over")
    if not over:
        return
    best = advice.options[0]
    if len(best.discard) != over or len(best.kept) != 8 or Counter(best.discard) - hand:
        harness.fail(f"{what}: the best discard {best.discard} does not bring the hand down to 8 of its cards")
    if advice.best_count < 1 or rank is None or rank < 0:
        harness.fail(f"{what}: no rank for the random discard {random_discard} (best count {advice.best_count})")


def check_size(size: int, dealt: list, seed: int) -> tuple[int, int, int]:
    """Check every hand's answers; (most hands one plan expanded, worst peak bytes of plan, of discard)."""
    most, plan_peak, discard_peak = 0, 0, 0
    for n, (hand, bank, in_hand, gallery) in enumerate(dealt, 1):
        what = f"{size} cards, hand {n}"
        plans = plan_all(hand, bank, in_hand, gallery)
        check_plans(what, hand, bank, in_hand + gallery, plans)
        check_discard(what, hand, discard_all(hand, in_hand, gallery, random.Random(seed + n)))
        most = max([most] + [p.explored for p in plans])
        plan_peak = max(plan_peak, planning.peak_bytes(partial(plan_all, hand, bank, in_hand, gallery)))
        pick = random.Random(seed + n)
        discard_peak = max(discard_peak, planning.peak_bytes(partial(discard_all, hand, in_hand, gallery, pick)))
    return most, plan_peak, discard_peak


def everyday() -> tuple[Callable[[], object], Callable[[], object]]:
    """Dora's six plans and her discard advice on the benchmark position, checked once."""
    from pastiche_cli.games.pastiche.core import planner

    dora = planning.everyday()
    check_discard(
        planning.EVERYDAY.name, dora.hand, discard_all(dora.hand, dora.in_hand, dora.gallery, random.Random(0))
    )
    return (
        lambda: dora.plan_six(planner),
        lambda: discard_all(dora.hand, dora.in_hand, dora.gallery, random.Random(0)),
    )


# --- one hand as processes ----------------------------------------------------------------------------


def processes(pastiche: list[str], size: int, seed: int, runs: int) -> list[harness.Figures]:
    """`plan` and `discard` on the first hand of this size, each checked against the answers in process."""
    [(hand, bank, in_hand, gallery)] = deals(seed, size, 1)
    position = str(planning.position_file(hand, in_hand, gallery, harness.OUTSIDE / f"hand-of-{size}.yaml"))
    trades = planning.trades(plan_all(hand, bank, in_hand, gallery))
    advice = discard_all(hand, in_hand, gallery, random.Random(0))[0]

    def same_plans(answer) -> bool:
        return [c["trades"] for c in answer["commissions"]] == trades

    def same_discard(answer) -> bool:
        return answer["over"] == advice.over and answer["best_count"] == advice.best_count

    ana = ["--player", "Ana", "--json"]
    base = Command("check (floor)", [*pastiche, "check", position], says(": OK"))
    checks = {
        "plan": json_where(same_plans, f"trades {trades}"),
        "discard": json_where(same_discard, f"{advice.over} over, {advice.best_count} best discards"),
    }
    return [
        harness.interleaved(
            Command(f"{verb} --json, {size} cards", [*pastiche, verb, position, *ana], check), base, runs
        )
        for verb, check in checks.items()
    ]


def body() -> None:
    parser = harness.parser(__doc__, runs=5)
    parser.add_argument("--hands", type=int, default=40, help="random hands per size (40)")
    parser.add_argument("--sizes", default=SIZES, help=f"hand sizes, comma-separated ({SIZES})")
    parser.add_argument("--seed", type=int, default=13, help="the deals' random seed (13)")
    parser.add_argument("--process-size", type=int, default=30, help="the size of the hand timed as processes (30)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if not all(8 <= s <= 131 for s in sizes + [args.process_size]) or args.hands < 1:
        harness.fail(f"hand sizes are 8 to 131 cards and --hands at least 1: {args.sizes}, {args.process_size}")
    pastiche = harness.pastiche(args)
    harness.header(pastiche, args.runs)
    planning.on_path()
    dealt = {size: deals(args.seed, size, args.hands) for size in sizes}
    counts = {size: check_size(size, dealt[size], args.seed) for size in sizes}
    plan_six, discard_once = everyday()
    timed_processes = processes(pastiche, args.process_size, args.seed, args.runs)

    figures = []
    for size in sizes:
        hands = dealt[size]

        def plans(hands=hands) -> None:
            for hand, bank, in_hand, gallery in hands:
                plan_all(hand, bank, in_hand, gallery)

        def discards(hands=hands) -> None:
            for n, (hand, _, in_hand, gallery) in enumerate(hands, 1):
                discard_all(hand, in_hand, gallery, random.Random(args.seed + n))

        def as_often(once: Callable[[], object], hands=hands) -> Callable[[], None]:
            return lambda: [once() for _ in hands]

        name = f"{size} cards x {len(hands)}"
        figures.append(
            harness.in_process(f"plan, {name}", plans, as_often(plan_six), "Dora's 6 plans, as often", args.runs)
        )
        figures.append(
            harness.in_process(
                f"discard, {name}", discards, as_often(discard_once), "Dora's discard, as often", args.runs
            )
        )

    harness.report(timed_processes, f"whole process, the first hand of {args.process_size} cards:")
    print()
    harness.report(figures, f"in process, {args.hands} random hands per size (seed {args.seed}):")
    print(f"\n{'cards':>5}  {'most hands':>10}  {'plan peak MB':>12}  {'discard peak MB':>15}")
    for size, (most, plan_peak, discard_peak) in counts.items():
        print(f"{size:>5}  {most:>10}  {plan_peak / 2**20:>12.2f}  {discard_peak / 2**20:>15.2f}")


if __name__ == "__main__":
    harness.main(body)
