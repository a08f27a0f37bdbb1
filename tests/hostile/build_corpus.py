"""Write the hostile corpus (issue 13): `python tests/hostile/build_corpus.py` rewrites tests/hostile/corpus/.

Every kind of input that once hung, exploded, crashed or passed unnoticed, plus the odd positions
`check` now names. The files are committed; this script says how each was made.
"""

from __future__ import annotations

import pathlib
import random
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"

NAMES = (
    "red",
    "yellow",
    "blue",
    "orange",
    "green",
    "violet",
    "brown",
    "amber",
    "scarlet",
    "olive",
    "teal",
    "magenta",
    "purple",
    "black",
    "white",
    "gray",
    "bisque",
)
COPIES = dict(zip(NAMES, (8, 8, 8, 12, 12, 12, 12, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5)))
DECK = [c for c in NAMES for _ in range(COPIES[c])]

GALLERY = """\
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
  - {title: Lanterns, artist: X. Notreal, points: 14, palette: [orange, scarlet, gray, yellow]}
  - {title: Night Ferry, artist: R. Sample, points: 12, palette: [blue, purple, black]}
  - {title: Copper Kettle, artist: Y. Pretend, points: 10, palette: [brown, amber, red]}
"""


def position(
    ana_palette: str = "[teal, teal, blue, black, red]",
    ben_palette: str = "[red]",
    *,
    ana: str = "Ana",
    ben: str = "Ben",
    ana_commissions: str | None = None,
    gallery: str = GALLERY,
    turn: str = "turn: {player: Ana, phase: painting}\n",
    extra: str = "",
) -> str:
    commissions = ana_commissions or (
        "      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}\n"
        "      - {title: Quiet Orchard, artist: R. Sample, points: 13, palette: [olive, bisque, green]}\n"
    )
    return (
        f"players:\n  - name: {ana}\n    palette: {ana_palette}\n    commissions:\n{commissions}"
        f"    completed: []\n  - name: {ben}\n    palette: {ben_palette}\n    commissions:\n"
        "      - {title: Violet Hour, artist: S. Placeholder, points: 9, palette: [violet, violet, red]}\n"
        "      - {title: Still Life, artist: T. Dummy, points: 12, palette: [magenta, gray]}\n"
        f"    completed: []\n{gallery}{turn}{extra}"
    )


def dealt(size: int, seed: int) -> str:
    rng = random.Random(seed)
    cards = rng.sample(DECK, size)
    return "[" + ", ".join(cards) + "]"


def laughs() -> str:
    text = "players:\n  - name: P0\n    palette: &a0 [red, red, red, red, red, red, red, red, red]\n"
    for i in range(1, 9):
        text += f"  - name: P{i}\n    palette: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n"
    return text


def hexes(n: int) -> str:
    """`board:` with n placed hexes spiralling out from the start piece (more than 54 is an error)."""
    cells, q = [], 1
    ring = 2
    while len(cells) < n:
        for r in range(-ring, ring + 1):
            for q in range(-ring, ring + 1):
                if max(abs(q), abs(r), abs(-q - r)) == ring and len(cells) < n:
                    cells.append((q, r))
        ring += 1
    placed = "".join(f"    - {{hex: RYBBYR/R, at: [{q}, {r}]}}\n" for q, r in cells)
    return "board:\n  start: [RYBRYB/R, YBRYBR/Y, BRYBRY/B]\n  placed:\n" + placed


