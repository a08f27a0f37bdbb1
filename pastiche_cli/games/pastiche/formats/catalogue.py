"""The user's card catalogue: commission cards typed once, referred to by id; comments kept on writing."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.kernel.problems import Problem, problem_at

# How messages name the saved catalogue, and the option that names another instead.
SAVED = ("saved catalogue", "--catalogue FILE")

HEADER = (
    "# Commission cards of our copy of Pastiche, typed from the box (see `pastiche catalogue --help`).\n"
    "# A position can name a card by its id instead of writing it out: commissions: [harbour-at-dusk]\n"
)


class MissingFolder(Exception):
    """The folder a catalogue is to be written in does not exist (and was not to be made)."""

    def __init__(self, folder: str):
        super().__init__(folder)
        self.folder = folder


def is_saved_path(path: str) -> bool:
    """Is this the user's saved catalogue, not a file named with --catalogue?"""
    from pastiche_cli.games.pastiche.formats.loader import user_catalogue_path

    return os.path.abspath(path) == os.path.abspath(user_catalogue_path())


def path_for(explicit: str | None) -> str:
    """The catalogue a command works on: --catalogue FILE, else the user's saved one."""
    from pastiche_cli.games.pastiche.formats.loader import user_catalogue_path

    return explicit or user_catalogue_path()


def read_cards(explicit: str | None = None) -> dict[str, Commission]:
    """The cards by id ({} when the file does not exist yet); PositionError if it cannot be read."""
    from pastiche_cli.games.pastiche.formats.loader import read_catalogue_file

    path = path_for(explicit)
    if not os.path.exists(path):
        return {}
    return read_catalogue_file(path)


def differences(card: Commission, other: Commission) -> list[str]:
    """How `card` differs from `other`, as "12 points, not 11" ([] when they agree; no palette, not compared)."""
    out = []
    if card.points != other.points:
        out.append(f"{card.points} points, not {other.points}")
    if card.has_palette and other.has_palette and sorted(card.palette) != sorted(other.palette):
        out.append(f"palette {', '.join(card.palette)}, not {', '.join(other.palette)}")
    if card.artist_bonus is not None and other.artist_bonus is not None and card.artist_bonus != other.artist_bonus:
        out.append(f"artist bonus {card.artist_bonus}, not {other.artist_bonus}")
    return out


def describe(card: Commission) -> str:
    """The card in full, one line: title, artist, points, palette, artist bonus if printed."""
    bonus = "" if card.artist_bonus is None else f", artist bonus {card.artist_bonus}"
    palette = ", ".join(card.palette) if card.has_palette else "no palette written"
    return f"'{card.title}' by {card.artist}, {card.points} points, palette {palette}{bonus}"


_PLAIN_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9 .'-]*\Z")


def _scalar(text: str):
    """Text as YAML writes it safely in a flow mapping (ruamel leaves `0?` plain): plain or double-quoted."""
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString

    from pastiche_cli.formats.yamledit import is_plain

    return text if is_plain(text, _PLAIN_TEXT) else DoubleQuotedScalarString(text)


def card_mapping(card: Commission):
    """The card as a one-line YAML mapping (ruamel's comment-keeping containers)."""
    from pastiche_cli.formats.yamledit import flow

    entry = flow(
        [("title", _scalar(card.title)), ("artist", _scalar(card.artist)), ("points", card.points)]
        + [("palette", card.palette)],
        mapping=True,
    )
    if card.artist_bonus is not None:
        entry["artist_bonus"] = card.artist_bonus
    return entry


def parse_text(name: str, text: str) -> dict[str, Commission]:
    """The cards of a catalogue file's text; PositionError with every format problem."""
    from pastiche_cli.games.pastiche.formats.loader import parse_catalogue_text

    return parse_catalogue_text(name, text)


def _section(data):
    """The mapping of cards inside round-trip data (`catalogue:` or a bare mapping), made if missing."""
    from ruamel.yaml.comments import CommentedMap

    if "catalogue" in data or not data:
        if data.get("catalogue") is None:
            data["catalogue"] = CommentedMap()
        return data["catalogue"]
    return data


def write_changes(
    path: str, add: dict[str, Commission] | None = None, remove: Iterable[str] = (), make_folder: bool = False
) -> str | None:
    """Add (or replace) and remove cards, comments kept, atomic and locked; a folder made only with `make_folder`."""
    from pastiche_cli.formats import safewrite
    from pastiche_cli.formats.yamlio import edit_kept

    folder = os.path.dirname(os.path.abspath(path))
    made = None
    if not os.path.isdir(folder):
        if not make_folder:
            raise MissingFolder(folder)
        os.makedirs(folder, exist_ok=True)
        made = folder

    def change(data) -> None:
        section = _section(data)
        for cid in remove:
            if cid not in section:  # the command saw it a moment ago: someone else removed it
                raise safewrite.FileChanged()
            del section[cid]
        for cid, card in (add or {}).items():
            section[_scalar(cid)] = card_mapping(card)

    edit_kept(path, change, lambda text: parse_text(path, text), HEADER)  # raises if the result is unreadable
    return made


def export_text(cards: dict[str, Commission]) -> str:
    """The cards as a fresh catalogue file."""
    from ruamel.yaml.comments import CommentedMap

    from pastiche_cli.formats.yamlio import dump_roundtrip

    section = CommentedMap((_scalar(cid), card_mapping(card)) for cid, card in cards.items())
    return HEADER + dump_roundtrip(CommentedMap([("catalogue", section)]))


def mismatches(position, catalogue: str | None) -> list[Problem]:
    """A warning for each card in the position that the saved (or --catalogue) catalogue holds otherwise."""
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, user_catalogue_path
    from pastiche_cli.kernel.problems import WARNING, PositionError

    try:
        cards = outside_catalogue(catalogue)
    except PositionError:
        why = f"the catalogue {catalogue or user_catalogue_path()} cannot be read (`pastiche catalogue list` shows why)"
        return [Problem(WARNING, "catalogue-unreadable", why + ", so the cards here were not compared with it")]
    by_key = {card.card_key: (cid, card) for cid, card in cards.items()}
    written = list(position.catalogue.values()) + [c for _, c in position.every_commission()]
    out, seen = [], set()
    for card in written:
        if card.card_key not in by_key or (card.id is not None and card.id not in position.catalogue):
            continue  # not in the catalogue, or the catalogue's own card by its id
        cid, theirs = by_key[card.card_key]
        diff = differences(card, theirs)
        if diff and (card.loc.line, card.loc.column) not in seen:
            seen.add((card.loc.line, card.loc.column))
            why = f"'{card.title}' differs from the catalogue's {cid}: {'; '.join(diff)} "
            why += f"(the catalogue has {describe(theirs)}); one of the two is mistyped"
            out.append(problem_at(card.loc, "catalogue-mismatch", why, WARNING))
    return out
