"""`pastiche masterpiece theses add|list|show|remove|import|export`: your box's thesis cards, typed once."""

from __future__ import annotations

import sys

import click

from pastiche_cli.cli.answer import show as show_told
from pastiche_cli.cli.box import Box, file_option, read, serve, unknown_id
from pastiche_cli.cli.shell import abort, err, output_options, report_problems
from pastiche_cli.games.masterpiece.core.requirements import GRAMMAR
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES, PositionError


def _where(path: str | None) -> str:
    from pastiche_cli.games.masterpiece.formats.catalogue import path_for

    return path_for(path)


def _theses(path: str | None) -> dict:
    from pastiche_cli.games.masterpiece.formats.catalogue import read_theses

    return {t.id: t for t in read_theses(path)}


def _export_text(known: dict) -> str:
    from pastiche_cli.games.masterpiece.formats.catalogue import export_text

    return export_text(known.values())


def _theses_count(n: int) -> str:
    return f"{n} thes{'i' if n == 1 else 'e'}s"


def _write(path: str, **changes) -> str:
    """Write the changes; the path written (the saved table still at its old place is written to the data folder)."""
    from pastiche_cli.formats.userdata import moved_for_writing
    from pastiche_cli.games.masterpiece.formats.catalogue import write_changes

    try:
        path = moved_for_writing(path)  # the saved table still at its old place: copied to the data folder first
        write_changes(path, **changes)
    except PositionError as exc:
        report_problems(exc.filename, exc.problems)
        abort(f"{path} was left unchanged", EXIT_BAD_FILE)
    except OSError as exc:
        abort(f"cannot write {path}: {exc.strerror or exc}", EXIT_BAD_FILE)
    return path


def thesis_json(t) -> dict:
    from pastiche_cli.games.masterpiece.render.catalogue import thesis_json

    return thesis_json(t)


BOX = Box(
    command="pastiche masterpiece theses",
    option="--theses",
    option_help="Work on this catalogue file instead of your saved one "
    "($PASTICHE_MASTERPIECE_THESES, else masterpiece-theses.yaml in the data folder: $PASTICHE_DATA, "
    "else ~/.local/share/pastiche).",
    missing="{path}: no such thesis catalogue; check the name, or start one with "
    "`pastiche masterpiece theses add ID ... --theses {path}`",
    unknown="no thesis '{id}'",
    one="thesis",
    noun="theses",
    example_id="five-run",
    heading="The thesis catalogue",
    json_key="theses",
    read=_theses,
    where=_where,
    count=_theses_count,
    label=lambda tid, t: t.label(),
    card_json=lambda tid, t: thesis_json(t),
    headers=("id", "requirement", "points", "copies", "meaning"),
    row=lambda tid, t: [
        t.id,
        t.requirement.text() + (", repeats" if t.requirement.repeats else ""),
        t.points,
        t.copies,
        t.requirement.describe(),
    ],
    title=lambda n, where: f"{_theses_count(n)} in {where}",
    export_text=_export_text,
)
theses_option = file_option(BOX)


@click.group("theses")
def command() -> None:
    """Your box's thesis cards, typed once, so positions need not list them.

    The real cards are not bundled with pastiche: type each as printed. A position without `theses:`
    uses this catalogue; one with `theses:` looks here only for ids it does not define.

    \b
    Example:
      pastiche masterpiece theses add five-run --requirement "run 5" --points 3 --copies 2
      pastiche masterpiece theses list
    """


