"""Canvas's record page draws each painting as its three cards stacked: every card of every painting
named in its order, bottom to top, what each prints in each swatch, and what a card above covers
marked covered (faded and struck through). Checked against the rules' layering (a swatch shows the
topmost card that prints there) and, for two paintings, by hand from data/canvas/art-cards.json."""

from __future__ import annotations

import json
import pathlib
import re
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.painting import layer

RECORD = pathlib.Path(__file__).resolve().parents[3] / "examples" / "records" / "canvas" / "two-player-game.yaml"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def drawn(tmp_path_factory):
    """(the final position's JSON, {(player, painting number): {card word: (shown words, covered words)}}
    and the cards' order) from the page's picture at its last step."""
    out = tmp_path_factory.mktemp("page") / "game.html"
    assert CliRunner().invoke(root, ["replay", str(RECORD), "--html", str(out)]).exit_code == 0
    final = json.loads(CliRunner().invoke(root, ["replay", str(RECORD), "--json"]).stdout)["position_after"]
    figure = re.search(
        r'<figure class="board" id="board".*?(<svg\b.*?</svg>)', out.read_text(encoding="utf-8"), flags=re.DOTALL
    ).group(1)
    tree = ET.fromstring(figure)
    paintings = {}
    for group in tree.iter(SVG + "g"):
        if group.get("class") != "painting" or "display:none" in (group.get("style") or ""):
            continue
        layers = {}
        for card in group.iter(SVG + "g"):
            if card.get("class") == "card":
                texts = [t for t in card.iter(SVG + "text") if t.text != card.get("data-card")]
                layers[card.get("data-card")] = (
                    " ".join(t.text for t in texts if t.get("class") != "covered").replace("- ", "-"),
                    " ".join(t.text for t in texts if t.get("class") == "covered").replace("- ", "-"),
                )
        key = (group.get("data-player"), int(group.get("data-painting")))
        assert key not in paintings, f"{key} drawn twice at the last step"
        paintings[key] = layers
    return final, paintings


def test_every_painting_is_its_cards_in_order_bottom_to_top(drawn):
    final, paintings = drawn
    expected = {(p["name"], k): words for p in final["players"] for k, words in enumerate(p["paintings"], 1)}
    assert len(expected) == 6
    assert {key: list(layers) for key, layers in paintings.items()} == expected


def test_what_a_card_above_covers_is_marked_covered(drawn):
    final, paintings = drawn
    for p in final["players"]:
        for k, words in enumerate(p["paintings"], 1):
            laid = layer([cards.card(w) for w in words])
            for word in words:
                shown = " ".join(i.kind for s in laid.visible for i in s if i.card == word)
                covered = " ".join(i.kind for i in laid.hidden if i.card == word)
                assert paintings[(p["name"], k)][word] == (shown, covered), (p["name"], k, word)


@pytest.mark.parametrize(
    "player, k, card, shown, covered",
    [
        # Unashamed prints red texture and yellow bonus-shape; Chosen, laid on it, prints red shape texture
        # (so Unashamed's red is covered) and green shape; Truth prints blue shape hue and violet shape.
        ("Ana", 1, "Unashamed", "bonus-shape", "texture"),
        ("Ana", 1, "Chosen", "shape texture shape", ""),
        ("Ana", 1, "Truth", "shape hue shape", ""),
        # Nature prints yellow hue shape and blue bonus-tone; Masked, on top, prints yellow shape: Nature's
        # yellow is covered, its blue shows; Vast between them prints red and violet, which nothing covers.
        ("Ben", 2, "Nature", "bonus-tone", "hue shape"),
        ("Ben", 2, "Vast", "bonus-shape hue tone", ""),
        ("Ben", 2, "Masked", "shape shape texture", ""),
    ],
)
def test_worked_examples_by_hand(drawn, player, k, card, shown, covered):
    assert drawn[1][(player, k)][card] == (shown, covered)
