"""`pastiche swap`: the once-per-turn swap of a hand commission for a gallery commission."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._apply import apply_move
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, find_player, pick, read
from pastiche_cli.games.pastiche.commands._tab import complete_commission, complete_player
from pastiche_cli.games.pastiche.core.commissions import judge_swap, statuses
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_RULES_SAY_NO


@click.command("swap")
@position_argument
@click.option(
    "--player",
    "player_name",
    required=True,
    metavar="NAME",
    shell_complete=complete_player,
    help="The player swapping.",
)
@click.option(
    "--give",
    "give_text",
    required=True,
    metavar="HAND_COMMISSION",
    shell_complete=complete_commission,
    help="The commission from the player's hand (title or id).",
)
@click.option(
    "--take",
    "take_text",
    required=True,
    metavar="GALLERY_COMMISSION",
    shell_complete=complete_commission,
    help="The gallery commission taken in exchange (title or id).",
)
@click.option(
    "--apply",
    "apply",
    is_flag=True,
    help="Record the swap in the file, and that this turn's swap is used (turn.swapped).",
)
@catalogue_option
@output_options(tables=False)
def command(
    position: str, player_name: str, give_text: str, take_text: str, apply: bool, catalogue: str | None, as_json: bool
) -> None:
    """May the player swap one hand commission for one gallery commission now (once per turn)?

    \b
    Example:
      pastiche swap game.yaml --player Ana --give "Quiet Orchard" --take "Salt Marsh"
      pastiche swap game.yaml --player Ana --give "Quiet Orchard" --take "Salt Marsh" --apply
    """
    loaded = read(position, catalogue, as_json=as_json, needs=("players.commissions", "gallery"))
    pos = loaded.position
    me = find_player(pos, player_name)
    every = statuses(pos, me)
    give = pick(every, give_text, "'--give'")
    take = pick(every, take_text, "'--take'")
    verdict = judge_swap(pos, me, give, take)
    if apply and verdict.legal and pos.turn is None:
        # A key the command needs and the file lacks: the file's problem, exit 3 (SPEC 3.1, 6.1).
        abort(
            f"{position}: --apply needs 'turn' in the file (turn: {{player: NAME, phase: painting}}), "
            "to remember that this turn's gallery swap is used",
            EXIT_BAD_FILE,
        )
    applied = False
    if apply and verdict.legal:
        from pastiche_cli.games.pastiche.core.commissions import commission_ref
        from pastiche_cli.games.pastiche.core.moves import Swap

        apply_move(position, catalogue, loaded, Swap(me.name, commission_ref(every, give), commission_ref(every, take)))
        applied = True
    if as_json:
        emit_json(
            {
                "legal": verdict.legal,
                "rule": verdict.rule,
                "reason": verdict.reason,
                "give": give.commission.title,
                "take": take.commission.title,
                "turn_checked": verdict.turn.checked,
                "notes": [verdict.turn.note] if verdict.turn.note else [],
                "applied": applied,
            }
        )
    else:
        click.echo(f"{'Legal' if verdict.legal else 'NOT legal'} [{verdict.rule}]: {verdict.reason}.")
        if verdict.turn.note:
            click.echo(f"Note: {verdict.turn.note}.")
        if applied:
            click.echo(f"Recorded in {position}; this turn's gallery swap is now used.")
        elif apply:
            click.echo("Nothing was recorded.")
    if not verdict.legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
