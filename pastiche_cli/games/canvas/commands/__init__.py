"""Canvas in a terminal: one module per command, and TERMINAL (cli/game.py): its swatches and the verbs' help."""

import click

from pastiche_cli.cli.face import Verbs
from pastiche_cli.cli.game import Terminal


def _new_setup(names: list[str], scenario: str | None) -> tuple[list[str], dict]:
    """--scenario NAME: the published set of scoring cards, or a usage error naming the sets."""
    if scenario is None:
        return names, {}
    from pastiche_cli.games.canvas.core import cards

    chosen = cards.scenarios().get(scenario.strip().lower())
    if chosen is None:
        from pastiche_cli.kernel.suggest import hint, suggest

        known = list(cards.scenarios())
        offer = hint(suggest(scenario.lower(), known), "", "sentence")
        why = f"no scenario '{scenario}'.{offer} The published sets in our rules text: {', '.join(known)}."
        raise click.BadParameter(why, param_hint="'--scenario'")
    return names, {"scenario": chosen}


VERBS = Verbs(
    score="""Final scores of a Canvas game: ribbons per painting with the icons that made them, the capped
    totals per scoring card and their points, grey ribbons, ranks, winners and the deciding step.

    \b
    Example:
      pastiche score examples/positions/canvas/three-player-capped.yaml
      pastiche score game.yaml --json --detail
      pastiche score game.yaml --brief      # the table and the winner only
    """,
    check="""Everything wrong with a Canvas position file or game record, each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format (an unknown card word or scoring card, a painting not of 3 cards), 4 if it breaks
    the rules (a card in two places, a hand over 5, over 3 paintings, a scoring card twice, tokens).

    \b
    Example:
      pastiche check examples/positions/canvas/two-player-tiebreak.yaml
    """,
    end="""How many paintings each player has completed, and whether the game is over (3 each).

    \b
    Example:
      pastiche end game.yaml
    """,
    new="""Write a starting Canvas position: 4 tokens each, empty hands, FILL-IN for the cards on the table.

    With --scenario the scoring cards are those of a published set; without it, the four cards the
    group lays out are left as FILL-IN. `pastiche check FILE` then lists every FILL-IN still to do.

    \b
    Example:
      pastiche new --game canvas --players Ana,Ben --scenario first-game -o game.yaml
      pastiche check game.yaml
      pastiche new --game canvas --players Ana,Ben --record -o game.yaml
    """,
    players="1 to 5 names, comma-separated, in turn order.",
    new_options=lambda: (
        click.option("--scenario", metavar="NAME", help="A published set of scoring cards (first-game)."),
    ),
    new_setup=_new_setup,
)


class CanvasTerminal(Terminal):
    def styles(self) -> dict[str, str]:
        from pastiche_cli.games.canvas.render.text import SWATCH_STYLES

        return SWATCH_STYLES

    def move_words(self, ctx, done: list[str], partial: str) -> list:
        from pastiche_cli.games.canvas.commands._tab import move_words

        return move_words(ctx, done, partial)


TERMINAL = CanvasTerminal(verbs=VERBS)
