"""`pastiche rules --game artline [TOPIC]`: Artline's rules in the project's own words."""

from __future__ import annotations

from pastiche_cli.cli.rules_command import rules_command
from pastiche_cli.games.artline.core import rulebook
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_OPEN

command = rules_command(rulebook.book, game="artline", example_prefix=ARTLINE_OPEN, example_word="exhibition",
                        help_text="""Artline's rules in the project's own words, each with its section of the rules text and an example.

    TOPIC is a rule id (artline.open, or just open), a prefix or a word (exhibition). Without TOPIC:
    the list of every id. Every Artline verdict the tool gives names one of these ids.

    \b
    Example:
      pastiche rules --game artline
      pastiche rules --game artline exhibition
      pastiche rules --game artline artline.fit
    """)
