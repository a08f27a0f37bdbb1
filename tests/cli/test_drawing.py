"""rich draws what a terminal shows, tabulate the plain and Markdown tables (issue 21), and each is
imported only where it draws: a pipe never imports rich, --json neither library, and no table imports
jinja2, which only writes pages. What is drawn is
held to its properties: a table within the width, a cell on one line, a name's `[` shown as written."""

import io
import os
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES
from ttyrun import run_in_tty

from pastiche_cli.cli import tables, terminal

ANSI = re.compile(r"\x1b\[[\d;]*m")
LIBRARIES = ("rich", "tabulate")

# Runs pastiche's main() and writes which of rich, tabulate and jinja2 it imported to the file in argv[1].
PROBE = (
    "import sys\nfrom pastiche_cli.cli.root import main\nout = sys.argv[1]\nsys.argv = ['pastiche', *sys.argv[2:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\nsys.stdout.flush()\n"
    "found = sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'tabulate', 'jinja2', 'markupsafe'})\n"
    "open(out, 'w').write(' '.join(found))\n"
)

TABLES = [
    ["score", EXAMPLES / "four-player-finish.yaml"],
    ["moves", EXAMPLES / "board-late-4p.yaml", "--top", "5"],
    ["chart"],
    ["score", EXAMPLES / "canvas" / "three-player-capped.yaml"],
    ["score", EXAMPLES / "masterpiece" / "finished-tiebreak.yaml"],
    ["artline", "spots", EXAMPLES / "artline" / "midgame.yaml"],
]


def imported_in_tty(tmp_path, argv, env=None, columns=200):
    """(rich or tabulate imported, the screen) of a command in a terminal wide enough for every table."""
    out = tmp_path / "imported"
    code, screen = run_in_tty(
        [str(out), *map(str, argv)], columns=columns, env=env, program=[sys.executable, "-c", PROBE]
    )
    return set(out.read_text().split()), screen


def imported_piped(tmp_path, argv, env=None):
    out = tmp_path / "imported"
    clean = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(out), *map(str, argv)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**clean, **(env or {})},
    )
    return set(out.read_text().split()), done.stdout


@pytest.mark.parametrize("argv", TABLES, ids=lambda a: " ".join(map(str, a[:2])))
def test_a_table_drawn_in_a_terminal_imports_rich_and_a_plain_or_markdown_one_tabulate(tmp_path, argv):
    found, screen = imported_in_tty(tmp_path, argv)
    assert "rich" in found and "tabulate" not in found, (found, screen[:300])
    assert "┏" in screen or "┃" in screen or "\x1b[" in screen
    for fmt in ("plain", "markdown"):
        found, screen = imported_in_tty(tmp_path, [*argv, "--format", fmt])
        assert "tabulate" in found, (fmt, found)
        if fmt == "markdown":
            assert "|--" in screen and "\x1b[" not in screen


def test_jinja2_is_imported_where_a_page_is_written_and_score_never_imports_it(tmp_path):
    """The record page's templates (render/pages.py) cost a table nothing, in a terminal, piped or as JSON."""
    argv = ["score", EXAMPLES / "four-player-finish.yaml"]
    assert imported_in_tty(tmp_path, argv)[0] == {"rich"}
    assert imported_piped(tmp_path, argv)[0] == {"tabulate"}
    assert imported_piped(tmp_path, [*argv, "--json"])[0] == set()
    record = EXAMPLES.parent / "records" / "two-player-game.yaml"
    found, _ = imported_piped(tmp_path, ["replay", record, "--html", tmp_path / "game.html"])
    assert {"jinja2", "markupsafe"} <= found


@pytest.mark.parametrize("argv", TABLES, ids=lambda a: " ".join(map(str, a[:2])))
def test_piped_output_never_imports_rich_and_json_neither_library(tmp_path, argv):
    found, out = imported_piped(tmp_path, argv)
    assert "rich" not in found and "tabulate" in found, found
    assert "\x1b" not in out and "┏" not in out
    found, out = imported_piped(tmp_path, [*argv, "--json"])
    assert found == set(), found
    found, screen = imported_in_tty(tmp_path, [*argv, "--json"])
    assert found == set(), found  # --json in a terminal too


@pytest.mark.parametrize("argv", [["rules", "trade"], ["end", EXAMPLES / "four-player-finish.yaml"]])
def test_prose_alone_piped_imports_neither_library(tmp_path, argv):
    found, out = imported_piped(tmp_path, argv)
    assert found == set() and out, found


