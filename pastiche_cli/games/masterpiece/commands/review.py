"""`pastiche masterpiece review FILE --player NAME --from OWNER:THESIS --take CARD`."""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.games.masterpiece.commands._shell import (
    find_player,
    find_thesis,
    held,
    option,
    parse_card_option,
    player_option,
)
from pastiche_cli.games.masterpiece.commands._tab import complete_from, complete_review_take
from pastiche_cli.games.masterpiece.game import GAME


def ask(game, loaded, path: str, player: str, from_text: str, take_text: str, apply: bool) -> Answer:
    from pastiche_cli.games.masterpiece.core.moves import Review
    from pastiche_cli.games.masterpiece.core.review import judge_review
    from pastiche_cli.games.masterpiece.render.moves import review_told

    pos = loaded.position
    reviewer = find_player(pos, player)
    owner_text, sep, thesis_id = from_text.partition(":")
    if not sep or not owner_text.strip() or not thesis_id.strip():
        raise click.BadParameter(f"'{from_text}' should be OWNER:THESIS, like Ana:five-run", param_hint="'--from'")
    author = find_player(pos, owner_text, "--from")
    card = parse_card_option(take_text, "--take")
    thesis_id = thesis_id.strip()
    if pos.thesis(thesis_id) is None:
        find_thesis(pos, thesis_id, "--from")
    verdict = judge_review(pos, reviewer.name, author.name, thesis_id, card)
    move = Review(reviewer.name, author.name, thesis_id, card)
    judged, legal = held(game, loaded, move, verdict, apply)
    return Answer(legal, lambda notes: review_told(verdict, thesis_id, judged, path, apply, notes), [move])


FROM_HELP = "The thesis under review: its author and its id."
TAKE_HELP = "The card taken into the reviewer's hand."
command = move_command(
    GAME,
    MoveCommand(
        "review",
        """May the player take this card from under that thesis, and does it then become accepted and score?

        Exit 0 if legal, 1 if the rules say no.

        \b
        Example:
          pastiche masterpiece review game.yaml --player Ben --from Ana:five-run --take orange-6
        """,
        (
            player_option("Who reviews (anyone, the author included)."),
            option("--from", "from_text", "OWNER:THESIS", complete_from, FROM_HELP, required=True),
            option("--take", "take_text", "CARD", complete_review_take, TAKE_HELP, required=True),
            apply_option("Record the review in the file if it is legal."),
        ),
        ask,
    ),
)
