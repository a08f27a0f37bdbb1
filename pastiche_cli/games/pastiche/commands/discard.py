"""`pastiche discard`: over the hand limit, which discards lose the least?"""

from __future__ import annotations

from collections import Counter

import click

from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument, table
from pastiche_cli.games.pastiche.commands._apply import apply_move
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, find_player, parse_cards, read
from pastiche_cli.games.pastiche.commands._tab import complete_cards, complete_player
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.discard import HAND_LIMIT, advise
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP_HAND_LIMIT
from pastiche_cli.games.pastiche.core.turns import CLEANUP, hand_limit_timing
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("discard")
@position_argument
@click.option(
    "--player",
    "player_name",
    required=True,
    metavar="NAME",
    shell_complete=complete_player,
    help="The player at the hand limit.",
)
@click.option(
    "--top", default=5, show_default=True, type=click.IntRange(1, 1000), help="How many of the ranked options to show."
)
@click.option(
    "--cards",
    "cards_text",
    metavar="CARDS",
    shell_complete=complete_cards,
    help="Weigh this discard (comma-separated) instead of only ranking; with --apply, discard it.",
)
@click.option(
    "--apply",
    "apply",
    is_flag=True,
    help="Discard in the file: --cards if given, else the best option (when no other ties with it).",
)
@catalogue_option
@output_options
def command(
    position: str,
    player_name: str,
    top: int,
    cards_text: str | None,
    apply: bool,
    catalogue: str | None,
    as_json: bool,
    fmt: str,
) -> None:
    """Which cards to discard to come down to 8, losing the fewest end-game points.

    Every possible discard is weighed (exact): first the usable-palette points lost (cards matching
    the commissions in hand), then the cards those commissions still need, then the cards gallery
    commissions need, then face value. Equally good discards are all counted; --json lists the
    first 50 of them under "best" and the count under "best_count".

    \b
    Example:
      pastiche discard game.yaml --player Ana
      pastiche discard game.yaml --player Ana --cards orange,violet --apply
    """
    loaded = read(position, catalogue, as_json=as_json, needs=("players.palette", "players.commissions"))
    pos = loaded.position
    me = find_player(pos, player_name)
    advice = advise(me.palette, me.commissions, pos.gallery, HAND_LIMIT)
    enforced, note = hand_limit_timing(pos.turn, me.name)
    must = advice.over > 0 and enforced
    shown = advice.options[:top]
    chosen = None
    if cards_text is not None:
        wanted, _ = parse_cards(cards_text, "--cards")
        if not advice.over:
            abort(
                f"{me.name} holds {advice.hand_size} cards, within the limit of {advice.limit}: nothing to "
                f"discard [{CLEANUP_HAND_LIMIT}]",
                EXIT_RULES_SAY_NO,
            )
        if sum(wanted.values()) != advice.over:
            raise click.BadParameter(
                f"{me.name} is {advice.over} card(s) over the limit; give exactly that many", param_hint="'--cards'"
            )
        chosen = advice.options.option(colours.as_list(wanted))
        if chosen is None:
            abort(f"{me.name} does not hold {colours.describe(wanted)} [{CLEANUP_HAND_LIMIT}]", EXIT_RULES_SAY_NO)
    elif apply and advice.over:
        if advice.best_count > 1:
            raise click.UsageError(f"{advice.best_count} discards are equally good; choose one with --cards")
        chosen = advice.best[0]
    applied = False
    if apply:
        if not advice.over:
            abort(f"nothing recorded: the hand is within the limit [{CLEANUP_HAND_LIMIT}]", EXIT_RULES_SAY_NO)
        # Whether the discard may be made now is the move's own rule (core/moves.py): on one's own
        # turn, once the hex is laid; a discard in the painting phase ends it, as a record's first
        # clean-up move does. The limit being not yet enforced (`note`) is advice, not a bar.
        from pastiche_cli.games.pastiche.core.moves import Discard

        apply_move(position, catalogue, loaded, Discard(me.name, Counter(chosen.discard)))
        applied = True
        if note and pos.turn is not None and pos.turn.phase != CLEANUP:
            # the discard ended the painting phase: that is what there is to say now
            note = f"the discard ended {me.name}'s painting phase; the turn is in the clean-up phase now"
    if as_json:
        emit_json(
            {
                "player": me.name,
                "rule": advice.rule,
                "hand_size": advice.hand_size,
                "limit": advice.limit,
                "over": advice.over,
                "must_discard_now": must,
                "best": [o.as_json() for o in advice.best],
                "best_count": advice.best_count,
                "options_considered": len(advice.options),
                "options": [o.as_json() for o in shown],
                "notes": [note] if note else [],
                "chosen": (
                    {**chosen.as_json(), "rank": advice.options.index(chosen) + 1} if chosen is not None else None
                ),
                "applied": applied,
            }
        )
        return
    if not advice.over:
        click.echo(
            f"{me.name} holds {advice.hand_size} palette cards, within the limit of {advice.limit}: "
            f"nothing to discard [{CLEANUP_HAND_LIMIT}]."
        )
    else:
        rows = [
            [i, ", ".join(o.discard), o.palette_points_lost, o.needed_cards_lost, o.gallery_cards_lost, o.value_lost]
            for i, o in enumerate(shown, 1)
        ]
        table(
            ["#", "discard", "points lost", "needed lost", "gallery needs lost", "face value"],
            rows,
            fmt,
            title=f"{me.name} holds {advice.hand_size} cards ({colours.describe(me.palette)}); "
            f"{advice.over} over the limit of {advice.limit}",
            align=["right", "left", "right", "right", "right", "right"],
        )
        click.echo("")
        first = advice.best[0]
        lines = [
            f"Discard {', '.join(first.discard)} [{CLEANUP_HAND_LIMIT}]: "
            f"{first.palette_points_lost} usable-palette point(s) lost, keeping {', '.join(first.kept)}.",
            f"{advice.best_count - 1} other discard(s) are exactly as good; "
            f"{len(advice.options)} distinct discards were weighed."
            if advice.best_count > 1
            else f"The best of {len(advice.options)} distinct discards weighed.",
        ]
        if chosen is not None:
            rank = advice.options.index(chosen) + 1
            lines.append(
                f"Your choice, {', '.join(chosen.discard)}: {chosen.palette_points_lost} point(s) lost, "
                f"rank {rank} of {len(advice.options)}."
            )
        echo_lines(lines, fmt)  # card names with their swatches; the file's name below stays as it is
    if applied:
        click.echo(f"Recorded in {position}: {', '.join(chosen.discard)} went back to the bank.")
    if note:
        click.echo(f"Note: {note}.")
