"""`pastiche complete`: which commissions can the player complete now, and what is missing?"""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, table
from pastiche_cli.games.pastiche.commands._apply import apply_move
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, pick, player_option, read, whose
from pastiche_cli.games.pastiche.commands._tab import complete_commission
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commissions import completion, statuses
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("complete")
@position_argument
@click.argument("commission", required=False, metavar="[COMMISSION]", shell_complete=complete_commission)
@player_option("The player completing.")
@click.option(
    "--apply",
    "apply",
    is_flag=True,
    help="Complete COMMISSION in the file: it moves to 'completed' and its cards leave the hand.",
)
@catalogue_option
@output_options
def command(
    position: str,
    commission: str | None,
    player_name: str | None,
    apply: bool,
    catalogue: str | None,
    as_json: bool,
    fmt: str,
) -> None:
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
    """
    loaded = read(position, catalogue, as_json=as_json, needs=("players.palette", "players.commissions"))
    pos = loaded.position
    me, from_turn = whose(pos, player_name)
    every = statuses(pos, me)
    if apply and commission is None:
        raise click.UsageError("--apply needs the COMMISSION to complete (its title or id)")
    chosen = pick(every, commission) if commission is not None else None
    answer = completion(pos, me, chosen)
    legal, rule, reason, turn, verdict, together = answer
    applied = False
    if apply and legal:
        from pastiche_cli.games.pastiche.core.commissions import commission_ref
        from pastiche_cli.games.pastiche.core.moves import Complete

        apply_move(position, catalogue, loaded, Complete(me.name, commission_ref(every, chosen)))
        applied = True

    shown = [chosen] if chosen is not None else every
    if as_json:
        out = {
            "player": me.name,
            "player_from_turn": from_turn is not None,
            "legal": legal,
            "rule": rule,
            "reason": reason,
            "turn_checked": turn.checked,
            "notes": [turn.note] if turn.note else [],
            "commissions": [s.as_json() for s in shown],
            "applied": applied,
        }
        if together is not None:
            out["together"] = {
                "rule": together.rule,
                "sets": [t.as_json() for t in together.sets],
                "all_listed": together.whole,
            }
        if applied:
            out["completed"] = chosen.commission.title
            out["hand_after"] = list(verdict.hand_after)
            out["draw"] = "hand" if chosen.source == "hand" else "gallery"
        emit_json(out)
    else:
        if from_turn:
            click.echo(f"For {me.name}, {from_turn}:")
        rows = [
            [
                s.source,
                s.commission.title,
                s.commission.points,
                ", ".join(s.commission.palette),
                "yes" if s.completable else "no",
                ", ".join(s.missing) or "-",
            ]
            for s in shown
        ]
        if rows:
            table(
                ["where", "commission", "points", "palette", "completable", "missing"],
                rows,
                fmt,
                title=f"{me.name} holds {colours.describe(me.palette)}",
                wrap_columns=(1, 3, 5),  # at 80 columns the titles and the card lists wrap in their cells
            )
        else:
            click.echo(
                f"{me.name} holds {colours.describe(me.palette)}, no commission card, "
                "and the gallery is empty: there is no commission to complete."
            )
        click.echo("")
        lines = [f"{'Yes' if legal else 'No'} [{rule}]: {reason}."]
        if together is not None and together.sets and len(together.sets[0].members) + len(together.sets) > 2:
            lines.append(f"Completable together with this hand [{together.rule}] (each set as large as it can be):")
            for n, t in enumerate(together.sets, 1):
                titles = " + ".join(f"'{m.commission.title}'" for m in t.members)
                lines.append(
                    f"  {n}. {titles}: {t.points} points, using {', '.join(t.cards)}; "
                    f"leaves {', '.join(t.hand_after) or 'nothing'}"
                )
            if not together.whole:
                lines.append(f"  (the first {len(together.sets)} sets; there may be more)")
        if turn.note:
            lines.append(f"Note: {turn.note}.")
        echo_lines(lines, fmt)  # card names with their swatches; the file's name below stays as it is
        if applied:
            c = chosen.commission
            click.echo(
                f"Recorded in {position}: '{c.title}' completed ({c.points} points); "
                f"{colours.describe(c.needs)} went back to the bank."
            )
            if chosen.source == "hand":
                click.echo(f"Now draw a new commission card into {me.name}'s hand and add it to the file.")
            else:
                click.echo("Now draw a new commission card for the gallery and add it to the file.")
        elif apply:
            click.echo("Nothing was recorded.")
    if not legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