def test_force_color_draws_colour_into_a_pipe_and_no_color_none_in_a_terminal(tmp_path):
    argv = ["score", EXAMPLES / "four-player-finish.yaml"]
    found, out = imported_piped(tmp_path, argv, env={"FORCE_COLOR": "1", "TERM": "xterm-256color"})
    assert "rich" in found and re.search(r"\x1b\[38;5;\d+m■", out), out[:400]
    code, screen = run_in_tty(list(map(str, argv)), env={"NO_COLOR": "1"})
    assert code == 0 and "\x1b[1m" in screen  # bold stays
    assert not re.search(r"\x1b\[[\d;]*(3[0-7]|38;[25];[\d;]+|9[0-7])m", screen) and "■" not in screen
    code, screen = run_in_tty(list(map(str, argv)))
    assert re.search(r"\x1b\[38;5;\d+m■", screen)  # and a terminal without NO_COLOR is coloured


def test_board_takes_force_color_and_no_color_as_every_command_does(tmp_path):
    argv = ["board", EXAMPLES / "board-midgame-4p.yaml"]
    found, out = imported_piped(tmp_path, argv, env={"FORCE_COLOR": "1", "COLORTERM": "truecolor"})
    assert "\x1b[1;38;2;235;8;0mR" in out  # the red dab, in true colour
    found, out = imported_piped(tmp_path, argv)
    assert "\x1b" not in out and "rich" not in found
    code, screen = run_in_tty(list(map(str, argv)), columns=160, env={"NO_COLOR": "1"})
    assert code == 0 and "(" in screen and not re.search(r"\x1b\[[\d;]*3\d", screen)


def test_rules_in_a_terminal_draws_the_id_bold_and_no_escape_text():
    code, screen = run_in_tty(["rules", "trade"])
    assert code == 0
    assert "\x1b[1mtrade\x1b[0m — Trading" in screen
    assert "\\x1b" not in screen and "[1m" not in ANSI.sub("", screen)
    code, screen = run_in_tty(["rules", "trade"], env={"NO_COLOR": "1"})
    assert "\\x1b" not in screen  # NO_COLOR keeps bold (rich's reading) and never shows escapes


