"""Output that pastes anywhere (issue 14): --format markdown is all Markdown (tables and lists),
and tables stay aligned with wide (CJK) names, in plain text, Markdown and a rich terminal."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.cli import tables
from pastiche_cli.cli.root import root
from pastiche_cli.cli.tables import markdown_list
from pastiche_cli.cli.terminal import cell_len

FINISH = EXAMPLES / "four-player-finish.yaml"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def wide_game(tmp_path):
    text = FINISH.read_text()
    for old, new in (("Ana", "陈小明"), ("Ben", "Zoë"), ("Caro", "Ｃａｒｏ")):
        text = re.sub(rf"\b{old}\b", new, text)
    path = tmp_path / "wide.yaml"
    path.write_text(text)
    return path


def test_the_score_breakdown_in_markdown_is_nested_lists():
    out = run("score", FINISH, "--format", "markdown").stdout
    table_end = max(i for i, line in enumerate(out.splitlines()) if line.startswith("|"))
    rest = [line for line in out.splitlines()[table_end + 1 :] if line.strip()]
    breakdown = rest[rest.index(next(ln for ln in rest if ln.startswith("- Ana:"))) :]
    assert all(re.match(r"^( {2})*- \S", line) for line in breakdown), breakdown
    assert "- Ana: 50 points" in breakdown
    assert "  - commissions 35 [score.commissions]: Red Mill 14 + Blue Mill 9 + Orchard in Fog 12" in breakdown
    assert any(line.startswith("    - still missing") for line in breakdown)  # nested two deep
    assert "- Ana above Ben: highest total, 50 to 48 [score.total]" in breakdown


def test_markdown_lists_escape_what_markdown_would_read_as_emphasis_or_html():
    assert markdown_list(["a*b_c <x>", "  sub | pipe", "", "next `code`"]) == [
        "- a\\*b\\_c \\<x\\>",
        "  - sub \\| pipe",
        "",
        "- next `code`",
    ]


def test_plain_and_rich_output_are_unchanged_by_the_markdown_lists():
    plain = run("score", FINISH, "--format", "plain").stdout
    assert "\nAna: 50 points\n  commissions 35" in plain
    assert "- Ana" not in plain


@pytest.mark.parametrize("fmt", ["plain", "markdown"])
def test_wide_names_keep_the_table_aligned(tmp_path, fmt):
    out = run("score", wide_game(tmp_path), "--format", fmt).stdout.splitlines()
    start = next(i for i, line in enumerate(out) if line.startswith(("place", "| place")))
    rows = out[start : out.index("", start)]  # the table: header to the first blank line
    assert len(rows) == 6 and any("陈小明" in r for r in rows), rows
    widths = {cell_len(r) for r in rows}
    assert len(widths) == 1, [(cell_len(r), r) for r in rows]
    if fmt == "markdown":

        def bars(r):
            return [cell_len(r[:i]) for i, ch in enumerate(r) if ch == "|" and r[i - 1 : i] != "\\"]

        assert len({tuple(bars(r)) for r in rows}) == 1


def test_wide_names_in_a_rich_table_are_aligned(tmp_path):
    out = run("score", wide_game(tmp_path), "--format", "rich").stdout
    rows = [line for line in out.splitlines() if line.startswith(("│", "┃", "┏", "┡", "└"))]
    assert len(rows) == 8 and any("陈小明" in r for r in rows), rows
    assert len({cell_len(r) for r in rows}) == 1


names = st.text(alphabet=st.sampled_from("ab陈小明ＣＡé"), min_size=1, max_size=6)


@given(st.lists(st.tuples(names, st.integers(0, 99)), min_size=1, max_size=5))
def test_every_plain_and_markdown_row_has_the_same_width(rows):
    """tabulate draws both (with wcwidth, so a CJK character takes two columns)."""
    import contextlib
    import io

    cells = [[n, str(v)] for n, v in rows]
    for fmt in ("plain", "markdown"):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            tables.table(["name", "n"], cells, fmt, align=["left", "right"])
        lines = out.getvalue().splitlines()
        assert len(lines) == len(rows) + 2
        assert len({cell_len(line) for line in lines}) == 1, lines
