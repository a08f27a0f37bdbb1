"""The subcommands a catalogue of a box's secret cards shares (Pastiche's commissions, Masterpiece's theses),
from a game's `Box`; the game keeps how a card is added, what a position adds on import, how one is shown."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import click

from pastiche_cli.cli.shell import (
    abort,
    echo_file,
    emit_json,
    err,
    output_options,
    report_problems,
    written_file_option,
)
from pastiche_cli.cli.tables import table
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, PositionError


class Box(NamedTuple):
    """What the shared subcommands say and do for one game's catalogue."""

    command: str  # how it is called: "pastiche catalogue"
    option: str  # the option naming another file: "--catalogue"
    option_help: str
    missing: str  # said of a named file that is not there ({path}: the name given)
    unknown: str  # "no card with id '{id}'": an id not in the catalogue
    one: str  # "card": one of them
    noun: str  # "cards": what `add` adds and `list` shows
    example_id: str  # an id for the help's examples (a made-up card)
    heading: str  # "The catalogue": the empty catalogue's first words
    json_key: str  # `list --json`'s key for the cards
    read: Callable[[str | None], dict]  # the cards by id (raises PositionError)
    where: Callable[[str | None], str]  # the file a path (None: the saved one) means
    count: Callable[[int], str]  # "3 card(s)": how many were written
    label: Callable[[str, Any], str]  # a card as `remove` names it
    card_json: Callable[[str, Any], dict]
    headers: Sequence[str]  # `list`'s columns
    row: Callable[[str, Any], list]
    title: Callable[[int, str], str]  # `list`'s title: (how many, where)
    export_text: Callable[[dict], str]


def file_option(box: Box) -> Callable:
    return click.option(
        box.option, "path", metavar="FILE", type=click.Path(dir_okay=False, path_type=str), help=box.option_help
    )


def read(box: Box, path: str | None, as_json: bool = False, must_exist: bool = False) -> dict:
    """The cards; with must_exist a named file not there is an error (not an empty catalogue), not the saved one."""
    import os

    if must_exist and path is not None and not os.path.exists(path):
        abort(box.missing.format(path=path), EXIT_BAD_FILE)
    try:
        return box.read(path)
    except PositionError as exc:
        if as_json:
            from pastiche_cli.render.problems import problems_json

            emit_json(problems_json(exc.problems))
        report_problems(exc.filename, exc.problems)  # the file this command works on: exit 3
        sys.exit(EXIT_BAD_FILE)


def unknown_id(box: Box, card_id: str, cards: dict, where: str):
    from pastiche_cli.kernel.suggest import hint, suggest

    offer = hint(
        suggest(card_id, list(cards)),
        f" The catalogue is empty: add {box.noun} with `{box.command} add`."
        if not cards
        else f" `{box.command} list` shows the ids.",
        "sentence",
    )
    raise click.BadParameter(f"{box.unknown.format(id=card_id)} in {where}.{offer}", param_hint="'ID'")


def serve(group: click.Group, box: Box, write: Callable[..., str], complete_id=None) -> None:
    """Add `list`, `remove` and `export` to the game's catalogue group; `write(path, remove=ids)` writes."""

    @group.command("list", help=f"Every {box.one} in the catalogue.\n\n{_example(box, 'list')}")
    @file_option(box)
    @output_options
    def list_(path: str | None, as_json: bool, fmt: str) -> None:
        cards = read(box, path, as_json, must_exist=True)
        where = box.where(path)
        if as_json:
            from pastiche_cli.render.catalogue import listed_json

            emit_json(listed_json(where, box.json_key, [box.card_json(k, c) for k, c in cards.items()]))
        elif not cards:
            err(
                f"{box.heading} {where} is empty: add {box.noun} with `{box.command} add` "
                f"or `{box.command} import POSITION`."
            )
        else:
            table(list(box.headers), [box.row(k, c) for k, c in cards.items()], fmt, title=box.title(len(cards), where))

    @group.command("remove", help=f"Remove {box.noun} by id.\n\n{_example(box, 'remove')}")
    @click.argument("card_ids", metavar="ID...", nargs=-1, required=True, shell_complete=complete_id)
    @file_option(box)
    def remove(card_ids: tuple[str, ...], path: str | None) -> None:
        cards = read(box, path, must_exist=True)
        for card_id in card_ids:
            if card_id not in cards:
                unknown_id(box, card_id, cards, box.where(path))
        ids = list(dict.fromkeys(card_ids))
        write(box.where(path), remove=ids)
        from pastiche_cli.cli.answer import show
        from pastiche_cli.render.catalogue import removed_told

        show(removed_told([box.label(card_id, cards[card_id]) for card_id in ids]), False)

    @group.command("export", help=_EXPORT.format(option=box.option, example=_example(box, "export -o our-box.yaml")))
    @file_option(box)
    @written_file_option(
        "-o", "--output", metavar="FILE", help="Write to FILE instead of stdout.", force="Overwrite FILE if it exists."
    )
    def export(path: str | None, output: str | None, force: bool) -> None:
        from pastiche_cli.cli.shell import write_output

        cards = read(box, path, must_exist=True)
        text = box.export_text(cards)
        if output is None:
            echo_file(text)
            return
        write_output(output, text, force, reads=(box.where(path),))
        err(f"{box.count(len(cards))} -> {output}")


_EXPORT = "Write the catalogue as a file to share with another group (or to pass as {option}).\n\n{example}"


def _example(box: Box, words: str) -> str:
    if words in ("list", "remove"):
        words += " --format markdown" if words == "list" else f" {box.example_id}"
    return f"\b\nExample:\n  {box.command} {words}"
