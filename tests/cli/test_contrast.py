"""Colour never costs a card name (issue 14): in a rich terminal every card name is drawn in the
terminal's own foreground, its colour on a swatch beside it; or, if a name ever is drawn in a colour,
that colour meets WCAG AA (4.5:1) on both a black and a white background. The board's dab letters
are drawn in colours that meet it too (issue 22: the terminal's own yellow vanished on white)."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli import terminal
from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.colours import card_kinds

SEGMENT = re.compile(r"\x1b\[([\d;]*)m(.*?)\x1b\[0m")


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_the_contrast_formula_is_wcags():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert contrast((0x77, 0x77, 0x77), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


@pytest.fixture
def truecolour(monkeypatch):
    """stdout taken by rich for a true-colour terminal, wide enough for every table.

    rich keeps each parsed style, and its escape codes as first drawn, for the life of the process
    (a command draws for one terminal): a test drawing for another terminal before this one (a
    16-colour one, say) would leave its codes behind, so rich's kept styles are dropped first."""
    from rich.style import Style

    for kept in vars(Style).values():
        clear = getattr(getattr(kept, "__func__", kept), "cache_clear", None)
        if clear is not None:
            clear()
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLORTERM", "truecolor")
    monkeypatch.setenv("COLUMNS", "200")


def segments(out):
    """(codes, text) of every styled stretch of the output."""
    return [(m.group(1).split(";"), m.group(2)) for m in SEGMENT.finditer(out)]


def foreground(codes):
    """The true colour a segment's codes set, or None (the terminal's own foreground)."""
    if "38" not in codes:
        return None
    at = codes.index("38")
    return tuple(int(c) for c in codes[at + 2 : at + 5])


@pytest.mark.parametrize(
    "args",
    [
        ["score", EXAMPLES / "four-player-finish.yaml"],
        ["moves", EXAMPLES / "board-midgame-4p.yaml", "--top", "3"],
        ["complete", EXAMPLES / "board-midgame-4p.yaml", "--player", "Ana"],
    ],
)
def test_every_card_name_reads_on_black_and_on_white(truecolour, args):
    result = CliRunner().invoke(root, [*map(str, args), "--format", "rich"])
    assert result.exit_code in (0, 1), result.output
    words = set(re.findall(r"[a-z]+", re.sub(r"\x1b\[[\d;]*m", " ", result.stdout)))
    assert words & set(card_kinds()), "the command shows card names"
    names = [
        (codes, text) for codes, text in segments(result.stdout) if set(re.findall(r"[a-z]+", text)) & set(card_kinds())
    ]
    if args[0] != "complete":  # its card names are in table cells, drawn unstyled
        assert names, "the command drew card names in a style"
    for codes, text in names:
        colour = foreground(codes)
        if colour is None:
            continue
        assert contrast(colour, (0, 0, 0)) >= 4.5 and contrast(colour, (255, 255, 255)) >= 4.5, text


def test_the_colour_is_on_a_swatch_beside_the_name(truecolour):
    result = CliRunner().invoke(root, ["score", str(EXAMPLES / "four-player-finish.yaml"), "--format", "rich"])
    shown = segments(result.stdout)
    kinds = card_kinds()
    names = [(codes, text) for codes, text in shown if text in kinds]
    assert names and all(foreground(codes) is None and "1" in codes for codes, text in names)
    at = 0
    for codes, text in shown:  # each name comes just after its swatch
        if text == terminal.SWATCH:
            name_codes, name = shown[shown.index((codes, text), at) + 1]
            expected = kinds[name].display.lstrip("#")
            assert foreground(codes) == tuple(int(expected[i : i + 2], 16) for i in (0, 2, 4)), name
        at += 1
    assert f"{terminal.SWATCH}\x1b[0m \x1b[1mblue\x1b[0m" in result.stdout


def test_no_color_draws_no_swatch_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = CliRunner().invoke(root, ["score", str(EXAMPLES / "four-player-finish.yaml"), "--format", "rich"])
    assert "\x1b[1m" in result.stdout  # still bold
    assert "\x1b[38" not in result.stdout and terminal.SWATCH not in result.stdout


@pytest.mark.parametrize("dab", ["R", "Y", "B"])
def test_every_dab_colour_reads_on_black_and_on_white(dab):
    from pastiche_cli.games.pastiche.render.text import STYLES

    colour = next(w for w in STYLES[dab].split() if w.startswith("#"))
    rgb = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
    assert contrast(rgb, (0, 0, 0)) >= 4.5 and contrast(rgb, (255, 255, 255)) >= 4.5, dab


def test_the_board_draws_its_dabs_in_those_colours(truecolour):
    result = CliRunner().invoke(root, ["board", str(EXAMPLES / "board-midgame-4p.yaml")])
    dabs = [(foreground(codes), text) for codes, text in segments(result.stdout) if text in ("R", "Y", "B")]
    assert {text for _, text in dabs} == {"R", "Y", "B"}
    for colour, text in dabs:
        assert colour is not None, text
        assert contrast(colour, (0, 0, 0)) >= 4.5 and contrast(colour, (255, 255, 255)) >= 4.5, (text, colour)
