"""`pastiche masterpiece review FILE --player NAME --from OWNER:THESIS --take CARD`."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument
from pastiche_cli.games.masterpiece.commands._shell import find_player, parse_card_option, theses_option
from pastiche_cli.games.masterpiece.commands._tab import complete_file_player, complete_from, complete_review_take
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("review")
@position_argument
@click.option(
    "--player",
    required=True,
    metavar="NAME",
    shell_complete=complete_file_player,
    help="Who reviews (anyone, the author included).",
)
@click.option(
    "--from",
    "from_text",
    required=True,
    metavar="OWNER:THESIS",
    shell_complete=complete_from,
    help="The thesis under review: its author and its id.",
)
@click.option(
    "--take",
    "take_text",
    required=True,
    metavar="CARD",
    shell_complete=complete_review_take,
    help="The card taken into the reviewer's hand.",
)
@click.option("--apply", "do_apply", is_flag=True, help="Record the review in the file if it is legal.")
@theses_option
@output_options(tables=False)
def command(
    position: str, player: str, from_text: str, take_text: str, do_apply: bool, theses: str | None, as_json: bool
) -> None:
    """May the player take this card from under that thesis, and does it then become accepted and score?

    Exit 0 if legal, 1 if the rules say no.

    \b
    Example:
      pastiche masterpiece review game.yaml --player Ben --from Ana:five-run --take orange-6
    """
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.masterpiece.core.moves import Review
    from pastiche_cli.games.masterpiece.core.review import judge_review
    from pastiche_cli.games.masterpiece.game import GAME

    opts = {"theses": theses}
    loaded = load(GAME, position, opts, as_json=as_json)
    pos = loaded.position
    reviewer = find_player(pos, player)
    owner_text, sep, thesis_id = from_text.partition(":")
    if not sep or not owner_text.strip() or not thesis_id.strip():
        raise click.BadParameter(f"'{from_text}' should be OWNER:THESIS, like Ana:five-run", param_hint="'--from'")
    author = find_player(pos, owner_text, "--from")
    card = parse_card_option(take_text, "--take")
    thesis_id = thesis_id.strip()
    if pos.thesis(thesis_id) is None:
        from pastiche_cli.games.masterpiece.commands._shell import find_thesis

        find_thesis(pos, thesis_id, "--from")
    verdict = judge_review(pos, reviewer.name, author.name, thesis_id, card)
    move = Review(reviewer.name, author.name, thesis_id, card)
    # --apply is judged as the record judges the same move (the end flag comes at once): that verdict decides the write.
    held = GAME.rules.judge_next(pos, loaded.is_record and loaded.over, move) if do_apply and verdict.legal else None
    if held is not None and not held.legal and not as_json:  # refused as `play` refuses it: exit 1, file untouched
        abort(f"not applied: {held.reason} [{held.rule}]", EXIT_RULES_SAY_NO)
    applied = bool(do_apply and verdict.legal and (held is None or held.legal))
    if as_json:
        emit_json(
            {
                "legal": verdict.legal,
                "rule": verdict.rule,
                "reason": verdict.reason,
                "accepted": verdict.accepted,
                "points": verdict.points,
                "author": verdict.author,
                "left": [str(c) for c in verdict.left],
                "triggers_end": verdict.triggers_end,
                "applied": applied,
            }
        )
    else:
        click.echo(
            f"{verdict.reviewer} reviews {verdict.author}'s {thesis_id}: "
            f"{'legal' if verdict.legal else 'not allowed'} [{verdict.rule}]"
        )
        click.echo(f"  {verdict.reason}")
        if verdict.legal and not verdict.accepted:
            click.echo(f"  still under it: {', '.join(map(str, verdict.left))}")
    if not verdict.legal:
        if do_apply:
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
        raise SystemExit(EXIT_RULES_SAY_NO)
    if do_apply:
        from pastiche_cli.cli.apply import apply_moves

        apply_moves(GAME, position, loaded, move, opts)
        if not as_json:
            click.echo(f"Recorded in {position}.")
