"""`pastiche complete`: which commissions can the player complete now, and what is missing?"""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.games.pastiche.commands._shell import pick, player_option, whose
from pastiche_cli.games.pastiche.commands._tab import complete_commission
from pastiche_cli.games.pastiche.core.commissions import completion, statuses
from pastiche_cli.games.pastiche.game import GAME


def ask(game, loaded, path: str, commission: str | None, player_name: str | None, apply: bool) -> Answer:
    from pastiche_cli.games.pastiche.render.moves import complete_told

    pos = loaded.position
    me, from_turn = whose(pos, player_name)
    every = statuses(pos, me)
    if apply and commission is None:
        raise click.UsageError("--apply needs the COMMISSION to complete (its title or id)")
    chosen = pick(every, commission) if commission is not None else None
    answer = completion(pos, me, chosen)
    made = []
    if apply and answer.legal:
        from pastiche_cli.games.pastiche.core.commissions import commission_ref
        from pastiche_cli.games.pastiche.core.moves import Complete

        made = [Complete(me.name, commission_ref(every, chosen))]
    shown = [chosen] if chosen is not None else every

    def tell(notes: list[str] | None):
        return complete_told(me, from_turn, answer, shown, path, apply, None if notes is None else chosen)

    return Answer(answer.legal, tell, made)


command = move_command(
    GAME,
    MoveCommand(
        "complete",
        """Which commissions (hand and gallery) the player can complete now, or exactly what is missing.

        COMMISSION (a title or catalogue id) asks about one; with --apply it is completed in the file.
        Without one, it also works out which commissions can be completed together (their cards go back
        to the bank, so together they need the sum of their palettes): every largest set, with its cards.
        Exit 0 when the commission asked about (or, without one, at least one) can be completed now.

        \b
        Example:
          pastiche complete game.yaml --player Ana
          pastiche complete game.yaml --player Ana --apply "Harbour at Dusk"
          pastiche complete game.yaml          # the player to move (the file's `turn:`)
        """,
        (
            click.argument("commission", required=False, metavar="[COMMISSION]", shell_complete=complete_commission),
            player_option("The player completing."),
            apply_option("Complete COMMISSION in the file: it moves to 'completed' and its cards leave the hand."),
        ),
        ask,
        needs=("players.palette", "players.commissions"),
        tables=True,
    ),
)
