"""`pastiche new --game masterpiece --players A,B,C`: a commented starting position, FILL-IN where the table decides."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import echo_file, err, output_file_options, write_output
from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import plain_or_quoted

HAND = 3  # every player keeps three cards after the deal (the description's set-up)


def starting_position(names: list[str], with_table: bool) -> str:
    out = [
        f"# A new {len(names)}-player game of Pastiche: The Birth of a Masterpiece.",
        f"# Replace every {PLACEHOLDER} with what is on the table, then run `pastiche check` on this file.",
        "# Each player is dealt 3 to 5 cards by seat and keeps three; write them as colour and number",
        "# (pink 3, lightblue 11; `pastiche masterpiece deck` lists them).",
        "game: masterpiece",
    ]
    if with_table:
        out += [
            "# Your box's thesis cards, typed from the cards (or delete `theses:` to use your saved",
            "# catalogue, `pastiche masterpiece theses list`). Requirement: run N, run N same-suit,",
            "# pairs N, kind N, kind N of V, kinds A+B or flag; points 1-9; copies in the box.",
            "theses:",
            f"  - {{id: {PLACEHOLDER}, requirement: {PLACEHOLDER}, points: {PLACEHOLDER}, copies: 1}}",
        ]
    out.append("players:                                      # in turn order; the first starts")
    for name in names:
        out += [
            f"  - name: {plain_or_quoted(name)}",
            f"    hand: [{', '.join([PLACEHOLDER] * HAND)}]",
            "    published: []",
            "    accepted: []",
        ]
    out += [
        "discard: []                                   # top last",
        f"turn: {{player: {plain_or_quoted(names[0])}}}",
        "# house_rules:                                # the open questions: `pastiche rules --game masterpiece house`",
        "#   end_threshold_strict: false               # 15 points are enough (the default)",
        "#   flag_in_tiebreak: true                    # the end flag counts as a thesis (the default)",
        "",
    ]
    return "\n".join(out)


@click.command("new")
@click.option(
    "--players", "players_text", required=True, metavar="NAMES", help="3 to 5 names, comma-separated, in turn order."
)
@click.option("--no-theses", is_flag=True, help="Leave out `theses:` (use your saved thesis catalogue).")
@output_file_options
@click.option(
    "--record",
    "as_record",
    is_flag=True,
    help="Start a game record (setup: and moves:) to play move by move, instead of a position.",
)
def command(players_text: str, no_theses: bool, output: str | None, force: bool, as_record: bool) -> None:
    """Write a starting position for a new game, with FILL-IN for the dealt cards and your thesis cards.

    \b
    Example:
      pastiche new --game masterpiece --players Ana,Ben,Caro -o game.yaml
      pastiche check game.yaml
      pastiche new --game masterpiece --players Ana,Ben,Caro --record -o game.yaml
    """
    from pastiche_cli.cli.shell import parse_players
    from pastiche_cli.games.masterpiece.core.setup import names_problem

    names = parse_players(players_text, names_problem)
    text = starting_position(names, not no_theses)
    if as_record:
        from pastiche_cli.formats.record import starting_record
        from pastiche_cli.games.masterpiece.game import GAME

        text = starting_record(text, GAME.name)
    if output is None:
        echo_file(text)
        return
    write_output(output, text, force)
    err(
        f"Wrote {output} ({len(names)} players, {names[0]} starts). Next: replace each {PLACEHOLDER}, "
        f"then run `pastiche check {output}`."
    )
