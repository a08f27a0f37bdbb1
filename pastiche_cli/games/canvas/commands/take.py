"""`pastiche canvas take FILE --player NAME --slot N`: may the player take that card, what it costs and gives."""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import player_option
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.canvas.commands._shell import art_card_word, find_player
from pastiche_cli.games.canvas.commands._tab import complete_deck_word
from pastiche_cli.games.canvas.core import moves
from pastiche_cli.games.canvas.core.cards import MARKET_SLOTS
from pastiche_cli.games.canvas.game import GAME


def ask(game, loaded, path: str, player_name: str, slot: int, drawn: str | None, apply: bool) -> Answer:
    from pastiche_cli.games.canvas.render.moves import take_told

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
    told = lambda notes: take_told(verdict, player, slot, path, apply, notes)  # noqa: E731
    return Answer(verdict.legal, told, [moves.Take(player.name, slot, drawn)])


command = move_command(
    GAME,
    MoveCommand(
        "take",
        """May the player take the art card in market slot N, what does it cost, which tokens come with it?

        Slot N costs N - 1 inspiration tokens, one put on each card passed over; the tokens lying on the
        taken card go to the player; only with fewer than 5 cards in hand. Exit 1 when the rules say no.

        \b
        Example:
          pastiche canvas take game.yaml --player Ana --slot 3
          pastiche canvas take game.yaml --player Ana --slot 3 --apply --draw Nature
        """,
        (
            player_option("The player who takes a card.", complete_file_player, "player_name", required=True),
            click.option(
                "--slot",
                required=True,
                type=click.IntRange(1, MARKET_SLOTS),
                metavar="N",
                help="The market slot, 1 (furthest from the deck, free) to 5.",
            ),
            click.option(
                "--draw",
                "drawn",
                metavar="WORD",
                shell_complete=complete_deck_word,
                help="With --apply: the card drawn from the deck into slot 5 (required while the deck holds one).",
            ),
            apply_option("Record the take in the file, if it is legal."),
        ),
        ask,
        needs=("market",),
    ),
)
