"""Issue 33's closing sweep: mutants of every bundled example, of every game, through every command that takes it.

    python tests/hostile/sweep.py --seed S --mutants N [--minutes M] [--quick] [--processes P] [--out DIR]

The sources are every bundled example (examples/positions/**, examples/records/**, examples/quick/*.sheet,
box.yaml and theses.yaml) and, for each sheet, the answers `pastiche tally` takes for it. Each mutant is
made of one to three mutations, by bytes (a bit flipped, bytes inserted or deleted, the file truncated,
invalid UTF-8, NUL, control and format characters, huge numbers, digits of other scripts) or by structure
(lines and keys dropped, doubled or swapped, a scalar for a list and back, retyped values, names swapped
or misspelt, a card or move repeated, a move changed to another legal-looking one, a record's moves
reordered or cut short, aliases and anchors, tags, deep nesting, a file near and over the 96 KiB cap,
a sheet's fields and the files it names, tally's answers dropped, doubled, swapped or cut short).

Every mutant goes through every command that takes it (read and write, text and --json, every game's
own questions, --to-position, --html, --svg, play with moves in the game's notation, undo, --apply, new
-o, tally -o, keep, catalogue and theses import), each in a folder of its own (the data folder in it),
in process through click's CliRunner with a 2 s alarm; every 1/P-th run (--processes P) again as a real
process with a 2 s timeout, as a user runs it, half of them with stdin strict UTF-8 as in an
en_US.UTF-8 locale (CliRunner's stdin is too). A run fails on:

- an internal error: exit 70, or an exception out of the command, or a traceback's text;
- an exit code outside SPEC 6.1's (0-4, and 5 for a saved catalogue that cannot be read);
- a hang: over 2 s, and again over 2 s when run once more (a shared machine is slow at times);
- a write on a failed command: any file or folder in the run's folder (the input, box.yaml, the
  saved catalogue, an output that existed) not byte for byte as before whenever the exit is not 0;
  and a file changed by a command that only reads;
- a write that cannot be read back: a file a writing command changed or made, when it succeeds, that
  `pastiche check` refuses, or checks worse than the file it came from did (or, for what is no
  position, `catalogue list`, `theses list`, `history`, an XML parser, `score` for tally's sheet).

The summary gives the counts (runs, mutants by kind, source and game, exit codes by command) and each
different failure with its reproduction: the folder as it was before the run, saved under --out with
the exact command line (command.sh). tests/hostile/test_sweep.py runs a small seeded sweep in the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

from pastiche_cli import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
DATA = ROOT / "data"
CAP = 96 * 1024  # formats/yamlio.py: MAX_BYTES
LIMIT = 2.0  # seconds: longer is a hang
ALLOWED = (0, 1, 2, 3, 4, 5)  # SPEC 6.1, and 5: the saved catalogue cannot be read (kernel/problems.py)
GAMES = tuple(games.known())  # the registry's: a game added is swept with the shared verbs at least
OTHER_GAMES = tuple(name for name in GAMES if name != games.DEFAULT)  # each with its own command group


def questions(game: str) -> list[str]:
    """The keys `tally` asks for before the players (its sheet's QUESTIONS: catalogue, scoring, theses)."""
    import importlib

    module = importlib.import_module(f"{games.known()[game].package}.formats.sheet")
    return [key for key, _ in module.QUESTIONS]


SHEET_KEYS = tuple(key for game in GAMES for key in questions(game))
TRACEBACK = re.compile(
    r"Traceback \(most recent call last\)|^\s*File \".*\", line \d+|\b[A-Z]\w*(Error|Exception): ", re.M
)

# The games' vocabulary (data/), so that moves and options look legal.
COLOURS = [c["name"] for c in json.loads((DATA / "pastiche" / "cards.json").read_text())["cards"]]
ART_WORDS = [c["word"] for c in json.loads((DATA / "canvas" / "art-cards.json").read_text())["cards"]]
SCORING = [c["name"] for c in json.loads((DATA / "canvas" / "scoring-cards.json").read_text())["cards"]]
SUITS = [s["name"] for s in json.loads((DATA / "masterpiece" / "deck.json").read_text())["suits"]]
HOSTILE_NAMES = [
    "",
    " ",
    "ana",
    "Ana\u200b",
    "\u0410na",
    "Nobody",
    "-",
    "--json",
    "x" * 300,
    "Ana:Ben",
    "#1",
    "Ana Ben",
]


# ---------------------------------------------------------------------------------------------- sources


@dataclass(frozen=True)
class Source:
    """A bundled file (or tally's answers for a sheet) and what the sweep knows of it."""

    path: pathlib.Path
    game: str
    kind: str  # position, record, sheet, catalogue, theses, answers
    text: str  # the bundled text (the answers, one a line, for `answers`)

    @property
    def name(self) -> str:
        """The mutant's name in its run folder (a sheet's files are found beside it)."""
        return "answers" if self.kind == "answers" else self.path.name

    @property
    def label(self) -> str:
        return f"{self.path.relative_to(EXAMPLES)}{' (tally answers)' if self.kind == 'answers' else ''}"


def game_of(text: str) -> str:
    found = re.search(r"^game:\s*(\w+)", text, re.M)
    return found.group(1) if found and found.group(1) in GAMES else "pastiche"


def tally_answers(sheet: str, game: str) -> str:
    """What a player types to `tally` for this sheet: the game's keys, the players, each field in turn."""
    keys = questions(game)
    lines = [line.split("#")[0].rstrip() for line in sheet.splitlines() if line.strip() and not line.startswith("#")]
    said = dict(line.split(":", 1) for line in lines)
    answers = [said.get(key, "").strip() for key in keys]
    players = [name for name in said if name not in ("game", *keys)]
    answers.append(" ".join(players))
    for name in players:
        fields = [f.strip() for f in said[name].split("|")]
        if game == "canvas":  # the paintings on one answer, then the inspiration
            number = fields.pop() if fields and fields[-1].isdigit() else ""
            answers += [" | ".join(fields), number]
        else:
            answers += fields
    return "\n".join(answers) + "\n"


def sources() -> list[Source]:
    out = []
    for kind, folder, pattern in (("position", "positions", "**/*.yaml"), ("record", "records", "**/*.yaml")):
        for path in sorted((EXAMPLES / folder).glob(pattern)):
            text = path.read_text("utf-8")
            out.append(Source(path, game_of(text), kind, text))
    for path in sorted((EXAMPLES / "quick").glob("*.sheet")):
        text = path.read_text("utf-8")
        out.append(Source(path, game_of(text), "sheet", text))
        out.append(Source(path, game_of(text), "answers", tally_answers(text, game_of(text))))
    quick = EXAMPLES / "quick"
    out.append(Source(quick / "box.yaml", "pastiche", "catalogue", (quick / "box.yaml").read_text("utf-8")))
    out.append(Source(quick / "theses.yaml", "masterpiece", "theses", (quick / "theses.yaml").read_text("utf-8")))
    return out


@dataclass
class Vocabulary:
    """The names, cards and places a source's text uses, for options and moves that look legal."""

    names: list[str]
    commissions: list[str]  # titles and catalogue ids
    hexes: list[str]
    cells: list[str]
    cards: list[str]  # Masterpiece cards as `pink-3`
    theses: list[str]
    features: list[str]
    moves: list[str]

    @classmethod
    def of(cls, source: Source) -> Vocabulary:
        text = source.text
        names = re.findall(r"name:\s*\"?([A-Z][^,}\n#\"]*?)\"?\s*[,}\n]", text)
        if source.kind == "sheet":
            names = [m for m in re.findall(r"^([^:#\n]+):", text, re.M) if m not in ("game", *SHEET_KEYS)]
        if source.kind == "answers":  # the players' answer: the first, after the game's key if it has one
            names = text.splitlines()[len(questions(source.game))].split()
        titles = [t.strip() for t in re.findall(r"title:\s*([^,}\n#]+)", text)]
        ids = re.findall(r"^\s+([a-z][\w-]*):\s*\{title", text, re.M)
        cards = [f"{s}-{v}" for s, v in re.findall(rf"\b({'|'.join(SUITS)})[ -](\d+)", text)]
        return cls(
            names=sorted(set(names)) or ["Ana", "Ben"],
            commissions=sorted(set(titles + ids)) or ["Harbour at Dusk"],
            hexes=sorted(set(re.findall(r"\b[RYB]{6}/[RYB]{1,2}\b", text))) or ["RYBBYR/R"],
            cells=sorted({c.replace(" ", "") for c in re.findall(r"-?\d+, ?-?\d+", text)}) or ["1,-1"],
            cards=sorted(set(cards)) or ["pink-3"],
            theses=sorted(set(re.findall(r"(?:id|thesis):\s*([\w-]+)", text))) or ["triple"],
            features=sorted({f.strip() for f in re.findall(r"feature:\s*([^,}\n#]+)", text)}) or ["dogs"],
            moves=[m.strip() for m in re.findall(r"^\s+- ([^#\n]+)", text.split("\nmoves:", 1)[-1], re.M)]
            if source.kind == "record"
            else [],
        )


# -------------------------------------------------------------------------------------------- mutations


@dataclass
class Mutant:
    data: bytes
    ops: list[str] = field(default_factory=list)
    next_moves: list[str] = field(default_factory=list)  # a record cut short: the moves cut, legal next


BAD_UTF8 = [
    b"\xff",
    b"\xfe",
    b"\xc3",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xe2\x82",
    b"\xf4\x90\x80\x80",
    b"\x80",
    b"\xef\xbb",
]
CONTROLS = [chr(c) for c in range(1, 32) if c not in (9, 10)] + ["\x7f", "\x85", "\x9b", "\u2028", "\u2029", "\r"]
FORMATS = ["\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\u2069", "\ufeff", "\u00ad"]
FORMATS += ["\u061c", "\u180e", "\u2060", "\U000e0001"]
HUGE = ["9" * 20, "9" * 400, "1" + "0" * 5000, "-" + "9" * 30, "1e999", "-1e999", "0x1F", "1_000", ".inf", ".nan"]
HUGE += ["-0", "007", "0o17", "18446744073709551617", "-1", "0", "3.5"]
ZEROS = [0x0660, 0x06F0, 0x0966, 0x09E6, 0xFF10, 0x1D7CE, 0x0E50, 0x1040, 0x0AE6]
ODD_DIGITS = ["\u00b2", "\u00b9", "\u2460", "\u216b", "\u2163", "\u00bd", "\u0f33"]
RETYPES = ["null", "~", "true", "yes", "no", "1.5", "-3", ".inf", ".nan", "2024-01-01", "''", "[]", "{}", "0o17", "1e3"]
RETYPES += ['"', "'", "&", "*", "!", "|", ">", "@x", "`x", "%x", "? x", "- x", "a: b"]
TAGS = [
    "!!python/object/apply:os.system ['echo hi'] ",
    "!!binary ",
    "!!set ",
    "!!omap ",
    "!custom ",
    "!!str ",
    "!!int ",
]
TAGS += ["!!float ", "!!timestamp ", "!!map ", "!!seq ", "!<tag:yaml.org,2002:str> ", "!!null "]
DEPTHS = [60, 63, 64, 65, 66, 200, 5000, 60000]
SIZES = [CAP - 300, CAP - 40, CAP - 1, CAP, CAP + 1, CAP + 300, 2 * CAP, 12 * CAP]
SHEET_FILES = ["../box.yaml", "/etc/passwd", "/dev/zero", "/dev/null", ".", "xdg", "missing.yaml", "box.yaml/"]
SHEET_FILES += ["sub/../box.yaml", "~/box.yaml", "-", "box.yaml box.yaml", "BOX.YAML", "theses.yaml", "box.yaml"]
SHEET_FILES += ["x" * 5000, "/proc/self/environ", "xdg/pastiche/catalogue.yaml", "\u202ebox.yaml"]
HOMOGLYPHS = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "i": "\u0456", "A": "\u0410", "B": "\u0412", "C": "\u0421"}
WORD = re.compile(r"[A-Za-z][A-Za-z-]{2,}")
# `key: value`, in block and flow style; bounded, so that a 1 MiB line of letters is read in linear time
VALUE = re.compile(r"(?<![\w-])([\w-]{1,60}):[ ]{1,20}([^,\[\]{}\n#&*!|>]{1,200}?)(?=[ \t]{0,20}(?:[,}\]\n]|[ \t]#|$))")
KEYED = re.compile(r"^(\s*)(?:- )?[\w-]+:")


