"""A new Masterpiece game's starting position file, FILL-IN for the dealt cards and the thesis cards."""

from __future__ import annotations

from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.kernel.game import SetupForm

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


# --- the setup on the phones (`serve --new`): the host enters the thesis table (or uses the saved one), each
# seat its hand (the view keeps it secret)


def _cards(kind: str, opts: dict) -> list[dict]:
    if kind != "card":
        return []
    from pastiche_cli.games.masterpiece.core.deck import deck

    return [{"value": str(card), "label": str(card)} for card in deck().cards]


def _same_card(kind: str, value: str, opts: dict) -> str:
    """A card as one name however it is written (`Pink-3`, `pink 3`)."""
    from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card

    try:
        return str(parse_card(value.strip())) if kind == "card" else value.strip().casefold()
    except CardError:
        return value.strip().casefold()


FORM = SetupForm(
    table=("theses",),
    seats=("hand",),
    kinds={"hand": "card", "theses": "thesis"},
    once=frozenset({"card"}),
    typed=frozenset({"thesis"}),
    any_length=frozenset({"theses"}),
    labels={
        "hand": ("Your hand", "a card you kept, colour and number, e.g. pink 3"),
        "theses": ("The thesis cards", "a thesis typed in full: {id: ..., requirement: ..., points: ..., copies: ...}"),
    },
    examples={"card": "pink 3", "thesis": "{id: triple, requirement: kind 3, points: 3, copies: 2}"},
    saved="theses",
    cards=_cards,
    same_card=_same_card,
)