@command.command("add")
@click.argument("thesis_id", metavar="ID")
@click.option("--requirement", required=True, metavar="TEXT", help=f"{GRAMMAR}.")
@click.option("--points", required=True, type=int, help="The points printed on the card (1 to 9).")
@click.option("--copies", default=1, show_default=True, type=int, help="How many of this card the box holds.")
@click.option("--repeats", is_flag=True, help="pairs N only: two pairs may share a value.")
@click.option("--replace", is_flag=True, help="Replace the thesis if the id is taken.")
@theses_option
def add(
    thesis_id: str, requirement: str, points: int, copies: int, repeats: bool, replace: bool, path: str | None
) -> None:
    """Add one thesis card, checked: points 1-9, at least one copy, a requirement this deck can meet.

    \b
    Example:
      pastiche masterpiece theses add long-run --requirement "run 9" --points 7
    """
    from pastiche_cli.games.masterpiece.core.catalogue import check_thesis
    from pastiche_cli.games.masterpiece.core.position import Thesis
    from pastiche_cli.games.masterpiece.core.requirements import RequirementError, parse_requirement

    tid = thesis_id.strip()
    if not tid:
        raise click.BadParameter("the id is empty", param_hint="'ID'")
    try:
        req = parse_requirement(requirement, repeats)
    except RequirementError as exc:
        raise click.BadParameter(str(exc), param_hint="'--requirement'") from exc
    if repeats and req.kind != "pairs":
        raise click.BadParameter("--repeats only matters for pairs N", param_hint="'--repeats'")
    path, known = _where(path), read(BOX, path)
    if tid in known and not replace:
        raise click.BadParameter(
            f"the id '{tid}' is taken ({known[tid].label()}); choose another id or pass --replace", param_hint="'ID'"
        )
    thesis = Thesis(tid, req, points, copies, source=path)
    findings = check_thesis(thesis)
    if req.kind == "flag" and any(t.is_flag for k, t in known.items() if k != tid):
        flag = next(k for k, t in known.items() if t.is_flag and k != tid)
        err(f"pastiche: error: '{flag}' is the end flag already; the game has one")
        abort(f"'{tid}' was not added", EXIT_BREAKS_RULES)
    if findings:
        for f in findings:
            err(f"pastiche: error: {f.message} [{f.rule}]")
        abort(f"'{tid}' was not added", EXIT_BREAKS_RULES)
    path = _write(path, add=[thesis])
    from pastiche_cli.render.catalogue import written_told

    show_told(written_told(tid in known, f"{thesis.label()}: {req.describe()}", path), False)


@command.command("show")
@click.argument("thesis_id", metavar="ID")
@theses_option
@output_options(tables=False)
def show(thesis_id: str, path: str | None, as_json: bool) -> None:
    """One thesis in full, with what its requirement means.

    \b
    Example:
      pastiche masterpiece theses show five-run
    """
    known = read(BOX, path, as_json, must_exist=True)
    if thesis_id not in known:
        unknown_id(BOX, thesis_id, known, _where(path))
    from pastiche_cli.games.masterpiece.render.catalogue import thesis_told

    show_told(thesis_told(known[thesis_id]), as_json)


@command.command("import")
@click.argument("position", type=click.Path(dir_okay=True, readable=False, path_type=str))
@theses_option
@click.option("--dry-run", is_flag=True, help="Say what would be added; change nothing.")
def import_(position: str, path: str | None, dry_run: bool) -> None:
    """Add the theses a position file lists under `theses:`.

    Ids already in the catalogue are skipped (with a note when the card differs). Nothing is
    written if any thesis fails the checks.

    \b
    Example:
      pastiche masterpiece theses import game.yaml --dry-run
    """
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.games.masterpiece.core.catalogue import check_thesis
    from pastiche_cli.games.masterpiece.formats.loader import parse_position

    known = read(BOX, path)
    try:
        pos, problems, _ = parse_position(position, read_text(position), lambda: ((), ""))
    except PositionError as exc:
        report_problems(exc.filename, exc.problems)
        sys.exit(exc.exit_code)
    if pos is None or any(p.kind == "format" for p in problems):
        report_problems(position, problems)
        sys.exit(EXIT_BAD_FILE)
    added, errors = [], []
    for t in pos.theses:
        if t.source != "file":
            continue
        if t.id in known:
            if (known[t.id].requirement, known[t.id].points, known[t.id].copies) != (t.requirement, t.points, t.copies):
                err(f"skipped {t.id}: the catalogue has a different card under this id ({known[t.id].label()})")
            else:
                err(f"skipped {t.id}: already in the catalogue")
            continue
        bad = check_thesis(t)
        errors += [f"{position}:{t.loc.line}:{t.loc.column}: error: {f.message} [{f.rule}]" for f in bad]
        if not bad:
            added.append(t)
    if errors:
        for line in errors:
            err(line)
        abort(f"nothing imported: {len(errors)} problem(s)", EXIT_BREAKS_RULES)
    from pastiche_cli.render.catalogue import imported_told

    written = _write(_where(path), add=added) if added and not dry_run else None
    show_told(imported_told(BOX.label, BOX.count, {t.id: t for t in added}, dry_run, written), False)


serve(command, BOX, _write)
