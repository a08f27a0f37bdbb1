"""docs/terminal.md says what each command draws in colour, and these tests hold it to that (issue 33,
item 19): it said every card name had a swatch beside it and every rule id was bold, where `trade`,
`mix`, `plan`, `complete` and `discard` drew no swatch and no verdict's rule id was bold. The lists
and colours below are read from the docs' own sentences, so a command named there is checked, and a
claim the docs drop fails here until its test goes too. The escape codes are read as a true-colour
terminal gets them (FORCE_COLOR, test_contrast's fixture)."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT
from test_contrast import foreground, segments, truecolour  # noqa: F401 - the fixture, used by name

from pastiche_cli.cli.root import root
from pastiche_cli.cli.terminal import SWATCH
from pastiche_cli.games.canvas.render.text import SWATCH_STYLES
from pastiche_cli.games.pastiche.core.colours import card_kinds

DOC = (ROOT / "docs" / "terminal.md").read_text(encoding="utf-8")
COLOUR = DOC[DOC.index("\n## Colour") : DOC.index("\n## ", DOC.index("\n## Colour") + 1)]
WHO_DRAWS = DOC[DOC.index("\n## Who draws what") : DOC.index("\n## ", DOC.index("\n## Who draws what") + 1)]

CARDS = set(card_kinds())
BOARD = EXAMPLES / "board-midgame-4p.yaml"
PAINTING = EXAMPLES / "painting-midgame.yaml"


def _named(pattern: str) -> list[str]:
    found = re.search(pattern, COLOUR, re.S)
    assert found, f"docs/terminal.md's Colour section no longer says: {pattern}"
    return re.findall(r"`([a-z ]+)`", found.group(1))


# The commands whose answers the docs say carry swatches, and an answer of each that names cards
# in its lines (not only in a table).
PASTICHE_SAYS = _named(r"In the lines of these answers a card name .*? just before it:(.*?)\.\s")
CANVAS_SAYS = _named(r"Canvas's (.*?) mark the five swatches")


def pastiche_answer(command: str, tmp_path) -> list[str]:
    together = tmp_path / "together.yaml"  # Ana can complete two commissions at once
    together.write_text(
        PAINTING.read_text(encoding="utf-8").replace(
            "palette: [teal, teal, teal, yellow, brown, red, orange, black, white, blue]",
            "palette: [teal, blue, black, teal, green, red]",
        ),
        encoding="utf-8",
    )
    answers = {
        "score": ["score", EXAMPLES / "four-player-finish.yaml"],
        "place": ["place", BOARD, "RRBBRR/RB", "--at", "2,-4", "--player", "Caro"],
        "moves": ["moves", BOARD, "--top", "3"],
        "trade": ["trade", PAINTING, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"],
        "mix": ["mix", "RY", "YYB", "RR"],
        "plan": ["plan", BOARD, "--player", "Caro"],
        "complete": ["complete", together, "--player", "Ana"],
        "discard": ["discard", PAINTING, "--player", "Ana"],
    }
    assert command in answers, f"the docs name `{command}`: give it an answer here that names cards"
    return [str(a) for a in answers[command]]


def canvas_answer(command: str) -> list[str]:
    answers = {
        "score": ["score", EXAMPLES / "canvas" / "three-player-capped.yaml"],
        "canvas painting": ["canvas", "painting", "Delicate", "Revolution", "Masked"],
    }
    assert command in answers, f"the docs name Canvas's `{command}`: give it an answer here"
    return [str(a) for a in answers[command]]


def drawn(args: list[str], env: dict | None = None) -> str:
    result = CliRunner().invoke(root, args, env=env)
    assert result.exit_code in (0, 1), result.output
    return result.stdout


TABLE = re.compile("[│┃┏┓┗┛━─]")
ESCAPE = re.compile(r"\x1b\[[\d;]*m")
# a word standing alone, not a part of a rule id, a file's name or a hyphenated word
ALONE = r"(?<![\w./\\-])(%s)(?![\w/\\-]|\.\w)"
COLOURED = re.compile(r"\x1b\[(?:[\d;]*;)?(?:3[0-7]|9[0-7]|38)[;m]")  # a foreground colour set


def prose_lines(out: str) -> list[str]:
    """The lines of an answer that are not a table's: no box line, not its italic title."""
    return [line for line in out.splitlines() if not TABLE.search(line) and not line.startswith("\x1b[3m")]


