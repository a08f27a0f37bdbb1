"""Shared by the painting-phase commands: parsing CARDS and recording a change in the position file.

Edits go through yamlio.edit_file: round-trip data with comments kept, the new text re-read and
checked before an atomic write, the file left exactly as it was when anything is refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Mapping

import click

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Position


class Refused(Exception):
    """The edited file would not be the position we meant to write; nothing is written."""


def parse_cards(text: str, option: str, *, allow_empty: bool = False,
                commission_names: Iterable[str] = ()) -> tuple[Counter, tuple[str, ...]]:
    """CARDS (comma-separated names) as a multiset, plus any names that are commission cards.

    Unknown names are a usage error with a "did you mean"; commission names are returned apart so
    the verdict can say commissions are never traded.
    """
    cards: Counter = Counter()
    offered: list[str] = []
    folded = {" ".join(n.casefold().split()): n for n in commission_names}
    for part in str(text).split(","):
        name = part.strip()
        if not name:
            continue
        card = colours.parse_card(name)
        if card is not None:
            cards[card] += 1
        elif " ".join(name.casefold().split()) in folded:
            offered.append(folded[" ".join(name.casefold().split())])
        else:
            raise click.BadParameter(colours.unknown_card_message(name), param_hint=f"'{option}'")
    if not cards and not offered and not allow_empty:
        raise click.BadParameter("no cards given (CARDS is a comma-separated list, e.g. teal,teal,teal)",
                                 param_hint=f"'{option}'")
    return cards, tuple(offered)


def player_node(data, name: str):
    """The player's mapping in round-trip data, found by its name read as the loader reads it
    (loader.player_name_of), exactly first and then ignoring case, as Position.player does."""
    from pastiche_cli.formats.yamledit import scalar_text
    from pastiche_cli.games.pastiche.formats.loader import player_name_of

    players = data.get("players") if isinstance(data, Mapping) else None
    named = []
    for node in players if isinstance(players, list) else []:
        text = scalar_text(node.get("name")) if isinstance(node, Mapping) else None
        if text is not None:
            named.append((player_name_of(text), node))
    for wanted in (lambda n: n == name, lambda n: n.casefold() == name.casefold()):
        for n, node in named:
            if wanted(n):
                return node
    raise Refused(f"cannot find player '{name}' in the file")


def change_palette(node, remove: Mapping[str, int], add: Mapping[str, int]) -> None:
    """Take `remove` out of a player's palette and put `add` in, keeping its list or mapping style.

    The new cards go in first: a card given away then leaves its comment between the cards that were
    around it, not after the new ones (yamledit.delete_item keeps it there as a comment line).
    """
    remove, add = +(Counter(remove) - Counter(add)), +(Counter(add) - Counter(remove))
    palette = node.get("palette")
    if palette is None:
        from ruamel.yaml.comments import CommentedSeq

        palette = CommentedSeq()
        palette.fa.set_flow_style()
        node["palette"] = palette
    from pastiche_cli.formats.yamledit import adding_at_end, delete_item

    if isinstance(palette, list):
        held = len(palette)
        adding_at_end(palette, lambda: palette.extend(colours.as_list(add)))
        for card, n in remove.items():
            for _ in range(n):
                index = next((i for i in range(held - 1, -1, -1)
                              if colours.parse_card(palette[i]) == card), None)
                if index is None:
                    raise Refused(f"the palette does not hold the {card} to remove")
                delete_item(node, "palette", index)
                held -= 1
        return
    if isinstance(palette, Mapping):
        keys = {colours.parse_card(k): k for k in palette}
        for card in remove:
            key = keys.get(card)
            if key is None or int(palette[key]) < remove[card]:
                raise Refused(f"the palette does not hold the {card} to remove")

        def count_in() -> None:
            for card, n in colours.ordered(add):
                key = keys.get(card)
                if key is None:
                    palette[card] = n
                    keys[card] = card
                else:
                    palette[key] = int(palette[key]) + n

        adding_at_end(palette, count_in)
        for card, n in remove.items():
            key = keys[card]
            left = int(palette[key]) - n
            if left:
                palette[key] = left
            else:
                delete_item(node, "palette", key)
        return
    raise Refused("the palette is neither a list nor a mapping")


def apply_edit(path: str, catalogue: str | None, change: Callable[[object], None],
               expect: Callable[[Position], str | None]) -> None:
    """Edit the file; `expect` looks at the re-read position and returns why it is wrong, or None.

    Raises Refused (file untouched) when the edit cannot be made or the result is not as expected.
    """
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, parse_position
    from pastiche_cli.kernel.problems import WARNING, PositionError
    from pastiche_cli.games.pastiche.core.validate import consistency_problems
    from pastiche_cli.formats.yamledit import unsharing
    from pastiche_cli.formats.yamlio import edit_file

    def validate(text: str) -> None:
        try:
            position, problems = parse_position(path, text, lambda: outside_catalogue(catalogue))
        except PositionError as exc:
            raise Refused(f"the edited file would not load: {exc}")
        if position is None:
            raise Refused("the edited file would not load")
        errors = [p for p in problems + consistency_problems(position) if p.kind != WARNING]
        if errors:
            raise Refused(f"the edited file would break the rules: {errors[0].message}")
        wrong = expect(position)
        if wrong:
            raise Refused(wrong)

    try:
        edit_file(path, unsharing(change), validate)
    except Refused:
        raise
    except PositionError as exc:   # the file changed under us between reading and rewriting
        raise Refused(f"the file can no longer be read: {exc}")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Refused(f"could not rewrite the file: {exc}")


def hand_is(name: str, expected: Mapping[str, int]) -> Callable[[Position], str | None]:
    want = +Counter(expected)

    def check(position: Position) -> str | None:
        p = position.player(name)
        if p is None or +Counter(p.palette) != want:
            return f"{name}'s palette would not come out as {colours.describe(want)}"
        return None

    return check


def apply_or_abort(path: str, catalogue: str | None, change: Callable[[object], None],
                   expect: Callable[[Position], str | None]) -> None:
    """apply_edit, or stop with exit 3 and the reason, the file left as it was."""
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE
    from pastiche_cli.cli.shell import abort

    try:
        apply_edit(path, catalogue, change, expect)
    except Refused as exc:
        abort(f"{path}: not applied, the file is unchanged: {exc}", EXIT_BAD_FILE)
