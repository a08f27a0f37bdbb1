"""kernel/rulebook.py: one game's rules reference from its data, for any game (prefixed ids or not)."""

from __future__ import annotations

import every_game
import pytest

from pastiche_cli.kernel.rulebook import Rulebook


def entry(rid, title="T", summary="S", **more):
    return {"id": rid, "title": title, "source": "§1", "summary": summary, "example": "E", **more}


PREFIXED = {
    "rules": [
        entry("tinsel.score", "Scoring", group=True),
        entry("tinsel.score.shine", "Shine", "Each shiny card earns one ribbon."),
        entry("tinsel.score.glow", "Glow"),
        entry("tinsel.take", "Taking a card", "Pay one token per card passed over."),
        entry("tinsel.house", "House rules", group=True),
        entry(
            "tinsel.house.glow_points",
            "Glow points",
            open_question=True,
            key="glow_points",
            readings=[
                {"reading": "two points", "setting": "glow_points: 2", "default": True},
                {"reading": "one point", "setting": "glow_points: 1", "default": False},
            ],
        ),
    ]
}


def test_groups_are_marked_and_own_the_ids_below_them():
    book = Rulebook("tinsel", PREFIXED, prefix="tinsel.")
    score = book.get("tinsel.score")
    assert score.is_group and score.members == ("tinsel.score.shine", "tinsel.score.glow")
    take = book.get("tinsel.take")
    assert not take.is_group and take.group == "" and take.members == ()
    assert book.get("tinsel.score.glow").group == "tinsel.score"
    assert book.get("tinsel.house.glow_points").as_json()["kind"] == "house"


def test_lookup_by_id_short_id_prefix_word_and_house_key():
    book = Rulebook("tinsel", PREFIXED, prefix="tinsel.")
    assert [r.id for r in book.lookup("tinsel.score").matches] == [
        "tinsel.score",
        "tinsel.score.shine",
        "tinsel.score.glow",
    ]
    assert book.lookup("take").how == "id" and book.lookup("take").matches[0].id == "tinsel.take"
    assert book.lookup("[tinsel.take]").matches[0].id == "tinsel.take"
    assert book.lookup("score.sh").how == "prefix"
    assert [r.id for r in book.lookup("shiny").matches] == ["tinsel.score.shine"]
    assert book.lookup("glow_points").matches[0].id == "tinsel.house.glow_points"
    missing = book.lookup("shien")
    assert missing.how == "none" and missing.suggestion is not None


def test_a_game_without_prefix_groups_by_first_part():
    book = Rulebook(
        "pastiche-like", {"rules": [entry("trade"), entry("trade.bank"), entry("trade.bank.three"), entry("end")]}
    )
    assert book.get("trade").is_group and book.get("trade").members == ("trade.bank", "trade.bank.three")
    assert book.get("trade.bank.three").group == "trade"
    assert book.get("end").is_group and book.get("end").members == ()


def test_markdown_lists_every_entry_once():
    text = Rulebook("tinsel", PREFIXED, prefix="tinsel.").as_markdown("Tinsel", "make docs", "rules/tinsel.txt")
    for rid in ("tinsel.score", "tinsel.score.shine", "tinsel.take", "tinsel.house.glow_points"):
        assert text.count(f"`{rid}` —") == 1
    assert "- two points (`house_rules: glow_points: 2`) — **default**" in text


# --- the reference key: how a game's rules command shows its entries --------------------------------


def test_the_reference_key_gives_the_prefix_and_the_commands_words():
    raw = {
        **PREFIXED,
        "reference": {
            "_about": "ignored",
            "id_prefix": "tinsel.",
            "text_name": "leaflet",
            "example_word": "shine",
            "help": ["Tinsel's rules.", "", "More."],
        },
    }
    book = Rulebook("tinsel", raw)
    assert book.prefix == "tinsel." and book.lookup("take").matches[0].id == "tinsel.take"
    assert book.reference.help == "Tinsel's rules.\n\nMore."
    assert (book.reference.text_name, book.reference.example_word, book.reference.example_prefix) == (
        "leaflet",
        "shine",
        "",
    )
    assert Rulebook("tinsel", raw, prefix="").prefix == ""  # an explicit prefix wins


def test_without_the_key_the_defaults():
    book = Rulebook("tinsel", PREFIXED)
    assert book.prefix == "" and book.reference.text_name == "rules text" and book.reference.help == ""


@pytest.mark.parametrize("name", every_game.NAMES)
def test_every_games_reference_has_its_help_and_its_prefix_starts_every_id(name):
    from pastiche_cli.kernel.rulebook import book

    reference = book(name).reference
    assert "Example:" in reference.help and reference.title and reference.source, name
    assert all(rid.startswith(reference.id_prefix) or rid + "." == reference.id_prefix for rid in book(name).ids())
    prefix = reference.example_prefix
    assert not prefix or any(
        rid.startswith(prefix) or rid.startswith(reference.id_prefix + prefix) for rid in book(name).ids()
    )
