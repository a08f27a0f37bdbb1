"""A new game's starting position file, set up as the rulebook says (core/setup.py), FILL-IN where the table decides."""

from __future__ import annotations

from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import commented, plain_or_quoted
from pastiche_cli.games.pastiche.core.setup import Setup, new_game
from pastiche_cli.kernel.game import SetupForm

COMMISSION = f"{{title: {PLACEHOLDER}, artist: {PLACEHOLDER}, points: {PLACEHOLDER}, palette: [{PLACEHOLDER}]}}"
COMMENT_COLUMN = 46  # where the comments of a new file start (1-based)


def starting_position(players: list[str]) -> str:
    """The text of a new game's position: setup done, the dealt cards and hexes left to fill in."""
    return render(new_game(players))


def render(game: Setup) -> str:
    """The setup as a commented position file, FILL-IN where the table decides."""
    n = len(game.players)

    def line(code: str, comment: str = "") -> str:
        return commented(code, comment, COMMENT_COLUMN)

    out = [
        f"# A new {n}-player game of Pastiche, set up as the rulebook says (Setup).",
        f"# Replace every {PLACEHOLDER} with what is on the table, then run `pastiche check` on this file:",
        f"# it lists each {PLACEHOLDER} still left, by line, until the position is complete.",
        "# Not tracking hexes and the board (only `place`, `moves` and `board` need them)?",
        "# Delete the `hexes:` lines and the `board:` section.",
        "# Commissions: copy each card as printed (palette: its colours, repeats included), or replace",
        "# the whole {...} with the card's id from your catalogue (`pastiche catalogue list`).",
        line("players:", "in turn order, clockwise; the first starts"),
    ]
    for i, player in enumerate(game.players):
        out += [
            line(f"  - name: {plain_or_quoted(player.name)}", "start player" if i == 0 else ""),
            line(f"    palette: [{', '.join(player.palette)}]", "one of each secondary card (Player Setup)"),
            line("    commissions:", "the two on the easels, as printed, or ids"),
            *[f"      - {COMMISSION}"] * player.commissions,
            "    completed: []",
            line(
                f"    hexes: [{', '.join([PLACEHOLDER] * player.hexes)}]", "the two hexes drawn, written like RYBBYR/R"
            ),
        ]
    out += [line("gallery:", "the four face-up commissions")]
    out += [f"  - {COMMISSION}"] * game.gallery
    out += [
        "board:",
        "  # The starting piece's three hexes, as they lie: at (0,0), (1,0) and (0,1), each read",
        "  # clockwise from the top corner, e.g. RYBBYR/R (see `pastiche rules place`).",
        f"  start: [{', '.join([PLACEHOLDER] * game.start_hexes)}]",
        line("  placed: []", "hexes laid since, in order: {at: [q, r], hex: RYBBYR/R, by: NAME}"),
        f"turn: {{player: {plain_or_quoted(game.start_player)}, phase: {game.first_phase}}}",
        line("# house_rules:", "the open questions of the rulebook: `pastiche rules house`"),
        line("#   strict_adjacency: false", "any hex on the table will do (the default)"),
        line(f"#   end_threshold: {game.end_threshold}", f"as printed for {n} players"),
        line("#   open_hands: false", "informational: hands are secret"),
        "",
    ]
    return "\n".join(out)


# --- the setup on the phones (`serve --new`): the host enters the gallery and the starting piece, each seat
# its commissions and hexes (the view keeps them secret); a commission by its catalogue id, or typed in full


def _cards(kind: str, opts: dict) -> list[dict]:
    """The commissions the phones offer: the catalogue's (--catalogue FILE, else the saved one)."""
    if kind != "commission":
        return []
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue
    from pastiche_cli.kernel.problems import PositionError

    try:
        box = outside_catalogue(opts.get("catalogue"))
    except (PositionError, OSError):
        return []
    return [{"value": ident, "label": f"{card.title} ({card.points})"} for ident, card in box.items()]


def _same_card(kind: str, value: str, opts: dict) -> str:
    """A commission as one name whether given by its id or typed in full: its title."""
    word = value.strip()
    if kind != "commission":
        return word.casefold()
    from pastiche_cli.formats.setupfill import loaded

    typed = loaded(word) if word.startswith("{") else None
    if isinstance(typed, dict):
        return str(typed.get("title", word)).casefold()
    box = {c["value"]: c["label"] for c in _cards(kind, opts)}
    return box[word].rsplit(" (", 1)[0].casefold() if word in box else word.casefold()


FORM = SetupForm(
    table=("gallery", "start"),
    seats=("commissions", "hexes"),
    kinds={"gallery": "commission", "commissions": "commission", "start": "hex", "hexes": "hex"},
    once=frozenset({"commission"}),
    typed=frozenset({"commission"}),
    labels={
        "gallery": ("The gallery", "a face-up commission: its id, or the card typed in full"),
        "start": ("The starting piece", "a hex as it lies, e.g. RYBBYR/R"),
        "commissions": ("Your commissions", "a commission on your easel: its id, or the card typed in full"),
        "hexes": ("Your hexes", "a hex you drew, e.g. RYBBYR/R"),
    },
    examples={"commission": "{title: ..., artist: ..., points: 9, palette: [red, blue]}", "hex": "RYBBYR/R"},
    blank={"commission": COMMISSION},
    cards=_cards,
    same_card=_same_card,
)