def spot(data: bytes, rng: random.Random) -> int:
    """Where to put a mutation: anywhere, or (half the time) inside a word or number, where it is read."""
    if data and rng.random() < 0.5:
        tokens = [m.start() for m in re.finditer(rb"[A-Za-z0-9]+", data)]
        if tokens:
            at = rng.choice(tokens)
            return at + rng.randrange(0, 3)
    return rng.randrange(len(data) + 1)


def insert(data: bytes, piece: bytes, rng: random.Random) -> bytes:
    at = min(spot(data, rng), len(data))
    return data[:at] + piece + data[at:]


def b_flip(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    if not data:
        return b"\x00"
    at = rng.randrange(len(data))
    return data[:at] + bytes([data[at] ^ (1 << rng.randrange(8))]) + data[at + 1 :]


def b_insert(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return insert(data, bytes(rng.randrange(256) for _ in range(rng.randint(1, 4))), rng)


def b_delete(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + data[at + rng.randint(1, 16) :]


def b_truncate(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def b_utf8(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return insert(data, rng.choice(BAD_UTF8), rng)


def b_nul(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return insert(data, b"\x00" * rng.choice([1, 1, 2, 100]), rng)


def b_control(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return insert(data, rng.choice(CONTROLS).encode("utf-8"), rng)


def b_format(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    return insert(data, rng.choice(FORMATS).encode("utf-8"), rng)


def b_huge_number(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    numbers = list(re.finditer(rb"-?\d+", data))
    if not numbers:
        return insert(data, rng.choice(HUGE).encode(), rng)
    m = rng.choice(numbers)
    return data[: m.start()] + rng.choice(HUGE).encode() + data[m.end() :]


def b_other_digits(data: bytes, rng: random.Random, v: Vocabulary) -> bytes:
    digits = list(re.finditer(rb"\d", data))
    if not digits:
        return insert(data, rng.choice(ODD_DIGITS).encode("utf-8"), rng)
    m = rng.choice(digits)
    if rng.random() < 0.8:
        new = chr(rng.choice(ZEROS) + int(m.group()))
    else:
        new = rng.choice(ODD_DIGITS)
    return data[: m.start()] + new.encode("utf-8") + data[m.end() :]


BYTE_OPS = {
    "flip": b_flip,
    "insert": b_insert,
    "delete": b_delete,
    "truncate": b_truncate,
    "invalid-utf8": b_utf8,
    "nul": b_nul,
    "control-char": b_control,
    "format-char": b_format,
    "huge-number": b_huge_number,
    "non-ascii-digit": b_other_digits,
}


# Structural mutations work on text (a byte that is not UTF-8 is kept through surrogateescape).
def as_text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def as_bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogateescape")


def indent_of(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(first, end) of each keyed block: a `key:` (or `- key:`) line and the lines indented under it."""
    out = []
    for i, line in enumerate(lines):
        m = KEYED.match(line)
        if not m:
            continue
        j = i + 1
        while j < len(lines) and (not lines[j].strip() or indent_of(lines[j]) > len(m.group(1))):
            j += 1
        out.append((i, j))
    return out


def s_drop_line(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def s_dup_line(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1) if rng.random() < 0.3 else i, lines[i])
    return "\n".join(lines)


def s_swap_lines(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def s_drop_key(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    found = blocks(lines)
    if not found:
        return s_drop_line(text, rng, v)
    i, j = rng.choice(found)
    return "\n".join(lines[:i] + lines[j:])


def s_dup_key(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    found = blocks(lines)
    if not found:
        return s_dup_line(text, rng, v)
    i, j = rng.choice(found)
    return "\n".join(lines[:j] + lines[i:j] + lines[j:])


def s_swap_keys(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    found = blocks(lines)
    by_indent: dict[int, list[tuple[int, int]]] = {}
    for i, j in found:
        by_indent.setdefault(indent_of(lines[i]), []).append((i, j))
    pairs = [
        (a, b) for group in by_indent.values() for a in group for b in group if a[1] <= b[0]
    ]  # two blocks, the first ending before the second starts
    if not pairs:
        return s_swap_lines(text, rng, v)
    (i, j), (k, m) = rng.choice(pairs)
    return "\n".join(lines[:i] + lines[k:m] + lines[j:k] + lines[i:j] + lines[m:])


def s_scalar_for_list(text: str, rng: random.Random, v: Vocabulary) -> str:
    flows = list(re.finditer(r"\[([^\[\]\n]*)\]", text))
    lines = text.split("\n")
    block_lists = [
        i
        for i, line in enumerate(lines[:-1])
        if re.match(r"^\s*(- )?[\w-]+:\s*(#.*)?$", line) and lines[i + 1].lstrip().startswith("- ")
    ]
    if block_lists and (not flows or rng.random() < 0.4):
        i = rng.choice(block_lists)
        j = i + 1
        while j < len(lines) and lines[j].lstrip().startswith(("- ", "#")):
            j += 1
        first = lines[i + 1].lstrip()[2:]
        key = lines[i].split(":", 1)[0]
        return "\n".join(lines[:i] + [f"{key}: {rng.choice([first, '', 'none', '0'])}"] + lines[j:])
    if not flows:
        return s_list_for_scalar(text, rng, v)
    m = rng.choice(flows)
    items = [x.strip() for x in m.group(1).split(",") if x.strip()]
    new = rng.choice([items[0] if items else "", ", ".join(items), '""', "null"])
    return text[: m.start()] + new + text[m.end() :]


def s_list_for_scalar(text: str, rng: random.Random, v: Vocabulary) -> str:
    values = list(VALUE.finditer(text))
    if not values:
        return s_scalar_for_list(text, rng, v) if "[" in text else text + "\n[x]"
    m = rng.choice(values)
    value = m.group(2)
    new = rng.choice([f"[{value}]", f"[{value}, {value}]", f"{{{value}: {value}}}", "[]", "{}", f"[[{value}]]"])
    return text[: m.start(2)] + new + text[m.end(2) :]


def s_retype(text: str, rng: random.Random, v: Vocabulary) -> str:
    values = list(VALUE.finditer(text))
    if not values:
        return text
    m = rng.choice(values)
    return text[: m.start(2)] + rng.choice(RETYPES) + text[m.end(2) :]


def s_swap_names(text: str, rng: random.Random, v: Vocabulary) -> str:
    names = [n for n in v.names if n in text]
    if len(names) < 2 or rng.random() < 0.3:
        # one name made another's, or a look-alike of itself
        if not names:  # a catalogue: no players, its titles instead
            return s_misspell(text, rng, v)
        name = rng.choice(names)
        spots = [m.start() for m in re.finditer(re.escape(name), text)]
        at = rng.choice(spots)
        other = rng.choice(
            [rng.choice(v.names), name.lower(), name.upper(), name + " ", name + "\u200b", look_alike(name, rng)]
        )
        return text[:at] + other + text[at + len(name) :]
    a, b = rng.sample(names, 2)
    return text.replace(a, "\0SWAP\0").replace(b, a).replace("\0SWAP\0", b)


def look_alike(word: str, rng: random.Random) -> str:
    places = [i for i, c in enumerate(word) if c in HOMOGLYPHS]
    if not places:
        return word + "\u0301"
    i = rng.choice(places)
    return word[:i] + HOMOGLYPHS[word[i]] + word[i + 1 :]


def s_misspell(text: str, rng: random.Random, v: Vocabulary) -> str:
    words = list(WORD.finditer(text))
    if not words:
        return text
    m = rng.choice(words)
    word = m.group()
    i = rng.randrange(len(word))
    new = rng.choice(
        [
            word[:i] + word[i + 1 :],
            word[:i] + rng.choice("aeioulrstx") + word[i:],
            word[:i] + word[i + 1 : i + 2] + word[i : i + 1] + word[i + 2 :],
            word.swapcase(),
            look_alike(word, rng),
            word[:3],
            word + word,
        ]
    )
    return text[: m.start()] + new + text[m.end() :]


def s_repeat_item(text: str, rng: random.Random, v: Vocabulary) -> str:
    flows = [m for m in re.finditer(r"\[([^\[\]\n]+)\]", text)]
    items = [line for line in text.split("\n") if line.lstrip().startswith("- ")]
    if flows and (not items or rng.random() < 0.5):
        m = rng.choice(flows)
        parts = m.group(1).split(",")
        k = rng.randrange(len(parts))
        parts.insert(k, parts[k] if parts[k].startswith(" ") or k == 0 else " " + parts[k].lstrip())
        return text[: m.start(1)] + ",".join(parts) + text[m.end(1) :]
    if items:
        lines = text.split("\n")
        at = rng.choice([i for i, line in enumerate(lines) if line.lstrip().startswith("- ")])
        lines[at:at] = [lines[at]] * rng.choice([1, 1, 2, 40])
        return "\n".join(lines)
    return s_sheet_words(text, rng, v)


def move_lines(lines: list[str]) -> list[int]:
    """The lines of a record's `moves:` list."""
    try:
        start = next(i for i, line in enumerate(lines) if line.startswith("moves:"))
    except StopIteration:
        return [i for i, line in enumerate(lines) if line.lstrip().startswith("- ")]
    return [i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("- ")]


def s_change_move(text: str, rng: random.Random, v: Vocabulary, game: str = "pastiche") -> str:
    lines = text.split("\n")
    at = move_lines(lines)
    if not at:
        return text
    i = rng.choice(at)
    lines[i] = lines[i][: indent_of(lines[i])] + "- " + random_move(game, v, rng)
    return "\n".join(lines)


def s_reorder_moves(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    at = move_lines(lines)
    if len(at) < 2:
        return text
    if rng.random() < 0.5:
        i, j = rng.sample(at, 2)
        lines[i], lines[j] = lines[j], lines[i]
    else:  # a move taken out and put back elsewhere
        i = rng.choice(at)
        move = lines.pop(i)
        at = move_lines(lines)
        lines.insert(rng.choice(at) if at else i, move)
    return "\n".join(lines)


def s_alias(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    way = rng.randrange(5)
    moves = move_lines(lines)
    if way == 0 and moves:  # a move anchored, and an alias of it as the last move (issue 33, item 9)
        i = rng.choice(moves)
        lines[i] = lines[i].replace("- ", "- &m ", 1)
        lines.insert(moves[-1] + 1, lines[moves[-1]][: indent_of(lines[moves[-1]])] + "- *m")
        return "\n".join(lines)
    values = list(VALUE.finditer(text))
    if way == 1 and len(values) >= 2:  # one value anchored, a later one its alias
        a, b = sorted(rng.sample(values, 2), key=lambda m: m.start())
        return text[: a.start(2)] + "&a " + a.group(2) + text[a.end(2) : b.start(2)] + "*a" + text[b.end(2) :]
    if way == 2 and values:  # an alias of nothing
        m = rng.choice(values)
        return text[: m.start(2)] + "*nowhere" + text[m.end(2) :]
    if way == 3:  # a billion laughs at the top
        laughs = ["lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        laughs += [f"lol{n}: &l{n} [{', '.join([f'*l{n - 1}'] * 9)}]" for n in range(1, 9)]
        return "\n".join(laughs) + "\n" + text
    # a merge key of an anchored mapping, or an alias of itself
    return text + rng.choice(["\nbase: &b {x: 1}\nmore:\n  <<: *b\n", "\nself: &s [*s]\n", "\n<<: {game: canvas}\n"])


def s_tag(text: str, rng: random.Random, v: Vocabulary) -> str:
    values = list(VALUE.finditer(text))
    if not values:
        return rng.choice(TAGS) + text
    m = rng.choice(values)
    return text[: m.start(2)] + rng.choice(TAGS) + text[m.start(2) :]


def s_doc_markers(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    piece = rng.choice(["---", "...", "%YAML 1.1", "%TAG ! tag:x,2000:", "--- |", "---\ngame: artline", "--- !!set"])
    at = 0 if piece.startswith("%") and rng.random() < 0.5 else rng.randrange(len(lines) + 1)
    lines.insert(at, piece)
    return "\n".join(lines)


def s_deep(text: str, rng: random.Random, v: Vocabulary) -> str:
    depth = rng.choice(DEPTHS)
    shape = rng.randrange(4)
    if shape == 0:
        nest = "[" * depth + "]" * depth
    elif shape == 1:
        nest = "{a: " * depth + "1" + "}" * depth
    elif shape == 2:
        nest = "[" * depth  # never closed
    else:  # block mappings, each indented under the last
        nest = "\n" + "".join(" " * (2 * (n + 1)) + "a:\n" for n in range(min(depth, 3000))) + " " * 2 * 3001 + "b"
    values = list(VALUE.finditer(text))
    if values and rng.random() < 0.7:
        m = rng.choice(values)
        return text[: m.start(2)] + nest + text[m.end(2) :]
    return text + "\ndeep: " + nest + "\n"


def s_huge_file(text: str, rng: random.Random, v: Vocabulary) -> str:
    size = rng.choice(SIZES)
    room = size - len(as_bytes(text))
    if room <= 0:
        return as_text(as_bytes(text)[:size])
    way = rng.randrange(3)
    if way == 0:  # comment lines
        line = "# " + "x" * 76 + "\n"
        pad = line * (room // len(line))
        return text + ("\n" if not text.endswith("\n") else "") + pad + "#" * max(room - len(pad) - 2, 0) + "\n"
    if way == 1:  # one long comment line
        return text + "\n#" + "y" * (room - 2)
    lines = text.split("\n")  # a list item repeated (moves, hands, paintings) until the size is reached
    items = [i for i, line in enumerate(lines) if line.lstrip().startswith("- ")]
    if not items:
        return text + "\n#" + "z" * (room - 2)
    i = items[-1] if rng.random() < 0.6 else rng.choice(items)
    copies = max(room // (len(lines[i]) + 1), 1)
    lines[i + 1 : i + 1] = [lines[i]] * copies
    return "\n".join(lines)


def s_game_key(text: str, rng: random.Random, v: Vocabulary) -> str:
    other = rng.choice([*GAMES, "Canvas", "chess", "", "[canvas]", "pastiche pastiche", "art line", "ARTLINE"])
    if re.search(r"^game:", text, re.M):
        if rng.random() < 0.3:
            return re.sub(r"^game:.*$", "", text, count=1, flags=re.M)
        return re.sub(r"^game:.*$", f"game: {other}", text, count=1, flags=re.M)
    return f"game: {other}\n" + text


def s_sheet_fields(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.split("\n")
    players = [i for i, line in enumerate(lines) if ":" in line and not line.startswith(("#", "game:", "catalogue:"))]
    if not players:
        return text
    i = rng.choice(players)
    name, _, rest = lines[i].partition(":")
    fields = rest.split("|")
    way = rng.randrange(7)
    if way == 0:
        fields.append(rng.choice(["", " 2", " red", " x | y"]))
    elif way == 1 and len(fields) > 1:
        del fields[rng.randrange(len(fields))]
    elif way == 2 and len(fields) > 1:
        a, b = rng.sample(range(len(fields)), 2)
        fields[a], fields[b] = fields[b], fields[a]
    elif way == 3:
        fields[rng.randrange(len(fields))] = " "
    elif way == 4:  # the line without its colon, or a name that is no name
        return "\n".join(
            lines[:i] + [rng.choice([name + rest, ":" + rest, f"{name}:{name}:{rest}", "# " + name])] + lines[i + 1 :]
        )
    elif way == 5:
        return "\n".join(lines[:i] + [f"{rng.choice(HOSTILE_NAMES)}:{rest}"] + lines[i + 1 :])
    else:
        fields = ["|".join(fields)] + ["|"] * rng.randint(1, 30)
    lines[i] = name + ":" + "|".join(fields)
    return "\n".join(lines)


def s_sheet_words(text: str, rng: random.Random, v: Vocabulary) -> str:
    """A count glued to a word or put before it, a word repeated or moved, a field of one number."""
    words = list(re.finditer(r"(?<=[ |,])[A-Za-z][\w-]*", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group()
    count = rng.choice(["2", "0", "-1", "99", "100", "9" * 30, "\u0663", "2.5", "1e3", "00"])
    new = rng.choice(
        [f"{count} {w}", f"{count}{w}", f"{w}*{count}", f"{w} {w}", f"{w},{w}", f"{w} {count}", count, f"{w}:{w}"]
    )
    return text[: m.start()] + new + text[m.end() :]


def s_sheet_files(text: str, rng: random.Random, v: Vocabulary) -> str:
    key = "theses" if "theses" in text or rng.random() < 0.3 else "catalogue"
    named = rng.choice(SHEET_FILES)
    if re.search(rf"^{key}:", text, re.M) and rng.random() < 0.8:
        return re.sub(rf"^{key}:.*$", f"{key}: {named}", text, count=1, flags=re.M)
    return f"{key}: {named}\n" + text


def s_sheet_mark(text: str, rng: random.Random, v: Vocabulary) -> str:
    """The `sheet` word: first, later, twice; a key line doubled."""
    lines = text.split("\n")
    keys = [i for i, line in enumerate(lines) if re.match(r"^(game|catalogue|theses|scoring):", line)]
    if keys and rng.random() < 0.5:
        i = rng.choice(keys)
        lines.insert(
            i + 1, lines[i] if rng.random() < 0.5 else lines[i].split(":")[0] + ": " + rng.choice([*SCORING, *GAMES])
        )
    else:
        lines.insert(
            rng.choice([0, 0, rng.randrange(len(lines) + 1)]), rng.choice(["sheet", "Sheet", "sheet sheet", "sheet:"])
        )
    return "\n".join(lines)


# tally's answers, one a line
def a_drop(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.rstrip("\n").split("\n")
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines) + "\n"


def a_dup(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.rstrip("\n").split("\n")
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines) + "\n"


def a_swap(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.rstrip("\n").split("\n")
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def a_cut(text: str, rng: random.Random, v: Vocabulary) -> str:
    lines = text.rstrip("\n").split("\n")
    return "\n".join(lines[: rng.randrange(len(lines))]) + rng.choice(["\n", ""])


def a_special(text: str, rng: random.Random, v: Vocabulary) -> str:
    """`?`, `<`, `back`, an empty answer, or several, anywhere."""
    lines = text.rstrip("\n").split("\n")
    piece = rng.choice(["?", "<", "back", "BACK", "", " ", "<<", "? ?", "\t", "<\n<\n<\n<\n<\n<", "?\n" * 50])
    lines.insert(rng.randrange(len(lines) + 1), piece)
    return "\n".join(lines) + "\n"


def a_answer(text: str, rng: random.Random, v: Vocabulary) -> str:
    """One answer replaced: a name or file that is not there, a number, a path outside, a long one."""
    lines = text.rstrip("\n").split("\n")
    i = rng.randrange(len(lines))
    lines[i] = rng.choice(
        [
            *SHEET_FILES,
            *HOSTILE_NAMES,
            "0",
            "-1",
            "100",
            "9" * 40,
            "\u0663",
            "a | b | c | d",
            lines[i] + " | " + lines[i],
            lines[i] + " " + lines[i],
            "Ana Ana",
            "Ana Ben Caro Dan Eve Fay",
            "Ana",
            "x" * 20000,
            "nine:y10 nine:y10",
            "nine:",
            ":y10",
            "nine:y99",
        ]
    )
    return "\n".join(lines) + "\n"


def structural(ops: dict, game: str) -> dict:
    """The ops with the game bound where an op needs it (a move in the game's notation)."""
    return {
        name: (lambda t, r, v, op=op: op(t, r, v, game)) if name == "change-move" else op for name, op in ops.items()
    }


COMMON_STRUCTURE = {
    "drop-line": s_drop_line,
    "dup-line": s_dup_line,
    "swap-lines": s_swap_lines,
    "swap-names": s_swap_names,
    "misspell": s_misspell,
    "huge-file": s_huge_file,
}
YAML_STRUCTURE = {
    "drop-key": s_drop_key,
    "dup-key": s_dup_key,
    "swap-keys": s_swap_keys,
    "scalar-for-list": s_scalar_for_list,
    "list-for-scalar": s_list_for_scalar,
    "retype": s_retype,
    "repeat-item": s_repeat_item,
    "alias": s_alias,
    "tag": s_tag,
    "doc-markers": s_doc_markers,
    "deep-nesting": s_deep,
    "game-key": s_game_key,
}
RECORD_STRUCTURE = {"change-move": s_change_move, "reorder-moves": s_reorder_moves}
SHEET_STRUCTURE = {
    "sheet-fields": s_sheet_fields,
    "sheet-words": s_sheet_words,
    "sheet-files": s_sheet_files,
    "sheet-mark": s_sheet_mark,
    "game-key": s_game_key,
    "repeat-item": s_repeat_item,
    "deep-nesting": s_deep,
}
ANSWER_STRUCTURE = {
    "drop-answer": a_drop,
    "dup-answer": a_dup,
    "swap-answers": a_swap,
    "cut-answers": a_cut,
    "special-answer": a_special,
    "other-answer": a_answer,
}


def structure_for(source: Source) -> dict:
    if source.kind == "answers":
        return ANSWER_STRUCTURE
    if source.kind == "sheet":
        return {**COMMON_STRUCTURE, **SHEET_STRUCTURE}
    if source.kind == "record":
        return structural({**COMMON_STRUCTURE, **YAML_STRUCTURE, **RECORD_STRUCTURE}, source.game)
    return {**COMMON_STRUCTURE, **YAML_STRUCTURE}


def cut_record(source: Source, rng: random.Random) -> Mutant:
    """The record without its last 1-3 moves, which are the legal moves to play next."""
    lines = source.text.split("\n")
    at = move_lines(lines)
    k = min(rng.randint(1, 3), len(at))
    cut = at[-k:]
    moves = [re.sub(r"\s+#.*$", "", lines[i].lstrip()[2:]).strip() for i in cut]
    kept = [line for i, line in enumerate(lines) if i not in cut]
    return Mutant(as_bytes("\n".join(kept)), ["cut-moves"], moves)


def mutate(source: Source, vocabulary: Vocabulary, rng: random.Random) -> Mutant:
    """One to three mutations of the source: by bytes or by structure (a record sometimes cut short first)."""
    if source.kind == "record" and rng.random() < 0.25:
        mutant = cut_record(source, rng)
        if rng.random() < 0.5:
            return mutant  # the record cut short, untouched otherwise: its next moves are legal
    else:
        mutant = Mutant(as_bytes(source.text))
    ops = structure_for(source)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        if rng.random() < 0.45:
            name = rng.choice(sorted(BYTE_OPS))
            mutant.data = BYTE_OPS[name](mutant.data, rng, vocabulary)
        else:
            name = rng.choice(sorted(ops))
            mutant.data = as_bytes(ops[name](as_text(mutant.data), rng, vocabulary))
        mutant.ops.append(name)
    return mutant


# -------------------------------------------------------------------------------------- moves and cases


def random_hex(rng: random.Random) -> str:
    dabs = "".join(rng.choice("RYB") for _ in range(6))
    return dabs + "/" + "".join(rng.choice("RYB") for _ in range(rng.choice([1, 1, 2])))


def pick(rng: random.Random, good: list[str], hostile: list[str] = HOSTILE_NAMES, odds: float = 0.1) -> str:
    return rng.choice(hostile) if rng.random() < odds else rng.choice(good)


def quoted(text: str) -> str:
    return f'"{text}"' if " " in text else text


def random_move(game: str, v: Vocabulary, rng: random.Random) -> str:
    """A move in the game's record notation that looks legal: the source's names, cards and places."""
    if v.moves and rng.random() < 0.3:
        move = rng.choice(v.moves).split()
        if move and rng.random() < 0.5:
            move[0] = pick(rng, v.names)
        return " ".join(move)
    who = quoted(pick(rng, v.names))
    cells = v.cells + [f"{rng.randint(-4, 4)},{rng.randint(-4, 4)}", "99999999999999999999,0", "0,0", "a"]
    if game == "canvas":
        word = lambda: pick(rng, ART_WORDS, ["Nope", "", "x" * 50], 0.05)  # noqa: E731
        return rng.choice(
            [
                f"{who} take {rng.choice(['1', '2', '3', '5', '0', '6', '99999999999'])} refill {word()}",
                f"{who} take {rng.randint(1, 5)}",
                f"{who} paint {word()} {word()} {word()}",
                f"{who} paint {word()} {word()}",
            ]
        )
    if game == "masterpiece":
        card = lambda: pick(rng, v.cards + [f"{rng.choice(SUITS)}-{rng.randint(1, 13)}"], ["pink-99", "x-1"], 0.05)  # noqa: E731
        thesis = pick(rng, v.theses, ["nope", ""], 0.05)
        owner = quoted(pick(rng, v.names))
        return rng.choice(
            [
                f"{who} research keep {card()} discard {card()}",
                f"{who} research take {card()}",
                f"{who} present {thesis} {card()},{card()},{card()}",
                f"{who} present {thesis} {card()} cite {owner} {card()} give {owner} {card()}",
                f"{who} review {owner} {thesis} take {card()}",
                f"{who} flag {card()}",
            ]
        )
    if game == "artline":
        feature = quoted(pick(rng, v.features, ["", "x" * 80, "row"], 0.1))
        cell = f"{rng.randint(-3, 3)},{rng.randint(-3, 3)}"
        return rng.choice(
            [
                f"{who} place {cell}",
                f"{who} place {cell} row {feature}",
                f"{who} place {cell} column {feature}",
                f"{who} place {cell} row {feature} column {feature} unclear {rng.choice([0, 1, 2, 99])}",
                f"{who} discard",
                f"{who} draw",
            ]
        )
    colours = lambda n: ",".join(pick(rng, COLOURS, ["grey", "Teal", "x"], 0.05) for _ in range(n))  # noqa: E731
    commission = quoted(pick(rng, v.commissions, ["nope", ""], 0.05))
    return rng.choice(
        [
            f"{who} place {rng.choice(v.hexes + [random_hex(rng)])} at {rng.choice(cells)}",
            f"{who} place {random_hex(rng)} at {rng.choice(cells)} take {pick(rng, COLOURS)}",
            f"{who} trade {colours(3)} for {colours(1)}",
            f"{who} trade {colours(1)} with {quoted(pick(rng, v.names))} for {colours(2)}",
            f"{who} swap {commission} for {quoted(pick(rng, v.commissions))}",
            f"{who} complete {commission}",
            f"{who} draw commission {commission}",
            f"{who} draw hex {random_hex(rng)}",
            f"{who} discard {colours(rng.randint(1, 3))}",
            f"{who} end",
        ]
    )


@dataclass
class Case:
    """One command on one mutant: its arguments (relative to the run's folder), stdin, what it writes."""

    argv: list[str]
    stdin: bytes | None = None
    writes: bool = False  # it may change or make files when it succeeds
    # a file written -> the command that reads it back ("*": any file; {} stands for the file's name);
    # a file with none is held to `pastiche check`
    reads_back: dict[str, list[str]] = field(default_factory=dict)
    extra: dict[str, bytes] = field(default_factory=dict)  # more files in its folder (a saved catalogue, ...)
    origin: str = ""  # the file a new file is written from (--to-position): it must check no worse

    @property
    def game(self) -> list[str]:
        """The --game its files are checked with: a game's own command's, or the one it was given."""
        if self.argv[0] in OTHER_GAMES:
            return ["--game", self.argv[0]]
        return self.argv[self.argv.index("--game") : self.argv.index("--game") + 2] if "--game" in self.argv else []

    @property
    def command(self) -> str:
        """The command's name, for the counts (a game's own command with its game)."""
        words = [a for a in self.argv if not a.startswith("-")]
        two = words[:2] if words and words[0] in (*OTHER_GAMES, "catalogue") else words[:1]
        if two[:1] == ["masterpiece"] and len(words) > 2 and words[1] == "theses":
            two = words[:3]
        return " ".join(two) or "?"


def box_catalogue() -> bytes:
    return (EXAMPLES / "quick" / "box.yaml").read_bytes()


def theses_file() -> bytes:
    return (EXAMPLES / "quick" / "theses.yaml").read_bytes()


SAVED_CATALOGUE = "xdg/pastiche/catalogue.yaml"
SAVED_THESES = "xdg/pastiche/masterpiece-theses.yaml"
HISTORY = "xdg/pastiche/history.sqlite3"


def saved(rng: random.Random) -> dict[str, bytes]:
    """Sometimes a saved catalogue and thesis table, as a player who typed the box once has."""
    out = {}
    if rng.random() < 0.4:
        out[SAVED_CATALOGUE] = box_catalogue()
    if rng.random() < 0.4:
        out[SAVED_THESES] = theses_file()
    return out


def output(rng: random.Random, suffix: str) -> tuple[list[str], dict[str, bytes]]:
    """An output option's file: new, existing (with or without --force), in a missing folder, or `-`."""
    way = rng.randrange(10)
    if way < 5:
        return [f"out{suffix}"], {}
    if way == 5:
        return [f"out{suffix}"], {f"out{suffix}": b"# mine, not to be lost\n"}
    if way == 6:
        return [f"out{suffix}", "--force"], {f"out{suffix}": b"# mine, to be overwritten\n"}
    if way == 7:
        return [f"missing/out{suffix}"], {}
    if way == 8:
        return ["-"], {}
    return [rng.choice(["box.yaml", ".", "xdg", "/dev/full", f"out{suffix}/"])], {}


def reading_cases(source: Source, f: str, data: bytes, rng: random.Random) -> list[Case]:
    """What every game answers of a file (`data`, also piped in), text and --json."""
    game = ["--game", rng.choice(GAMES)] if rng.random() < 0.1 else []
    out = [
        Case(["check", f, *game]),
        Case(["check", f, "--json", *game]),
        Case(["score", f, *game]),
        Case(["score", f, "--json", *game]),
        Case(["score", f, rng.choice(["--brief", "--format=markdown", "--format=plain"])]),
        Case(["score", f, "--json", "--detail"]),
        Case(["end", f, *game]),
        Case(["end", f, "--json"]),
        Case(["board", f, *game]),
        Case(["board", f, "--json"]),
        Case(["board", f, "--width", rng.choice(["20", "41", "200"])]),
        Case(["replay", f, *game]),
        Case(["replay", f, "--json"]),
        Case(["replay", f, "--to", rng.choice(["0", "1", "2", "5", "40", "99999999999999999999"])]),
        Case(["check", "-", "--game", source.game if rng.random() < 0.9 else rng.choice(GAMES)], stdin=data),
        Case(["score", "-", "--json", "--game", source.game], stdin=data),
    ]
    if source.kind == "sheet":  # a sheet piped in says so on its first line
        out.append(Case(["score", "-", "--game", source.game], stdin=b"sheet\n" + data))
    html, exist = output(rng, ".html")
    out.append(Case(["replay", f, "--html", *html], writes=True, extra=exist, reads_back={"*": ["html"]}))
    position, exist = output(rng, ".yaml")
    out.append(Case(["score", f, "--to-position", *position], writes=True, extra=exist, origin=f))
    svg, exist = output(rng, ".svg")
    out.append(Case(["board", f, "--svg", *svg], writes=True, extra=exist, reads_back={"*": ["svg"]}))
    history = {HISTORY: ["history", "--json"]}
    out.append(
        Case(
            ["keep", f, *rng.choice([[], ["--again"], ["--json"], ["--date", "2025-03-14"]])],
            writes=True,
            reads_back=history,
        )
    )
    if source.game == "pastiche" or rng.random() < 0.2:
        out.append(Case(["catalogue", "import", f, "--dry-run"]))
        out.append(Case(["catalogue", "import", f], writes=True, reads_back={SAVED_CATALOGUE: ["catalogue", "list"]}))
    if source.game == "masterpiece" or rng.random() < 0.2:
        out.append(Case(["masterpiece", "theses", "import", f, "--dry-run"]))
        out.append(
            Case(
                ["masterpiece", "theses", "import", f],
                writes=True,
                reads_back={SAVED_THESES: ["masterpiece", "theses", "list"]},
            )
        )
    return out


def pastiche_cases(f: str, v: Vocabulary, rng: random.Random) -> list[Case]:
    who = lambda: pick(rng, v.names)  # noqa: E731
    commission = lambda: pick(rng, v.commissions, ["nope", ""], 0.05)  # noqa: E731
    colours = lambda n: ",".join(pick(rng, COLOURS, ["grey", "Teal", "x", ""], 0.05) for _ in range(n))  # noqa: E731
    cell = rng.choice(v.cells + [f"{rng.randint(-4, 4)},{rng.randint(-4, 4)}", "a", "zz", "0,0", "9" * 25 + ",0"])
    hexagon = rng.choice(v.hexes + [random_hex(rng), "RYBBYR", "XXXXXX/X"])
    json_ = ["--json"] if rng.random() < 0.5 else []
    apply_ = ["--apply"] if rng.random() < 0.5 else []
    return [
        Case(["moves", f, "--player", who(), *json_, *rng.choice([[], ["--top", "3"], ["--wide"], ["--all"]])]),
        Case(["complete", f, "--player", who(), *json_]),
        Case(["complete", f, "--player", who(), "--apply", commission()], writes=True),
        Case(["plan", f, "--player", who(), *json_]),
        Case(["discard", f, "--player", who(), *json_, *rng.choice([[], ["--top", "1"], ["--cards", colours(2)]])]),
        Case(["discard", f, "--player", who(), "--apply", *rng.choice([[], ["--cards", colours(2)]])], writes=True),
        Case(["place", f, hexagon, f"--at={cell}", "--player", who(), *json_]),
        Case(
            ["place", f, hexagon, f"--at={cell}", *rng.choice([[], ["--player", who()]]), "--apply"]
            + rng.choice([[], ["--take", f"centre:{rng.choice(['red', 'yellow', 'blue', 'teal'])}"]]),
            writes=True,
        ),
        Case(
            ["trade", f, "--player", who(), "--give", colours(3), "--get", colours(1), *json_, *apply_],
            writes=bool(apply_),
        ),
        Case(
            ["trade", f, "--player", who(), "--give", colours(1), "--with", who(), "--receive", colours(2), *apply_],
            writes=bool(apply_),
        ),
        Case(
            ["swap", f, "--player", who(), "--give", commission(), "--take", commission(), *json_, *apply_],
            writes=bool(apply_),
        ),
    ]


def canvas_cases(f: str, v: Vocabulary, rng: random.Random) -> list[Case]:
    who = lambda: pick(rng, v.names)  # noqa: E731
    word = lambda: pick(rng, ART_WORDS, ["Nope", "", "x" * 60], 0.05)  # noqa: E731
    slot = rng.choice(["1", "2", "3", "4", "5", "1", "0", "6"])
    json_ = ["--json"] if rng.random() < 0.5 else []
    svg, exist = output(rng, ".svg")
    return [
        Case(["canvas", "best", f, "--player", who(), *json_, *rng.choice([[], ["--top", "1"]])]),
        Case(["canvas", "take", f, "--player", who(), "--slot", slot, *json_]),
        Case(["canvas", "take", f, "--player", who(), "--slot", slot, "--draw", word(), "--apply"], writes=True),
        Case(["canvas", "take", f, "--player", who(), "--slot", slot, "--apply"], writes=True),
        Case(["canvas", "painting", word(), word(), word(), f, "--player", who(), *json_]),
        Case(
            ["canvas", "painting", word(), word(), word(), f, "--svg", *svg],
            writes=True,
            extra=exist,
            reads_back={"*": ["svg"]},
        ),
    ]


def masterpiece_cases(f: str, v: Vocabulary, rng: random.Random) -> list[Case]:
    who = lambda: pick(rng, v.names)  # noqa: E731
    card = lambda: pick(rng, v.cards + [f"{rng.choice(SUITS)}-{rng.randint(1, 13)}"], ["pink-99", "x-1", ""], 0.05)  # noqa: E731
    thesis = lambda: pick(rng, v.theses, ["nope", ""], 0.05)  # noqa: E731
    json_ = ["--json"] if rng.random() < 0.5 else []
    apply_ = ["--apply"] if rng.random() < 0.6 else []
    theses = ["--theses", "theses.yaml"] if rng.random() < 0.3 else []
    cards = ",".join(card() for _ in range(rng.randint(1, 5)))
    cite = [x for _ in range(rng.randint(0, 2)) for x in ("--cite", f"{who()}:{card()}")]
    give = [x for _ in range(rng.randint(0, 2)) for x in ("--give", f"{who()}:{card()}")]
    return [
        Case(["masterpiece", "options", f, "--player", who(), *json_, *theses]),
        Case(
            ["masterpiece", "present", f, "--player", who(), "--thesis", thesis(), "--cards", cards, *cite, *give]
            + json_
            + apply_
            + theses,
            writes=bool(apply_),
        ),
        Case(
            ["masterpiece", "review", f, "--player", who(), "--from", f"{who()}:{thesis()}", "--take", card()]
            + json_
            + apply_
            + theses,
            writes=bool(apply_),
        ),
    ]


def artline_cases(f: str, v: Vocabulary, rng: random.Random) -> list[Case]:
    who = rng.choice([[], ["--player", pick(rng, v.names)]])
    json_ = ["--json"] if rng.random() < 0.5 else []
    apply_ = ["--apply"] if rng.random() < 0.6 else []
    cell = (
        f"{rng.randint(-3, 3)},{rng.randint(-3, 3)}" if rng.random() < 0.9 else rng.choice(["a", "9" * 30 + ",0", "1"])
    )
    feature = [
        x
        for option in ("--feature-row", "--feature-column")
        if rng.random() < 0.4
        for x in (option, pick(rng, v.features))
    ]
    unclear = ["--unclear", rng.choice(["0", "1", "2", "99999999999999999999"])] if rng.random() < 0.3 else []
    return [
        Case(["artline", "spots", f, *who, *json_]),
        Case(["artline", "place", f, f"--at={cell}", *who, *feature, *unclear, *json_, *apply_], writes=bool(apply_)),
        Case(["artline", "discard", f, *who, *json_, *apply_], writes=bool(apply_)),
    ]


GAME_CASES = {
    "pastiche": pastiche_cases,
    "canvas": canvas_cases,
    "masterpiece": masterpiece_cases,
    "artline": artline_cases,
}

# The writes the bundled positions allow as they are (tests/hostile/test_write_fuzz.py's WRITERS): on a
# mutant that still reads, they succeed, and the written file is held to being read back.
KNOWN_WRITES = {
    "painting-midgame.yaml": [
        ["trade", "{}", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"],
        ["complete", "{}", "--player", "Ana", "--apply", "Harbour at Dusk"],
        ["discard", "{}", "--player", "Ana", "--apply"],
    ],
    "board-midgame-4p.yaml": [["place", "{}", "RRRBBR/RB", "--at", "3,1", "--apply"]],
    "canvas/midgame.yaml": [
        ["canvas", "take", "{}", "--slot", "1", "--player", "Ben", "--draw", "Peaceful", "--apply"]
    ],
    "masterpiece/midgame.yaml": [
        ["masterpiece", "present", "{}", "--player", "Ana", "--thesis", "three-pairs", "--cards"]
        + ["pink-3,orange-3,purple-8,orange-8", "--cite", "Ana:pink-6", "--cite", "Ben:blue-6", "--give"]
        + ["Ben:green-12", "--apply"]
    ],
    "artline/midgame.yaml": [
        ["artline", "discard", "{}", "--apply"],
        ["artline", "place", "{}", "--player", "Ana", "--at", "1,2", "--apply"],
    ],
}


def record_cases(source: Source, f: str, v: Vocabulary, mutant: Mutant, rng: random.Random) -> list[Case]:
    moves = list(mutant.next_moves[:1]) + [random_move(source.game, v, rng) for _ in range(2)]
    json_ = ["--json"] if rng.random() < 0.3 else []
    game = ["--game", rng.choice(GAMES)] if rng.random() < 0.1 else []
    return [Case(["play", f, move, *json_, *game], writes=True) for move in moves] + [
        Case(["undo", f, *game], writes=True)
    ]


def catalogue_cases(source: Source, f: str, data: bytes, v: Vocabulary, rng: random.Random) -> list[Case]:
    """box.yaml or theses.yaml mutated (`data`): listed, shown, added to, removed from, exported, saved as
    the player's own, and read by a sheet and a position."""
    if source.kind == "catalogue":
        where = ["--catalogue", f]
        ident = pick(rng, v.commissions + re.findall(r"^  ([\w-]+):", source.text, re.M), ["nope", ""])
        export, exist = output(rng, ".yaml")
        add = ["--title", pick(rng, ["Made Up", "Red Mill", "x" * 200]), "--artist", "Z. Madeup", "--points"]
        add += [rng.choice(["9", "8", "16", "17", "0", "99999999999999999999"]), "--palette", "red,blue"]
        sheet = "four-player-finish.sheet"
        return [
            Case(["catalogue", "list", *where]),
            Case(["catalogue", "show", ident, *where]),
            Case(
                ["catalogue", "add", *add, *where],
                writes=True,
                reads_back={"*": ["catalogue", "list", "--catalogue", "{}"]},
            ),
            Case(
                ["catalogue", "remove", ident, *where],
                writes=True,
                reads_back={"*": ["catalogue", "list", "--catalogue", "{}"]},
            ),
            Case(
                ["catalogue", "export", *where, "-o", *export],
                writes=True,
                extra=exist,
                reads_back={"*": ["catalogue", "list", "--catalogue", "{}"]},
            ),
            Case(["score", sheet], extra={sheet: (EXAMPLES / "quick" / sheet).read_bytes()}),
            Case(
                ["score", sheet, "--to-position", "out.yaml"],
                writes=True,
                extra={sheet: (EXAMPLES / "quick" / sheet).read_bytes()},
            ),
            Case(["catalogue", "list"], extra={SAVED_CATALOGUE: data}),
            Case(
                ["score", "painting-midgame.yaml", "--catalogue", f],
                extra={"painting-midgame.yaml": (EXAMPLES / "positions" / "painting-midgame.yaml").read_bytes()},
            ),
        ]
    where = ["--theses", f]
    ident = pick(rng, v.theses, ["nope", ""])
    export, exist = output(rng, ".yaml")
    sheet = "masterpiece-finished-tiebreak.sheet"
    listing = ["masterpiece", "theses", "list", "--theses"]
    add = ["long-run", "--requirement", rng.choice(["run 9", "kind 3", "pairs 2", "flag", "run 99", "nonsense"])]
    add += ["--points", rng.choice(["7", "0", "10", "99999999999999999999"])]
    return [
        Case(["masterpiece", "theses", "list", *where]),
        Case(["masterpiece", "theses", "show", ident, *where]),
        Case(["masterpiece", "theses", "add", *add, *where], writes=True, reads_back={"*": [*listing, "{}"]}),
        Case(["masterpiece", "theses", "remove", ident, *where], writes=True, reads_back={"*": [*listing, "{}"]}),
        Case(
            ["masterpiece", "theses", "export", *where, "-o", *export],
            writes=True,
            extra=exist,
            reads_back={"*": [*listing, "{}"]},
        ),
        Case(["score", sheet], extra={sheet: (EXAMPLES / "quick" / sheet).read_bytes()}),
        Case(
            ["masterpiece", "options", "midgame.yaml", "--player", "Ana", "--theses", f],
            extra={"midgame.yaml": (EXAMPLES / "positions" / "masterpiece" / "midgame.yaml").read_bytes()},
        ),
        Case(["masterpiece", "theses", "list"], extra={SAVED_THESES: data}),
    ]


def tally_cases(source: Source, answers: bytes, rng: random.Random) -> list[Case]:
    game = [] if source.game == "pastiche" else ["--game", source.game]
    out, exist = output(rng, rng.choice([".sheet", ".sheet", ".sheet", ".txt"]))  # friday.txt: a sheet all the same
    below = {}
    if rng.random() < 0.2 and out[0].startswith("out"):  # the sheet goes to a folder below, with its files
        out = ["sub/" + out[0], *out[1:]]
        exist = {"sub/" + name: data for name, data in exist.items()}
        below = {"sub/box.yaml": box_catalogue(), "sub/theses.yaml": theses_file()}
        answers = re.sub(rb"^(box|theses)\.yaml", rb"sub/\1.yaml", answers)
    keep = rng.choice([[], [], ["--keep"], ["--no-keep"]])
    if not keep and rng.random() < 0.3:
        answers += b"y\n"  # asked at the end whether to keep the game in the play history
    # the sheet written is read back as tally says to (`score it with pastiche score FILE`)
    back = {HISTORY: ["history", "--json"], "*": ["score", "{}"]}
    return [
        Case(["tally", *game, *keep], stdin=answers, writes=True, reads_back=back),
        Case(["tally", *game, "--json", *keep], stdin=answers, writes=True, reads_back=back),
        Case(
            ["tally", *game, "-o", *out, *keep], stdin=answers, writes=True, extra={**exist, **below}, reads_back=back
        ),
    ]


def new_cases(v: Vocabulary, rng: random.Random) -> list[Case]:
    names = [pick(rng, v.names, HOSTILE_NAMES, 0.2) for _ in range(rng.choice([1, 2, 3, 4, 5]))]
    out, exist = output(rng, ".yaml")
    more = rng.choice([[], ["--record"], ["--start", pick(rng, v.names)], ["--random-start"]])
    return [
        Case(
            ["new", "--game", rng.choice(GAMES), "--players", ",".join(names), "-o", *out, *more],
            writes=True,
            extra=exist,
            reads_back={"*": ["new"]},
        )
    ]


def cases(source: Source, v: Vocabulary, mutant: Mutant, rng: random.Random) -> list[Case]:
    """Every command that takes this mutant."""
    f = source.name
    if source.kind == "answers":
        return tally_cases(source, mutant.data, rng)
    if source.kind in ("catalogue", "theses"):
        out = catalogue_cases(source, f, mutant.data, v, rng)
    else:
        out = reading_cases(source, f, mutant.data, rng)
        if source.kind != "sheet" or rng.random() < 0.2:  # --apply refuses a sheet: a few are enough
            out += GAME_CASES.get(source.game, lambda f, v, rng: [])(f, v, rng)  # a game's own commands
        if source.kind == "record":
            out += record_cases(source, f, v, mutant, rng)
        if source.kind == "position":
            for argv in KNOWN_WRITES.get(str(source.path.relative_to(EXAMPLES / "positions")), []):
                out.append(Case([f if a == "{}" else a for a in argv], writes=True))
        if rng.random() < 0.1:
            out += new_cases(v, rng)
    for case in out:
        if not case.extra or rng.random() < 0.5:
            case.extra = {**saved(rng), **case.extra}
    return out


# --------------------------------------------------------------------------------------------- running


class Hang(BaseException):
    """The run's time is up (BaseException: no `except Exception` in the code under test stops it)."""


def _alarm(signum, frame):
    raise Hang


@dataclass
class Outcome:
    code: int | None  # None: it hung
    output: str
    seconds: float
    error: str = ""  # an exception out of the command, with its traceback


def snapshot(folder: pathlib.Path) -> dict[str, bytes | None]:
    """Every file (its bytes) and folder (None) under `folder`; a link as its target's name."""
    out: dict[str, bytes | None] = {}
    for top, dirs, files in os.walk(folder):
        for name in dirs:
            out[os.path.relpath(os.path.join(top, name), folder) + "/"] = None
        for name in files:
            path = os.path.join(top, name)
            rel = os.path.relpath(path, folder)
            try:
                out[rel] = (
                    b"->" + os.readlink(path).encode() if os.path.islink(path) else pathlib.Path(path).read_bytes()
                )
            except OSError as exc:
                out[rel] = f"unreadable: {exc}".encode()
    return out


def lay_out(folder: pathlib.Path, files: dict[str, bytes]) -> None:
    folder.mkdir(parents=True)
    for name, data in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def environment(folder: pathlib.Path) -> dict[str, str | None]:
    return {
        "XDG_DATA_HOME": str(folder / "xdg"),
        "PASTICHE_DATA": str(folder / "xdg" / "pastiche"),  # the data folder: the saved catalogues, the history
        "XDG_CACHE_HOME": str(folder / "cache"),
        "PASTICHE_CATALOGUE": None,
        "PASTICHE_MASTERPIECE_THESES": None,
        "NO_COLOR": None,
        "COLUMNS": "100",
    }


def in_process(argv: list[str], stdin: bytes | None, folder: pathlib.Path, limit: float) -> Outcome:
    import traceback

    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    here = os.getcwd()
    os.chdir(folder)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    try:
        result = CliRunner().invoke(root, argv, input=stdin, env=environment(folder))
    except Hang:
        return Outcome(None, "", time.perf_counter() - start)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(here)
    took = time.perf_counter() - start
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        error = "".join(traceback.format_exception(*result.exc_info))
        return Outcome(70, result.output, took, error)  # what `pastiche` (cli/root.py: main) exits with
    return Outcome(result.exit_code, result.output, took)


def forget_caches() -> None:
    """Empty what pastiche keeps for the length of a process, which a long run in one process fills with
    every mutant's values: its functools caches. A command is one process, and all of it dies with it."""
    for name, module in list(sys.modules.items()):
        if name.startswith("pastiche_cli."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


def pastiche_command() -> list[str]:
    script = pathlib.Path(sys.executable).parent / "pastiche"
    return [str(script)] if script.exists() else [sys.executable, "-m", "pastiche_cli"]


def as_process(
    argv: list[str], stdin: bytes | None, folder: pathlib.Path, limit: float, strict: bool = False
) -> Outcome:
    """The command as a process; `strict`: as in a UTF-8 locale (en_US.UTF-8), where Python's stdin is
    strict UTF-8 (in the C locale, and C.UTF-8, it takes any byte)."""
    env = dict(os.environ)
    if strict:
        env["PYTHONIOENCODING"] = "utf-8:strict"
    for key, value in environment(folder).items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    start = time.perf_counter()
    try:
        done = subprocess.run(
            pastiche_command() + argv,
            input=stdin or b"",
            capture_output=True,
            cwd=folder,
            env=env,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        return Outcome(None, "", time.perf_counter() - start)
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    return Outcome(done.returncode, said, time.perf_counter() - start)


# ---------------------------------------------------------------------------------------------- judging


def reads_back(case: Case, name: str, folder: pathlib.Path, before_check: int | None) -> str | None:
    """Why a file a succeeding command wrote cannot be read back (None: it reads)."""
    command = case.reads_back.get(name, case.reads_back.get("*"))
    command = [name if word == "{}" else word for word in command] if command else None
    path = folder / name
    if command == ["html"]:
        text = path.read_bytes()
        return None if text.rstrip().endswith(b"</html>") else "the page written is not a whole HTML page"
    if command == ["svg"]:
        import xml.etree.ElementTree as ElementTree

        try:
            ElementTree.fromstring(path.read_bytes())
        except ElementTree.ParseError as exc:
            return f"the SVG written is not XML: {exc}"
        return None
    if command == ["new"]:  # a new game's file: read, its FILL-INs the only errors
        done = in_process(["check", name], None, folder, 30)
        errors = [line for line in done.output.splitlines() if ": error:" in line]
        if done.code == 0 or (done.code == 3 and errors and all("FILL-IN" in line for line in errors)):
            return None
        return f"`pastiche check {name}` on the new file: exit {done.code}: {done.output[-300:]!r}"
    if command is not None:
        done = in_process(command, None, folder, 30)
        return None if done.code == 0 else f"`pastiche {shlex.join(command)}`: exit {done.code}: {done.output[-300:]!r}"
    done = in_process(["check", name, *case.game], None, folder, 30)
    if done.code in (3, 70, None) or done.error:
        return f"`pastiche check {name}` cannot read what was written: exit {done.code}: {done.output[-300:]!r}"
    if done.code != 0 and before_check == 0:
        return f"`pastiche check {name}` was 0 before the write and is {done.code} after: {done.output[-300:]!r}"
    return None


def complaints(case: Case, outcome: Outcome, before: dict, after: dict) -> list[tuple[str, str]]:
    """(kind, detail) of everything wrong with one run."""
    out = []
    if outcome.code is None:
        return [("hang", f"no answer in {LIMIT:.0f} s")]
    if outcome.code == 70:
        out.append(("exit 70", outcome.error or outcome.output[-400:]))
    elif outcome.code not in ALLOWED:
        out.append((f"exit {outcome.code}", outcome.output[-400:]))
    found = TRACEBACK.search(outcome.output)
    if found and outcome.code != 70:
        out.append(("traceback", outcome.output[max(found.start() - 200, 0) : found.start() + 400]))
    changed = sorted(name for name in before.keys() | after.keys() if before.get(name, 0) != after.get(name, 0))
    if changed and outcome.code != 0:
        out.append(("write on failure", f"exit {outcome.code} and changed {changed}: {outcome.output[-300:]!r}"))
    elif changed and not case.writes:
        out.append(("write by a reader", f"changed {changed}"))
    return out


# ----------------------------------------------------------------------------------------------- sweep


@dataclass
class Failure:
    kind: str
    detail: str
    source: str
    ops: list[str]
    argv: list[str]
    how: str  # in process, as a process
    saved: str = ""

    @property
    def signature(self) -> tuple[str, str, str]:
        """What tells two failures apart: the kind, the command, and for an internal error the exception
        and the last place in pastiche it passed."""
        if self.kind != "exit 70":
            return self.kind, Case(self.argv).command, ""
        places = re.findall(r'File "[^"]*(pastiche_cli/[^"]+)", line \d+, in (\w+)', self.detail)
        error = re.findall(r"^(\w+(?:Error|Exception)\w*)\b|internal error \((\w+)", self.detail, re.M)
        error = ["".join(e) for e in error]
        where = f"{places[-1][0]}: {places[-1][1]}" if places else ""
        return self.kind, Case(self.argv).command, f"{error[-1] if error else '?'} in {where}"


@dataclass
class Tally:
    """The sweep's counts."""

    mutants: Counter = field(default_factory=Counter)  # by kind of mutation
    by_game: Counter = field(default_factory=Counter)
    by_source: Counter = field(default_factory=Counter)
    exits: Counter = field(default_factory=Counter)  # in process, by exit code
    process_exits: Counter = field(default_factory=Counter)
    by_command: Counter = field(default_factory=Counter)  # (command, exit)
    runs: int = 0
    processes: int = 0
    writes_checked: int = 0  # succeeding writes whose files were read back
    failed_checked: int = 0  # failed runs whose folder was compared byte for byte
    slow_once: int = 0  # over the limit once, not when run again
    exit_differs: int = 0  # a process's exit code not the in-process one
    differs: list[str] = field(default_factory=list)
    slowest: list[tuple[float, str]] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    def count(self, kind: str) -> int:
        return sum(1 for f in self.failures if f.kind == kind)


class Sweep:
    def __init__(
        self, seed: int, quick: bool, processes: float, out: pathlib.Path | None, per_mutant: int = 0, progress=False
    ):
        self.progress = progress
        self.rng = random.Random(seed)
        self.seed = seed
        self.quick = quick
        self.share = processes
        self.out = out
        self.per_mutant = per_mutant or (6 if quick else 0)
        self.tally = Tally()
        self.base = pathlib.Path(tempfile.mkdtemp(prefix="pastiche-sweep-"))
        self.n = 0
        self.sources = sources()
        self.vocabularies = {s: Vocabulary.of(s) for s in self.sources}

    def folder(self) -> pathlib.Path:
        self.n += 1
        return self.base / f"r{self.n}"

    def files(self, source: Source, mutant: Mutant, case: Case) -> dict[str, bytes]:
        files = {"box.yaml": box_catalogue(), "theses.yaml": theses_file()}
        if source.kind != "answers":
            files[source.name] = mutant.data
        return {**files, **case.extra}

    def run(self, mutants: int, budget: float | None = None) -> Tally:
        start = time.perf_counter()
        try:
            for n in range(mutants):
                if self.tally.interrupted or (budget is not None and time.perf_counter() - start > budget):
                    break
                source = self.sources[n % len(self.sources)]
                vocabulary = self.vocabularies[source]
                mutant = mutate(source, vocabulary, self.rng)
                self.tally.mutants.update(mutant.ops)
                self.tally.by_game[source.game] += 1
                self.tally.by_source[source.kind] += 1
                todo = cases(source, vocabulary, mutant, self.rng)
                if self.per_mutant and len(todo) > self.per_mutant:
                    todo = self.rng.sample(todo, self.per_mutant)
                for case in todo:
                    if not self.tally.interrupted:
                        self.one(source, mutant, case)
        except KeyboardInterrupt:  # Ctrl-C: the counts so far are still the summary
            self.tally.interrupted = True
        finally:
            shutil.rmtree(self.base, ignore_errors=True)
            self.tally.seconds = time.perf_counter() - start
        return self.tally

    def stop(self, signum=None, frame=None) -> None:
        """SIGTERM: stop after the run under way, and print the summary of what ran."""
        self.tally.interrupted = True

    def one(self, source: Source, mutant: Mutant, case: Case) -> None:
        files = self.files(source, mutant, case)
        outcome, found = self.attempt(case, files, in_process)
        self.tally.runs += 1
        self.tally.exits[outcome.code] += 1
        self.tally.by_command[(case.command, outcome.code)] += 1
        self.note_time(outcome.seconds, case)
        if self.tally.runs % 500 == 0:
            forget_caches()
        if self.progress and self.tally.runs % 1000 == 0:
            t = self.tally
            import resource

            memory = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
            print(
                f"{t.runs} runs, {sum(t.by_source.values())} mutants, {t.processes} as processes, "
                f"{len(t.failures)} failures, {memory} MB at most",
                file=sys.stderr,
                flush=True,
            )
        for kind, detail in found:
            self.failed(kind, detail, source, mutant, case, files, "in process")
        if self.share and self.tally.runs % round(1 / self.share) == 1:  # every 1/share-th run
            strict = self.rng.random() < 0.5
            process, found = self.attempt(case, files, lambda *a: as_process(*a, strict=strict))
            self.tally.processes += 1
            self.tally.process_exits[process.code] += 1
            for kind, detail in found:
                self.failed(kind, detail, source, mutant, case, files, "as a process")
            if process.code is not None and outcome.code is not None and process.code != outcome.code:
                self.tally.exit_differs += 1
                self.tally.differs.append(
                    f"{shlex.join(case.argv)} on {source.label} {mutant.ops}: "
                    f"{outcome.code} in process, {process.code} as a process"
                )

    def attempt(self, case: Case, files: dict[str, bytes], runner):
        """Run the case in a fresh folder and judge it; a run over the limit is run again to tell a hang
        from a busy machine."""
        folder = self.folder()
        lay_out(folder, files)
        before = snapshot(folder)
        outcome = runner(case.argv, case.stdin, folder, LIMIT)
        after = snapshot(folder)
        if outcome.code is None or outcome.seconds > LIMIT:
            again = self.folder()
            lay_out(again, files)
            retry = runner(case.argv, case.stdin, again, 10 * LIMIT)
            shutil.rmtree(again, ignore_errors=True)
            if retry.code is not None and retry.seconds <= LIMIT:
                self.tally.slow_once += 1
                outcome = retry
                folder_note = ""
            else:
                folder_note = f"took {outcome.seconds:.1f} s, then {retry.seconds:.1f} s"
                shutil.rmtree(folder, ignore_errors=True)
                return outcome, [("hang", folder_note)]
        found = complaints(case, outcome, before, after)
        if outcome.code not in (0, None):
            self.tally.failed_checked += 1
        if outcome.code == 0 and case.writes and not found:
            changed = sorted(n for n in after if not n.endswith("/") and before.get(n, 0) != after[n])
            for name in changed:
                self.tally.writes_checked += 1
                origin = name if name in files else case.origin
                check_before = self.check_before(files, origin, case.game) if origin else None
                wrong = reads_back(case, name, folder, check_before)
                if wrong:
                    found.append(("unreadable write", wrong))
        shutil.rmtree(folder, ignore_errors=True)
        return outcome, found

    def check_before(self, files: dict[str, bytes], name: str, game: list[str]) -> int | None:
        """`pastiche check` on a file as it was before the command changed it."""
        folder = self.folder()
        lay_out(folder, files)
        done = in_process(["check", name, *game], None, folder, 30)
        shutil.rmtree(folder, ignore_errors=True)
        return done.code

    def note_time(self, seconds: float, case: Case) -> None:
        self.tally.slowest.append((seconds, shlex.join(case.argv)))
        if len(self.tally.slowest) > 200:
            self.tally.slowest = sorted(self.tally.slowest, reverse=True)[:10]

    def failed(self, kind, detail, source: Source, mutant: Mutant, case: Case, files, how: str) -> None:
        failure = Failure(kind, detail, source.label, list(mutant.ops), case.argv, how)
        if self.out is not None:
            where = self.out / f"{len(self.tally.failures) + 1:04d}-{kind.replace(' ', '-')}"
            shutil.rmtree(where, ignore_errors=True)  # a folder of an earlier sweep's
            lay_out(where / "files", files)
            stdin = ""
            if case.stdin is not None:
                (where / "stdin").write_bytes(case.stdin)
                stdin = " < ../stdin"
            env = "XDG_DATA_HOME=$PWD/xdg PASTICHE_DATA=$PWD/xdg/pastiche XDG_CACHE_HOME=$PWD/cache"
            (where / "command.sh").write_text(
                f"#!/bin/sh\n# {kind} ({how}): {source.label}, mutated by {', '.join(mutant.ops)}\n"
                f'cd "$(dirname "$0")/files" && env -u PASTICHE_CATALOGUE -u PASTICHE_MASTERPIECE_THESES {env} '
                f"{shlex.join(pastiche_command() + case.argv)}{stdin}\n"
            )
            (where / "detail.txt").write_text(detail)
            failure.saved = str(where)
        self.tally.failures.append(failure)


def summary(tally: Tally, seed: int) -> str:
    t = tally
    lines = [
        f"sweep, seed {seed}: {sum(t.by_source.values())} mutants, {t.runs} runs in process, "
        f"{t.processes} as processes, in {t.seconds:.0f} s{' (interrupted)' if t.interrupted else ''}",
        "mutants by source: " + ", ".join(f"{k} {n}" for k, n in sorted(t.by_source.items())),
        "mutants by game: " + ", ".join(f"{k} {n}" for k, n in sorted(t.by_game.items())),
        "mutations by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(t.mutants.items())),
        "exit codes in process: " + ", ".join(f"{k}: {n}" for k, n in sorted(t.exits.items(), key=str)),
        "exit codes as processes: " + ", ".join(f"{k}: {n}" for k, n in sorted(t.process_exits.items(), key=str)),
        f"exit 70: {t.count('exit 70')}; tracebacks: {t.count('traceback')}; other exits: "
        f"{sum(1 for f in t.failures if f.kind.startswith('exit ') and f.kind != 'exit 70')}; "
        f"hangs over {LIMIT:.0f} s: {t.count('hang')} (slow once, not again: {t.slow_once})",
        f"writes on a failed command: {t.count('write on failure')} (of {t.failed_checked} failed runs compared); "
        f"writes by a reader: {t.count('write by a reader')}; "
        f"writes not read back: {t.count('unreadable write')} (of {t.writes_checked} files written)",
        f"a process's exit not the in-process one: {t.exit_differs}",
        "by command (exit: runs):",
    ]
    commands = sorted({c for c, _ in t.by_command})
    for command in commands:
        codes = sorted(((code, n) for (c, code), n in t.by_command.items() if c == command), key=str)
        lines.append(f"  {command:<28} " + ", ".join(f"{code}: {n}" for code, n in codes))
    lines.append("slowest in process:")
    for seconds, what in sorted(t.slowest, reverse=True)[:5]:
        lines.append(f"  {seconds * 1000:8.0f} ms  pastiche {what[:150]}")
    for line in t.differs[:20]:
        lines.append(f"  differs: {line[:300]}")
    groups: dict[tuple[str, str, str], list[Failure]] = {}
    for f in t.failures:
        groups.setdefault(f.signature, []).append(f)
    lines.append(f"failures: {len(t.failures)}, {len(groups)} different")
    for (kind, command, what), found in groups.items():
        f = found[0]
        kind = f"{kind} {what}" if what else kind
        lines.append(
            f"- {kind} ({f.how}), {len(found)} times, on {command}; first: {f.source}, mutated by {', '.join(f.ops)}"
        )
        lines.append(f"    pastiche {shlex.join(f.argv)[:300]}")
        if f.saved:
            lines.append(f"    saved: {f.saved}/command.sh")
        lines.append("    " + f.detail[-600:].replace("\n", "\n    "))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mutants", type=int, default=500, help="how many mutants (the sources in turn)")
    parser.add_argument("--quick", action="store_true", help="6 commands a mutant, not every one")
    parser.add_argument("--per-mutant", type=int, default=0, help="at most N commands a mutant (0: every one)")
    parser.add_argument("--processes", type=float, default=0.02, help="the share of runs also run as processes")
    parser.add_argument("--minutes", type=float, help="stop after this long")
    parser.add_argument("--out", type=pathlib.Path, help="save each failure's folder and command here")
    args = parser.parse_args()
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
    sweep = Sweep(args.seed, args.quick, args.processes, args.out, args.per_mutant, progress=True)
    signal.signal(signal.SIGTERM, sweep.stop)
    tally = sweep.run(args.mutants, args.minutes * 60 if args.minutes else None)
    print(summary(tally, args.seed))
    sys.exit(1 if tally.failures else 0)


if __name__ == "__main__":
    main()
