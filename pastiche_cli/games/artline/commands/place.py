"""`pastiche artline place FILE --at X,Y`: may a painting go there, which galleries it joins or opens,
whether it is an exhibition, whether the player draws; `--apply` records it."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, err, output_options, position_argument
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import parse_cell, read, who
from pastiche_cli.games.artline.core.grid import cell_text
from pastiche_cli.games.artline.core.placement import Placement
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE

DECIDE = "For the players to decide (the tool never judges a picture):"


def placement_json(p: Placement) -> dict:
    """spec 4: legal, rule, reason, joins, opens, exhibition, draws; and the derivation."""
    return {
        "legal": p.legal,
        "rule": p.rule,
        "reason": p.reason,
        "joins": [e.as_json() for e in p.joins],
        "opens": [e.as_json() for e in p.opens],
        "exhibition": p.exhibition,
        "draws": p.draws,
        "wins": p.wins,
        "player": p.player,
        "at": list(p.at),
        "orientation": p.orientation,
        "hand_after": p.hand_after,
        "deck_after": p.deck_after,
        "steps": [{"rule": s.rule, "text": s.text} for s in p.steps],
        "players_decide": list(p.players_decide),
        "warnings": list(p.warnings),
    }


def vote_json(p: Placement, unclear: int, players: int) -> dict | None:
    """How many players could not identify the features announced, or None when nothing is announced."""
    if not p.opens:
        return None
    return {"features": [e.feature for e in p.opens], "could_not_identify": unclear, "players": players}


def describe(p: Placement) -> list[str]:
    """The verdict in words: the answer, each step with its rule, and what only the players can judge."""
    who_ = f"{p.player} at " if p.player else ""
    lines = [f"{who_}{cell_text(p.at)}: {'legal' if p.legal else 'not legal'} [{p.rule}]: {p.reason}"]
    lines += [f"  [{s.rule}] {s.text}" for s in p.steps]
    if p.players_decide:
        lines += ["", DECIDE] + [f"  - {d}" for d in p.players_decide]
    lines += [f"note: {w}" for w in p.warnings]
    return lines


@click.command("place")
@position_argument
@click.option(
    "--at", "at", required=True, metavar="X,Y", help="The cell: x to the right, y down (--at=-1,0 for a negative x)."
)
@click.option(
    "--player",
    metavar="NAME",
    shell_complete=complete_file_player,
    help="Who lays the painting (default: whose turn the file says it is).",
)
@click.option("--feature-row", metavar="TEXT", help="The feature announced for the row gallery this painting opens.")
@click.option("--feature-column", metavar="TEXT", help="The feature announced for the column gallery it opens.")
@click.option(
    "--unclear",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    metavar="N",
    help="How many players could not identify the announced feature (half or more: it does not stand).",
)
@click.option("--apply", "apply_", is_flag=True, help="Record the placement in the file (atomically, comments kept).")
@output_options(tables=False)
def command(
    position: str,
    at: str,
    player: str | None,
    feature_row: str | None,
    feature_column: str | None,
    unclear: int,
    apply_: bool,
    as_json: bool,
) -> None:
    """May a painting go at X,Y? Which galleries it joins or opens, whether it is an exhibition, whether
    the player draws. Whether the painting shows a gallery's feature is for the players to decide.

    \b
    Example:
      pastiche artline place examples/positions/artline/midgame.yaml --player Ben --at 2,0
      pastiche artline place game.yaml --player Ana --at 0,1 --feature-column "red clothing" --apply
    """
    from pastiche_cli.games.artline.core.placement import judge, misuses

    cell = parse_cell(at)
    loaded = read(position, as_json=as_json)
    pos = loaded.position
    name = who(pos, player)
    if name is None and apply_:
        abort("--apply needs --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    wrong = misuses(pos, cell, feature_row, feature_column, unclear)
    if wrong:
        raise click.UsageError("; ".join(m.message for m in wrong))
    verdict = judge(pos, cell, name, feature_row, feature_column, unclear)
    result = placement_json(verdict)
    result["unclear"] = vote_json(verdict, unclear, len(pos.players))
    notes: list[str] = []
    if apply_ and verdict.legal:
        from pastiche_cli.cli.apply import apply_moves
        from pastiche_cli.games.artline.core.moves import Draw, Place
        from pastiche_cli.games.artline.game import GAME

        # The whole turn: the painting, and the draw that ends it when one is owed (a record gets both lines).
        turn = [Place(name, cell, feature_row, feature_column, unclear)] + ([Draw(name)] if verdict.draws else [])
        _, notes = apply_moves(GAME, position, loaded, turn)
    result["applied"] = bool(apply_ and verdict.legal)
    if as_json:
        emit_json(result)
    else:
        for line in describe(verdict):
            click.echo(line)
        if notes:
            click.echo("")
            click.echo(f"Recorded in {position}, as the players accepted it: " + "; ".join(notes))
    if apply_ and not verdict.legal:
        err(f"pastiche: not applied: the placement is not legal; {position} is unchanged")
    if not verdict.legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
