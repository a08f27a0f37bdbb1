"""`pastiche rules --game canvas [TOPIC]`: Canvas's rules in the project's own words, by id, prefix or word."""

from __future__ import annotations

from pastiche_cli.cli.rules_command import rules_command
from pastiche_cli.games.canvas.core import rulebook

command = rules_command(rulebook.book, game="canvas", example_prefix="score", example_word="ribbon",
                        text_name="rules text", help_text="""Canvas's rules in the project's own words, each with the section of the rules text it comes from.

    TOPIC is a rule id (canvas.score.space, or just score.space), a group (score, house) or a word
    (ribbon). Without TOPIC: every id. Every verdict the tool gives about Canvas names one of these.

    \b
    Example:
      pastiche rules --game canvas                 # every rule id, one line each
      pastiche rules --game canvas score.space     # one scoring card in full
      pastiche rules --game canvas house           # the open questions and their readings
    """)