def check_swatched(out: str, words: set[str]) -> None:
    """Each word of `words` in the answer's lines comes just after its swatch, the swatch in a colour
    and the word bold in the terminal's own colour; and there is at least one."""
    marked = re.findall(rf"\x1b\[([\d;]*)m{SWATCH}\x1b\[0m \x1b\[([\d;]*)m([a-z]+)\x1b\[0m", out)
    assert marked, "no card name drawn with its swatch"
    for swatch_codes, word_codes, word in marked:
        assert word in words, word
        assert COLOURED.match(f"\x1b[{swatch_codes}m"), word  # the swatch in the card's colour
        assert word_codes == "1", word  # the name bold, in the terminal's own foreground
    for line in prose_lines(out):
        text = ESCAPE.sub("", line)
        for found in re.finditer(ALONE % "|".join(sorted(words, key=len, reverse=True)), text):
            assert text[: found.start()].endswith(f"{SWATCH} "), f"{found.group(1)} drawn without its swatch: {text}"


@pytest.mark.parametrize("command", PASTICHE_SAYS)
@pytest.mark.usefixtures("truecolour")
def test_every_answer_the_docs_name_draws_each_card_name_with_its_swatch(command, tmp_path):
    check_swatched(drawn(pastiche_answer(command, tmp_path)), CARDS)


@pytest.mark.parametrize("command", CANVAS_SAYS)
@pytest.mark.usefixtures("truecolour")
def test_canvas_marks_its_five_swatches_as_the_docs_say(command):
    said = re.search(r"the five swatches of a painting \(([a-z, ]+)\)", COLOUR)
    assert said and set(said.group(1).split(", ")) == set(SWATCH_STYLES)
    check_swatched(drawn(canvas_answer(command)), set(SWATCH_STYLES))


def test_the_docs_name_trade_and_mix_where_a_swatch_helps_at_the_table():
    assert {"trade", "mix", "score", "place", "moves"} <= set(PASTICHE_SAYS)


@pytest.mark.usefixtures("truecolour")
def test_a_painting_s_swatch_columns_stay_over_their_cards():
    lines = [ESCAPE.sub("", line) for line in drawn(canvas_answer("canvas painting")).splitlines()]
    head = next(i for i, line in enumerate(lines) if line.lstrip().startswith(SWATCH))
    starts = [m.start() for m in re.finditer(SWATCH, lines[head])]
    cards = [m.start() for m in re.finditer(r"\S+", lines[head + 1])]
    assert len(starts) == 5 and starts == cards, (lines[head], lines[head + 1])


@pytest.mark.usefixtures("truecolour")
def test_a_table_keeps_card_names_plain_in_its_cells_and_title(tmp_path):
    assert "A table's cells and title keep card names plain" in COLOUR
    out = drawn(pastiche_answer("complete", tmp_path))
    table = [line for line in out.splitlines() if TABLE.search(line) or line.startswith("\x1b[3m")]
    cells = " ".join(ESCAPE.sub("", line) for line in table)
    assert CARDS & set(re.findall(r"[a-z]+", cells)), "the table shows card names"
    assert not any(SWATCH in line for line in table)
    assert not any(re.search(rf"\x1b\[[\d;]*m({'|'.join(CARDS)})\b", line) for line in table)


@pytest.mark.usefixtures("truecolour")
def test_a_file_s_name_is_never_marked(tmp_path):
    assert '("Recorded in blue-game.yaml")' in COLOUR
    game = tmp_path / "blue-game.yaml"
    shutil.copy(PAINTING, game)
    out = drawn(["trade", str(game), "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"])
    recorded = [line for line in out.splitlines() if line.startswith("Recorded in")]
    assert recorded == [f"Recorded in {game}."]


