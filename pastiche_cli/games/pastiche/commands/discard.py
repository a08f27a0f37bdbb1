"""`pastiche discard`: over the hand limit, which discards lose the least?"""

from __future__ import annotations

from collections import Counter

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.games.pastiche.commands._shell import cards_option, find_player, parse_cards, player_option
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.discard import HAND_LIMIT, advise, refusal
from pastiche_cli.games.pastiche.game import GAME


def asked(me, advice, cards_text: str | None) -> Counter | None:
    """The discard --cards names, or None; a usage error when it is not as many cards as the hand is over."""
    if cards_text is None:
        return None
    wanted, _ = parse_cards(cards_text, "--cards")
    if advice.over and sum(wanted.values()) != advice.over:
        raise click.BadParameter(
            f"{me.name} is {advice.over} card(s) over the limit; give exactly that many", param_hint="'--cards'"
        )
    return wanted


def chosen_discard(advice, wanted: Counter | None, apply: bool):
    """The discard --cards names, else with --apply the untied best; None to rank only."""
    if wanted is not None:
        return advice.options.option(colours.as_list(wanted))
    if apply and advice.over:
        if advice.best_count > 1:
            raise click.UsageError(f"{advice.best_count} discards are equally good; choose one with --cards")
        return advice.best[0]
    return None


def ask(game, loaded, path: str, player_name: str, top: int, cards_text: str | None, apply: bool) -> Answer:
    from pastiche_cli.games.pastiche.render.moves import discard_refused, discard_told

    pos = loaded.position
    me = find_player(pos, player_name)
    advice = advise(me.palette, me.commissions, pos.gallery, HAND_LIMIT)
    wanted = asked(me, advice, cards_text)
    refused = refusal(me.name, me.palette, advice.limit, wanted, apply)
    if refused is not None:
        return Answer(False, lambda _: discard_refused(me.name, advice, wanted, refused))
    chosen = chosen_discard(advice, wanted, apply)
    moves = []
    if apply:
        # Whether it may be made now is the move's own rule (core/moves.py); the limit's note is advice, not a bar.
        from pastiche_cli.games.pastiche.core.moves import Discard

        moves = [Discard(me.name, Counter(chosen.discard))]
    return Answer(True, lambda notes: discard_told(pos, me, advice, top, chosen, path, notes is not None), moves)


command = move_command(
    GAME,
    MoveCommand(
        "discard",
        """Which cards to discard to come down to 8, losing the fewest end-game points.

        Every possible discard is weighed (exact): first the usable-palette points lost (cards matching
        the commissions in hand), then the cards those commissions still need, then the cards gallery
        commissions need, then face value. Equally good discards are all counted; --json lists the
        first 50 of them under "best" and the count under "best_count".

        \b
        Example:
          pastiche discard game.yaml --player Ana
          pastiche discard game.yaml --player Ana --cards orange,violet --apply
        """,
        (
            player_option("The player at the hand limit.", required=True),
            click.option(
                "--top",
                default=5,
                show_default=True,
                type=click.IntRange(1, 1000),
                help="How many of the ranked options to show.",
            ),
            cards_option(
                "--cards",
                "cards_text",
                "Weigh this discard (comma-separated) instead of only ranking; with --apply, discard it.",
            ),
            apply_option("Discard in the file: --cards if given, else the best option (when no other ties with it)."),
        ),
        ask,
        needs=("players.palette", "players.commissions"),
        tables=True,
    ),
)
