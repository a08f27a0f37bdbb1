"""A new Artline game's starting position file, dealt as the rules text says (core/setup.py)."""

from __future__ import annotations

from pastiche_cli.formats.yamledit import commented as line
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.position import Position
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_SETUP
from pastiche_cli.kernel.game import SetupForm


def render(game: Position) -> str:
    f = facts()
    start = game.table[0]
    out = [
        f"# A new game of Artline for {len(game.players)} players, dealt as the rules text says [{ARTLINE_SETUP}]:",
        f"# {f.hand} paintings each, one face up at [{start.at[0]}, {start.at[1]}], the other {game.deck} in the deck.",
        "# After each turn: pastiche artline place THIS-FILE --player NAME --at X,Y --apply",
        "# (or pastiche artline discard THIS-FILE --player NAME --apply); then pastiche board THIS-FILE.",
        "game: artline",
        line("players:", "in turn order, clockwise; the first starts"),
        *[f"  - {{name: {plain_or_quoted(p.name)}, hand: {p.hand}}}" for p in game.players],
        "table:",
        line(f"  - {{at: [{start.at[0]}, {start.at[1]}], orientation: {start.orientation}}}", "the starting painting"),
        line("galleries: []", "{row: Y, feature: TEXT, opened_by: NAME}"),
        f"deck: {game.deck}",
        line("discard: 0", "paintings discarded so far"),
        f"turn: {{player: {plain_or_quoted(game.turn)}}}",
        line("# bounds: {columns: 8, rows: 5}", "the table's size in cells, if the group sets one"),
        "",
    ]
    return "\n".join(out)


# The setup on the phones (`serve --new`): `new` lays the table out whole (the first painting face up, the
# hands dealt as counts), so the host and each seat only say they are ready.
FORM = SetupForm(says="The first painting lies face up at [0, 0], landscape; each player holds 5 paintings.")
