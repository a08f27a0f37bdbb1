"""Names and titles from a file, and arguments, never reach the terminal raw (issue 14).

A player name or a title holding ESC ] 0; ... BEL could retitle the window, ESC [ 2J clear the
screen, a C1 CSI (U+009B) do the same on an 8-bit terminal. Every command, in every format, is run
through the console script (`main`, with its stream guard) on such a file: stdout and stderr hold no
control character but newline and tab (and, with --colour, pastiche's own colour codes), the name is
shown escaped, and --json still carries the name itself.
"""

import io
import json
import re
import sys

import pytest
from conftest import EXAMPLES

from pastiche_cli.cli.root import main
from pastiche_cli.cli.shell import json_text, safe

# As YAML writes them in a double-quoted string, and as they are once read.
EVIL_YAML = r"\e]0;pwned\a\e[2J\e[31m\x9b2J\N\u202e\x07"
EVIL = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\x9b2J\x85\u202e\x07"
NAME = "Ana" + EVIL
TITLE = "Harbour at Dusk" + EVIL
# What board --colour draws itself, through rich: a bold dab colour (as the terminal's colours take
# it: 16, 256 or true colour), a dim outline, a reset. The file's own "\x1b[31m" is none of these.
OWN_COLOUR = re.compile(r"\x1b\[(?:1;(?:3[0-7]|9[0-7]|38;5;\d+|38;2;\d+;\d+;\d+)|2|0)m")
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def evil_copy(tmp_path, example, name="game.yaml"):
    text = (EXAMPLES / example).read_text()
    text = re.sub(r"(?<![\w\"])Ana(?!\w)", lambda m: f'"{NAME_YAML}"', text)
    text = text.replace("title: Harbour at Dusk", f'title: "{TITLE_YAML}"')
    path = tmp_path / name
    path.write_text(text)
    return str(path)


NAME_YAML = "Ana" + EVIL_YAML
TITLE_YAML = "Harbour at Dusk" + EVIL_YAML


def run_main(args, monkeypatch):
    """(exit code, stdout, stderr) of the console script, streams as bytes decoded."""
    out, err = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    monkeypatch.setattr(sys, "argv", ["pastiche", *args])
    monkeypatch.setattr(sys, "stdout", stdout)
    monkeypatch.setattr(sys, "stderr", stderr)
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    stdout.flush(), stderr.flush()
    return code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def assert_clean(text, own_colour=False):
    if own_colour:
        text = OWN_COLOUR.sub("", text)
    bad = UNSAFE.findall(text)
    assert not bad, f"raw control characters {bad!r} in {text[:400]!r}"


def test_the_evil_file_really_holds_the_controls(tmp_path):
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.games.pastiche.game import GAME

    position, _ = all_problems(GAME, str(evil_copy(tmp_path, "board-midgame-4p.yaml")))
    assert position.players[0].name == NAME
    assert position.players[0].commissions[0].title == TITLE


FORMATS = [[], ["--format", "plain"], ["--format", "rich"], ["--format", "markdown"], ["--json"]]
BOARD = "board-midgame-4p.yaml"
FINISH = "four-player-finish.yaml"

CASES = [
    ("score", FINISH, [], FORMATS),
    ("score", FINISH, ["--detail"], [["--json"]]),
    ("check", BOARD, [], [[], ["--json"]]),
    ("end", FINISH, [], [[], ["--json"]]),
    ("board", BOARD, [], [[], ["--json"], ["--width", "60"]]),
    ("moves", BOARD, ["--player", NAME, "--top", "3"], FORMATS + [["--width", "60"]]),
    ("place", BOARD, ["RYBBYR/R", "--at", "2,-4", "--player", NAME], FORMATS),
    ("trade", BOARD, ["--player", NAME, "--give", "teal,teal,teal", "--get", "olive"], [[], ["--json"]]),
    ("trade", BOARD, ["--player", "Caro", "--with", NAME, "--give", "purple", "--receive", "teal"], [[], ["--json"]]),
    ("complete", BOARD, ["--player", NAME], FORMATS),
    ("swap", BOARD, ["--player", NAME, "--give", TITLE, "--take", "Salt Marsh"], [[], ["--json"]]),
    ("discard", BOARD, ["--player", NAME], FORMATS),
    ("plan", BOARD, ["--player", NAME], [[], ["--json"]]),
    ("plan", BOARD, ["--player", NAME, TITLE], [[], ["--json"]]),
    ("catalogue import", BOARD, ["--dry-run"], [[]]),
]


