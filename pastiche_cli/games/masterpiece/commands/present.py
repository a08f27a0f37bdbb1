"""`pastiche masterpiece present FILE --player NAME --thesis ID --cards CARDS [--cite OWNER:CARD ...]`."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument
from pastiche_cli.games.masterpiece.commands._shell import (
    find_player,
    find_thesis,
    parse_cards,
    parse_owner_card,
    theses_option,
)
from pastiche_cli.games.masterpiece.commands._tab import (
    complete_cite,
    complete_file_player,
    complete_gift,
    complete_hand_cards,
    complete_thesis,
)
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO, EXIT_USAGE


def assignment_json(assignment) -> list:
    return [{"part": a.label, "cards": [{"card": str(c), "from": str(s)} for c, s in a.cards]} for a in assignment]


def owed_json(owed) -> list:
    return [{"to": o.to, "cards": o.count, "for": [str(c) for c in o.cited]} for o in owed]


def _from_words(source) -> str:
    return "hand" if source.owner is None else f"cited from {source.owner}'s {source.thesis}"


def explain(verdict, thesis) -> list[str]:
    head = f"{verdict.player} presents {thesis.label()}: {'legal' if verdict.legal else 'not allowed'} [{verdict.rule}]"
    lines = [head, f"  {verdict.reason}"]
    for a in verdict.assignment:
        lines.append(f"  {a.label}: " + ", ".join(f"{c} ({_from_words(s)})" for c, s in a.cards))
    for o in verdict.owed:
        lines.append(
            f"  owes {o.to} {o.count} card{'s' if o.count != 1 else ''} from hand, for citing "
            f"{', '.join(map(str, o.cited))}"
        )
    lines += [f"  note: {n}" for n in verdict.notes]
    return lines


@click.command("present")
@position_argument
@click.option("--player", required=True, metavar="NAME", shell_complete=complete_file_player, help="Who presents.")
@click.option(
    "--thesis",
    "thesis_id",
    required=True,
    metavar="ID",
    shell_complete=complete_thesis,
    help="The thesis card's id in your table.",
)
@click.option(
    "--cards",
    "cards_text",
    default="",
    metavar="CARDS",
    shell_complete=complete_hand_cards,
    help="The cards laid from hand, comma-separated: pink-3,blue-9 or 'pink 3, blue 9'.",
)
@click.option(
    "--cite",
    "cites_text",
    multiple=True,
    metavar="OWNER:CARD",
    shell_complete=complete_cite,
    help="A card under OWNER's accepted thesis counted toward the requirement (repeatable).",
)
@click.option(
    "--give",
    "gifts_text",
    multiple=True,
    metavar="OWNER:CARD",
    shell_complete=complete_gift,
    help="The hand card given to OWNER for a citation (repeatable; needed with --apply when cards are owed).",
)
@click.option("--apply", "do_apply", is_flag=True, help="Record the thesis in the file if it is legal.")
@theses_option
@output_options(tables=False)
def command(
    position: str,
    player: str,
    thesis_id: str,
    cards_text: str,
    cites_text: tuple[str, ...],
    gifts_text: tuple[str, ...],
    do_apply: bool,
    theses: str | None,
    as_json: bool,
) -> None:
    """Does this meet the thesis's requirement, and which card fills which part? Is it allowed (once per
    player, copies left, a card from hand, whose turn), and what is owed for citations?

    Exit 0 if legal, 1 if the rules say no.

    \b
    Example:
      pastiche masterpiece present game.yaml --player Ana --thesis three-pairs \\
          --cards pink-3,orange-3,purple-8,orange-8 --cite Ana:pink-6 --cite Ben:blue-6
    """
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.masterpiece.core.moves import Flag, Present
    from pastiche_cli.games.masterpiece.core.present import Cite, Gift, judge_present
    from pastiche_cli.games.masterpiece.game import GAME

    opts = {"theses": theses}
    loaded = load(GAME, position, opts, as_json=as_json)
    pos = loaded.position
    who = find_player(pos, player)
    thesis = find_thesis(pos, thesis_id)
    hand_cards = parse_cards(cards_text, "--cards") if cards_text.strip() else ()
    cites = tuple(Cite(*parse_owner_card(pos, text, "--cite")) for text in cites_text)
    gifts = tuple(Gift(*parse_owner_card(pos, text, "--give")) for text in gifts_text)
    verdict = judge_present(pos, who.name, thesis.id, hand_cards, cites, gifts)
    if do_apply and verdict.legal and verdict.owed and not gifts:
        owed = ", ".join(f"{o.count} to {o.to}" for o in verdict.owed)
        abort(f"--apply needs --give OWNER:CARD for each card owed ({owed}): say which hand cards you give", EXIT_USAGE)
    move = (
        Flag(who.name, hand_cards[0])
        if thesis.is_flag and len(hand_cards) == 1
        else Present(who.name, thesis.id, hand_cards, cites, gifts)
    )
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
                "assignment": assignment_json(verdict.assignment),
                "owed": owed_json(verdict.owed),
                "accepted": verdict.accepted,
                "points": verdict.points,
                "triggers_end": verdict.triggers_end,
                "notes": list(verdict.notes),
                "applied": applied,
            }
        )
    else:
        for line in explain(verdict, thesis):
            click.echo(line)
    if not verdict.legal:
        if do_apply:
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
        raise SystemExit(EXIT_RULES_SAY_NO)
    if do_apply:
        from pastiche_cli.cli.apply import apply_moves

        apply_moves(GAME, position, loaded, move, opts)
        if not as_json:
            click.echo(f"Recorded in {position}.")
