"""`pastiche plan`: the shortest bank trades that make each commission completable."""

from __future__ import annotations

from collections import Counter

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import output_options, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, pick, player_option, whose
from pastiche_cli.games.pastiche.commands._tab import complete_commission
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable_points
from pastiche_cli.games.pastiche.core.commissions import own_turn, statuses
from pastiche_cli.games.pastiche.core.planner import plan
from pastiche_cli.games.pastiche.core.rule_ids import TRADE
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.games.pastiche.render.moves import plan_told
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

# Hands the exact search may expand per commission before it gives up. A safety net, never reached by
# a legal position: benchmarks/bench_plan.py prints the most any hand of 8 to 131 cards needed (a few
# thousand); tests/games/pastiche/core/test_plan_large.py checks a sweep stays far below it.
SEARCH_LIMIT = 300_000


@click.command("plan")
@position_argument
@click.argument("commission", required=False, metavar="[COMMISSION]", shell_complete=complete_commission)
@player_option("The player who would trade.")
@catalogue_option
@output_options(tables=False)
def command(
    position: str, commission: str | None, player_name: str | None, catalogue: str | None, as_json: bool
) -> None:
    """The shortest sequence of bank trades after which each commission (hand and gallery) is completable.

    Exact: no shorter sequence exists. Respects the bank's stock; trades with players are not
    considered. Among the shortest plans, the one keeping the most usable-palette points is shown.
    COMMISSION (title or id) plans for one; the exit code is then 1 if trades alone cannot reach it.

    \b
    Example:
      pastiche plan game.yaml --player Ana
      pastiche plan game.yaml --player Ana "Quiet Orchard" --json
      pastiche plan game.yaml              # the player to move (the file's `turn:`)
    """
    needs = ("players.palette", "players.commissions")
    pos = load(GAME, position, {"catalogue": catalogue}, as_json=as_json, needs=needs).position
    me, from_turn = whose(pos, player_name)
    every = statuses(pos, me)
    chosen = [pick(every, commission)] if commission is not None else every
    bank = pos.bank()
    keep = commission_needs(me.commissions)
    turn = own_turn(pos, me, TRADE, f"{me.name} may trade with the bank")
    results = []
    for s in chosen:
        try:
            p = plan(me.palette, bank, s.commission.needs, keep_for=keep, max_hands=SEARCH_LIMIT)
        except RuntimeError:
            results.append((s, None, None))
            continue
        results.append((s, p, usable_points(me.palette, keep) - usable_points(Counter(p.hand_after), keep)))

    show(plan_told(me, from_turn, turn, results, SEARCH_LIMIT), as_json, styles=terminal(GAME).styles)
    if commission is not None and results[0][1] is not None and not results[0][1].reachable:
        raise SystemExit(EXIT_RULES_SAY_NO)
