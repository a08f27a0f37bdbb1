"""Finding a file's game never parses past what the loader reads (issue 33, item 2): it parsed the whole
file first, in time that grows with the square of the nesting (`players: [[[...` 90,000 deep took over
two minutes before the depth check said a word), and read a file over the 96 KiB cap through. The work
is counted here, in parser events, never timed."""

import pathlib
from unittest import mock

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from pastiche_cli.cli.root import root
from pastiche_cli.formats import gamekey
from pastiche_cli.formats.composer import MAX_DEPTH
from pastiche_cli.formats.yamlio import MAX_BYTES

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def events(monkeypatch):
    """Every event the YAML parser gives while the test runs."""
    seen: list = []
    parse = YAML.parse

    def counting(self, stream):
        for event in parse(self, stream):
            seen.append(event)
            yield event

    monkeypatch.setattr(YAML, "parse", counting)
    return seen


@pytest.mark.parametrize("opening", ["[", "{a: "], ids=["lists", "mappings"])
def test_a_deep_file_is_given_up_at_the_depth_the_loader_reads(events, opening):
    assert gamekey.top_level("game: pastiche\nplayers: " + opening * 90_000 + "\n", ("setup",)) is None
    assert len(events) <= MAX_DEPTH + 10


def test_a_file_over_the_cap_is_not_parsed(events):
    assert gamekey.top_level("players: [" + "1, " * (MAX_BYTES // 3) + "]\n", ("game",)) is None
    assert events == []


def test_a_deep_file_is_refused_located_without_naming_its_game(tmp_path):
    deep = tmp_path / "deep.yaml"
    deep.write_text("players: " + "[" * 90_000 + "\n")
    result = CliRunner().invoke(root, ["check", str(deep)])
    assert result.exit_code == 3, result.output
    assert f"{deep}:1:" in result.output and f"nested more than {MAX_DEPTH} deep" in result.output


def test_a_shallow_file_still_says_its_game():
    assert gamekey.declared_in("game: canvas\nplayers: [[a, b], {c: d}]\n").word == "canvas"


def test_a_file_that_names_game_only_in_comments_is_not_parsed_to_find_its_game(events):
    """A Pastiche file need not say its game, and most say the word only in a comment: no parse can
    find a `game` key there, so the file is parsed once, by the loader, not twice (1 ms of every
    command that reads the 46-hex example; issue 33, item 22)."""
    text = (ROOT / "examples" / "positions" / "board-late-4p.yaml").read_text(encoding="utf-8")
    assert "game" in text and gamekey.declared_in(text) is None
    assert events == []


FRAGMENTS = ["game", "game:", "# ", "#", "\n", "\r", "\r\n", "\x85", "\u2028", ": ", " ", "canvas", "'", '"']
FRAGMENTS += ["\\", "{", "}", "[", "- ", "? ", "players:", "\t", "x", "&a ", "*a", "!!str ", "sheet", ",", "\ufeff"]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=14).map("".join))
def test_a_file_is_parsed_for_its_game_only_where_one_can_be_found(text):
    """Whatever the text, skipping the parse where `game` is only in comments (and no escape could
    spell it) declares what the parse declares."""
    with mock.patch.object(gamekey, "_may_say_game", lambda _text: True):
        parsed = gamekey.declared_in(text)
    assert gamekey.declared_in(text) == parsed
