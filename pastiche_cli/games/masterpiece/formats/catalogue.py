"""The group's saved thesis catalogue, kept apart from Pastiche's; written with comments kept, checked, atomically."""

from __future__ import annotations

import os
from collections.abc import Iterable

from pastiche_cli.games.masterpiece.core.position import Thesis

SAVED = ("saved thesis catalogue", "--theses FILE")

HEADER = (
    "# Thesis cards of our copy of Pastiche: The Birth of a Masterpiece, typed from the cards\n"
    "# (see `pastiche masterpiece theses --help`). A position without `theses:` uses these.\n"
)


def path_for(explicit: str | None) -> str:
    from pastiche_cli.games.masterpiece.formats.loader import user_theses_path

    return explicit or user_theses_path()


def read_theses(explicit: str | None = None) -> tuple[Thesis, ...]:
    """The saved theses (() when the file does not exist yet); PositionError if it cannot be read."""
    from pastiche_cli.games.masterpiece.formats.loader import read_catalogue_file

    path = path_for(explicit)
    if not os.path.exists(path):
        return ()
    return read_catalogue_file(path)


def _scalar(text: str):
    """Plain when it reads back as the same text (as a short sheet writes it), else double-quoted."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    from pastiche_cli.formats.sheet import yaml_scalar

    return text if yaml_scalar(text) == text else DoubleQuotedScalarString(text)


def thesis_mapping(thesis: Thesis):
    """One thesis as a one-line YAML mapping."""
    from pastiche_cli.formats.yamledit import flow

    card = [("id", _scalar(thesis.id)), ("requirement", thesis.requirement.text())]
    entry = flow(card + [("points", thesis.points), ("copies", thesis.copies)], mapping=True)
    if thesis.requirement.repeats:
        entry["repeats"] = True
    return entry


def write_changes(path: str, add: Iterable[Thesis] = (), remove: Iterable[str] = ()) -> None:
    """Add (or replace, by id) and remove theses, comments kept; locked, validated, atomic."""
    from ruamel.yaml.comments import CommentedSeq

    from pastiche_cli.formats import safewrite
    from pastiche_cli.formats.yamledit import append_item, delete_item
    from pastiche_cli.formats.yamlio import edit_kept
    from pastiche_cli.games.masterpiece.formats.loader import parse_catalogue_text

    def change(data) -> None:
        if data.get("theses") is None:
            data["theses"] = CommentedSeq()
        entries = data["theses"]

        def index_of(tid: str):
            return next((i for i, e in enumerate(entries) if str(e.get("id", "")).strip() == tid), None)

        for tid in remove:
            i = index_of(tid)
            if i is None:  # gone since the command read it: someone else removed it
                raise safewrite.FileChanged()
            delete_item(data, "theses", i)
        for thesis in add:
            i = index_of(thesis.id)
            if i is None:
                append_item(data, "theses", thesis_mapping(thesis))
            else:
                entries[i] = thesis_mapping(thesis)

    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    edit_kept(path, change, lambda text: parse_catalogue_text(path, text), HEADER)  # raises if it would not read


def export_text(theses: Iterable[Thesis]) -> str:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from pastiche_cli.formats.yamlio import dump_roundtrip

    return HEADER + dump_roundtrip(CommentedMap([("theses", CommentedSeq(thesis_mapping(t) for t in theses))]))