def with_console(monkeypatch, width, env=None):
    """stdout a terminal `width` columns wide, as rich reads one (FORCE_COLOR, COLUMNS)."""
    for name in ("NO_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("TERM", "xterm-256color")
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    return out


def test_a_table_in_a_terminal_fits_it_and_a_cell_stays_on_one_line(monkeypatch):
    out = with_console(monkeypatch, 40)
    tables.table(["player", "total"], [["Ana", 50]], "rich")
    assert out.getvalue().splitlines()[0].startswith("┏")  # 17 columns: boxed
    out.truncate(0), out.seek(0)
    tables.table(["player", "commissions completed", "total"], [["Ana\nLee", "Red Mill, Blue Mill", 50]], "rich")
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("player: Ana\\nLee;") and all(terminal.cell_len(x) <= 40 for x in lines), lines


def test_a_table_with_wrapping_columns_stays_a_table_within_the_width_and_cuts_no_word(monkeypatch):
    out = with_console(monkeypatch, 40)
    cells = [["Harbour at Dusk", "blue, teal, black, white, orange", "11"]]
    tables.table(["commission", "palette", "points"], cells, "rich", wrap_columns=(0, 1))
    lines = ANSI.sub("", out.getvalue()).splitlines()
    assert lines[0].startswith("┏") and all(terminal.cell_len(x) <= 40 for x in lines), lines
    words = re.findall(r"[a-z]+", " ".join(lines))
    for word in "harbour dusk blue teal black white orange".split():
        assert word in words or word.capitalize() in " ".join(lines), word


def test_markup_and_emoji_codes_in_names_are_shown_as_written(monkeypatch):
    out = with_console(monkeypatch, 80)
    tables.table(["player"], [["[bold]Ana[/bold] :smile:"]], "rich")
    tables.echo_lines(["[bold]Ben[/] holds 1 red"], "rich", {"red": "bold #d62728"})
    shown = ANSI.sub("", out.getvalue())
    assert "[bold]Ana[/bold] :smile:" in shown and "[bold]Ben[/] holds 1 ■ red" in shown, shown


def test_wide_names_keep_tables_aligned_in_every_format(monkeypatch):
    cells = [["陈小明", "50"], ["Zoë", "48"], ["Ｃａｒｏ", "7"]]
    for fmt in ("rich", "plain", "markdown"):
        out = with_console(monkeypatch, 80)
        tables.table(["player", "total"], cells, fmt, align=["left", "right"])
        rows = [x for x in ANSI.sub("", out.getvalue()).splitlines() if x.strip()]
        assert len({terminal.cell_len(r) for r in rows}) == 1, (fmt, rows)


def test_explanations_in_a_terminal_wrap_between_words_within_it(monkeypatch):
    out = with_console(monkeypatch, 30)
    line = "space 3 [canvas.score.space]: hue in red + shape in blue; hue in blue + shape in yellow"
    tables.echo_lines([line], "rich", {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow"})
    shown = [ANSI.sub("", x) for x in out.getvalue().splitlines()]
    assert len(shown) > 2 and all(terminal.cell_len(x) <= 30 for x in shown), shown
    assert " ".join(s.strip() for s in shown).replace("■ ", "") == line
    assert shown[1].startswith("  ")  # continuations indented two more


def test_piped_explanations_are_whole_lines(capsys):
    line = "space 3 [canvas.score.space]: hue in red + shape in blue; hue in blue + shape in yellow"
    tables.echo_lines([line], "plain")
    assert capsys.readouterr().out == line + "\n"


def test_a_swatch_stays_with_its_word_when_a_line_is_wrapped():
    styles = {"black": "bold #222222"}
    shown = terminal.swatched("aaaa bbbb black", styles)
    assert terminal.wrap(shown, 12) == ["aaaa bbbb", "  ■\u00a0black"]


def test_the_words_marked_are_whole_words_only():
    styles = {"black": "bold #222222", "red": "bold red"}
    assert terminal.marked(terminal.swatched("blackish redden", styles), styles).spans == []


@pytest.mark.parametrize("text, columns", [("abc", 3), ("陈小明", 6), ("Ｃａ", 4), ("e\u0301", 1), ("Zoë", 3), ("", 0)])
def test_cell_widths_with_and_without_rich_agree(text, columns):
    from rich.cells import cell_len as rich_len
    from wcwidth import wcswidth

    assert terminal.cell_len(text) == columns == rich_len(text) == max(0, wcswidth(text))


@pytest.mark.parametrize(
    "argv",
    [
        ["chart", "--format", "rich"],
        ["canvas", "best", EXAMPLES / "canvas" / "midgame.yaml", "--player", "Ana", "--format", "rich"],
        ["score", EXAMPLES / "four-player-finish.yaml", "--format", "rich"],
    ],
)
def test_a_latin1_terminal_gets_an_ascii_box_no_swatch_and_no_crash(argv):
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONIOENCODING": "latin-1",
        "FORCE_COLOR": "1",
        "TERM": "xterm",
        "COLUMNS": "200",
    }
    done = subprocess.run([sys.executable, "-m", "pastiche_cli", *map(str, argv)], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("latin-1")
    assert "\n+--" in out or "\n|" in out, out[:300]
    assert "┏" not in out and "■" not in out


def test_drawing_has_no_renderer_of_its_own():
    """rich writes every escape, through its Console: no drawing module of pastiche's own and no escape
    in the terminal's code. Tables are rich's Table, given runs of rows stacked, byte for byte what it
    draws a row at a time (test_table_as_rich.py)."""
    import importlib.util

    assert importlib.util.find_spec("pastiche_cli.cli.drawing") is None
    source = open(terminal.__file__, encoding="utf-8").read()
    assert "console().print(" in source and "\\x1b[" not in source and "\\033[" not in source


def test_an_ascii_table_does_not_import_wcwidth_and_a_wide_one_after_it_is_aligned():
    """wcwidth's import costs as much as click's and ruamel.yaml's together: only a table holding
    wide characters pays it, even when tabulate was first imported for an ASCII one."""
    code = (
        "import sys\nfrom pastiche_cli.cli import tables\n"
        "tables.table(['player', 'total'], [['Ana', '50']], 'plain', align=['left', 'right'])\n"
        "print('WCWIDTH' if 'wcwidth' in sys.modules else 'NONE')\n"
        "tables.table(['player', 'total'], [['陈小明', '50'], ['Ana', '7']], 'plain', align=['left', 'right'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    lines = done.stdout.splitlines()
    assert lines[3] == "NONE", done.stdout + done.stderr
    wide = lines[4:]
    assert len({terminal.cell_len(x) for x in wide}) == 1, wide
