"""Pastiche in a terminal: one module per command (each exposing `command`), and TERMINAL, what only a
terminal knows of the game (cli/game.py): --catalogue, and a board label for `at` in play's MOVE."""

from __future__ import annotations

from pastiche_cli.cli.game import Terminal


class PasticheTerminal(Terminal):
    def __init__(self):
        super().__init__(
            ("catalogue", "Commission cards by id (default: the file's own catalogue, then your saved one)."),
            " `at` also takes the label of an open cell that `pastiche board` prints (`Ana place RYBBYR/R at c`);"
            " the record gets its Q,R.",
        )

    def in_notation(self, position, move_text: str) -> tuple[str, str | None]:
        """`Ana place HEX at c`: the label `pastiche board` prints for an open cell, as the Q,R the
        notation writes (SPEC 8), resolved on the board the move is made on (labels change as hexes are laid)."""
        from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
        from pastiche_cli.games.pastiche.core.geometry import cell_text, parse_cell
        from pastiche_cli.kernel.moves import MoveSyntaxError, tokens

        try:
            words = tokens(move_text)
        except MoveSyntaxError:
            return move_text, None  # the parse says where
        if len(words) < 5 or not words[1].is_word("place") or not words[3].is_word("at") or words[4].quoted:
            return move_text, None
        cell = words[4]
        if parse_cell(cell.text) is not None or position.start is None:
            return move_text, None
        found = cell_labels(board_of(position)).get(cell.text.strip().lower())
        if found is None:
            return move_text, None
        written = cell_text(found)
        text = move_text[: cell.start] + written + move_text[cell.end :]
        return text, f"cell {cell.text} is {written} on the board this move is made on"


TERMINAL = PasticheTerminal()
