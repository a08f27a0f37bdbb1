"""`pastiche catalogue add|list|show|remove|import|export`: the commission cards of your box, typed once."""

from __future__ import annotations

import sys

import click

from pastiche_cli.cli.answer import show as show_told
from pastiche_cli.cli.box import Box, file_option, read, serve, unknown_id
from pastiche_cli.cli.shell import abort, broken_saved_message, err, output_options, report_problems
from pastiche_cli.games.pastiche.commands._tab import complete_cards, complete_catalogue_id
from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE, EXIT_BAD_FILE, EXIT_BREAKS_RULES, PositionError


def _formats():
    from pastiche_cli.games.pastiche.formats import catalogue

    return catalogue


def _where(path: str | None) -> str:
    return _formats().path_for(path)


def card_json(cid: str, card) -> dict:
    from pastiche_cli.games.pastiche.render.catalogue import card_json

    return card_json(cid, card)


BOX = Box(
    command="pastiche catalogue",
    option="--catalogue",
    option_help="Work on this catalogue file instead of your saved one "
    "($PASTICHE_CATALOGUE, else catalogue.yaml in the data folder: $PASTICHE_DATA, else ~/.local/share/pastiche).",
    missing="{path}: no such catalogue file; check the name, or start one with "
    "`pastiche catalogue add --catalogue {path} ...` or `pastiche catalogue export -o {path}`",
    unknown="no card with id '{id}'",
    one="card",
    noun="cards",
    example_id="harbour-at-dusk",
    heading="The catalogue",
    json_key="cards",
    read=lambda path: _formats().read_cards(path),
    where=_where,
    count=lambda n: f"{n} card(s)",
    label=lambda cid, card: f"{cid}: {card.label()}",
    card_json=card_json,
    headers=("id", "title", "artist", "points", "palette", "artist bonus"),
    row=lambda cid, c: [
        cid,
        c.title,
        c.artist,
        c.points,
        ", ".join(c.palette),
        "" if c.artist_bonus is None else c.artist_bonus,
    ],
    title=lambda n, where: f"{n} commission cards in {where}",
    export_text=lambda cards: _formats().export_text(cards),
)
catalogue_file_option = file_option(BOX)


def _write(path: str, **changes) -> str:
    """Write the changes; the path written (a saved catalogue still at its old place is written to the data folder)."""
    from pastiche_cli.formats.userdata import moved_for_writing
    from pastiche_cli.games.pastiche.formats.catalogue import MissingFolder, is_saved_path, write_changes

    saved = is_saved_path(path)
    try:
        if saved:  # still at its old place: copied to the data folder, and changed there
            path = moved_for_writing(path)
        made = write_changes(path, make_folder=saved, **changes)
    except MissingFolder as exc:
        abort(
            f"cannot write {path}: the folder {exc.folder} does not exist; make it first "
            f"(mkdir -p {exc.folder}) or name another file",
            EXIT_BAD_FILE,
        )
    except PositionError as exc:
        report_problems(exc.filename, exc.problems)
        abort(f"{path} was left unchanged", EXIT_BAD_FILE)
    except OSError as exc:
        abort(f"cannot write {path}: {exc.strerror or exc}", EXIT_BAD_FILE)
    if made:
        err(f"pastiche: made the folder {made} for your saved catalogue")
    return path


@click.group("catalogue")
def command() -> None:
    """Your commission cards, typed once from the box, so positions can name them by id.

    The cards are not bundled with pastiche: type each card as printed. The catalogue lives in
    $PASTICHE_CATALOGUE, else catalogue.yaml in the data folder ($PASTICHE_DATA, else the platform's:
    ~/.local/share/pastiche on Linux), or the file given with --catalogue FILE. Every command that
    reads a position also reads it.

    \b
    Example:
      pastiche catalogue add --title "Harbour at Dusk" --artist "P. Example" --points 11 \\
          --palette teal,blue,black
      pastiche catalogue list
      pastiche catalogue import game.yaml      # the inline commissions of a position
    """


