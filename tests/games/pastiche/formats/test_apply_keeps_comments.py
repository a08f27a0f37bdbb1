"""Every --apply keeps every comment: a note is put between each pair of lines of a real example,
the command rewrites the file, and each note must still be there, in the same order."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root


def annotated(text: str) -> str:
    """The text with `# note N` between every two lines, indented like the line after it."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        out.append(line)
        following = lines[i + 1] if i + 1 < len(lines) else ""
        indent = len(following) - len(following.lstrip())
        out.append(" " * indent + f"# note {i}")
    return "\n".join(out) + "\n"


def notes(text: str) -> list[str]:
    return re.findall(r"# note \d+", text)


PAINTING = EXAMPLES / "painting-midgame.yaml"
BOARD = EXAMPLES / "board-midgame-4p.yaml"

CASES = [
    (PAINTING, None, ["trade", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"]),
    (PAINTING, None, ["trade", "--player", "Ana", "--with", "Ben", "--give", "teal", "--receive", "red"]),
    (PAINTING, None, ["complete", "--player", "Ana", "Harbour at Dusk"]),
    # the hand empties: the comments after it must not go with it
    (
        PAINTING,
        ("      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [olive, bisque, green]}\n", ""),
        ["complete", "--player", "Ana", "Harbour at Dusk"],
    ),
    (
        PAINTING,
        ("palette: [teal, teal, teal, yellow, brown, red, orange, black, white, blue]", "palette: [teal, teal, teal]"),
        ["trade", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"],
    ),
    (PAINTING, None, ["swap", "--player", "Ana", "--give", "Quiet Orchard", "--take", "Salt Marsh"]),
    (PAINTING, ("phase: painting", "phase: cleanup"), ["discard", "--player", "Ana", "--cards", "orange,brown"]),
    (BOARD, None, ["place", "BYBYRB/RB", "--at", "aa", "--player", "Caro"]),
    (BOARD, None, ["place", "RRRBBR/RB", "--at", "aa", "--player", "Caro", "--take", "centre:blue"]),
]


@pytest.mark.parametrize("example,tweak,argv", CASES, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_apply_keeps_every_comment_in_order(tmp_path, example, tweak, argv):
    text = example.read_text()
    if tweak:
        text = text.replace(*tweak)
    path = tmp_path / "game.yaml"
    path.write_text(annotated(text))
    before = notes(path.read_text())
    command, rest = argv[0], argv[1:]
    if command == "complete":
        rest = rest[:-1] + ["--apply", rest[-1]]
    else:
        rest = rest + ["--apply"]
    result = CliRunner().invoke(root, [command, str(path), *rest])
    assert result.exit_code == 0, result.output
    after = path.read_text()
    assert after != annotated(text), "the command changed nothing"
    assert notes(after) == before
    check = CliRunner().invoke(root, ["check", str(path)])
    assert check.exit_code == 0, check.output
