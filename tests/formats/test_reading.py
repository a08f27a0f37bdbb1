"""A position carries no file facts: where a file gives each part is the reading's (Places), kept beside it."""

import importlib
import pathlib

import pytest

from pastiche_cli import games
from pastiche_cli.formats.reading import load_text
from pastiche_cli.kernel.problems import NOWHERE, Loc, Places, player_key

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = sorted(games.known())


@pytest.mark.parametrize("name", GAMES)
def test_a_position_is_the_same_whatever_file_it_was_read_from_and_its_places_are_the_readings(name):
    game = games.declared(games.known()[name])
    text = (ROOT / game.record_example).read_text(encoding="utf-8")
    position, problems, record, replay, places = load_text(game, "one.yaml", text, {})
    assert position is not None and not [p for p in problems if p.kind != "warning"], problems
    elsewhere = load_text(game, "elsewhere/two.yaml", text, {})
    assert (elsewhere[0], elsewhere[2].setup, elsewhere[3].steps) == (position, record.setup, replay.steps)
    shifted = load_text(game, "one.yaml", "# two lines\n# more\n" + text, {})[4]
    assert places == record.places and len(places) >= 2 and set(shifted) == set(places)
    assert all(shifted.loc(key) == Loc(loc.line + 2, loc.column) for key, loc in places.items())


@pytest.mark.parametrize("name", GAMES)
def test_no_rules_core_value_holds_a_file_fact(name):
    values = importlib.import_module(f"{games.known()[name].package}.core.position")
    for value in (values.Position, values.Player):
        facts = [f for f in value._fields if f in ("filename", "keys", "locs") or f.endswith(("_loc", "_locs"))]
        assert facts == [], f"{value.__module__}.{value.__name__}"


def test_a_rules_check_is_located_through_the_reading():
    from pastiche_cli.games.pastiche.core.validate import consistency_problems
    from pastiche_cli.games.pastiche.formats.loader import parse_position

    text = "# one player is too few\ngame: pastiche\nplayers:\n  - {name: Ana, palette: [teal]}\n"
    position, problems, places = parse_position("few.yaml", text)
    assert problems == [] and places.loc("players") == Loc(3, 1)
    assert player_key(0, "palette") in places and player_key(0, "hexes") not in places
    found = [p for p in consistency_problems(position, places) if p.code == "player-count"]
    assert [(p.line, p.column) for p in found] == [(3, 1)]
    unlocated = [p for p in consistency_problems(position) if p.code == "player-count"]
    assert [(p.line, p.column) for p in unlocated] == [(1, 1)]  # a position no file wrote: NOWHERE


def test_places_say_where_a_key_is_and_otherwise_nowhere():
    places = Places({"deck": Loc(4, 7)})
    assert "deck" in places and places.loc("deck") == Loc(4, 7)
    assert "table" not in places and places.loc("table") == Loc() and places.loc("table", Loc(2, 1)) == Loc(2, 1)
    assert NOWHERE == Places() and hash(places) == hash(Places({"deck": Loc(4, 7)}))
    with pytest.raises(AttributeError):
        places.deck = Loc()
