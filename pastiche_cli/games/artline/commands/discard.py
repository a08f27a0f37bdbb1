"""`pastiche artline discard FILE --player NAME`: a turn without a painting laid: discard one, then draw."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, err, output_options, position_argument
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import read, who
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE


@click.command("discard")
@position_argument
@click.option(
    "--player",
    metavar="NAME",
    shell_complete=complete_file_player,
    help="Who discards (default: whose turn the file says it is).",
)
@click.option("--apply", "apply_", is_flag=True, help="Record the discard and the draw in the file.")
@output_options(tables=False)
def command(position: str, player: str | None, apply_: bool, as_json: bool) -> None:
    """A player who cannot or will not lay a painting discards one, then draws one if the deck has any.

    \b
    Example:
      pastiche artline discard game.yaml --player Ben
      pastiche artline discard game.yaml --apply
    """
    from pastiche_cli.games.artline.core.turns import judge_discard

    loaded = read(position, as_json=as_json)
    pos = loaded.position
    name = who(pos, player)
    if name is None:
        abort("say who discards with --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    verdict = judge_discard(pos, name)
    notes: list[str] = []
    if apply_ and verdict.legal:
        from pastiche_cli.cli.apply import apply_moves
        from pastiche_cli.games.artline.core.moves import Discard, Draw
        from pastiche_cli.games.artline.game import GAME

        turn = [Discard(name)] + ([Draw(name)] if verdict.draws else [])  # the discard, and its draw if owed
        _, notes = apply_moves(GAME, position, loaded, turn)
    if as_json:
        emit_json(
            {
                "legal": verdict.legal,
                "rule": verdict.rule,
                "reason": verdict.reason,
                "player": verdict.player,
                "draws": verdict.draws,
                "wins": verdict.wins,
                "hand_after": verdict.hand_after,
                "deck_after": verdict.deck_after,
                "steps": [{"rule": s.rule, "text": s.text} for s in verdict.steps],
                "applied": bool(apply_ and verdict.legal),
            }
        )
    else:
        click.echo(f"{'legal' if verdict.legal else 'not legal'} [{verdict.rule}]: {verdict.reason}")
        for s in verdict.steps:
            click.echo(f"  [{s.rule}] {s.text}")
        if notes:
            click.echo(f"\nRecorded in {position}: " + "; ".join(notes))
    if not verdict.legal:
        if apply_:
            err(f"pastiche: not applied; {position} is unchanged")
        raise SystemExit(EXIT_RULES_SAY_NO)
