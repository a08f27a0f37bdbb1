"""`pastiche rules [TOPIC]`: Pastiche's rules in the project's own words, by id, prefix or word."""

from __future__ import annotations

from pastiche_cli.cli.rules_command import rules_command
from pastiche_cli.games.pastiche.commands._tab import complete_rule_topic
from pastiche_cli.games.pastiche.core import rulebook

command = rules_command(rulebook.book, game="pastiche", complete=complete_rule_topic, example_prefix="trade",
                        example_word="bisque", text_name="rulebook", help_text="""The rules in the project's own words, each with its rulebook section and a worked example.

    TOPIC is a rule id (trade.bank.primary), a group or prefix (trade, trade.bank) or a word
    (bisque). Without TOPIC: the list of every id. Every verdict the tool gives names one of these ids.

    \b
    Example:
      pastiche rules                     # every rule id, one line each
      pastiche rules score.tiebreak      # one rule in full
      pastiche rules trade               # the trading rules
      pastiche rules bisque              # every rule that mentions bisque

    Another game's rules: pastiche rules --game NAME [TOPIC] (canvas, masterpiece, artline), or
    an id that names its game, as its verdicts cite them: pastiche rules canvas.take.
    """)