@command.command("add")
@click.argument("card_id", metavar="[ID]", required=False)
@click.option("--title", required=True, help="The painting's title, as printed.")
@click.option("--artist", required=True, help="The artist, as printed.")
@click.option("--points", required=True, type=int, help="Commission points (8 to 16).")
@click.option(
    "--palette",
    required=True,
    metavar="CARDS",
    shell_complete=complete_cards,
    help="The colours of its palette, comma-separated, repeats included (2 to 7).",
)
@click.option("--artist-bonus", "artist_bonus", type=int, help="The artist bonus printed on the card.")
@click.option("--replace", is_flag=True, help="Replace the card if the id is taken.")
@catalogue_file_option
def add(
    card_id: str | None,
    title: str,
    artist: str,
    points: int,
    palette: str,
    artist_bonus: int | None,
    replace: bool,
    path: str | None,
) -> None:
    """Add one commission card, checked: points 8-16, 2-7 known colours, two cards per artist.

    ID defaults to the title in lower case with dashes (harbour-at-dusk).

    \b
    Example:
      pastiche catalogue add --title "Harbour at Dusk" --artist "P. Example" --points 11 \\
          --palette teal,blue,black --artist-bonus 4
    """
    from pastiche_cli.games.pastiche.core.catalogue import check_card, slug
    from pastiche_cli.games.pastiche.core.colours import as_list, parse_cards, unknown_cards_message
    from pastiche_cli.games.pastiche.core.position import Commission

    for option, value in (("--title", title), ("--artist", artist)):
        if not value.strip():
            raise click.BadParameter("is empty; give it as printed on the card", param_hint=f"'{option}'")
    path, cards = _where(path), read(BOX, path)
    named, unknown = parse_cards(palette, spaces=True)
    if unknown:
        raise click.BadParameter(unknown_cards_message(unknown), param_hint="'--palette'")
    cards_list = as_list(named)
    cid = (card_id or slug(title)).strip()
    if not cid:
        raise click.BadParameter("the id is empty", param_hint="'ID'")
    if cid in cards and not replace:
        raise click.BadParameter(
            f"the id '{cid}' is taken by '{cards[cid].title}'; choose another id or pass --replace", param_hint="'ID'"
        )
    card = Commission(title.strip(), artist.strip(), points, tuple(cards_list), artist_bonus, cid)
    others = {k: v for k, v in cards.items() if k != cid}
    verdict = check_card(card, others)
    for kind, messages in (("warning", verdict.warnings), ("error", verdict.errors)):
        for message in messages:
            err(f"pastiche: {kind}: {message}")
    if verdict.errors:
        abort(f"'{cid}' was not added", EXIT_BREAKS_RULES)
    path = _write(path, add={cid: card})
    from pastiche_cli.games.pastiche.render.catalogue import card_said
    from pastiche_cli.render.catalogue import written_told

    show_told(written_told(cid in cards, card_said(cid, card), path), False)


@command.command("show")
@click.argument("card_id", metavar="ID", shell_complete=complete_catalogue_id)
@catalogue_file_option
@output_options(tables=False)
def show(card_id: str, path: str | None, as_json: bool) -> None:
    """One card in full, with its artist's other card and the pair's bonus.

    \b
    Example:
      pastiche catalogue show harbour-at-dusk
    """
    from pastiche_cli.games.pastiche.core.catalogue import pair_of

    cards = read(BOX, path, as_json, must_exist=True)
    if card_id not in cards:
        unknown_id(BOX, card_id, cards, _where(path))
    from pastiche_cli.games.pastiche.render.catalogue import card_told

    show_told(card_told(card_id, cards[card_id], pair_of(card_id, cards)), as_json)


