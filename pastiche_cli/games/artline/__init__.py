"""Artline: paintings laid in rows and columns, each line a gallery with one announced feature."""

NAME = "artline"
ALIASES = ()
TITLE = "Artline"
SUMMARY = (
    "Paintings laid in rows and columns, each a gallery of one announced feature; the first to an empty hand wins."
)
EXAMPLE = "pastiche artline spots game.yaml"
