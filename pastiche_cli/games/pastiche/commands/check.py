"""`pastiche check POSITION...`: everything wrong with each position, located, all at once (SPEC 3.2)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    broken_saved_message,
    echo,
    emit_json,
    err,
    exit_for,
    output_options,
    plural,
    shown_name,
)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option
from pastiche_cli.games.pastiche.formats.catalogue import SAVED
from pastiche_cli.kernel.problems import (
    EXIT_BAD_CATALOGUE,
    EXIT_BAD_FILE,
    FORMAT,
    WARNING,
    PositionError,
    Problem,
    sort_key,
    worst,
)


@click.command("check")
@click.argument(
    "positions",
    metavar="POSITION...",
    nargs=-1,
    required=True,
    type=click.Path(dir_okay=True, readable=False, path_type=str),
)
@catalogue_option
@output_options(tables=False)
def command(positions: tuple[str, ...], catalogue: str | None, as_json: bool) -> None:
    """Everything wrong with each position file, each problem located as FILE:LINE:COL.

    Exit 0 if every position is valid (warnings allowed), 3 if a file cannot be read or does not
    fit the format, 5 if the saved catalogue it takes cards from cannot, else 4 if one breaks the
    rules of the game. `-` reads a position from stdin.
    With several files, --json answers {"valid", "files": [{"file", "valid", "problems"}]}.
    Files of several games may be checked at once: each by its own game's check (its `game:`),
    the exit code the worst of theirs, and each --json answer is tagged with its "game".

    \b
    Example:
      pastiche check game.yaml
      pastiche check games/*.yaml
      pastiche check examples/positions/spec-example.yaml examples/positions/canvas/midgame.yaml
      generate-position | pastiche check -
    """
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.games.pastiche.game import GAME

    answers, codes = [], []
    for position in positions:
        read, problems = all_problems(GAME, position, {"catalogue": catalogue})
        if read is not None:
            problems = problems + catalogue_mismatches(read, catalogue)
        problems = sorted(problems, key=sort_key)
        codes.append(exit_for(position, problems))
        errors = [p for p in problems if p.kind != WARNING]
        answers.append({"file": position, "valid": not errors, "problems": [p.as_json() for p in problems]})
        if codes[-1] == EXIT_BAD_CATALOGUE:
            err(broken_saved_message(next(p.file for p in problems if p.kind == FORMAT), SAVED))
        if as_json:
            continue
        name = shown_name(position)
        for p in problems:
            echo(p.located(name))
        warnings = len(problems) - len(errors)
        if errors:
            what = {
                EXIT_BAD_FILE: "the file cannot be read as a position",
                EXIT_BAD_CATALOGUE: "the catalogue it draws its cards from cannot be read",
            }.get(codes[-1], "the file breaks the rules of the game")
            echo(f"{name}: {plural(len(errors), 'error')}, {plural(warnings, 'warning')}: {what}")
        else:
            echo(f"{name}: OK ({plural(warnings, 'warning')})")
    if as_json:
        if len(answers) == 1:
            emit_json({"valid": answers[0]["valid"], "problems": answers[0]["problems"]})
        else:
            emit_json({"valid": all(a["valid"] for a in answers), "files": answers})
    raise SystemExit(worst(codes))


def catalogue_mismatches(position, catalogue: str | None) -> list[Problem]:
    """A warning for each card written out in the position (or its own catalogue) that the saved
    catalogue (or --catalogue FILE) holds with other points, palette or artist bonus."""
    from pastiche_cli.games.pastiche.formats.catalogue import describe, differences
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, user_catalogue_path

    try:
        cards = outside_catalogue(catalogue)
    except PositionError:
        return [
            Problem(
                WARNING,
                "catalogue-unreadable",
                f"the catalogue {catalogue or user_catalogue_path()} cannot be read (`pastiche catalogue "
                "list` shows why), so the cards here were not compared with it",
            )
        ]
    by_key = {card.card_key: (cid, card) for cid, card in cards.items()}
    written = list(position.catalogue.values()) + list(position.gallery)
    for player in position.players:
        written += list(player.commissions) + list(player.completed)
    out, seen = [], set()
    for card in written:
        if card.card_key not in by_key or (card.id is not None and card.id not in position.catalogue):
            continue  # not in the catalogue, or the catalogue's own card by its id
        cid, theirs = by_key[card.card_key]
        diff = differences(card, theirs)
        if diff and (card.loc.line, card.loc.column) not in seen:
            seen.add((card.loc.line, card.loc.column))
            out.append(
                Problem(
                    WARNING,
                    "catalogue-mismatch",
                    f"'{card.title}' differs from the catalogue's {cid}: {'; '.join(diff)} "
                    f"(the catalogue has {describe(theirs)}); one of the two is mistyped",
                    card.loc.line,
                    card.loc.column,
                )
            )
    return out
