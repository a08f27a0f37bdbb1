"""Colour never costs a card name (issue 14): in a rich terminal every card name is drawn in the
terminal's own foreground, its colour on a swatch beside it; or, if a name ever is drawn in a colour,
that colour meets WCAG AA (4.5:1) on both a black and a white background."""

import io

import pytest
from click.testing import CliRunner
from rich.console import Console

from pastiche_cli.cli import shell
from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.colours import card_kinds

from conftest import EXAMPLES


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
def recorded(monkeypatch):
    """Every rich Console pastiche makes records what it prints, as a true-colour terminal."""
    consoles = []

    def console(width=None):
        c = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor", record=True,
                    markup=False, highlight=False, emoji=False, width=width or 200)
        consoles.append(c)
        return c

    monkeypatch.setattr(shell, "console", console)
    return consoles


def name_segments(consoles):
    names = set(card_kinds())
    for c in consoles:
        for segment in c._record_buffer:
            if segment.text.strip() in names:
                yield segment


@pytest.mark.parametrize("args", [
    ["score", EXAMPLES / "four-player-finish.yaml"],
    ["moves", EXAMPLES / "board-midgame-4p.yaml", "--top", "3"],
    ["complete", EXAMPLES / "board-midgame-4p.yaml", "--player", "Ana"],
])
def test_every_card_name_reads_on_black_and_on_white(recorded, args):
    result = CliRunner().invoke(root, [*map(str, args), "--format", "rich"])
    assert result.exit_code in (0, 1), result.output
    segments = list(name_segments(recorded))
    assert segments, "the command printed card names in rich"
    for segment in segments:
        colour = segment.style.color if segment.style else None
        if colour is None or colour.is_default:
            continue
        rgb = colour.get_truecolor()
        assert contrast(rgb, (0, 0, 0)) >= 4.5 and contrast(rgb, (255, 255, 255)) >= 4.5, segment


def test_the_colour_is_on_a_swatch_beside_the_name(recorded):
    shell.echo_lines(["holds 1 black and 2 white"], "rich", {"black": "bold #222222", "white": "bold #f2f2f2"})
    segments = recorded[0]._record_buffer
    text = "".join(s.text for s in segments)
    assert f"{shell.SWATCH} black" in text and f"{shell.SWATCH} white" in text
    swatches = [s for s in segments if s.text == shell.SWATCH]
    assert [s.style.color.get_truecolor() for s in swatches] == [(0x22, 0x22, 0x22), (0xf2, 0xf2, 0xf2)]
    names = [s for s in segments if s.text in ("black", "white")]
    assert all(s.style.bold and (s.style.color is None or s.style.color.is_default) for s in names)


def test_no_color_draws_no_swatch_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    monkeypatch.setattr(shell, "console", lambda width=None: Console(file=out, force_terminal=True,
                                                                      markup=False, highlight=False))
    shell.echo_lines(["1 black"], "rich", {"black": "bold #222222"})
    assert "\x1b[38" not in out.getvalue()