@command.command("import")
@click.argument("position", type=click.Path(dir_okay=True, readable=False, path_type=str))
@catalogue_file_option
@click.option("--dry-run", is_flag=True, help="Say what would be added; change nothing.")
def import_(position: str, path: str | None, dry_run: bool) -> None:
    """Add the commission cards written out in a position (hands, gallery, its catalogue).

    Cards already in the catalogue are skipped; completed cards written without a palette are
    skipped with a note. A conflict, the same title and artist with other points, palette or
    artist bonus (in the catalogue, or twice in the position), is shown with both versions.
    Nothing is written if any card conflicts or fails the checks (exit 4).

    \b
    Example:
      pastiche catalogue import game.yaml --dry-run
    """
    from pastiche_cli.render.catalogue import imported_told

    cards = read(BOX, path)
    added, skipped, errors, conflicts = _sorted_out(position, cards, _read_position(position, path))
    for line in conflicts:
        err(line)
    if conflicts:
        abort(
            f"nothing imported: {len(conflicts)} conflict(s), the same painting with other points, palette "
            f"or bonus; correct the position, or the catalogue card (`pastiche catalogue add ID --replace ...`)",
            EXIT_BREAKS_RULES,
        )
    for line in skipped:
        err(f"skipped {line}")
    if errors:
        for line in errors:
            err(line)
        abort(f"nothing imported: {len(errors)} card(s) fail the checks", EXIT_BREAKS_RULES)
    written = _write(_where(path), add=added) if added and not dry_run else None
    show_told(imported_told(BOX.label, BOX.count, added, dry_run, written), False)


def _read_position(position: str, path: str | None):
    """The position the cards are imported from; its problems said, exit 3 (5: the saved catalogue)."""
    from pastiche_cli.games.pastiche.formats.record import load_position

    try:
        return load_position(position, path)[0]
    except PositionError as exc:
        report_problems(exc.filename, exc.problems)
        if exc.filename != position and exc.exit_code == EXIT_BAD_FILE:
            from pastiche_cli.games.pastiche.formats.catalogue import SAVED

            err(broken_saved_message(exc.filename, SAVED))
            sys.exit(EXIT_BAD_CATALOGUE)
        sys.exit(exc.exit_code)


def _sorted_out(position: str, cards: dict, pos) -> tuple[dict, list[str], list[str], list[str]]:
    """The position's cards against the catalogue: (to add by new id, skipped, errors, conflicts)."""
    from pastiche_cli.games.pastiche.core.catalogue import check_card, free_id, slug
    from pastiche_cli.games.pastiche.core.position import Commission

    found: list[tuple[str | None, Commission]] = [(cid, c) for cid, c in pos.catalogue.items()]
    found += [(c.id, c) for _, c in pos.every_commission()]
    catalogue_ids = {c.card_key: cid for cid, c in cards.items()}
    added: dict[str, Commission] = {}
    first_seen: dict[tuple, Commission] = {}
    skipped, errors, conflicts = [], [], []
    for cid, c in found:
        key = c.card_key
        if key in catalogue_ids or key in first_seen:
            said = _seen_again(position, c, catalogue_ids.get(key), cards, first_seen, key)
            if said is not None:
                (conflicts if said[0] else skipped).append(said[1])
            first_seen.setdefault(key, c)
            continue
        first_seen[key] = c
        if not c.has_palette:
            skipped.append(f"{c.label()}: written without its palette (add it with `pastiche catalogue add`)")
            continue
        new_id = free_id(cid or slug(c.title), list(cards) + list(added))
        card = Commission(c.title, c.artist, c.points, c.palette, c.artist_bonus, new_id)
        verdict = check_card(card, {**cards, **added})
        errors += [f"{position}:{c.loc.line}:{c.loc.column}: error: {m}" for m in verdict.errors]
        for m in verdict.warnings:
            err(f"{position}:{c.loc.line}:{c.loc.column}: warning: {m}")
        if not verdict.errors:
            added[new_id] = card
    return added, skipped, errors, conflicts


def _seen_again(position: str, c, other_id: str | None, cards: dict, first_seen: dict, key) -> tuple | None:
    """(True, the conflict) when the catalogue or position holds the card otherwise, (False, why skipped), or None."""
    from pastiche_cli.games.pastiche.formats.catalogue import describe, differences

    other = cards[other_id] if other_id is not None else first_seen[key]
    if differences(c, other):
        theirs = (
            f"the catalogue's {other_id}"
            if other_id is not None
            else f"the same card at {position}:{other.loc.line}:{other.loc.column}"
        )
        return True, (
            f"{position}:{c.loc.line}:{c.loc.column}: error: conflict: {describe(c)} here; {theirs} is "
            f"{describe(other)} ({'; '.join(differences(c, other))})"
        )
    if other_id is not None and key not in first_seen:
        return False, f"{c.label()}: already in the catalogue as {other_id}"
    return None


serve(command, BOX, _write, complete_catalogue_id)
