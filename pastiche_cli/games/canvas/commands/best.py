"""`pastiche canvas best FILE --player NAME`: every painting the hand allows now, ranked by the points it adds."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, resolve_format, table
from pastiche_cli.games.canvas.commands._shell import find_player, load, plural
from pastiche_cli.games.canvas.commands._tab import complete_file_player
from pastiche_cli.games.canvas.core.best import options
from pastiche_cli.games.canvas.core.rule_ids import CAP
from pastiche_cli.games.canvas.core.turns import judge_paint
from pastiche_cli.games.canvas.render.explain import reading_lines, ribbon_lines
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("best")
@position_argument
@click.option(
    "--player",
    "player_name",
    required=True,
    metavar="NAME",
    shell_complete=complete_file_player,
    help="Whose hand to paint from.",
)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="How many paintings to show in the table (--json lists every one).",
)
@output_options
def command(position: str, player_name: str, top: int, as_json: bool, fmt: str) -> None:
    """Every painting the player could complete now (each choice of 3 cards from hand, each order),
    ranked by the points it adds to their final score given the ribbons already earned, the cap included.

    Exact: every painting is scored in full. Exit 1 when the player cannot paint now.

    \b
    Example:
      pastiche canvas best examples/positions/canvas/two-player-tiebreak.yaml --player Ana
    """
    pos, _ = load(position, as_json=as_json)
    player = find_player(pos, player_name)
    verdict = judge_paint(player)
    if not verdict.legal:
        if as_json:
            emit_json({"legal": False, "rule": verdict.rule, "reason": verdict.reason, "paintings": []})
        else:
            click.echo(f"{player.name} cannot complete a painting now [{verdict.rule}]: {verdict.reason}")
        raise SystemExit(EXIT_RULES_SAY_NO)
    found = options(pos, player)
    if as_json:
        emit_json(
            {
                "legal": True,
                "rule": verdict.rule,
                "reason": verdict.reason,
                "player": player.name,
                "house_rules": pos.house.as_json(),
                "paintings": [
                    {
                        "cards": list(o.words),
                        "gain": o.gain,
                        "ribbons": {r.card: r.count for r in o.painting.ribbons},
                        "bonus_ribbons": o.painting.bonus_count,
                        "points": {card: g for card, g in o.points_gain},
                        "bonus_points": o.bonus_gain,
                    }
                    for o in found
                ],
            }
        )
        return
    fmt = resolve_format(fmt)
    rows = []
    for n, o in enumerate(found[:top], 1):
        rows.append(
            [n, " / ".join(o.words), f"+{o.gain}"]
            + [f"{r.count} (+{g})" for r, (_, g) in zip(o.painting.ribbons, o.points_gain)]
            + [f"{o.painting.bonus_count} (+{o.bonus_gain})"]
        )
    headers = ["#", "bottom / middle / top", "gain"] + list(pos.scoring) + ["grey"]
    shown = f"the best {min(top, len(found))} of {len(found)}" if len(found) > top else f"all {len(found)}"
    table(
        headers,
        rows,
        fmt,
        title=f"Paintings {player.name} can complete now ({shown}; ribbons (+points))",
        align=["right", "left", "right"] + ["right"] * (len(headers) - 3),
    )
    click.echo("")
    click.echo(f"{verdict.reason} [{verdict.rule}]")
    click.echo(
        f"Gain: the change in {player.name}'s total, with the ribbons already earned and each card's "
        f"limit counted [{CAP}]"
    )
    best = found[0]
    click.echo(f"Best: {', '.join(best.words)} (bottom to top), +{plural(best.gain, 'point')}")
    for line in ribbon_lines(best.painting, "  "):
        click.echo(line)
    for line in reading_lines(pos.house, pos.scoring, bool(best.painting.bonus)):
        click.echo(line)