def _cases():
    for command, example, extra, formats in CASES:
        for fmt in formats:
            yield pytest.param(command, example, extra, fmt, id=f"{command}-{' '.join(fmt) or 'auto'}-{len(extra)}")


@pytest.mark.parametrize("command,example,extra,fmt", list(_cases()))
def test_no_control_character_reaches_stdout_or_stderr(tmp_path, monkeypatch, command, example, extra, fmt):
    path = evil_copy(tmp_path, example)
    code, out, err = run_main([*command.split(), path, *extra, *fmt], monkeypatch)
    assert code not in (1, 70) or command in ("trade", "swap", "place", "complete", "plan"), (code, out, err)
    assert code != 70, err  # never an internal error
    assert_clean(out)
    assert_clean(err)
    if fmt == ["--json"] and out.strip():
        strings = set(_strings(json.loads(out)))  # still JSON, and the facts unchanged
        named = [t for t in strings if "Ana" in t]
        assert all(NAME in t for t in named), named  # the name itself, not an escaped copy
    elif "Ana" in out + err:
        assert "\\x1b]0;pwned" in out + err  # shown escaped, not dropped


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v)


def test_arguments_are_made_safe_too(tmp_path, monkeypatch):
    path = evil_copy(tmp_path, BOARD)
    for args in (
        ["moves", path, "--player", "Zed" + EVIL],  # click's usage error quotes it
        ["mix", "RY" + EVIL],
        ["rules", "score" + EVIL],
        ["board", str(tmp_path / ("missing" + EVIL + ".yaml"))],
        ["new", "--players", "Zed" + EVIL + ",Bo"],
    ):
        code, out, err = run_main(args, monkeypatch)
        assert code != 70, err
        assert_clean(out), assert_clean(err)
        assert "\\x1b" in out + err or "\\u001b" in out, args  # shown escaped (YAML's way for new)


def test_board_colour_keeps_only_its_own_colour_codes(tmp_path, monkeypatch):
    code, out, err = run_main(["board", evil_copy(tmp_path, BOARD), "--colour"], monkeypatch)
    # The red dab as rich draws it: the nearest of the 16 colours to #eb0800, or the colour itself (rich
    # keeps a style's escape codes from the first console that drew it, and an earlier test's was true colour).
    assert code == 0 and re.search(r"\x1b\[1;(?:31|38;2;235;8;0)mR\x1b\[0m", out), out
    assert_clean(out, own_colour=True) and assert_clean(err)


def test_a_broken_position_reports_the_name_escaped(tmp_path, monkeypatch):
    path = tmp_path / "broken.yaml"
    path.write_text(f'players:\n  - name: "{NAME_YAML}"\n    palette: [tael]\n')
    for fmt in ([], ["--json"]):
        code, out, err = run_main(["check", str(path), *fmt], monkeypatch)
        assert code == 3
        assert_clean(out), assert_clean(err)


def test_safe_and_json_text_escape_every_control_but_newline_and_tab():
    assert safe("a\x1b]0;x\x07b\x9bc\nd\te") == "a\\x1b]0;x\\x07b\\x9bc\nd\te"
    assert safe("Zoë 陈") == "Zoë 陈"
    from pastiche_cli.cli import shell

    assert not any(ch.isprintable() for ch in shell._UNSAFE)  # what safe()'s fast path relies on
    for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)]:
        ch = chr(code)
        assert json.loads(json_text({"k": ch})) == {"k": ch}
        if ch not in "\n\t":
            assert ch not in safe(ch) and ch not in json_text(ch)
    # JSON without any such character is byte for byte what json.dumps writes (the goldens)
    data = {"name": "Ana", "cards": ["teal"], "n": [1, 2.5, None, True], "ü": "陈"}
    assert json_text(data) == json.dumps(data, indent=2, ensure_ascii=False)


@pytest.mark.parametrize(
    "args",
    [
        ["list"],
        ["list", "--format", "rich"],
        ["list", "--format", "markdown"],
        ["list", "--json"],
        ["show", "harbour"],
        ["show", "harbour", "--json"],
        ["export"],
        ["remove", "nope"],
    ],
)
def test_catalogue_titles_are_made_safe(tmp_path, monkeypatch, args):
    box = tmp_path / "box.yaml"
    box.write_text(
        f'catalogue:\n  harbour: {{title: "{TITLE_YAML}", artist: "P{EVIL_YAML}", points: 11, palette: [teal, blue]}}\n'
    )
    code, out, err = run_main(["catalogue", *args, "--catalogue", str(box)], monkeypatch)
    assert code in (0, 2), err
    assert_clean(out), assert_clean(err)
    if "--json" in args:
        assert TITLE in set(_strings(json.loads(out)))
