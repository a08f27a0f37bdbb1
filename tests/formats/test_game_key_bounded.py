"""Finding a file's game never parses past what the loader reads (issue 33, item 2): it parsed the whole
file first, in time that grows with the square of the nesting (`players: [[[...` 90,000 deep took over
two minutes before the depth check said a word), and read a file over the 96 KiB cap through. The work
is counted here, in parser events, never timed."""

import pytest
from click.testing import CliRunner
from ruamel.yaml import YAML

from pastiche_cli.cli.root import root
from pastiche_cli.formats import gamekey
from pastiche_cli.formats.yamlio import MAX_BYTES, MAX_DEPTH


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
