"""`pastiche plan`: the shortest bank trades that make each commission completable."""

from __future__ import annotations

from collections import Counter

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, load, pick, player_option, whose
from pastiche_cli.games.pastiche.commands._tab import complete_commission
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable_points
from pastiche_cli.games.pastiche.core.commissions import own_turn, statuses
from pastiche_cli.games.pastiche.core.planner import plan
from pastiche_cli.games.pastiche.core.rule_ids import COMMISSION_COMPLETE, SCORE_PALETTE, TRADE
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
    pos, _ = load(position, catalogue, as_json=as_json, needs=("players.palette", "players.commissions"))
    me, from_turn = whose(pos, player_name)
    every = statuses(pos, me)
    chosen = [pick(every, commission)] if commission is not None else every
    bank = pos.bank()
    keep = commission_needs(me.commissions)
    turn = own_turn(pos, me, TRADE, f"{me.name} may trade with the bank")
    results = []
    too_big = (
        f"not planned: the exact search passed {SEARCH_LIMIT:,} hands (too many cards to search "
        "every sequence of trades)"
    )
    for s in chosen:
        try:
            p = plan(me.palette, bank, s.commission.needs, keep_for=keep, max_hands=SEARCH_LIMIT)
        except RuntimeError:
            results.append((s, None, None))
            continue
        before_points = usable_points(me.palette, keep)
        after_points = usable_points(Counter(p.hand_after), keep)
        results.append((s, p, before_points - after_points))

    if as_json:
        out = []
        for s, p, lost in results:
            if p is None:
                out.append(
                    {
                        "title": s.commission.title,
                        "source": s.source,
                        "reachable": None,
                        "completable_now": s.completable,
                        "trades": None,
                        "steps": [],
                        "spent": [],
                        "given": [],
                        "hand_after": [],
                        "value_lost": None,
                        "missing": list(s.missing),
                        "blockers": [],
                        "notes": [too_big],
                    }
                )
                continue
            out.append(
                {
                    "title": s.commission.title,
                    "source": s.source,
                    "reachable": p.reachable,
                    "completable_now": s.completable,
                    "trades": len(p.steps) if p.reachable else None,
                    "steps": [st.as_json() for st in p.steps],
                    "spent": list(p.spent),
                    "given": list(p.given),
                    "hand_after": list(p.hand_after),
                    "value_lost": lost if p.reachable else None,
                    "missing": list(p.missing_now),
                    "blockers": list(p.blockers),
                }
            )
        notes = [turn.note] if turn.note else []
        if not turn.allowed:
            notes.append(turn.reason)
        emit_json(
            {
                "player": me.name,
                "player_from_turn": from_turn is not None,
                "rule": TRADE,
                "turn_checked": turn.checked,
                "notes": notes,
                "hand": colours.as_list(me.palette),
                "commissions": out,
            }
        )
    else:
        lines = [f"{me.name}{', ' + from_turn + ',' if from_turn else ''} holds {colours.describe(me.palette)}."]
        for s, p, lost in results:
            head = f"{s.commission.title} ({s.source}, needs {', '.join(s.commission.palette)})"
            lines.append("")
            if p is None:
                lines.append(f"{head}: {too_big}; missing {', '.join(s.missing)}.")
                continue
            if not p.reachable:
                lines.append(f"{head}: not reachable by trades alone; missing {', '.join(p.missing_now)}.")
                for why in p.blockers:
                    lines.append(f"  why: {why}")
                continue
            if not p.steps:
                lines.append(f"{head}: completable now, no trade needed [{COMMISSION_COMPLETE}].")
                continue
            n = len(p.steps)
            lines.append(f"{head}: {n} trade{'s' if n > 1 else ''}, the fewest possible:")
            for i, st in enumerate(p.steps, 1):
                lines.append(f"  {i}. give {' + '.join(st.give)} for {st.get} [{st.rule}]")
            if lost >= 0:
                value = f"end-game value lost: {lost} usable-palette point{'s' if lost != 1 else ''}"
            else:
                value = f"end-game value gained: {-lost} usable-palette point{'s' if lost != -1 else ''}"
            lines.append(f"  cards spent: {', '.join(p.spent) or 'none'}; {value} [{SCORE_PALETTE}]")
            lines.append(f"  hand after: {', '.join(p.hand_after)}")
        if turn.note:
            lines += ["", f"Note: {turn.note}."]
        elif not turn.allowed:
            lines += ["", f"Note: not now [{turn.rule}]: {turn.reason}."]
        echo_lines(lines)
    if commission is not None and results[0][1] is not None and not results[0][1].reachable:
        raise SystemExit(EXIT_RULES_SAY_NO)
