"""`pastiche discard`: over the hand limit, which discards lose the least?"""

from __future__ import annotations

import click

from .. import colours
from ..discard import HAND_LIMIT, advise
from ..shell import catalogue_option, emit_json, find_player, load, output_options, position_argument, table


@click.command("discard")
@position_argument
@click.option("--player", "player_name", required=True, metavar="NAME", help="The player at the hand limit.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(1, 1000),
              help="How many of the ranked options to show.")
@catalogue_option
@output_options
def command(position: str, player_name: str, top: int, catalogue: str | None, as_json: bool, fmt: str) -> None:
    """Which cards to discard to come down to 8, losing the fewest end-game points.

    Every possible discard is weighed (exact): first the usable-palette points lost (cards matching
    the commissions in hand), then the cards those commissions still need, then the cards gallery
    commissions need, then face value.

    \b
    Example:
      pastiche discard game.yaml --player Ana
    """
    pos, _ = load(position, catalogue, as_json=as_json, needs=("players.palette", "players.commissions"))
    me = find_player(pos, player_name)
    advice = advise(me.palette, me.commissions, pos.gallery, HAND_LIMIT)
    note = None
    if pos.turn is None:
        note = "the file has no 'turn:'; the limit applies at the end of the player's own turn"
    elif pos.turn.player.casefold() != me.name.casefold():
        note = (f"it is {pos.turn.player}'s turn; {me.name}'s limit is enforced only at the end of "
                f"{me.name}'s own turn, so nothing must be discarded now")
    must = advice.over > 0 and pos.turn is not None and pos.turn.player.casefold() == me.name.casefold()
    shown = advice.options[:top]
    if as_json:
        emit_json({"player": me.name, "rule": advice.rule, "hand_size": advice.hand_size, "limit": advice.limit,
                   "over": advice.over, "must_discard_now": must,
                   "best": [o.as_json() for o in advice.best],
                   "options_considered": len(advice.options),
                   "options": [o.as_json() for o in shown], "notes": [note] if note else []})
        return
    if not advice.over:
        click.echo(f"{me.name} holds {advice.hand_size} palette cards, within the limit of {advice.limit}: "
                   "nothing to discard [cleanup.hand-limit].")
    else:
        rows = [[i, ", ".join(o.discard), o.palette_points_lost, o.needed_cards_lost, o.gallery_cards_lost,
                 o.value_lost] for i, o in enumerate(shown, 1)]
        table(["#", "discard", "points lost", "needed lost", "gallery needs lost", "face value"], rows, fmt,
              title=f"{me.name} holds {advice.hand_size} cards ({colours.describe(me.palette)}); "
                    f"{advice.over} over the limit of {advice.limit}",
              align=["right", "left", "right", "right", "right", "right"])
        click.echo("")
        best = advice.best
        first = best[0]
        click.echo(f"Discard {', '.join(first.discard)} [cleanup.hand-limit]: "
                   f"{first.palette_points_lost} usable-palette point(s) lost, keeping "
                   f"{', '.join(first.kept)}.")
        if len(best) > 1:
            click.echo(f"{len(best) - 1} other discard(s) are exactly as good; "
                       f"{len(advice.options)} distinct discards were weighed.")
        else:
            click.echo(f"The best of {len(advice.options)} distinct discards weighed.")
    if note:
        click.echo(f"Note: {note}.")
