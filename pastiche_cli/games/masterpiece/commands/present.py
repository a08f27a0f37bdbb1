"""`pastiche masterpiece present FILE --player NAME --thesis ID --cards CARDS [--cite OWNER:CARD ...]`."""

from __future__ import annotations

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import abort
from pastiche_cli.games.masterpiece.commands._shell import (
    find_player,
    find_thesis,
    held,
    option,
    parse_cards,
    parse_owner_card,
    player_option,
)
from pastiche_cli.games.masterpiece.commands._tab import (
    complete_cite,
    complete_gift,
    complete_hand_cards,
    complete_thesis,
)
from pastiche_cli.games.masterpiece.game import GAME
from pastiche_cli.kernel.problems import EXIT_USAGE


def ask(game, loaded, path: str, player, thesis_id, cards_text, cites_text, gifts_text, apply: bool) -> Answer:
    from pastiche_cli.games.masterpiece.core.moves import Flag, Present
    from pastiche_cli.games.masterpiece.core.present import Cite, Gift, judge_present
    from pastiche_cli.games.masterpiece.render.moves import present_told

    pos = loaded.position
    who = find_player(pos, player)
    thesis = find_thesis(pos, thesis_id)
    hand_cards = parse_cards(cards_text, "--cards") if cards_text.strip() else ()
    cites = tuple(Cite(*parse_owner_card(pos, text, "--cite")) for text in cites_text)
    gifts = tuple(Gift(*parse_owner_card(pos, text, "--give")) for text in gifts_text)
    verdict = judge_present(pos, who.name, thesis.id, hand_cards, cites, gifts)
    if apply and verdict.legal and verdict.owed and not gifts:
        owed = ", ".join(f"{o.count} to {o.to}" for o in verdict.owed)
        abort(f"--apply needs --give OWNER:CARD for each card owed ({owed}): say which hand cards you give", EXIT_USAGE)
    flag = thesis.is_flag and len(hand_cards) == 1
    move = Flag(who.name, hand_cards[0]) if flag else Present(who.name, thesis.id, hand_cards, cites, gifts)
    judged, legal = held(game, loaded, move, verdict, apply)
    return Answer(legal, lambda notes: present_told(verdict, thesis, judged, path, apply, notes), [move])


CARDS_HELP = "The cards laid from hand, comma-separated: pink-3,blue-9 or 'pink 3, blue 9'."
CITE_HELP = "A card under OWNER's accepted thesis counted toward the requirement (repeatable)."
GIVE_HELP = "The hand card given to OWNER for a citation (repeatable; needed with --apply when cards are owed)."
command = move_command(
    GAME,
    MoveCommand(
        "present",
        """Does this meet the thesis's requirement, and which card fills which part? Is it allowed (once per
        player, copies left, a card from hand, whose turn), and what is owed for citations?

        Exit 0 if legal, 1 if the rules say no.

        \b
        Example:
          pastiche masterpiece present game.yaml --player Ana --thesis three-pairs \\
              --cards pink-3,orange-3,purple-8,orange-8 --cite Ana:pink-6 --cite Ben:blue-6
        """,
        (
            player_option("Who presents."),
            option(
                "--thesis", "thesis_id", "ID", complete_thesis, "The thesis card's id in your table.", required=True
            ),
            option("--cards", "cards_text", "CARDS", complete_hand_cards, CARDS_HELP, default=""),
            option("--cite", "cites_text", "OWNER:CARD", complete_cite, CITE_HELP, multiple=True),
            option("--give", "gifts_text", "OWNER:CARD", complete_gift, GIVE_HELP, multiple=True),
            apply_option("Record the thesis in the file if it is legal."),
        ),
        ask,
    ),
)
