"""`pastiche masterpiece options FILE --player NAME`: every thesis the player could present now."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, table
from pastiche_cli.games.masterpiece.commands._shell import find_player, load, theses_option
from pastiche_cli.games.masterpiece.commands._tab import complete_file_player
from pastiche_cli.games.masterpiece.core.endgame import turns_spent
from pastiche_cli.games.masterpiece.core.rule_ids import END_TURNS, PRESENT, RESEARCH, REVIEW


def _way_words(way) -> str:
    return ", ".join(str(c) if s.owner is None else f"{c} (cite {s.owner})" for c, s in way.cards)


@click.command("options")
@position_argument
@click.option("--player", required=True, metavar="NAME", shell_complete=complete_file_player, help="Whose options.")
@theses_option
@output_options
def command(position: str, player: str, theses: str | None, as_json: bool, fmt: str) -> None:
    """Every thesis the player could present now from hand plus citable cards, with the cards it would use.

    For each thesis: how many card sets would do, and the one shown (owing the fewest cards, then
    using the fewest hand cards), or why it cannot be presented.

    \b
    Example:
      pastiche masterpiece options game.yaml --player Ana
    """
    from pastiche_cli.games.masterpiece.core.options import options

    pos, _ = load(position, theses, as_json=as_json)
    who = find_player(pos, player)
    found = options(pos, who)
    if as_json:
        emit_json(
            {
                "player": who.name,
                "options": [
                    {
                        "thesis": o.thesis.id,
                        "requirement": o.thesis.requirement.text(),
                        "points": o.thesis.points,
                        "presentable": o.presentable,
                        "rule": o.rule,
                        "reason": o.reason,
                        "ways": o.ways,
                        "cards": [{"card": str(c), "from": str(s)} for c, s in o.best.cards] if o.best else [],
                        "hand_cards": o.best.hand_used if o.best else 0,
                        "owed": o.best.owed if o.best else 0,
                        "accepted_at_once": bool(o.best and o.best.hand_used == 1),
                    }
                    for o in found
                ],
            }
        )
        return
    yes = [o for o in found if o.presentable]
    rows = [
        [
            o.thesis.id,
            o.thesis.requirement.text(),
            o.thesis.points,
            o.ways,
            _way_words(o.best),
            o.best.owed,
            "yes" if o.best.hand_used == 1 else "",
        ]
        for o in yes
    ]
    if rows:
        table(
            ["thesis", "requirement", "points", "ways", "cards (one way)", "owed", "accepted at once"],
            rows,
            fmt,
            title=f"{who.name} can present {len(rows)} thes{'i' if len(rows) == 1 else 'e'}s [{PRESENT}]",
            align=["left", "left", "right", "right", "left", "right", "left"],
        )
    elif turns_spent(pos, who.name):
        click.echo(f"{who.name} has no turn left, so no thesis to present: {turns_spent(pos, who.name)} [{END_TURNS}]")
    else:
        click.echo(f"{who.name} can present no thesis now: research or review instead [{RESEARCH}] [{REVIEW}]")
    no = [o for o in found if not o.presentable]
    if no:
        click.echo("")
        click.echo("Not now:")
        for o in no:
            click.echo(f"  {o.thesis.id} ({o.thesis.requirement.text()}): {o.reason} [{o.rule}]")