@pytest.mark.usefixtures("truecolour")
def test_a_verdict_s_rule_id_is_plain_and_only_rules_writes_an_id_in_bold():
    assert "A rule id is plain text in a verdict's brackets (`[trade]`)" in COLOUR
    assert "the id heading each `pastiche rules` entry in bold" in WHO_DRAWS
    out = drawn(["trade", str(BOARD), "--player", "Caro", "--give", "red,orange", "--get", "blue"])  # not now
    assert "[trade]" in ESCAPE.sub("", out)
    assert not re.search(r"\[\x1b\[[\d;]*m", out) and not re.search(r"\x1b\[1m\[", out)
    planned = drawn(["plan", str(EXAMPLES / "painting-twelve-cards.yaml"), "--player", "Dora"])
    assert "[trade.bank.bisque]" in planned and "[trade.bank.gray]" in planned  # a card's name in an id
    assert drawn(["rules", "trade"]).startswith("\x1b[1mtrade\x1b[0m — ")


@pytest.mark.usefixtures("truecolour")
def test_tables_have_a_heavy_frame_round_a_bold_header_and_an_italic_title():
    assert "a heavy frame round the\n  bold header, the title in italics above" in WHO_DRAWS
    out = drawn(["score", str(EXAMPLES / "four-player-finish.yaml")])
    assert out.startswith("\x1b[3mFinal scores")
    assert "┏" in out and "┃" in out
    header = next(line for line in out.splitlines() if "┃" in line)
    assert "\x1b[1mplace\x1b[0m" in header and "\x1b[1mtotal\x1b[0m" in header


@pytest.mark.usefixtures("truecolour")
def test_the_board_s_dab_letters_are_the_colours_the_docs_give():
    said = dict(re.findall(r"(red|yellow|blue) `#([0-9a-f]{6})`", COLOUR))
    assert set(said) == {"red", "yellow", "blue"}
    out = drawn(["board", str(BOARD)])
    for letter, name in (("R", "red"), ("Y", "yellow"), ("B", "blue")):
        codes = {tuple(c) for c, text in segments(out) if text == letter}
        expected = tuple(int(said[name][i : i + 2], 16) for i in (0, 2, 4))
        assert codes and all(foreground(list(c)) == expected and "1" in c for c in codes), letter


@pytest.mark.usefixtures("truecolour")
def test_an_open_cell_s_label_is_dim_and_in_the_full_picture_its_outline(monkeypatch):
    assert "An open cell's label is dim (faint), and\n  in the full picture so is its outline" in DOC
    compact = drawn(["board", str(BOARD)])
    assert re.search(r"\x1b\[2m[a-z]{1,2}\x1b\[0m", compact)
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.setenv("LINES", "200")
    full = drawn(["board", str(EXAMPLES / "board-strict-2p.yaml")])
    assert re.search(r"\x1b\[2m[a-z]{1,2}\x1b\[0m", full) and "\x1b[2m/\x1b[0m" in full


@pytest.mark.usefixtures("truecolour")
def test_board_no_colour_draws_the_dabs_unstyled_and_colour_colours_a_pipe(monkeypatch):
    assert "`board --no-colour` draws\nthe dabs unstyled and `board --colour` colours them even into a pipe" in COLOUR
    plain = drawn(["board", str(BOARD), "--no-colour"])
    assert not any(text in ("R", "Y", "B") for _, text in segments(plain))
    monkeypatch.delenv("FORCE_COLOR")
    piped = drawn(["board", str(BOARD), "--colour"])
    assert {"R", "Y", "B"} <= {text for codes, text in segments(piped) if foreground(codes) is not None}


@pytest.mark.parametrize(
    "answer",
    [("pastiche", c) for c in PASTICHE_SAYS] + [("canvas", c) for c in CANVAS_SAYS] + [("board", "board")],
    ids=lambda a: f"{a[0]}-{a[1]}",
)
def test_no_color_turns_colour_off_and_draws_no_swatch_but_bold_stays(monkeypatch, tmp_path, answer):
    assert "`NO_COLOR` turns colour off (bold and dim stay, and no swatch is drawn)" in COLOUR
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    game, command = answer
    args = {"pastiche": lambda: pastiche_answer(command, tmp_path), "canvas": lambda: canvas_answer(command)}.get(
        game, lambda: ["board", str(BOARD)]
    )()
    out = drawn(args)
    assert not COLOURED.search(out) and SWATCH not in out
    assert "\x1b[1m" in out
