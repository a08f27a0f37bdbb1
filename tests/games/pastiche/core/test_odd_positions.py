"""Odd positions `check` names (issue 13): look-alike names, and easels or a gallery short of cards."""

import json
import unicodedata

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.kernel.names import oddities, reading

BASE = """\
players:
  - name: {first}
    palette: [teal]
    commissions:
      - {{title: {title_a}, artist: P. Example, points: 11, palette: [teal, blue, black]}}
      - {{title: Quiet Orchard, artist: R. Sample, points: 13, palette: [red, red]}}
    completed: []
  - name: {second}
    palette: [red]
    commissions:
      - {{title: {title_b}, artist: P. Example, points: 11, palette: [teal, blue, black]}}
      - {{title: Salt Marsh, artist: W. Fiction, points: 8, palette: [olive, gray]}}
    completed: []
gallery:
  - {{title: Blue Mill, artist: T. One, points: 9, palette: [blue, blue]}}
  - {{title: Red Barn, artist: T. Two, points: 10, palette: [red, yellow]}}
  - {{title: Green Lane, artist: T. Three, points: 12, palette: [green, teal]}}
  - {{title: Grey Sea, artist: T. Four, points: 14, palette: [gray, white]}}
"""

NFC_ANA = unicodedata.normalize("NFC", "Anaïs")
NFD_ANA = unicodedata.normalize("NFD", "Anaïs")


def check(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    return r, json.loads(r.stdout)


def codes(data):
    return [(p["code"], p["kind"] if "kind" in p else p.get("severity")) for p in data["problems"]]


@pytest.mark.parametrize(
    "first, second, why",
    [
        (NFC_ANA, NFD_ANA, "decomposed"),
        ("Ana", "A\u200bna", "U+200B"),
        ("Ana", "\u0410na", "Cyrillic Capital Letter A"),
        ("Ana", "ana", ""),
    ],
)
def test_look_alike_player_names_are_one_name(tmp_path, first, second, why):
    r, data = check(tmp_path, BASE.format(first=first, second=second, title_a="Harbour", title_b="Harbour Two"))
    assert r.exit_code == 4, r.output
    problem = next(p for p in data["problems"] if p["code"] == "duplicate-player")
    assert problem["line"] == 8 and problem["column"] == 5
    assert why in problem["message"]


@pytest.mark.parametrize(
    "title_b", ["Harb\u043eur", "Harbour\u00ad", "HARBOUR", unicodedata.normalize("NFD", "Harbour")]
)
def test_look_alike_commission_titles_are_one_card(tmp_path, title_b):
    r, data = check(tmp_path, BASE.format(first="Ana", second="Ben", title_a="Harbour", title_b=title_b))
    assert r.exit_code == 4, r.output
    problem = next(p for p in data["problems"] if p["code"] == "duplicate-commission")
    assert problem["line"] == 11


def test_different_names_stay_different(tmp_path):
    r, data = check(tmp_path, BASE.format(first="Ana", second="Anna", title_a="Harbour", title_b="Harbor"))
    assert r.exit_code == 0, r.output


def test_reading_and_oddities():
    assert reading(NFD_ANA) == reading(NFC_ANA) == "anaïs"
    assert reading("\u0410\u200bna  Lee") == "ana lee"
    assert oddities("Ana") == []
    assert any("U+200B" in o for o in oddities("A\u200bna"))
    assert any("Greek Capital Letter Omicron" in o for o in oddities("\u039fla"))


def test_a_small_gallery_is_a_warning_while_the_deck_lasts(tmp_path):
    text = BASE.format(first="Ana", second="Ben", title_a="Harbour", title_b="Harbour Two")
    text = text.replace("  - {title: Grey Sea, artist: T. Four, points: 14, palette: [gray, white]}\n", "")
    r, data = check(tmp_path, text)
    assert r.exit_code == 0
    problem = next(p for p in data["problems"] if p["code"] == "small-gallery")
    assert problem["line"] == 14 and "[commission.complete]" in problem["message"]
    assert "deck still holds 27" in problem["message"]


def test_easels_short_only_when_hands_are_open(tmp_path):
    text = BASE.format(first="Ana", second="Ben", title_a="Harbour", title_b="Harbour Two")
    text = text.replace("      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [red, red]}\n", "")
    r, data = check(tmp_path, text)
    assert "few-commissions" not in [p["code"] for p in data["problems"]]  # secret easels: a file may list some
    r, data = check(tmp_path, text + "house_rules: {open_hands: true}\n")
    problem = next(p for p in data["problems"] if p["code"] == "few-commissions")
    assert problem["line"] == 2 and "Ana has 1 commission" in problem["message"]


def test_no_warning_once_the_deck_is_used_up(tmp_path):
    # 34 different commissions accounted for: the deck is empty and a short gallery is what is left.
    completed = "".join(
        f"      - {{title: Done {i}, artist: Z{i // 2}, points: 10, palette: [red, blue]}}\n" for i in range(27)
    )
    text = BASE.format(first="Ana", second="Ben", title_a="Harbour", title_b="Harbour Two")
    text = text.replace("    completed: []\n  - name: Ben", "    completed:\n" + completed + "  - name: Ben", 1)
    text = text.replace("  - {title: Grey Sea, artist: T. Four, points: 14, palette: [gray, white]}\n", "")
    r, data = check(tmp_path, text)
    assert "small-gallery" not in [p["code"] for p in data["problems"]]
