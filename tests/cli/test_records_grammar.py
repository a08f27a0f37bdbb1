"""docs/records.md's grammar at a glance: every example form parses in its game and reads back as written, and
what it says of quoting is what the notation's reader does."""

import importlib
import pathlib
import re

import every_game
import pytest

from pastiche_cli import games
from pastiche_cli.kernel.moves import MoveSyntaxError, tokens

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "records.md").read_text("utf-8")
# The games the page describes, in its order: each has a section under its title ("## Canvas").
ORDER = sorted(
    (game.name for game in every_game.GAMES if f"\n## {game.title}\n" in DOC),
    key=lambda name: DOC.index(f"\n## {games.known()[name].title}\n"),
)


def examples() -> list[tuple[str, str]]:
    block = DOC.split("One example of each form, in order:", 1)[1].split("```", 2)[1]
    groups = [g.strip().splitlines() for g in block.strip().split("\n\n")]
    assert len(groups) == len(ORDER)
    return [(game, line) for game, lines in zip(ORDER, groups) for line in lines]


def position(game: str):
    from pastiche_cli.cli.game import load

    value = importlib.import_module(f"pastiche_cli.games.{game}.game").GAME
    return load(value, str(every_game.records(games.known()[game])[0]), {}, as_json=False).position


@pytest.mark.parametrize("game, line", examples())
def test_every_example_form_parses_and_is_canonical(game, line):
    moves = importlib.import_module(f"pastiche_cli.games.{game}.core.moves")
    move = moves.parse_move(line, position(game))
    assert str(move) == line


def test_every_verb_of_every_game_has_an_example():
    seen = {(game, line.split()[1]) for game, line in examples()}
    for game in ORDER:
        forms = importlib.import_module(f"pastiche_cli.games.{game}.core.moves").FORMS
        assert {verb for g, verb in seen if g == game} == set(forms), game


def test_double_quotes_hold_a_space_and_single_quotes_do_not():
    assert [t.text for t in tokens('Ana swap quiet-orchard for "Salt Marsh"')][-1] == "Salt Marsh"
    assert [t.text for t in tokens("Ana swap quiet-orchard for 'Salt Marsh'")][-2:] == ["'Salt", "Marsh'"]
    assert [t.text for t in tokens(r'Ana complete "say \"hi\" \\ bye"')][-1] == 'say "hi" \\ bye'
    with pytest.raises(MoveSyntaxError, match="not closed"):
        tokens('Ana complete "Salt Marsh')


def test_a_single_quoted_title_is_refused_as_the_doc_says():
    moves = importlib.import_module("pastiche_cli.games.pastiche.core.moves")
    with pytest.raises(MoveSyntaxError, match=re.escape("unexpected 'Marsh'' after the move")):
        moves.parse_move("Ana swap quiet-orchard for 'Salt Marsh'", position("pastiche"))
    assert "unexpected 'Marsh'' after the move" in DOC


def test_a_quoted_verb_is_no_verb():
    moves = importlib.import_module("pastiche_cli.games.pastiche.core.moves")
    with pytest.raises(MoveSyntaxError, match="is not a move"):
        moves.parse_move('Ana "end"', position("pastiche"))
