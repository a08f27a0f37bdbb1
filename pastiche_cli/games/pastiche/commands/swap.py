"""`pastiche swap`: the once-per-turn swap of a hand commission for a gallery commission."""

from __future__ import annotations

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import abort
from pastiche_cli.games.pastiche.commands._shell import commission_option, find_player, pick, player_option
from pastiche_cli.games.pastiche.core.commissions import judge_swap, statuses
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.kernel.problems import EXIT_BAD_FILE


def ask(game, loaded, path: str, player_name: str, give_text: str, take_text: str, apply: bool) -> Answer:
    from pastiche_cli.games.pastiche.render.moves import swap_told

    pos = loaded.position
    me = find_player(pos, player_name)
    every = statuses(pos, me)
    give = pick(every, give_text, "'--give'")
    take = pick(every, take_text, "'--take'")
    verdict = judge_swap(pos, me, give, take)
    if apply and verdict.legal and pos.turn is None:
        # A key the command needs and the file lacks: the file's problem, exit 3 (SPEC 3.1, 6.1).
        abort(
            f"{path}: --apply needs 'turn' in the file (turn: {{player: NAME, phase: painting}}), "
            "to remember that this turn's gallery swap is used",
            EXIT_BAD_FILE,
        )
    swap = []
    if apply and verdict.legal:
        from pastiche_cli.games.pastiche.core.commissions import commission_ref
        from pastiche_cli.games.pastiche.core.moves import Swap

        swap = [Swap(me.name, commission_ref(every, give), commission_ref(every, take))]
    titles = give.commission.title, take.commission.title
    return Answer(verdict.legal, lambda notes: swap_told(verdict, *titles, path, apply, notes is not None), swap)


command = move_command(
    GAME,
    MoveCommand(
        "swap",
        """May the player swap one hand commission for one gallery commission now (once per turn)?

        \b
        Example:
          pastiche swap game.yaml --player Ana --give "Quiet Orchard" --take "Salt Marsh"
          pastiche swap game.yaml --player Ana --give "Quiet Orchard" --take "Salt Marsh" --apply
        """,
        (
            player_option("The player swapping.", required=True),
            commission_option(
                "--give", "give_text", "HAND_COMMISSION", "The commission from the player's hand (title or id)."
            ),
            commission_option(
                "--take", "take_text", "GALLERY_COMMISSION", "The gallery commission taken in exchange (title or id)."
            ),
            apply_option("Record the swap in the file, and that this turn's swap is used (turn.swapped)."),
        ),
        ask,
        needs=("players.commissions", "gallery"),
    ),
)
