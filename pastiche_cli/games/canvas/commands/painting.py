"""`pastiche canvas painting WORD WORD WORD`: what shows in each swatch, and what the painting earns."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import output_options, player_option, written_file_option
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.canvas.commands._shell import art_card_word, find_player, scoring_names
from pastiche_cli.games.canvas.commands._tab import complete_painting_word
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.scoring import score_painting
from pastiche_cli.games.canvas.core.turns import all_painted, judge_paint
from pastiche_cli.games.canvas.game import GAME
from pastiche_cli.games.canvas.render.paintings import painting_told
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO
from pastiche_cli.render.told import plural


@click.command("painting")
@click.argument(
    "words", nargs=-1, required=True, metavar="WORD WORD WORD [FILE]", shell_complete=complete_painting_word
)
@click.option(
    "--scoring",
    "scoring_text",
    metavar="A,B,C,D",
    help="The active scoring cards, comma-separated (default: all twelve, or the file's).",
)
@player_option("With FILE: also the points it would add to this player's score.", complete_file_player, "player_name")
@written_file_option(
    "--svg",
    "svg_path",
    metavar="FILE",
    help="Also draw the layered painting as an SVG picture in FILE.",
    force="Overwrite the --svg FILE if it exists.",
)
@output_options(tables=False)
def command(
    words: tuple[str, ...],
    scoring_text: str | None,
    player_name: str | None,
    svg_path: str | None,
    force: bool,
    as_json: bool,
) -> None:
    """What a painting of three art cards (bottom to top) shows in each swatch, and the ribbons it earns
    on each scoring card, with the icons paired for each ribbon.

    After the three words, a position FILE gives the active scoring cards and house rules; with
    --player NAME the answer adds what the painting would be worth to that player now (exit 1, as
    `canvas best`, when that player has completed three paintings: no fourth is allowed).

    \b
    Example:
      pastiche canvas painting Delicate Revolution Masked
      pastiche canvas painting Heavy Fragile Melancholy --scoring composition,emphasis,repetition,variety
      pastiche canvas painting Heavy Fragile Melancholy game.yaml --player Ana --svg painting.svg
    """
    if len(words) not in (3, 4):
        why = f"a painting is 3 art cards, bottom to top (then an optional FILE); got {plural(len(words), 'word')}"
        raise click.BadParameter(why, param_hint="'WORD'")
    chosen = tuple(art_card_word(w, "'WORD'") for w in words[:3])
    if len(set(chosen)) < 3:
        raise click.BadParameter("a painting is 3 different art cards", param_hint="'WORD'")
    position = player = None
    house, scoring = HouseRules(), tuple(cards.scoring_cards())
    if len(words) == 4:
        position = load(GAME, words[3], as_json=as_json).position
        house, scoring = position.house, position.scoring
        if player_name is not None:
            player = find_player(position, player_name)
            _refuse_if_finished(player, as_json)
    elif player_name is not None:
        raise click.UsageError("--player needs a position FILE after the three words")
    if scoring_text is not None:
        scoring = scoring_names(scoring_text, "'--scoring'")
    result = score_painting(chosen, scoring, house)
    gain = None
    if player is not None:
        from pastiche_cli.games.canvas.core.scoring import gain_of

        gain = gain_of(player, result, scoring, house)
    if svg_path:
        from pastiche_cli.cli.shell import write_picture
        from pastiche_cli.games.canvas.render.svg import painting_svg

        if write_picture(svg_path, painting_svg(result.layered), force, as_json=as_json, reads=words[3:]):
            return
    told = painting_told(chosen, result, house, scoring, player=player and player.name, gain=gain, svg_path=svg_path)
    show(told, as_json, styles=terminal(GAME).styles)


def _refuse_if_finished(player, as_json: bool) -> None:
    """A player with three paintings completes no more [canvas.paint] (exit 1); the words need not be in the hand."""
    if not all_painted(player):
        return
    from pastiche_cli.games.canvas.render.paintings import refused

    show(refused(player.name, judge_paint(player), another=True), as_json)
    raise SystemExit(EXIT_RULES_SAY_NO)
