"""A new Canvas game's starting position file (core/setup.py), FILL-IN where the table decides."""

from __future__ import annotations

from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import commented as line
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.rule_ids import HOUSE_UNITY
from pastiche_cli.games.canvas.core.setup import Setup
from pastiche_cli.kernel.game import SetupForm


def render(game: Setup) -> str:
    """The set-up as a commented Canvas position, FILL-IN where the table decides."""
    n = len(game.players)
    out = [
        f"# A new {n}-player game of Canvas. Replace every {PLACEHOLDER} with what is on the table, then run",
        f"# `pastiche check` on this file: it lists each {PLACEHOLDER} left, by line.",
        "game: canvas",
    ]
    if game.scoring:
        out.append(line(f"scoring: [{', '.join(game.scoring)}]", f"scenario {game.scenario.name}"))
        if "emphasis" in game.scoring:
            out.append(f"# emphasis stands for the card the rules text calls Unity [{HOUSE_UNITY}]")
    else:
        out.append(line(f"scoring: [{', '.join([PLACEHOLDER] * 4)}]", "the four face-up scoring cards"))
        out.append(f"# the cards: {', '.join(cards.scoring_cards())}")
    out.append(line("players:", "in turn order; the first starts"))
    for name in game.players:
        out += [
            f"  - name: {plain_or_quoted(name)}",
            line(f"    inspiration: {game.tokens}", "tokens left"),
            line("    hand: []", "art cards in hand, by title word"),
            line("    paintings: []", "each [BOTTOM, MIDDLE, TOP]"),
        ]
    out.append(line("market:", "slot 1 (furthest from the deck) first"))
    out += [f"  - {PLACEHOLDER}"] * game.market_slots
    out += [
        line("# house_rules:", "the open questions: `pastiche rules --game canvas house`"),
        line("#   hierarchy: tone", "or texture-strict (the early rules text)"),
        line("#   bonus_ribbon_points: 2", "or 1 (the early rules text)"),
        "",
    ]
    return "\n".join(out)


# --- the setup on the phones (`serve --new`): the host enters the scoring cards and the market; nothing is
# dealt face down, so each seat says it is ready


def _cards(kind: str, opts: dict) -> list[dict]:
    names = {"scoring": cards.scoring_cards, "art": cards.card_words}.get(kind, list)()
    return [{"value": name, "label": name} for name in names]


FORM = SetupForm(
    table=("scoring", "market"),
    kinds={"scoring": "scoring", "market": "art"},
    once=frozenset({"scoring", "art"}),
    labels={
        "scoring": ("The scoring cards", "a face-up scoring card"),
        "market": ("The market", "the title word of an art card, slot 1 (furthest from the deck) first"),
    },
    examples={"scoring": "variety", "art": "Adventure"},
    cards=_cards,
)
