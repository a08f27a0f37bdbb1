"""`pastiche rules --game masterpiece [TOPIC]`: the rules of Pastiche: The Birth of a Masterpiece, in our words."""

from __future__ import annotations

from pastiche_cli.cli.rules_command import rules_command
from pastiche_cli.games.masterpiece.core.rulebook import book

command = rules_command(book, game="masterpiece", example_prefix="cite", example_word="flag", text_name="rules text",
                        help_text="""The rules of Pastiche: The Birth of a Masterpiece in the project's own words, each with its source and a worked example.

    TOPIC is a rule id (masterpiece.cite.owed, or just cite.owed), a group (present, cite, end)
    or a word (flag). Without TOPIC: every id. Every verdict the tool gives names one of these ids.

    \b
    Example:
      pastiche rules --game masterpiece
      pastiche rules --game masterpiece cite
      pastiche rules --game masterpiece house
    """)