def files() -> dict[str, bytes]:
    nfd = unicodedata.normalize("NFD", "Anaïs")
    nfc = unicodedata.normalize("NFC", "Anaïs")
    out: dict[str, str | bytes] = {
        # --- bytes and encodings
        "empty": "",
        "only-comments": "# nothing here\n# at all\n",
        "nul-byte": b"players:\n  - name: A\x00na\n",
        "latin-1": "players:\n  - name: Zoë\n".encode("latin-1"),
        "bom-and-crlf": ("\ufeff" + position()).replace("\n", "\r\n").encode("utf-8"),
        "too-large": "# " + "x" * (100 * 1024) + "\n",
        "long-line": "players: [" + ", ".join(["{name: P}"] * 3000) + "]\n",
        # --- YAML syntax
        "tab-indent": "players:\n\t- name: Ana\n",
        "unclosed-list": "players:\n  - name: Ana\n    palette: [red, blue\n    commissions: []\n",
        "missing-bracket": "players: [{name: Ana, palette: [red]}, {name: Ben}\n",
        "unclosed-brace": "players:\n  - name: Ana\n    palette: {red: 2\n",
        "unclosed-quote": 'players:\n  - name: "Ana\n  - name: Ben\n',
        "colon-in-text": "players:\n  - name: Ana: the first\n",
        "two-documents": position() + "---\n" + position(),
        "undefined-alias": "players:\n  - *nobody\n",
        "duplicate-key": "players: []\nplayers: []\n",
        "merge-key": "base: &b {palette: [red]}\nplayers:\n  - <<: *b\n    name: Ana\n  - name: Ben\n",
        "merge-in-commission": position(
            ana_commissions=(
                "      - &h {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue]}\n"
                "      - {<<: *h, title: Harbour Two}\n"
            )
        ),
        "deep-flow": "players: " + "[" * 200 + "]" * 200 + "\n",
        "deep-block": "players:\n" + "".join("  " * i + "- \n" for i in range(1, 120)),
        "compact-nesting": "players:\n  - " + "- " * 5000 + "x\n",
        "billion-laughs": laughs(),
        "aliases-everywhere": position(ana_palette="&p [red, red]", ben_palette="*p"),
        # --- tags
        "python-tag": "players: !!python/object/apply:os.system ['true']\n",
        "python-tag-in-catalogue": position(
            extra="catalogue:\n  !!python/object/apply:os.getcwd []: "
            "{title: X, artist: Y, points: 9, palette: [red, blue]}\n"
        ),
        "unknown-tag": position(ana_palette="!colours [red]"),
        "binary-tag": "players: !!binary aGVsbG8=\n",
        # a %-escape in a tag is decoded by the parser and was decoded again (exit 70 on a lone '%')
        "tag-percent-escape": position(ana_palette="!colours%25 [red]"),
        "tag-percent-twice": position(ana_palette="!colours%2541 [red]"),
        # --- shapes
        "scalar-root": "just a sentence\n",
        "list-root": "- players\n",
        "players-scalar": "players: three\n",
        "player-list-of-ints": "players: [1, 2, 3]\n",
        "palette-float": position(ana_palette="{red: 2.5}"),
        "palette-negative": position(ana_palette="{red: -3}"),
        "palette-huge-int": position(ana_palette="{red: 99999999999999999999999}"),
        "palette-bool": position(ana_palette="[true, false]"),
        "unknown-card": position(ana_palette="[redd, teel, chartreuse]"),
        "name-null": position(ana="null"),
        "name-number": position(ana="12"),
        "points-string": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: many, palette: [teal, blue]}\n"
            )
        ),
        "turn-unknown-player": position(turn="turn: {player: Zed, phase: painting}\n"),
        "turn-bad-phase": position(turn="turn: {player: Ana, phase: dancing}\n"),
        "unknown-commission-id": position(ana_commissions="      - no-such-card\n"),
        # --- rules
        "nine-reds": position(ana_palette="{red: 5}", ben_palette="{red: 4}"),
        "one-player": "players:\n  - name: Ana\n    palette: [red]\n",
        "five-players": "players:\n" + "".join(f"  - name: P{i}\n    palette: [red]\n" for i in range(5)),
        "three-commissions": position(
            ana_commissions=(
                "      - {title: A1, artist: P. Example, points: 11, palette: [teal, blue]}\n"
                "      - {title: A2, artist: Q. Example, points: 11, palette: [teal, blue]}\n"
                "      - {title: A3, artist: R. Example, points: 11, palette: [teal, blue]}\n"
            )
        ),
        "gallery-of-five": position(
            gallery=GALLERY + "  - {title: Extra, artist: Z. Z, points: 9, palette: [red, blue]}\n"
        ),
        "gallery-of-three": position(gallery="\n".join(GALLERY.splitlines()[:-1]) + "\n"),
        "open-hands-one-commission": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}\n"
            ),
            extra="house_rules: {open_hands: true}\n",
        ),
        "stale-swap": position(turn="turn: {player: Ana, phase: mixing, swapped: true}\n"),
        "artist-bonus-negative": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: 11, "
                "artist_bonus: -50, palette: [teal, blue]}\n"
            )
        ),
        "artist-bonus-zero": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: 11, "
                "artist_bonus: 0, palette: [teal, blue]}\n"
            )
        ),
        "points-99": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: 99, palette: [teal, blue]}\n"
            )
        ),
        "palette-one-colour": position(
            ana_commissions=("      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal]}\n")
        ),
        "palette-eight-colours": position(
            ana_commissions=(
                "      - {title: Harbour at Dusk, artist: P. Example, points: 11, "
                "palette: [teal, blue, red, red, red, red, red, red]}\n"
            )
        ),
        "three-paintings-one-artist": position(
            gallery=GALLERY.replace("W. Fiction", "P. Example").replace("X. Notreal", "P. Example")
        ),
        "duplicate-name": position(ben="Ana"),
        "duplicate-name-nfd": position(ana=nfc, ben=nfd, turn=""),
        "duplicate-name-zero-width": position(ben="A\u200bna"),
        "duplicate-name-cyrillic": position(ben="\u0410na"),
        "duplicate-commission-lookalike": position(
            gallery=GALLERY.replace("Salt Marsh", "Harb\u043eur at Dusk").replace("W. Fiction", "P. Example")
        ),
        "ended-a-round-ago": position(
            ana_commissions="      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue]}\n",
            turn="turn: {player: Ana, phase: painting}\n",
        ).replace(
            "    completed: []\n" + "gallery",
            "    completed:\n"
            + "".join(f"      - {{title: Done {i}, artist: Done {i}, points: 16}}\n" for i in range(3))
            + "gallery",
        ),
        # --- big hands and boards (once slow)
        "hand-24": position(ana_palette=dealt(24, 6), ben_palette="[]"),
        "hand-29": position(ana_palette=dealt(29, 29), ben_palette="[]"),
        "hand-72": position(ana_palette=dealt(72, 72), ben_palette="[]"),
        "hand-131": position(ana_palette=dealt(131, 131), ben_palette="[]"),
        "board-55-hexes": position(extra=hexes(55)),
        "board-2140-hexes": position(extra=hexes(2140)),
        "board-two-on-a-cell": position(
            extra="board:\n  start: [RYBRYB/R, YBRYBR/Y, BRYBRY/B]\n  placed:\n"
            "    - {hex: RYBBYR/R, at: [1, -1]}\n    - {hex: RYBBYR/R, at: [1, -1]}\n"
        ),
        "board-disconnected": position(
            extra="board:\n  start: [RYBRYB/R, YBRYBR/Y, BRYBRY/B]\n  placed:\n    - {hex: RYBBYR/R, at: [9, -9]}\n"
        ),
    }
    return {k: (v.encode("utf-8") if isinstance(v, str) else v) for k, v in out.items()}


def main() -> None:
    CORPUS.mkdir(exist_ok=True)
    for old in CORPUS.glob("*.yaml"):
        old.unlink()
    for name, data in files().items():
        (CORPUS / f"{name}.yaml").write_bytes(data)
    print(f"{len(files())} files written to {CORPUS}")


if __name__ == "__main__":
    main()
