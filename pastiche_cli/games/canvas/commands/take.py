"""`pastiche canvas take FILE --player NAME --slot N`: may the player take that card, what it costs and gives."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.games.canvas.commands._shell import art_card_word, find_player, plural, read
from pastiche_cli.games.canvas.commands._tab import complete_deck_word, complete_file_player
from pastiche_cli.games.canvas.core import moves
from pastiche_cli.games.canvas.core.cards import MARKET_SLOTS
from pastiche_cli.games.canvas.core.turns import Take
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("take")
@position_argument
@click.option(
    "--player",
    "player_name",
    required=True,
    metavar="NAME",
    shell_complete=complete_file_player,
    help="The player who takes a card.",
)
@click.option(
    "--slot",
    required=True,
    type=click.IntRange(1, MARKET_SLOTS),
    metavar="N",
    help="The market slot, 1 (furthest from the deck, free) to 5.",
)
@click.option(
    "--draw",
    "drawn",
    metavar="WORD",
    shell_complete=complete_deck_word,
    help="With --apply: the card drawn from the deck into slot 5 (required while the deck holds one).",
)
@click.option("--apply", "apply", is_flag=True, help="Record the take in the file, if it is legal.")
@output_options(tables=False)
def command(position: str, player_name: str, slot: int, drawn: str | None, apply: bool, as_json: bool) -> None:
    """May the player take the art card in market slot N, what does it cost, which tokens come with it?

    Slot N costs N - 1 inspiration tokens, one put on each card passed over; the tokens lying on the
    taken card go to the player; only with fewer than 5 cards in hand. Exit 1 when the rules say no.

    \b
    Example:
      pastiche canvas take game.yaml --player Ana --slot 3
      pastiche canvas take game.yaml --player Ana --slot 3 --apply --draw Nature
    """
    loaded = read(position, as_json=as_json, needs=("market",))
    pos = loaded.position
    player = find_player(pos, player_name)
    if drawn is not None:
        if not apply:
            raise click.UsageError("--draw says which card refills the market; it goes with --apply")
        drawn = art_card_word(drawn, "'--draw'")
        if any(p.word == drawn for p in pos.places):
            where = next(p.where for p in pos.places if p.word == drawn)
            raise click.BadParameter(f"{drawn} is already in {where}", param_hint="'--draw'")
    # The take itself (the card drawn is --apply's detail): whose turn, then judge_take's verdict.
    verdict = moves.judge(pos, moves.Take(player.name, slot))
    take: Take | None = verdict.detail
    notes: list[str] = []
    if apply and verdict.legal:  # the one --apply driver: on a record the move's line is added to `moves:`
        from pastiche_cli.cli.apply import apply_moves
        from pastiche_cli.games.canvas.game import GAME

        _, notes = apply_moves(GAME, position, loaded, moves.Take(player.name, slot, drawn))
    if as_json:
        out = {
            "legal": verdict.legal,
            "rule": verdict.rule,
            "reason": verdict.reason,
            "player": player.name,
            "slot": slot,
            "card": take.card if take else None,
            "cost": take.cost if take else None,
            "tokens_gained": take.gained if take else None,
            "inspiration_after": take.inspiration_after if take else None,
            "market_after": [{"card": m.card, "tokens": m.tokens} for m in take.market_after] if take else None,
            "effects": list(verdict.effects),
            "applied": bool(apply and verdict.legal),
            "notes": notes,
        }
        emit_json(out)
    else:
        word = "legal" if verdict.legal else "NOT legal"
        what = f"{player.name} takes slot {slot}" + (f" ({take.card})" if take else "")
        click.echo(f"{what}: {word} [{verdict.rule}]: {verdict.reason}")
        if take:
            click.echo(
                f"  cost {plural(take.cost, 'token')}, gains {plural(take.gained, 'token')}: "
                f"{player.inspiration} -> {take.inspiration_after} inspiration"
            )
            for effect in verdict.effects:
                click.echo(f"  - {effect}")
        for note in notes:
            click.echo(f"Note: {note}.")
        if apply and verdict.legal:
            click.echo(f"Recorded in {position}.")
        elif apply:
            click.echo("Nothing was recorded: the take is not legal.")
    if not verdict.legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
