"""A new game's starting position file, set up as the rulebook says (core/setup.py), FILL-IN where the table decides."""

from __future__ import annotations

from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import commented, plain_or_quoted
from pastiche_cli.games.pastiche.core.setup import Setup, new_game

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
