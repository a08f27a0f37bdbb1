"""A game is a value (kernel/game.py): what one seat may see of a position, for every game of the registry.

The view of a seat is the teller's whole position with each other seat's secret cards counted, not
named: what the table server (issue 31) gives a phone. Each game's bundled record is replayed and every
position of it is seen from every seat and from the public table.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from pastiche_cli import games
from pastiche_cli.formats.reading import load_text
from pastiche_cli.kernel.game import View

ROOT = pathlib.Path(__file__).resolve().parents[2]
NAMES = list(games.known())

# What each rules text keeps secret in a player's hand, by the key a player's entry in position_json has.
# Pastiche: "the commission cards (on easels), palette hexes, and palette cards that a player has in
# hand are secret" (the rulebook's setup); Masterpiece: the cards in hand. Canvas's hands come from the
# face-up market and Artline's are counts in a position: nothing of theirs is a name to hide.
RULEBOOK_SECRETS = {"pastiche": {"palette", "commissions", "hexes"}, "masterpiece": {"hand"}}


def positions(name: str):
    """The game's value and every position of its bundled record: the setup, then after each move."""
    game = games.declared(games.known()[name])
    path = ROOT / game.record_example
    _, problems, _, replay, _ = load_text(game, str(path), path.read_text(encoding="utf-8"), {})
    assert replay is not None and replay.stop is None and replay.steps, problems
    return game, [replay.setup] + [step.after for step in replay.steps]


def strings(value) -> set[str]:
    """Every string in a JSON value, keys included."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in strings(v)}
    return set()


def count(cards) -> int:
    return cards if isinstance(cards, int) else len(cards)


@pytest.mark.parametrize("name", NAMES)
def test_each_game_keeps_secret_what_its_rules_text_keeps_secret(name):
    game = games.declared(games.known()[name])
    assert isinstance(game.view, View)
    assert set(game.view.secret) == RULEBOOK_SECRETS.get(name, set())


@pytest.mark.parametrize("name", NAMES)
def test_no_seat_sees_the_name_of_another_seats_secret_card(name):
    game, shown = positions(name)
    secret = game.view.secret
    for position in shown:
        whole = game.teller.position_json(position)
        public = strings({k: v for k, v in whole.items() if k != "players"}) | strings(
            [{k: v for k, v in p.items() if k not in secret} for p in whole["players"]]
        )
        for seat in [p["name"] for p in whole["players"]] + [None]:
            seen = game.view.of(position, seat)
            assert json.loads(json.dumps(seen)) == seen  # plain values
            assert {k: v for k, v in seen.items() if k != "players"} == {
                k: v for k, v in whole.items() if k != "players"
            }
            own = {s for p in whole["players"] if p["name"] == seat for key in secret for s in strings(p[key])}
            text = json.dumps(seen)
            for entry, full in zip(seen["players"], whole["players"]):
                assert {k: v for k, v in entry.items() if k not in secret} == {
                    k: v for k, v in full.items() if k not in secret
                }
                for key in secret:
                    if entry["name"] == seat:
                        assert entry[key] == full[key]
                        continue
                    assert entry[key] == count(full[key])  # a hidden pile is a count
                    for hidden in strings(full[key]) - public - own:
                        assert json.dumps(hidden) not in text, (seat, full["name"], hidden)


@pytest.mark.parametrize("name", NAMES)
def test_the_open_hands_house_rule_shows_every_card_to_everyone(name):
    game, shown = positions(name)
    for position in (shown[0], shown[-1]):
        whole = game.teller.position_json(position)
        assert game.view.of(position, None, open_hands=True) == whole
        if not game.view.secret:  # nothing the rules hide: every seat sees the whole table
            assert all(game.view.of(position, p["name"]) == whole for p in whole["players"])


def test_a_pastiche_file_whose_house_rule_opens_the_hands_is_seen_whole_from_every_seat():
    game = games.declared(games.known()["pastiche"])
    path = ROOT / "tests" / "hostile" / "corpus" / "open-hands-one-commission.yaml"
    position = load_text(game, str(path), path.read_text(encoding="utf-8"), {})[0]
    assert position.house_rules.open_hands
    whole = game.teller.position_json(position)
    assert whole["players"][1]["commissions"] != 2  # Ben's two commissions, named
    assert all(game.view.of(position, seat) == whole for seat in ("Ana", "Ben", None))
    closed = position._replace(house_rules=position.house_rules._replace(open_hands=False))
    assert game.view.of(closed, "Ana")["players"][1]["commissions"] == 2  # the same hands, closed: a count


def test_a_view_that_keeps_nothing_secret_would_show_pastiches_commissions():
    """The test above would catch a Pastiche view that forgot the commissions: they are names the others can read."""
    game, shown = positions("pastiche")
    leaky = View(game.teller)
    whole = game.teller.position_json(shown[0])
    ana, ben = whole["players"][0], whole["players"][1]
    title = ben["commissions"][0]["title"]
    assert title in json.dumps(leaky.of(shown[0], ana["name"]))
    assert title not in json.dumps(game.view.of(shown[0], ana["name"]))


@pytest.mark.parametrize("name", NAMES)
def test_the_modules_a_game_names_for_its_parts_hold_what_the_parts_call(name):
    """The writer and teller are served by modules the game names (formats/edits.py and formats/record.py,
    render/record.py): each must hold the functions the kernel's parts call on it."""
    game = games.declared(games.known()[name])
    edits, files = game.writer.modules()
    assert callable(edits.edit) and callable(edits.difference) and callable(files.position_text)
    told = game.teller.told()
    assert all(callable(getattr(told, f)) for f in ("position_json", "position_lines", "step_lines", "step_json"))
    assert game.reader.has_sheet == (game.reader.sheet() is not None)


@pytest.mark.parametrize("name", NAMES)
def test_each_hook_a_game_writes_is_one_its_part_declares(name):
    """A game's reader, writer and teller override only what kernel/game.py declares on that part: a hook
    written on another part (a reader's written on the writer) would never be called, its default answering."""
    from pastiche_cli.kernel import game as kernel

    game = games.declared(games.known()[name])
    teller = kernel.BoardTeller if isinstance(game.teller, kernel.BoardTeller) else kernel.Teller  # a board's own
    for part, base in ((game.reader, kernel.Reader), (game.writer, kernel.Writer), (game.teller, teller)):
        own = {n for klass in type(part).__mro__ if klass not in base.__mro__ for n in vars(klass)}
        stray = {n for n in own if not n.startswith("_") and not hasattr(base, n)}
        assert not stray, f"{name}'s {base.__name__.lower()} writes {sorted(stray)}, which it does not declare"
